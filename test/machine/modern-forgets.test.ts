import { describe, expect, it } from 'vitest';
import { requestSeen } from '../../src/machine/index.js';
import { FORGOTTEN_IDS, Ledger } from '../../src/machine/ledger.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { hs } from './rule-cases.js';
import { rpc, type SessionBuilder } from './session-builder.js';

// 2026-07-28 basic/index › Requests: an id only has to differ from the ids still waiting for their
// answer, so the referee keeps nothing of an answered modern request (flat memory in `serve`).
const rulesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);
const call = (id: number, token?: number) =>
  modernRequest(id, 'tools/call', {
    name: 'greet',
    arguments: {},
    ...(token !== undefined ? { _meta: { progressToken: token } } : {}),
  });
const cancel = (requestId: number) =>
  rpc.notification('notifications/cancelled', { requestId, reason: 'gave up' });
const toolResult = (id: number) => modernResult(id, { content: [] });

describe('an answered modern request leaves nothing behind', () => {
  it('forgets the id once answered; a legacy session keeps it for good', () => {
    const modern = discovered().client(call(1)).server(toolResult(1)).run();
    expect(requestSeen(modern.referee.snapshot(), 'client', 1)).toBe(false);
    // The server/discover probe is kept: a dual-era fallback must not reuse its id.
    expect(requestSeen(modern.referee.snapshot(), 'client', 'probe')).toBe(true);
    const legacy = hs()
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [] }));
    expect(requestSeen(legacy.run().referee.snapshot(), 'client', 1)).toBe(true);
  });

  it('takes an id again after its answer, and a second answer is a duplicate, not a stranger', () => {
    expect(rulesOf(discovered().client(call(1)).server(toolResult(1)).client(call(1)))).toEqual([]);
    const twice = discovered().client(call(1)).server(toolResult(1)).server(toolResult(1));
    const [hit, ...rest] = twice.run().last.violations;
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ rule: 'duplicate-response', pointer: '/id' });
    expect(hit?.spec).toContain('2026-07-28/basic/index › Responses');
    // An id reused after its answer is the new request's: its answer is no duplicate.
    const reused = discovered().client(call(1)).server(toolResult(1)).client(call(1));
    expect(rulesOf(reused.server(toolResult(1)))).toEqual([]);
    // An id never sent is still nobody's.
    expect(rulesOf(discovered().client(call(1)).server(toolResult(7)))).toEqual([
      'response-without-request',
    ]);
  });

  it('names progress after the answer as such, while the token is free for a new request', () => {
    const progress = (token: number, value: number) =>
      rpc.notification('notifications/progress', { progressToken: token, progress: value });
    const after = discovered().client(call(1, 5)).server(toolResult(1)).server(progress(5, 1));
    const [hit, ...rest] = after.run().last.violations;
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({
      rule: 'progress-after-completion',
      pointer: '/params/progressToken',
    });
    expect(hit?.message).toContain(
      'request #1, which carried progress token 5, was already answered',
    );
    // The token taken again by a new request is that request's.
    const retaken = discovered().client(call(1, 5)).server(toolResult(1)).client(call(2, 5));
    expect(rulesOf(retaken.server(progress(5, 1)))).toEqual([]);
    // A token no request ever carried is still unknown.
    expect(rulesOf(discovered().client(call(1, 5)).server(progress(6, 1)))).toEqual([
      'unknown-progress-token',
    ]);
  });

  it('flags a cancellation of a request never sent, as the handshake era does (patterns/cancellation › Behavior Requirements)', () => {
    const never = discovered().client(call(1)).client(cancel(2)).run().last;
    expect(never.violations.map((v) => v.rule)).toEqual(['cancel-unknown-request']);
    expect(never.violations[0]?.spec).toMatch(
      '2026-07-28/basic/patterns/cancellation › Behavior Requirements',
    );
    // The request in flight, and one answered long ago (forgotten but for its id), are not.
    expect(rulesOf(discovered().client(call(1)).client(cancel(1)))).toEqual([]);
    const answered = discovered().client(call(1)).server(toolResult(1)).client(call(2));
    expect(rulesOf(answered.client(cancel(1)))).toEqual([]);
  });

  it('lets a cancellation cross the answer without a verdict', () => {
    expect(rulesOf(discovered().client(call(1)).server(toolResult(1)).client(cancel(1)))).toEqual(
      [],
    );
  });
});

/** The ledger forgets the client's answered tools/call `id` (with its progress token, if any). */
const forgetCall = (ledger: Ledger, id: number, progressToken?: string) =>
  ledger.forget({
    requester: 'client',
    id,
    step: id,
    method: 'tools/call',
    primitive: null,
    capability: null,
    status: 'answered',
    ...(progressToken !== undefined ? { progressToken } : {}),
  } as Parameters<Ledger['forget']>[0]);

describe('the ids of answered modern requests', () => {
  it('are kept for the newest FORGOTTEN_IDS only: a server that runs for days keeps flat memory', () => {
    const ledger = new Ledger();
    const answered = (id: number) => forgetCall(ledger, id);
    for (let id = 0; id < FORGOTTEN_IDS + 10; id++) answered(id);
    expect(ledger.forgotten.client.size).toBe(FORGOTTEN_IDS);
    expect(ledger.issued('client', 9)).toBe(false);
    expect(ledger.issued('client', 10)).toBe(true);
    expect(ledger.issued('client', FORGOTTEN_IDS + 9)).toBe(true);
    // An id answered again is the newest, not dropped as the oldest.
    answered(10);
    answered(FORGOTTEN_IDS + 10);
    expect(ledger.issued('client', 10)).toBe(true);
    expect(ledger.issued('client', 11)).toBe(false);
  });

  it('keep the tokens of the newest FORGOTTEN_IDS only, each with its request', () => {
    const ledger = new Ledger();
    for (let id = 0; id < FORGOTTEN_IDS + 10; id++) {
      const token = `t${id}`;
      ledger.tokens.client.set(token, { requestId: id, status: 'active', last: null });
      forgetCall(ledger, id, token);
    }
    expect(ledger.tokens.client.size).toBe(0);
    expect(ledger.answeredTokens.client.size).toBe(FORGOTTEN_IDS);
    expect(ledger.answeredTokens.client.has('t9')).toBe(false);
    expect(ledger.answeredTokens.client.get('t10')).toBe(10);
  });
});
