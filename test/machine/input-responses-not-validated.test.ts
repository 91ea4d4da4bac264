import { describe, expect, it } from 'vitest';
import { discovered, modernResult } from './modern-builder.js';
import { rpc } from './session-builder.js';
import { deploy, inputRequired, retry, toolDone } from './stream-builder.js';

const rulesOf = (run: { reports: readonly { violations: readonly { rule: string }[] }[] }) =>
  run.reports.flatMap((r) => r.violations.map((v) => v.rule));
const RULE = 'input-responses-not-validated';

/** deploy #1 answered with a round asking for "confirm", then retried with `inputResponses`. */
const retried = (inputResponses: unknown) =>
  discovered()
    .client(deploy(1))
    .server(inputRequired(1))
    .client(retry(2, { inputResponses: inputResponses as never }));

// 2026-07-28 basic/patterns/mrtr › Error Handling: "Servers SHOULD validate that the data provided
// by the client is a valid InputResponses object …. Protocol errors (malformed JSON, invalid
// schema, internal server errors) SHOULD return a JSON-RPC error response".
describe('input-responses-not-validated', () => {
  it('flags a complete result to a retry whose inputResponses break the schema, in both languages', () => {
    const run = retried({ confirm: 'yes' }).server(toolDone(2)).run();
    const [hit] = run.last.violations;
    expect(hit?.rule).toBe(RULE);
    expect(hit?.severity).toBe('warning');
    expect(hit?.message).toContain(
      'tools/call "deploy" #2 is answered with a complete result, but its inputResponses break the schema (/params/inputResponses/confirm',
    );
    expect(hit?.message).toContain('JSON-RPC error (-32602, invalid params)');
    expect(hit?.messageZh).toContain('不符合模式（/params/inputResponses/confirm');
    expect(run.reports.at(-2)?.violations.map((v) => v.rule)).toContain('invalid-params');
  });

  it("knows the broken field from the schema finding's pointer, not from its wording", () => {
    const run = retried({ confirm: 'yes' }).run();
    const finding = run.last.violations.find((v) => v.rule === 'invalid-params');
    expect(finding?.pointer).toBe('/params/inputResponses/confirm');
    // A finding elsewhere in params leaves the answer unjudged by this rule.
    const elsewhere = discovered()
      .client(deploy(1))
      .server(inputRequired(1))
      .client(retry(2, { inputResponses: { confirm: { action: 'accept' } }, name: 7 as never }))
      .server(toolDone(2))
      .run();
    expect(rulesOf(elsewhere)).not.toContain(RULE);
  });

  it('judges an inputResponses that is no object at all', () => {
    const run = retried([]).server(toolDone(2)).run();
    expect(run.last.violations.map((v) => v.rule)).toEqual([RULE]);
  });

  it('is clean when the server refuses, asks again, or reports a tool execution error', () => {
    expect(
      rulesOf(
        retried({ confirm: 'yes' })
          .server(rpc.error(2, -32602, 'bad'))
          .run(),
      ),
    ).toEqual(['invalid-params']);
    expect(rulesOf(retried({ confirm: 'yes' }).server(inputRequired(2)).run())).toEqual([
      'invalid-params',
    ]);
    const failed = modernResult(2, {
      content: [{ type: 'text', text: 'bad answer' }],
      isError: true,
    });
    expect(rulesOf(retried({ confirm: 'yes' }).server(failed).run())).toEqual(['invalid-params']);
  });

  it('does not judge valid inputResponses, nor a request that retries no round', () => {
    expect(
      rulesOf(
        discovered()
          .client(deploy(1))
          .server(inputRequired(1))
          .client(retry(2))
          .server(toolDone(2))
          .run(),
      ),
    ).toEqual([]);
    const stray = discovered()
      .client(retry(1, { inputResponses: { confirm: 'yes' } }))
      .server(toolDone(1))
      .run();
    expect(rulesOf(stray)).not.toContain(RULE);
  });
});
