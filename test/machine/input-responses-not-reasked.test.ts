import { describe, expect, it } from 'vitest';
import { discovered, modernRequest } from './modern-builder.js';
import { rpc } from './session-builder.js';
import { CONFIRMED, deploy, inputRequired, retry, toolDone } from './stream-builder.js';

const rulesOf = (run: { reports: readonly { violations: readonly { rule: string }[] }[] }) =>
  run.reports.flatMap((r) => r.violations.map((v) => v.rule));
const RULE = 'input-responses-not-reasked';
const missingInput = (id: number) => rpc.error(id, -32602, 'Missing input: confirm');

/** deploy #1 answered with a round asking for "confirm" (state "deploy:v1"), then `retried`. */
const roundThen = (retried: ReturnType<typeof retry>) =>
  discovered().client(deploy(1)).server(inputRequired(1)).client(retried);

// 2026-07-28 basic/patterns/mrtr › Error Handling: "If the client fails to send all the information
// requested in a previous InputRequests, and the missing information is necessary for the server
// to process the request, the server SHOULD respond with a new InputRequiredResult requesting the
// missing information again, rather than returning an error."
describe('input-responses-not-reasked', () => {
  it('flags the error answer to a retry lacking input, in both languages, as a warning', () => {
    const run = roundThen(retry(2, { inputResponses: {} }))
      .server(missingInput(2))
      .run();
    const [hit] = run.last.violations;
    expect(hit?.rule).toBe(RULE);
    expect(hit?.severity).toBe('warning');
    expect(hit?.message).toContain(
      'tools/call "deploy" #2 retried without inputResponses for "confirm" and is answered with a JSON-RPC error (-32602 at /error/code)',
    );
    expect(hit?.message).toContain('new input_required result');
    expect(hit?.messageZh).toContain('缺少 "confirm" 的 inputResponses');
    expect(hit?.messageZh).toContain('/error/code 为 -32602');
    // The client's half is its own rule, on its own step.
    expect(run.reports.at(-2)?.violations.map((v) => v.rule)).toEqual(['input-responses-missing']);
  });

  it('is clean when the server asks again with a new input_required round', () => {
    const run = roundThen(retry(2, { inputResponses: {} }))
      .server(inputRequired(2))
      .client(retry(3))
      .server(toolDone(3))
      .run();
    expect(rulesOf(run)).toEqual(['input-responses-missing']);
  });

  it('names every missing key, and judges a retry that answered some of them', () => {
    const round = inputRequired(1, {
      inputRequests: {
        confirm: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Deploy?',
            requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
          },
        },
        roots: { method: 'roots/list', params: {} },
      },
      requestState: 'deploy:v1',
    });
    const run = discovered()
      .client(deploy(1))
      .server(round)
      .client(retry(2, { inputResponses: { confirm: CONFIRMED.confirm } }))
      .server(missingInput(2))
      .run();
    expect(run.last.violations.map((v) => v.rule)).toEqual([RULE]);
    expect(run.last.violations[0]?.message).toContain('inputResponses for "roots"');
  });

  it('does not judge a complete result, nor an error to a complete retry', () => {
    const done = roundThen(retry(2, { inputResponses: {} }))
      .server(toolDone(2))
      .run();
    expect(rulesOf(done)).not.toContain(RULE);
    const complete = roundThen(retry(2)).server(missingInput(2)).run();
    expect(rulesOf(complete)).toEqual([]);
  });

  it('does not judge a retry whose requestState differs: the server MUST reject it', () => {
    const run = roundThen(retry(2, { inputResponses: {}, requestState: 'deploy:v2' }))
      .server(missingInput(2))
      .run();
    expect(rulesOf(run)).toContain('request-state-altered');
    expect(rulesOf(run)).not.toContain(RULE);
  });

  it('does not judge a retry that broke the schema: protocol errors SHOULD be errors', () => {
    const run = roundThen(retry(2, { inputResponses: [] }))
      .server(missingInput(2))
      .run();
    expect(rulesOf(run)).toContain('invalid-params');
    expect(rulesOf(run)).not.toContain(RULE);
  });

  it('does not judge an error to a call that is no retry, nor one the server must refuse', () => {
    const plain = discovered().client(deploy(1)).server(missingInput(1)).run();
    expect(rulesOf(plain)).toEqual([]);
    const unserved = roundThen(
      modernRequest(
        2,
        'tools/call',
        {
          name: 'deploy',
          arguments: { env: 'prod' },
          inputResponses: {},
          requestState: 'deploy:v1',
        },
        { version: '2025-11-25' },
      ),
    )
      .server(rpc.error(2, -32022, 'Unsupported protocol version'))
      .run();
    expect(rulesOf(unserved)).not.toContain(RULE);
  });
});

// mrtr › Client Requirements (Basic Workflow): every requested input, under its own key. A key
// that names a property every object inherits ("toString") is answered only by an own entry.
describe('input-responses-missing, a key Object.prototype has', () => {
  it('is missing from an inputResponses without it, and the error answer is judged', () => {
    const run = discovered()
      .client(deploy(1))
      .server(
        inputRequired(1, {
          inputRequests: { toString: { method: 'roots/list', params: {} } },
          requestState: 'deploy:v1',
        }),
      )
      .client(retry(2, { inputResponses: {} }))
      .server(missingInput(2))
      .run();
    expect(rulesOf(run)).toEqual(['input-responses-missing', RULE]);
    expect(run.last.violations[0]?.message).toContain('inputResponses for "toString"');
  });
});
