import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../src/ui/compare-model.js';
import { edge, move, narrowPlaces } from '../../src/ui/compare-nav.js';

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
});
