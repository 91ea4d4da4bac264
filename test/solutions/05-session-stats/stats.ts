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
  let initialized = false;
  for (const { message } of messages) {
    if (message.method !== undefined) {
      if (message.id !== undefined) stats.requests += 1;
      else stats.notifications += 1;
    } else if (message.error !== undefined) stats.errors += 1;
    else stats.responses += 1;
    // The phase when the message was sent: notifications/initialized itself is still lifecycle.
    if (initialized) stats.operation += 1;
    else stats.lifecycle += 1;
    if (message.method === 'notifications/initialized') initialized = true;
  }
  stats.lifecycleToOperationRatio =
    stats.operation === 0 ? null : stats.lifecycle / stats.operation;
  return stats;
}
