import type { CapabilityPath, Kind, Label, Primitive, WireMessage } from './mcp-sim.js';

/** What each method belongs to, and the capability that gates it (null: none). */
const METHODS: Record<string, { primitive: Primitive; capability: CapabilityPath | null }> = {
  initialize: { primitive: 'lifecycle', capability: null },
  'notifications/initialized': { primitive: 'lifecycle', capability: null },
  ping: { primitive: 'utility', capability: null },
  'notifications/progress': { primitive: 'utility', capability: null },
  'notifications/cancelled': { primitive: 'utility', capability: null },
  'notifications/message': { primitive: 'utility', capability: 'server.logging' },
  'tools/list': { primitive: 'tools', capability: 'server.tools' },
  'tools/call': { primitive: 'tools', capability: 'server.tools' },
  'notifications/tools/list_changed': {
    primitive: 'tools',
    capability: 'server.tools.listChanged',
  },
  'prompts/list': { primitive: 'prompts', capability: 'server.prompts' },
  'resources/list': { primitive: 'resources', capability: 'server.resources' },
  'roots/list': { primitive: 'roots', capability: 'client.roots' },
  'notifications/roots/list_changed': {
    primitive: 'roots',
    capability: 'client.roots.listChanged',
  },
};

const opposite = (direction: WireMessage['direction']) =>
  direction === 'client->server' ? 'server->client' : 'client->server';

/** Labels every message of a session, in order: one label per message. */
export function labelMessages(messages: readonly WireMessage[]): Label[] {
  // Each side numbers its own requests: the key is the sender's direction plus the id.
  const requests = new Map<string, string>();
  const key = (direction: string, id: string | number) => `${direction}|${typeof id}:${id}`;
  let initialized = false;
  return messages.map(({ direction, message }) => {
    const kind: Kind =
      message.method !== undefined
        ? message.id !== undefined
          ? 'request'
          : 'notification'
        : message.error !== undefined
          ? 'error'
          : 'response';
    let method = message.method ?? null;
    if (kind === 'request' && method !== null && message.id !== undefined) {
      requests.set(key(direction, message.id), method);
    } else if ((kind === 'response' || kind === 'error') && message.id !== undefined) {
      method = requests.get(key(opposite(direction), message.id)) ?? null;
    }
    const entry = method === null ? undefined : METHODS[method];
    // The phase when the message was sent: initialized itself still belongs to initialization.
    const phase = initialized ? 'operation' : 'initialization';
    if (message.method === 'notifications/initialized') initialized = true;
    return {
      kind,
      method,
      primitive: entry?.primitive ?? null,
      phase,
      capability: entry?.capability ?? null,
    };
  });
}
