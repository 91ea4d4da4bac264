import type { CapabilityPath, Kind, Label, Primitive, WireMessage } from './mcp-sim.js';

/** What each method belongs to, and the capability that gates it (null: none). */
const METHODS: Record<string, { primitive: Primitive; capability: CapabilityPath | null }> = {
  initialize: { primitive: 'lifecycle', capability: null },
  'notifications/initialized': { primitive: 'lifecycle', capability: null },
  'tools/call': { primitive: 'tools', capability: 'server.tools' },
  // TODO: the other methods of the recordings (see the README's list).
};

/** Labels every message of a session, in order: one label per message. */
export function labelMessages(messages: readonly WireMessage[]): Label[] {
  return messages.map(({ message }) => {
    const kind: Kind =
      message.method !== undefined
        ? message.id !== undefined
          ? 'request'
          : 'notification'
        : message.error !== undefined
          ? 'error'
          : 'response';
    // TODO: a response has no method of its own; it answers a request with the same id sent the
    //       other way. Remember requests as they go by.
    const method = message.method ?? null;
    const entry = method === null ? undefined : METHODS[method];
    return {
      kind,
      method,
      primitive: entry?.primitive ?? null,
      // TODO: initialization up to and including notifications/initialized, operation after it.
      phase: 'operation',
      capability: entry?.capability ?? null,
    };
  });
}
