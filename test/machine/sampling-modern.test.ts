import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { TEXT_ANSWER, TOOL_USE_ANSWER } from './rule-cases.js';
import type { SessionBuilder } from './session-builder.js';

/**
 * The sampling rules in 2026-07-28, where a sampling/createMessage travels in an input_required
 * result's inputRequests and the client's answer in its retry's inputResponses (client/sampling ›
 * Creating Messages; basic/patterns/mrtr): the same MUSTs as in 2025-11-25, cited from 2026-07-28.
 */
const ask = { role: 'user', content: { type: 'text', text: 'Weather in Tokyo?' } };
const use = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input: {} }],
};
const RESULT_1 = { type: 'tool_result', toolUseId: 'call_1', content: [] };
const TOOLS = [{ name: 'weather', inputSchema: { type: 'object' } }];

const call = (id: number, sampling: JsonObject, extra: JsonObject = {}) =>
  modernRequest(
    id,
    'tools/call',
    { name: 'forecast', arguments: {}, ...extra },
    {
      capabilities: { sampling },
    },
  );

/** A tools/call declaring `sampling`, answered by a round asking for one sampling request. */
const round = (params: JsonObject, sampling: JsonObject = { tools: {} }): SessionBuilder =>
  discovered()
    .client(call(1, sampling))
    .server(
      modernResult(1, {
        resultType: 'input_required',
        inputRequests: {
          summary: { method: 'sampling/createMessage', params: { maxTokens: 100, ...params } },
        },
        requestState: 's1',
      }),
    );

/** `round`, then the client's retry answering it with `answer`. */
const answered = (params: JsonObject, answer: JsonObject, sampling: JsonObject = { tools: {} }) =>
  round(params, sampling).client(
    call(2, sampling, { inputResponses: { summary: answer }, requestState: 's1' }),
  );

/** The rules the last message breaks; each finding's Chinese is Chinese throughout. */
const rules = (b: SessionBuilder) => {
  const found = b.run().last.violations;
  for (const v of found) expect(englishPhrases(v.messageZh), v.messageZh).toEqual([]);
  return found.map((v) => v.rule);
};

describe('2026-07-28: the sampling requests of an input_required round', () => {
  it('tool results beside text, a tool use unanswered: flagged, at the input request', () => {
    const mixed = round({
      tools: TOOLS,
      messages: [ask, use, { role: 'user', content: [RESULT_1, { type: 'text', text: 'Short.' }] }],
    });
    const { last } = mixed.run();
    expect(last.violations.map((v) => v.rule)).toEqual(['sampling-tool-result-mixed']);
    expect(last.violations[0]?.message).toContain(
      '/result/inputRequests/summary/params/messages/2',
    );
    expect(last.violations[0]?.message).toContain(
      'under "summary" of the input_required result #1',
    );
    expect(
      last.violations[0]?.spec.startsWith('2026-07-28/client/sampling › Tool Result Messages ('),
    ).toBe(true);
    const unanswered = round({ tools: TOOLS, messages: [ask, use, ask] });
    expect(rules(unanswered)).toEqual(['sampling-tool-use-unanswered']);
    expect(rules(mixed)).toEqual(['sampling-tool-result-mixed']);
    const found = unanswered.run().last.violations;
    expect(
      found[0]?.specZh.startsWith('2026-07-28/client/sampling › Tool Use and Result Balance（'),
    ).toBe(true);
  });

  it('a whole tool loop in the round: clean', () => {
    const loop = round({
      tools: TOOLS,
      messages: [ask, use, { role: 'user', content: [RESULT_1] }],
    });
    for (const report of loop.run().reports) expect(report.violations).toEqual([]);
  });
});

describe('2026-07-28: the retry answering a round’s sampling request', () => {
  it('toolChoice "none" answered with a tool use: flagged at the inputResponses entry', () => {
    const b = answered(
      { tools: TOOLS, toolChoice: { mode: 'none' }, messages: [ask] },
      TOOL_USE_ANSWER,
    );
    expect(rules(b)).toEqual(['sampling-tool-choice-ignored']);
    const { last } = b.run();
    expect(last.violations[0]?.message).toContain(
      'tool_use at /params/inputResponses/summary/content/0',
    );
    expect(
      last.violations[0]?.spec.startsWith('2026-07-28/client/sampling › Tool Choice Modes ('),
    ).toBe(true);
  });

  it('toolChoice "required" answered with text: flagged; with a tool use: clean', () => {
    const params = { tools: TOOLS, toolChoice: { mode: 'required' }, messages: [ask] };
    expect(rules(answered(params, TEXT_ANSWER))).toEqual(['sampling-tool-choice-ignored']);
    for (const report of answered(params, TOOL_USE_ANSWER).run().reports)
      expect(report.violations).toEqual([]);
    expect(rules(answered({ ...params, toolChoice: { mode: 'none' } }, TEXT_ANSWER))).toEqual([]);
  });

  it('tools the request did not declare (sampling without tools), answered: not refused', () => {
    const params = { tools: TOOLS, toolChoice: { mode: 'none' }, messages: [ask] };
    expect(rules(answered(params, TOOL_USE_ANSWER, {}))).toEqual(['sampling-tools-not-refused']);
    const { last } = answered(params, TOOL_USE_ANSWER, {}).run();
    // The server broke client-capability-not-declared with the round; the client's answer is
    // judged for not refusing, not for its tool use.
    expect(last.violations.map((v) => v.rule)).toEqual(['sampling-tools-not-refused']);
    expect(
      last.violations[0]?.spec.startsWith('2026-07-28/schema › CreateMessageRequestParams ('),
    ).toBe(true);
    expect(last.violations[0]?.messageZh).toContain('没有声明 sampling.tools');
    // Declared: the same answer is fine.
    expect(rules(answered({ tools: TOOLS, messages: [ask] }, TEXT_ANSWER))).toEqual([]);
  });
});
