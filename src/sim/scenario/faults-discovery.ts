/**
 * What a 2026-07-28 server says of the versions it serves, done wrong (2026-07-28
 * basic/versioning; lesson 30): it answers server/discover "Method not found" although it serves
 * 2026-07-28 (servers MUST implement server/discover), or refuses a legacy client's initialize
 * without naming its versions (a modern-only server SHOULD name them in any error to initialize).
 * Each replaces the answer the lesson's server scheduled: a DiscoverResult, a -32022 naming them.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { isObject } from '../../protocol/json.js';
import { answerInstead, cannot, type FaultContext, type FaultResult } from './faults.js';
import { scheduledAnswer } from './faults-modern.js';

/** The server answers the client's pending server/discover, its DiscoverResult scheduled, with -32601. */
export function discoverNotFound(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (request, answer) => request.method === 'server/discover' && isObject(answer.result),
  );
  if (!found) return cannot(FAULT_STRINGS.needsPendingDiscover, { name });
  return answerInstead(ctx, found.request.id, {
    error: { code: -32601, message: 'Method not found: server/discover' },
  });
}

/**
 * The server answers the client's pending initialize, which it would refuse naming its versions,
 * with -32601 and no word of them: a modern-only server that has no initialize, and says only that.
 */
export function initializeRefusedUnversioned(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (request, answer) => request.method === 'initialize' && isObject(answer.error),
  );
  if (!found) return cannot(FAULT_STRINGS.needsRefusedInitialize, { name });
  return answerInstead(ctx, found.request.id, {
    error: { code: -32601, message: 'Method not found: initialize' },
  });
}
