/**
 * A long, realistic, rule-abiding session in the wrapped transcript format: the handshake, then
 * rounds of listing, tool calls with progress, resource reads, pings and log messages.
 */
export function* generateSession(messages: number): Generator<string> {
  const line = (direction: string, message: unknown) => JSON.stringify({ direction, message });
  const c2s = (m: unknown) => line('client->server', m);
  const s2c = (m: unknown) => line('server->client', m);
  let count = 0;
  const emit = function* (lines: string[]) {
    for (const l of lines) {
      if (count >= messages) return;
      count += 1;
      yield l;
    }
  };
  yield* emit([
    c2s({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { roots: { listChanged: true } },
        clientInfo: { name: 'bench-client', version: '1.0.0' },
      },
    }),
    s2c({
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: { listChanged: true }, resources: {}, logging: {} },
        serverInfo: { name: 'bench-server', version: '1.0.0' },
      },
    }),
    c2s({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  ]);
  let id = 1;
  const tool = {
    name: 'weather_current',
    description: 'Current weather for a location',
    inputSchema: {
      type: 'object',
      properties: { location: { type: 'string' }, units: { type: 'string' } },
      required: ['location'],
    },
  };
  while (count < messages) {
    const list = id++;
    const call = id++;
    const read = id++;
    const ping = id++;
    yield* emit([
      c2s({ jsonrpc: '2.0', id: list, method: 'tools/list' }),
      s2c({ jsonrpc: '2.0', id: list, result: { tools: [tool] } }),
      c2s({
        jsonrpc: '2.0',
        id: call,
        method: 'tools/call',
        params: {
          name: 'weather_current',
          arguments: { location: 'Lisbon', units: 'metric' },
          _meta: { progressToken: call },
        },
      }),
      s2c({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: call, progress: 1, total: 2, message: 'fetching' },
      }),
      s2c({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: call, progress: 2, total: 2, message: 'done' },
      }),
      s2c({
        jsonrpc: '2.0',
        id: call,
        result: { content: [{ type: 'text', text: 'Lisbon: 21 °C, clear sky' }] },
      }),
      c2s({
        jsonrpc: '2.0',
        id: read,
        method: 'resources/read',
        params: { uri: 'file:///notes.md' },
      }),
      s2c({
        jsonrpc: '2.0',
        id: read,
        result: {
          contents: [{ uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' }],
        },
      }),
      s2c({
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', logger: 'bench', data: `round ${list}` },
      }),
      c2s({ jsonrpc: '2.0', id: ping, method: 'ping' }),
      s2c({ jsonrpc: '2.0', id: ping, result: {} }),
    ]);
  }
}
