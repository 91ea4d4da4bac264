import type { OfferRow } from './sandbox-driver.js';

/**
 * Where the sandbox's cursor goes once a send or an act changed the offers: on the offer that was
 * chosen (`key`, or the row the cursor was on), where it is now; when it is gone (a request
 * answered, its answers with it), on the same row within the new list, which is most often what
 * took its place (the answer to the next request). Not on a neighbour found by its key: the one
 * left is often "close the connection", and a second Enter would close.
 */
export function cursorAfter(
  before: readonly OfferRow[],
  at: number,
  after: readonly OfferRow[],
  key: string | undefined = before[at]?.key,
): number {
  const same = key === undefined ? -1 : after.findIndex((o) => o.key === key);
  if (same >= 0) return same;
  return Math.max(0, Math.min(at, after.length - 1));
}
