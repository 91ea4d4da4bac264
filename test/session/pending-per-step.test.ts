import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Direction, Side } from '../../src/protocol/index.js';
import { SessionLog } from '../../src/session/index.js';
import { C2S, initializeRequest, initializeResult, rpc, S2C } from '../machine/session-builder.js';

const handshake = [
  {
    direction: C2S,
    message: initializeRequest({ client: { roots: { listChanged: true } } }),
  },
  { direction: S2C, message: initializeResult({ server: { resources: {} } }) },
  { direction: C2S, message: rpc.notification('notifications/initialized') },
];

type Act = { readonly what: 'request' | 'answer' | 'error' | 'cancel'; side: Side; id: number };
const act = fc.record({
  what: fc.constantFrom('request', 'request', 'answer', 'error', 'cancel'),
  side: fc.constantFrom<Side>('client', 'server'),
  id: fc.integer({ min: 1, max: 6 }),
});

/** `side` sends it; a request names its method by the side, an answer answers the other side. */
function wire({ what, side, id }: Act): { direction: Direction; message: object } {
  const direction = side === 'client' ? C2S : S2C;
  if (what === 'request') {
    const method = side === 'client' ? 'resources/list' : 'roots/list';
    return { direction, message: { jsonrpc: '2.0', id, method } };
  }
  if (what === 'cancel') {
    const params = { requestId: id };
    return { direction, message: { jsonrpc: '2.0', method: 'notifications/cancelled', params } };
  }
  const answer = what === 'answer' ? { result: {} } : { error: { code: -1, message: 'no' } };
  return { direction, message: { jsonrpc: '2.0', id, ...answer } };
}

/**
 * The pending lists the referee used to copy at every step, recomputed the plain way: a request
 * goes last, even when one of the same requester and id is still waiting (duplicate-request-id:
 * both wait, each owed its own answer); an answer or a cancellation removes the newest one with
 * the id it names.
 */
function plainPending(acts: readonly Act[]): string[][] {
  // After the handshake's three steps: initialize waiting, then answered, then nothing open.
  const lists: string[][] = [['client initialize #0'], [], []];
  let open: Array<{ requester: Side; id: number; method: string }> = [];
  for (const a of acts) {
    const requester: Side =
      a.what === 'request' || a.what === 'cancel'
        ? a.side
        : a.side === 'client'
          ? 'server'
          : 'client';
    if (a.what !== 'request') {
      const newest = open.findLastIndex((p) => p.requester === requester && p.id === a.id);
      if (newest >= 0) open = open.filter((_, i) => i !== newest);
    }
    if (a.what === 'request') {
      open.push({
        requester,
        id: a.id,
        method: requester === 'client' ? 'resources/list' : 'roots/list',
      });
    }
    lists.push(open.map((p) => `${p.requester} ${p.method} #${p.id}`));
  }
  return lists;
}

describe('each step keeps the pending list of its own moment', () => {
  it('read after the whole session, every step lists what was pending right after it', () => {
    fc.assert(
      fc.property(fc.array(act, { maxLength: 60 }), (acts) => {
        const log = new SessionLog();
        const seen: boolean[] = [];
        for (const m of [...handshake, ...acts.map(wire)]) {
          log.push({ type: 'message', ...m });
          // The queries answer for now, one look-up each; they agree with the step's list.
          seen.push(...[1, 2, 3, 4, 5, 6].map((id) => log.requestPending('client', id)));
        }
        // Only now are the lists built: later steps must not have changed an earlier one's.
        const lists = log.steps.map((s) =>
          s.session.pending.map((p) => `${p.requester} ${p.method} #${String(p.id)}`),
        );
        expect(lists).toEqual(plainPending(acts));
        const fromLists = lists.flatMap((l) =>
          [1, 2, 3, 4, 5, 6].map((id) =>
            l.some((p) => p.startsWith('client') && p.endsWith(` #${id}`)),
          ),
        );
        expect(seen).toEqual(fromLists);
      }),
      { numRuns: 300 },
    );
  });

  it('a step that changes nothing keeps the view before it (observers compare by identity)', () => {
    const log = new SessionLog();
    for (const m of handshake) log.push({ type: 'message', ...m });
    const before = log.view();
    log.push({
      type: 'message',
      direction: C2S,
      message: { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
    });
    expect(log.view()).toBe(before);
    log.push({ type: 'message', ...wire({ what: 'request', side: 'client', id: 1 }) });
    expect(log.view()).not.toBe(before);
    expect(log.view().pending.map((p) => p.id)).toEqual([1]);
  });
});
