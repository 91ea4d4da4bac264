import { describe, expect, it } from 'vitest';
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
