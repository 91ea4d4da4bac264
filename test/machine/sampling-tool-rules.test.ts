import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { choiceSampling, TEXT_ANSWER, TOOL_USE_ANSWER } from './rule-cases.js';
import { rpc, session } from './session-builder.js';

const ask = (text: string) => ({ role: 'user', content: { type: 'text', text } });
const use = (...ids: string[]) => ({
  role: 'assistant',
  content: ids.map((id) => ({ type: 'tool_use', id, name: 'weather', input: {} })),
});
const results = (...ids: string[]) => ({
  role: 'user',
  content: ids.map((id) => ({ type: 'tool_result', toolUseId: id, content: [] })),
});

/** The rules a server's sampling/createMessage with these messages breaks, in a session of `version`. */
function judged(messages: unknown[], version = '2025-11-25'): string[] {
  const { last } = session()
    .handshake({ version, client: { sampling: { tools: {} } } })
    .server(
      rpc.request(0, 'sampling/createMessage', {
        maxTokens: 100,
        tools: [{ name: 'weather', inputSchema: { type: 'object' } }],
        messages,
      }),
    )
    .run();
  return last.violations.map((v) => v.rule);
}

describe('tool use in sampling (2025-11-25 client/sampling › Message Content Constraints)', () => {
  it('a whole tool loop, parallel uses answered in one message, in any order: allowed', () => {
    expect(judged([ask('Tokyo?'), use('a', 'b'), results('b', 'a'), ask('Thanks')])).toEqual([]);
    expect(judged([ask('Tokyo?'), use('a'), results('a'), use('b'), results('b')])).toEqual([]);
  });

  it('tool results beside text in one message: mixed', () => {
    const mixed = {
      role: 'user',
      content: [...results('a').content, { type: 'text', text: 'Short, please.' }],
    };
    expect(judged([ask('Tokyo?'), use('a'), mixed])).toEqual(['sampling-tool-result-mixed']);
  });

  it('a tool use left unanswered: one of two, by a text message, or by nothing at all', () => {
    expect(judged([ask('Tokyo?'), use('a', 'b'), results('a')])).toEqual([
      'sampling-tool-use-unanswered',
    ]);
    expect(judged([ask('Tokyo?'), use('a'), ask('Go on.'), results('a')])).toEqual([
      'sampling-tool-use-unanswered',
    ]);
    expect(judged([ask('Tokyo?'), use('a')])).toEqual(['sampling-tool-use-unanswered']);
  });

  it('the finding names the message and the tool use', () => {
    const { last } = session()
      .handshake({ client: { sampling: { tools: {} } } })
      .server(
        rpc.request(0, 'sampling/createMessage', {
          maxTokens: 1,
          messages: [ask('Tokyo?'), use('call_7'), ask('Go on.')],
        }),
      )
      .run();
    expect(last.violations[0]?.message).toContain('message 1 (/params/messages/1)');
    expect(last.violations[0]?.message).toContain('"call_7"');
    expect(last.violations[0]?.messageZh).toContain('第 2 条消息中没有 "call_7" 的 tool_result');
  });

  it('before 2025-11-25 the schema has no tool content: invalid-params says it, once', () => {
    const { last } = session()
      .handshake({ version: '2025-06-18', client: { sampling: {} } })
      .server(
        rpc.request(0, 'sampling/createMessage', {
          maxTokens: 1,
          messages: [ask('Tokyo?'), use('a'), ask('Go on.')],
        }),
      )
      .run();
    expect(last.violations.map((v) => v.rule)).toEqual(['invalid-params']);
  });
});

/** The rules the client's answer to a server's sampling request breaks. */
function answerJudged(sampling: unknown, params: object, answer: object): string[] {
  const client = sampling === undefined ? {} : { sampling };
  const { last } = session()
    .handshake({ client })
    .server(
      rpc.request(0, 'sampling/createMessage', {
        maxTokens: 1,
        messages: [ask('Tokyo?')],
        ...params,
      }),
    )
    .client({ jsonrpc: '2.0', id: 0, ...answer })
    .run();
  return last.violations.map((v) => v.rule);
}

