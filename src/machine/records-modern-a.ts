import type { SessionContext } from './context.js';
import type { ModelMessage } from './events.js';
import { isWaiting } from './records.js';

/**
 * What a modern request changes beyond its record (records.ts): one counter per session, so the
 * rules that ask about every request in flight ask in O(1).
 */

/**
 * server/utilities/logging › Per-request log level: a request that declared a log level opens the
 * way for notifications/message until it is answered or cancelled (`Ledger.close` counts it out).
 * Runs after rememberRequest.
 */
export function countLogLevel(ctx: SessionContext, msg: ModelMessage): Partial<SessionContext> {
  if (msg.envelope.kind !== 'request' || msg.sender !== 'client') return {};
  const record = ctx.ledger.request(msg.sender, msg.envelope.id);
  if (isWaiting(record) && record.declared?.logLevel != null) ctx.ledger.logging++;
  return {};
}
