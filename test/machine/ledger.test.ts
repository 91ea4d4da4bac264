import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { Ledger, sessionMachine } from '../../src/machine/index.js';

const initialize = {
  type: 'envelope',
  direction: 'client->server',
  message: {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    },
  },
} as const;
const result = {
  type: 'envelope',
  direction: 'server->client',
  message: {
    jsonrpc: '2.0',
    id: 1,
    result: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      serverInfo: { name: 's', version: '1' },
    },
  },
} as const;

describe('the ledger behind snapshots', () => {
  it('keeps snapshots independent: a discarded branch leaves no trace in another', () => {
    const [s0] = initialTransition(sessionMachine, {});
    transition(sessionMachine, s0, initialize); // a branch that is thrown away
    const [s1] = transition(sessionMachine, s0, result);
    // Without the initialize of the discarded branch, this answer has no request.
    expect(s1.context.last?.violations.map((v) => v.rule)).toEqual(['response-without-request']);
    const [withInit] = transition(sessionMachine, s0, initialize);
    const [answered] = transition(sessionMachine, withInit, result);
    expect(answered.context.last?.violations).toEqual([]);
    // Going back to s1's parent and forward again gives the same verdict as before.
    expect(
      transition(sessionMachine, s0, result)[0].context.last?.violations.map((v) => v.rule),
    ).toEqual(['response-without-request']);
  });

  it('a draft sees its own writes; the committed ledger is new, the old one unchanged', () => {
    const base = Ledger.persistent();
    const draft = base.draft();
    draft.write('k', 1);
    expect(draft.read('k')).toBe(1);
    const next = draft.commit();
    expect(next.read('k')).toBe(1);
    expect(base.read('k')).toBeUndefined();
  });

  it('the flat ledger of one-pass readers writes through', () => {
    const flat = Ledger.flat();
    const draft = flat.draft();
    draft.write('k', 2);
    expect(draft.commit()).toBe(flat);
    expect(flat.read('k')).toBe(2);
  });
});
