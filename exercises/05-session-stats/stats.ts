import type { SessionStats, WireMessage } from './mcp-sim.js';

/** Counts the messages of one session, in the order they were sent. */
export function sessionStats(messages: readonly WireMessage[]): SessionStats {
  const stats: SessionStats = {
    requests: 0,
    responses: 0,
    errors: 0,
    notifications: 0,
    lifecycle: 0,
    operation: 0,
    lifecycleToOperationRatio: null,
  };
  for (const { message } of messages) {
    if (message.method !== undefined) stats.requests += 1;
    // TODO: a message with `method` but no `id` is a notification, not a request.
    // TODO: responses (`result`) and error responses (`error`) are counted apart.
    // TODO: lifecycle vs operation: everything up to and including notifications/initialized is
    //       the initialization phase; everything after it is operation.
  }
  // TODO: the ratio, or null when nothing reached the operation phase.
  return stats;
}
