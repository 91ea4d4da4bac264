import type { RefereeEvent } from '../../src/machine/index.js';

/** Concrete JSON-RPC messages for driving the session machine in tests. */
export const messages = {
  initializeRequest: {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'model-test', version: '1.0.0' },
    },
  },
  initializeResult: {
    jsonrpc: '2.0',
    id: 0,
    result: {
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'model-server', version: '1.0.0' },
    },
  },
  initializeError: {
    jsonrpc: '2.0',
    id: 0,
    error: { code: -32602, message: 'Unsupported protocol version' },
  },
  initialized: { jsonrpc: '2.0', method: 'notifications/initialized' },
  toolsList: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  ping: { jsonrpc: '2.0', id: 2, method: 'ping' },
} as const;

export const events = {
  initializeRequest: {
    type: 'envelope',
    direction: 'client->server',
    message: messages.initializeRequest,
  },
  initializeResult: {
    type: 'envelope',
    direction: 'server->client',
    message: messages.initializeResult,
  },
  initializeError: {
    type: 'envelope',
    direction: 'server->client',
    message: messages.initializeError,
  },
  initialized: { type: 'envelope', direction: 'client->server', message: messages.initialized },
  toolsList: { type: 'envelope', direction: 'client->server', message: messages.toolsList },
  ping: { type: 'envelope', direction: 'client->server', message: messages.ping },
  close: { type: 'close' },
} as const satisfies Record<string, RefereeEvent>;

/** Every event above, in a fixed order (the graph traversal tries them in this order). */
export const allEvents: readonly RefereeEvent[] = Object.values(events);

/** An initialize request offering `version`, as one line of text (id 0). */
export const initializeLine = (version: string): string =>
  JSON.stringify({
    ...messages.initializeRequest,
    params: { ...messages.initializeRequest.params, protocolVersion: version },
  });
