import type { CompareRow } from './compare-model.js';

export type CompareSide = 'legacy' | 'modern';

/**
 * Where the compare view stands: a row, and in the narrow layout the side shown (the two
 * sessions alternate: a row's legacy step, then its modern step). The wide layout shows both
 * sides of the row and ignores `side`.
 */
export type ComparePlace = { readonly row: number; readonly side: CompareSide };

/** The places the narrow layout steps through: each row's sides that have a step, legacy first. */
export function narrowPlaces(rows: readonly CompareRow[]): ComparePlace[] {
  return rows.flatMap((row, i) =>
    (['legacy', 'modern'] as const).flatMap((side) => (row[side] ? [{ row: i, side }] : [])),
  );
}

/** The first side of a row that has a step. */
export function firstSide(row: CompareRow | undefined): CompareSide {
  return row && row.legacy === null ? 'modern' : 'legacy';
}

/** One step forward (`by` 1) or back (-1): a row when wide, a side of a row when narrow. */
export function move(
  rows: readonly CompareRow[],
  at: ComparePlace,
  by: 1 | -1,
  wide: boolean,
): ComparePlace {
  if (wide) {
    const row = Math.max(0, Math.min(rows.length - 1, at.row + by));
    return { row, side: firstSide(rows[row]) };
  }
  const places = narrowPlaces(rows);
  const next = places[Math.max(0, Math.min(places.length - 1, narrowIndex(places, at) + by))];
  return next ?? at;
}

/** Where `at` stands among the narrow places (a side with no step stands at its row's first). */
function narrowIndex(places: readonly ComparePlace[], at: ComparePlace): number {
  const here = places.findIndex((p) => p.row === at.row && p.side === at.side);
  return here === -1 ? places.findIndex((p) => p.row === at.row) : here;
}

/**
 * Whether a step forward (`by` 1) or back (-1) from `at` has nowhere to go: the last row (narrow:
 * its last side with a step), or the first.
 */
export function atEnd(
  rows: readonly CompareRow[],
  at: ComparePlace,
  by: 1 | -1,
  wide: boolean,
): boolean {
  if (wide) return by === 1 ? at.row >= rows.length - 1 : at.row <= 0;
  const places = narrowPlaces(rows);
  const from = narrowIndex(places, at);
  return by === 1 ? from >= places.length - 1 : from <= 0;
}

/** The first place, or the last one (the last row's last side with a step). */
export function edge(rows: readonly CompareRow[], which: 'first' | 'last'): ComparePlace {
  const places = narrowPlaces(rows);
  return (which === 'first' ? places[0] : places.at(-1)) ?? { row: 0, side: 'legacy' };
}
