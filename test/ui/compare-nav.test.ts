import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../src/ui/compare-model.js';
import { atEnd, edge, move, narrowPlaces } from '../../src/ui/compare-nav.js';

// Only which sides have a step matters to the moves.
const row = (legacy: boolean, modern: boolean) =>
  ({
    difference: '',
    legacy: legacy ? {} : null,
    modern: modern ? {} : null,
  }) as unknown as CompareRow;
const rows = [row(true, true), row(true, false), row(false, true)];

describe('moving through a comparison', () => {
  it('narrow: each row’s legacy step, then its modern step, skipping a side with none', () => {
    expect(narrowPlaces(rows)).toEqual([
      { row: 0, side: 'legacy' },
      { row: 0, side: 'modern' },
      { row: 1, side: 'legacy' },
      { row: 2, side: 'modern' },
    ]);
    expect(move(rows, { row: 0, side: 'modern' }, 1, false)).toEqual({ row: 1, side: 'legacy' });
    expect(move(rows, { row: 1, side: 'legacy' }, 1, false)).toEqual({ row: 2, side: 'modern' });
    expect(move(rows, { row: 2, side: 'modern' }, 1, false)).toEqual({ row: 2, side: 'modern' });
    expect(move(rows, { row: 0, side: 'legacy' }, -1, false)).toEqual({ row: 0, side: 'legacy' });
    expect(edge(rows, 'last')).toEqual({ row: 2, side: 'modern' });
  });

  it('wide: a row at a time, from either side', () => {
    expect(move(rows, { row: 0, side: 'modern' }, 1, true)).toEqual({ row: 1, side: 'legacy' });
    expect(move(rows, { row: 1, side: 'legacy' }, 1, true)).toEqual({ row: 2, side: 'modern' });
    expect(move(rows, { row: 2, side: 'modern' }, -1, true)).toEqual({ row: 1, side: 'legacy' });
  });

  it('knows when a step has nowhere to go: the last row (narrow: its last side), the first', () => {
    expect(atEnd(rows, { row: 2, side: 'modern' }, 1, true)).toBe(true);
    expect(atEnd(rows, { row: 2, side: 'legacy' }, 1, true)).toBe(true);
    expect(atEnd(rows, { row: 1, side: 'legacy' }, 1, true)).toBe(false);
    expect(atEnd(rows, { row: 0, side: 'modern' }, -1, true)).toBe(true);
    expect(atEnd(rows, { row: 2, side: 'modern' }, 1, false)).toBe(true);
    expect(atEnd(rows, { row: 1, side: 'legacy' }, 1, false)).toBe(false);
    expect(atEnd(rows, { row: 0, side: 'legacy' }, -1, false)).toBe(true);
    expect(atEnd(rows, { row: 0, side: 'modern' }, -1, false)).toBe(false);
    // Where a move would not go anywhere, atEnd says so.
    for (const wide of [true, false])
      for (const at of narrowPlaces(rows))
        for (const by of [1, -1] as const) {
          const to = move(rows, at, by, wide);
          const stays = wide ? to.row === at.row : to.row === at.row && to.side === at.side;
          expect(atEnd(rows, at, by, wide)).toBe(stays);
        }
  });
});
