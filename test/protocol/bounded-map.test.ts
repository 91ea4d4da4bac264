import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../src/protocol/bounded-map.js';

describe("BoundedMap (the bound on the UI's caches of measured text)", () => {
  it('holds at most its limit, forgetting the oldest entry', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) map.set(key, i);
    expect([...map]).toEqual([
      ['c', 2],
      ['d', 3],
      ['e', 4],
    ]);
  });

  it('updates a key it has without forgetting another', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3);
    expect([...map]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });
});
