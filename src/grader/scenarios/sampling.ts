import { bi, isObject, random } from '../rubrics/common.js';
import { play } from '../rubrics/sampling.js';
import type { PlayScenario } from '../scenario.js';

/** Exercise 3 played: summarize_text is called by a client that did not declare sampling. */
export const samplingScenario: PlayScenario = {
  about: bi(
    'The simulated client declares {"roots":{}}: no sampling. It calls your summarize_text tool; the referee judges every envelope, including any sampling/createMessage your tool sends.',
    '模拟客户端声明的是 {"roots":{}}：没有 sampling。它调用你的 summarize_text 工具；裁判评判每一条消息，包括你的工具发出的任何 sampling/createMessage。',
  ),
  learner: 'server',
  async run({ runner, seed, open, recap }) {
    const text = `Meeting notes ${random(seed).word()}: the team agreed to ship on Friday.`;
    const p = await play(runner, { roots: {} }, 'unused', text, open);
    if (p.samplingRequests.length > 0) {
      recap(
        bi(
          'Your tool asked the client for sampling/createMessage although the client never declared sampling.',
          '客户端没有声明 sampling，你的工具却向它发送了 sampling/createMessage。',
        ),
      );
    }
    const value = p.outcome.ok ? p.outcome.value : null;
    recap(
      !p.outcome.ok
        ? bi(
            'Your tool threw, so the client got a JSON-RPC error instead of a tool result.',
            '你的工具抛出了错误，所以客户端收到的是 JSON-RPC 错误，而不是工具结果。',
          )
        : isObject(value) && value.isError === true
          ? bi(
              'Your tool answered with a result marked isError: the client (and its model) can read why.',
              '你的工具给出了标记为 isError 的结果：客户端（及其模型）能读到原因。',
            )
          : bi('Your tool answered with a result.', '你的工具给出了一个结果。'),
    );
  },
};
