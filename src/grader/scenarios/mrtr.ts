import { bi, random } from '../rubrics/common.js';
import { accept, callParams, completeText, roundOf, tamperedStates } from '../rubrics/mrtr.js';
import { type Answer, openConnection } from '../rubrics/wire.js';
import type { PlayScenario } from '../scenario.js';

const line = (answer: Answer) => JSON.stringify(answer.result ?? answer.error).slice(0, 200);
/** A requestState in quotes, its middle left out when it is long: `"eyJ2…ZCJ9"` (the quotes kept). */
const shortState = (state: unknown): string => {
  const text = typeof state === 'string' ? state : JSON.stringify(state);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 40)}…${text.slice(-16)}` : text);
};

/** Exercise 9 played: a deployment to production in two rounds, then a client that edits the state. */
export const mrtrScenario: PlayScenario = {
  about: bi(
    'The simulated client calls deploy, answers "production" to the first input_required round and the confirmation to the second, each time retrying with a new id, its inputResponses and the requestState echoed. Then it retries once more with the state edited, as a malicious client would. Your callTool answers each; the referee judges every envelope.',
    '模拟客户端调用 deploy，对第一轮 input_required 回答 "production"，对第二轮回答确认，每次都用新的 id、带着 inputResponses 并原样回传 requestState 重试。随后它像恶意客户端那样，改动状态后再重试一次。你的 callTool 回答每一个请求；裁判评判每一条消息。',
  ),
  learner: 'server',
  async run({ runner, seed, open, note, recap }) {
    const rng = random(seed);
    await runner.reload();
    const secret = `${rng.word()}${rng.word()}${rng.word()}`;
    let now = 1_800_000_000_000 + rng.int(0, 1_000_000) * 1000;
    const session = open({ serverCapabilities: { tools: {} }, handshake: false });
    const conn = openConnection((request) => runner.call('callTool', [request, { secret, now }]), {
      push: session.send,
      steps: session.log,
    });
    const service = `gateway-${rng.word()}`;
    const params = callParams(rng, service, { elicitation: { form: {} } });
    const ask = (responses: Record<string, unknown>, state: string | undefined) =>
      conn.ask('tools/call', {
        ...params,
        inputResponses: responses,
        ...(state !== undefined ? { requestState: state } : {}),
      });
    const one = await conn.ask('tools/call', params);
    const r1 = roundOf(one);
    if (!r1) {
      note(
        bi(`Not an input_required round: ${line(one)}`, `不是 input_required 轮次：${line(one)}`),
      );
      recap(
        bi(
          'The first call got no round to answer, so the client stopped there.',
          '第一次调用没有得到可回答的一轮，客户端只能就此停止。',
        ),
      );
      return;
    }
    note(
      bi(
        `Round 1 asks "${r1.key}"; requestState: ${r1.state === undefined ? 'none' : 'given'}.`,
        `第一轮询问 "${r1.key}"；requestState：${r1.state === undefined ? '无' : '有'}。`,
      ),
    );
    now += 30_000;
    const two = await ask({ [r1.key]: accept(r1.field, 'production') }, r1.state);
    const r2 = roundOf(two);
    if (!r2 || r2.state === undefined) {
      note(
        bi(
          `Expected a second round with a requestState: ${line(two)}`,
          `期望带 requestState 的第二轮：${line(two)}`,
        ),
      );
      recap(
        bi(
          'Production got no second round with a state, so the last retry could not know the environment.',
          'production 没有得到带状态的第二轮，最后一次重试无从得知所选环境。',
        ),
      );
      return;
    }
    note(
      bi(
        `Round 2 asks "${r2.key}" and carries the state ${shortState(r2.state)}.`,
        `第二轮询问 "${r2.key}"，携带状态 ${shortState(r2.state)}。`,
      ),
    );
    now += 30_000;
    const three = await ask({ [r2.key]: accept(r2.field, service) }, r2.state);
    note(
      bi(
        `Final: ${completeText(three) ?? line(three)}`,
        `最终：${completeText(three) ?? line(three)}`,
      ),
    );
    const forged = tamperedStates(r2.state)[0] ?? `${r2.state}x`;
    const four = await ask({ [r2.key]: accept(r2.field, service) }, forged);
    note(
      four.error
        ? bi('The edited state was refused with an error.', '被改动的状态以错误拒绝。')
        : bi(
            'The edited state was accepted: anyone could change what the state says.',
            '被改动的状态被接受了：任何人都能篡改状态的内容。',
          ),
    );
    recap(
      four.error
        ? bi(
            'Your server kept nothing between the rounds and refused the state the client edited: the referee flags the client’s forged retry (its round was already answered), and your answer to it is an error.',
            '你的服务器在各轮之间没有保存任何东西，并拒绝了客户端改动过的状态：裁判标出了客户端伪造的重试（它的轮次已经回答过了），而你的回答是一个错误。',
          )
        : bi(
            'Your server accepted a requestState the client edited; the spec requires it to be integrity-protected and refused when it fails verification.',
            '你的服务器接受了客户端改动过的 requestState；规范要求保护其完整性，校验不通过时必须拒绝。',
          ),
    );
  },
};
