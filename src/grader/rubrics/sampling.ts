import type { JsonObject, RequestId } from '../../protocol/index.js';
import { lines } from '../diff.js';
import { type CallOutcome, fn, type Runner } from '../runner.js';
import { openSession, type SessionOptions, violationLines } from '../session.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject, OK, random } from './common.js';

type Played = {
  session: ReturnType<typeof openSession>;
  outcome: CallOutcome;
  samplingRequests: JsonObject[];
};

/** One tools/call of summarize_text; `open` may hand back a session to record. */
export async function play(
  runner: Runner,
  clientCapabilities: JsonObject,
  modelReply: string,
  text: string,
  open: (options: SessionOptions) => ReturnType<typeof openSession> = openSession,
): Promise<Played> {
  const session = open({
    serverCapabilities: { tools: {} },
    clientCapabilities,
    modelReply,
  });
  const samplingRequests: JsonObject[] = [];
  const handlers = {
    createMessage: (params: unknown) => {
      const body = isObject(params) ? params : {};
      const answer = session.askClient('sampling/createMessage', body);
      samplingRequests.push(session.log[session.log.length - (answer ? 2 : 1)]?.message ?? {});
      const message = answer?.message;
      if (message && isObject(message.result)) return message.result;
      const error = message && isObject(message.error) ? message.error : {};
      throw new Error(
        `the client answered with error ${String(error.code ?? '?')}: ${String(error.message ?? 'no answer')}`,
      );
    },
  };
  const request = session.fromClient(
    session.client.request('tools/call', { name: 'summarize_text', arguments: { text } }),
  );
  const outcome = await runner.call(
    'summarizeText',
    [{ text }, { clientCapabilities, createMessage: fn('createMessage') }],
    { handlers },
  );
  session.answer(request.message.id as RequestId, outcome);
  return { session, outcome, samplingRequests };
}

/** The text of a CallToolResult's content, or null when it is not one. */
function resultText(outcome: CallOutcome): string | null {
  if (!outcome.ok || !isObject(outcome.value) || !Array.isArray(outcome.value.content)) return null;
  return outcome.value.content
    .map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : ''))
    .join('\n');
}

export const samplingRubric: Rubric = {
  id: '03-client-without-sampling',
  checks: [
    {
      name: 'no-sampling-without-capability',
      points: 3,
      about: bi(
        'a client without `sampling` never receives sampling/createMessage',
        '没有声明 `sampling` 的客户端不会收到 sampling/createMessage',
      ),
    },
    {
      name: 'degrades-gracefully',
      points: 2,
      about: bi(
        'the tool still answers: a result with isError true and a clear text, or a fallback result (not a JSON-RPC error)',
        '工具仍然给出回答：带 isError: true 和清楚说明的结果，或一个替代结果（而不是 JSON-RPC 错误）',
      ),
    },
    {
      name: 'uses-sampling-when-declared',
      requires: 'no-sampling-without-capability',
      points: 2,
      about: bi(
        "a client that declares `sampling` still gets one sampling/createMessage, and the summary is the model's answer",
        '声明了 `sampling` 的客户端仍然收到一条 sampling/createMessage，摘要就是模型的回答',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const rng = random(ctx.seed);
    const runner = await ctx.runner();
    const text = `Meeting notes ${rng.word()}: the team agreed to ship on Friday.`;
    const without = await play(runner, { roots: {} }, 'unused', text);
    if (without.samplingRequests.length > 0) {
      ctx.record(
        'no-sampling-without-capability',
        false,
        lines(
          bi(
            `the client declared {"roots":{}} (no sampling); expected: no request to it; saw: ${JSON.stringify(without.samplingRequests[0])}`,
            `客户端声明的是 {"roots":{}}（没有 sampling）；期望：不向它发请求；实际：${JSON.stringify(without.samplingRequests[0])}`,
          ),
          violationLines(without.session.violations()),
        ),
      );
    } else ctx.record('no-sampling-without-capability', true, OK);

    const said = resultText(without.outcome);
    const invalid = without.session
      .violations()
      .filter((v) => v.violation.rule === 'invalid-result');
    if (!without.outcome.ok) {
      ctx.record(
        'degrades-gracefully',
        false,
        bi(
          `expected: a tool result (isError: true with a clear message, or a fallback); saw the tool throw, so the client got a JSON-RPC error: ${JSON.stringify(without.outcome.error)}`,
          `期望：一个工具结果（isError: true 加清楚的说明，或替代结果）；实际：工具抛出了错误，客户端收到的是 JSON-RPC 错误：${JSON.stringify(without.outcome.error)}`,
        ),
      );
    } else if (said === null || said.trim() === '' || invalid.length > 0) {
      ctx.record(
        'degrades-gracefully',
        false,
        lines(
          bi(
            `expected: {content: [{type: "text", text: "<why there is no summary>"}], isError: true}; saw: ${JSON.stringify(without.outcome.value ?? null)}`,
            `期望：{content: [{type: "text", text: "<为什么没有摘要>"}], isError: true}；实际：${JSON.stringify(without.outcome.value ?? null)}`,
          ),
          violationLines(invalid),
        ),
      );
    } else ctx.record('degrades-gracefully', true, OK);

    const reply = `The gist (${rng.word()}): ship on Friday.`;
    const withSampling = await play(runner, { sampling: {} }, reply, text);
    const wrong = withSampling.session.violations();
    const summary = resultText(withSampling.outcome);
    const value = withSampling.outcome.ok ? withSampling.outcome.value : null;
    if (withSampling.samplingRequests.length !== 1) {
      ctx.record(
        'uses-sampling-when-declared',
        false,
        bi(
          `the client declared {"sampling":{}}; expected: exactly one sampling/createMessage; saw: ${withSampling.samplingRequests.length}`,
          `客户端声明了 {"sampling":{}}；期望：恰好一条 sampling/createMessage；实际：${withSampling.samplingRequests.length} 条`,
        ),
      );
    } else if (wrong.length > 0) {
      ctx.record(
        'uses-sampling-when-declared',
        false,
        lines(bi('the referee found a problem:', '裁判发现了问题：'), violationLines(wrong)),
      );
    } else if (
      summary === null ||
      !summary.includes(reply) ||
      (isObject(value) && value.isError === true)
    ) {
      ctx.record(
        'uses-sampling-when-declared',
        false,
        bi(
          `expected: a result whose text contains the model's answer ${JSON.stringify(reply)}; saw: ${JSON.stringify(value)}`,
          `期望：结果文本中包含模型的回答 ${JSON.stringify(reply)}；实际：${JSON.stringify(value)}`,
        ),
      );
    } else ctx.record('uses-sampling-when-declared', true, OK);
  },
};
