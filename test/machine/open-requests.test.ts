import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpenRequests, type PendingRequest, type RequestRecord } from '../../src/machine/index.js';

const request = (seq: number): RequestRecord & { seq: number } => ({
  requester: seq % 2 === 0 ? 'client' : 'server',
  id: seq,
  step: seq,
  method: 'ping',
  primitive: 'utility',
  capability: null,
  status: 'pending',
  seq,
});
/** What an observer sees of it. */
const seen = (seq: number): PendingRequest => ({
  requester: seq % 2 === 0 ? 'client' : 'server',
  id: seq,
  method: 'ping',
  step: seq,
});

/** An operation: open the next request (after a gap, to cross the trie's levels) or close one. */
const op = fc.oneof(
  fc.record({ open: fc.constant(true), gap: fc.oneof(fc.constant(0), fc.nat(40), fc.nat(5000)) }),
  fc.record({ open: fc.constant(false), pick: fc.nat() }),
);

describe('OpenRequests: a persistent set of open requests, oldest first', () => {
  it('every version lists what a plain array would, and keeps it after later changes', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        let set = OpenRequests.EMPTY;
        let plain: PendingRequest[] = [];
        let next = 0;
        const versions: Array<[OpenRequests, PendingRequest[]]> = [];
        for (const o of ops) {
          if (o.open) {
            next += o.gap;
            set = set.add(request(next));
            plain = [...plain, seen(next)];
            next += 1;
          } else {
            // Close an open one, or a number that is not open (which changes nothing).
            const target =
              plain.length > 0 && o.pick % 3 !== 0 ? plain[o.pick % plain.length] : null;
            const seq = target ? target.step : o.pick % (next + 70);
            set = set.remove(seq);
            plain = plain.filter((p) => p.step !== seq);
          }
          expect(set.list()).toEqual(plain);
          expect(set.size).toBe(plain.length);
          versions.push([set, plain]);
        }
        for (const [version, list] of versions) {
          expect(version.list()).toEqual(list);
          for (const r of list) expect(version.get(r.step)?.id).toBe(r.id);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a large, sparse set: numbers past 2^20 and 2^31 are kept apart and found again', () => {
    const seqs = [0, 31, 32, 1023, 1024, 2 ** 20 + 7, 2 ** 31 + 3, 2 ** 33 + 1];
    let set = OpenRequests.EMPTY;
    for (const s of seqs) set = set.add(request(s));
    expect(set.list().map((r) => r.step)).toEqual(seqs);
    const fewer = set.remove(2 ** 31 + 3).remove(32);
    expect(fewer.list().map((r) => r.step)).toEqual(
      seqs.filter((s) => s !== 2 ** 31 + 3 && s !== 32),
    );
    expect(fewer.get(2 ** 31 + 3)).toBeUndefined();
    expect(set.get(2 ** 31 + 3)?.step).toBe(2 ** 31 + 3);
    // Emptied, it starts again where the next request is, and still knows nothing of the old ones.
    let again = set;
    for (const s of seqs) again = again.remove(s);
    expect(again.size).toBe(0);
    again = again.add(request(2 ** 33 + 40)).add(request(2 ** 33 + 100));
    expect(again.list().map((r) => r.step)).toEqual([2 ** 33 + 40, 2 ** 33 + 100]);
    expect(again.get(31)).toBeUndefined();
    expect(again.remove(31)).toBe(again);
  });
});
