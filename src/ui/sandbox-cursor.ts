import type { OfferRow } from './sandbox-driver.js';

/** The offers the rules allow (not those in doubt), as one comparable value. */
const allowedKeys = (rows: readonly OfferRow[]): string =>
  rows
    .filter((o) => o.blocks.length === 0 && !o.unsure)
    .map((o) => o.key)
    .sort()
    .join('\n');

/**
 * Where the sandbox's cursor goes once a send or an act changed the offers.
 *
 * When what the rules allow changed (the handshake moved on, a request was answered, a task
 * started), on the first row: the allowed offers lead the list, and the new situation's first move
 * is among them (after initialize, notifications/initialized; after it, the operation's requests),
 * not a second initialize one Enter away, nor a second notifications/initialized left far down.
 *
 * Otherwise (a routine request, sent again perhaps), on the offer that was chosen (`key`, or the
 * row the cursor was on), where it is now; when it is gone, on the same row within the new list.
 * Not on a neighbour found by its key: the one left is often "close the connection", and a second
 * Enter would close.
 */
export function cursorAfter(
  before: readonly OfferRow[],
  at: number,
  after: readonly OfferRow[],
  key: string | undefined = before[at]?.key,
): number {
  if (allowedKeys(before) !== allowedKeys(after)) return 0;
  const same = key === undefined ? -1 : after.findIndex((o) => o.key === key);
  if (same >= 0) return same;
  return Math.max(0, Math.min(at, after.length - 1));
}