describe('a tool-enabled sampling request to a client without sampling.tools (schema › CreateMessageRequestParams)', () => {
  const reply = {
    result: { role: 'assistant', content: { type: 'text', text: 'Hi' }, model: 'm' },
  };
  const tools = { tools: [{ name: 'weather', inputSchema: { type: 'object' } }] };

  it('answered with a result, for tools or toolChoice alone: not refused', () => {
    expect(answerJudged({}, tools, reply)).toEqual(['sampling-tools-not-refused']);
    expect(answerJudged({}, { toolChoice: { mode: 'none' } }, reply)).toEqual([
      'sampling-tools-not-refused',
    ]);
  });

  it('answered with an error, whatever its code: refused, as the schema asks', () => {
    expect(answerJudged({}, tools, { error: { code: -32602, message: 'no tools' } })).toEqual([]);
    expect(answerJudged({}, tools, { error: { code: -1, message: 'User rejected' } })).toEqual([]);
  });

  it('not this rule: a client that declared sampling.tools, a request without tools, a client without sampling', () => {
    expect(answerJudged({ tools: {} }, tools, reply)).toEqual([]);
    expect(answerJudged({}, {}, reply)).toEqual([]);
    expect(answerJudged(undefined, tools, reply)).toEqual([]);
  });
});

describe('toolChoice (2025-11-25 client/sampling › Tool Choice Modes)', () => {
  const ask = { role: 'user', content: { type: 'text', text: 'Weather in Tokyo?' } };
  const used = [
    ask,
    use('call_1'),
    {
      role: 'user',
      content: [{ type: 'tool_result', toolUseId: 'call_1', content: [] }],
    },
  ];
  const answered = (b: ReturnType<typeof choiceSampling>, result: JsonObject) =>
    b
      .client(rpc.result(0, result))
      .run()
      .last.violations.map((v) => v.rule);
  const cutOff = { ...TEXT_ANSWER, stopReason: 'maxTokens' };

  it('"none" answered with a tool use: flagged, naming the tool_use', () => {
    const { last } = choiceSampling('none').client(rpc.result(0, TOOL_USE_ANSWER)).run();
    expect(last.violations.map((v) => v.rule)).toEqual(['sampling-tool-choice-ignored']);
    expect(last.violations[0]?.message).toContain('tool_use at /result/content/0');
    expect(last.violations[0]?.messageZh).toContain('在 "none" 模式下模型不得使用任何工具');
  });

  it('"required" with no tool use yet, answered with text that completes: flagged', () => {
    expect(answered(choiceSampling('required'), TEXT_ANSWER)).toEqual([
      'sampling-tool-choice-ignored',
    ]);
    expect(answered(choiceSampling('required'), TOOL_USE_ANSWER)).toEqual([]);
  });

  it('"required" after the model used a tool, a cut-off answer, "auto": nothing to honour', () => {
    expect(answered(choiceSampling('required', used), TEXT_ANSWER)).toEqual([]);
    expect(answered(choiceSampling('required'), cutOff)).toEqual([]);
    expect(answered(choiceSampling('auto'), TOOL_USE_ANSWER)).toEqual([]);
    expect(answered(choiceSampling('auto'), TEXT_ANSWER)).toEqual([]);
  });

  it('a client without sampling.tools: its answer is sampling-tools-not-refused, not this', () => {
    const { last } = session()
      .handshake({ client: { sampling: {} } })
      .server(
        rpc.request(0, 'sampling/createMessage', {
          maxTokens: 100,
          toolChoice: { mode: 'none' },
          messages: [ask],
        }),
      )
      .client(rpc.result(0, TOOL_USE_ANSWER))
      .run();
    expect(last.violations.map((v) => v.rule)).toEqual(['sampling-tools-not-refused']);
  });

  it('an error answer is no model answer', () => {
    expect(
      choiceSampling('required')
        .client(rpc.error(0, -32603, 'model unavailable'))
        .run()
        .last.violations.map((v) => v.rule),
    ).toEqual([]);
  });
});
