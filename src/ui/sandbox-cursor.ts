import type { OfferRow } from './sandbox-driver.js';

/**
 * Where the sandbox's cursor goes once a send or an act changed the offers: on the offer that was
 * chosen (`key`, or the row the cursor was on), where it is now; when it is gone (a request
 * answered, its answers with it), on the same row within the new list, which is most often what
 * took its place (the answer to the next request). Not on a neighbour found by its key: the one
 * left is often "close the connection", and a second Enter would close. The same row too when the
 * offer is still there but sending it made it forbidden (a second initialize).
 */
export function cursorAfter(
  before: readonly OfferRow[],
  at: number,
  after: readonly OfferRow[],
  key: string | undefined = before[at]?.key,
): number {
  const same = key === undefined ? -1 : after.findIndex((o) => o.key === key);
  // Not on an offer that sending it made forbidden (the initialize just sent, now a duplicate):
  // one Enter from a violation the learner did not choose. The same row then, as when it is gone.
  const madeForbidden =
    same >= 0 &&
    after[same]!.blocks.length > 0 &&
    before.find((o) => o.key === key)?.blocks.length === 0;
  if (same >= 0 && !madeForbidden) return same;
  return Math.max(0, Math.min(at, after.length - 1));
}
