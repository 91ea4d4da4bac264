import type { OfferRow } from './sandbox-driver.js';

/**
 * Where the sandbox's cursor goes once a send or an act changed the offers: on the offer that was
 * chosen (`key`, or the row the cursor was on), where it is now; when it is gone, on its nearest
 * neighbour in the old list that is still there (the one below first); when none is, on the same
 * row, within the new list.
 */
export function cursorAfter(
  before: readonly OfferRow[],
  at: number,
  after: readonly OfferRow[],
  key: string | undefined = before[at]?.key,
): number {
  const where = (k: string | undefined) =>
    k === undefined ? -1 : after.findIndex((o) => o.key === k);
  const same = where(key);
  if (same >= 0) return same;
  for (let d = 1; d < before.length; d++) {
    for (const n of [at + d, at - d]) {
      const found = n >= 0 ? where(before[n]?.key) : -1;
      if (found >= 0) return found;
    }
  }
  return Math.max(0, Math.min(at, after.length - 1));
}
