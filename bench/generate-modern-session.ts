/**
 * A long, realistic, rule-abiding session of the modern era (2026-07-28) in the wrapped transcript
 * format, shaped like the real recording test/fixtures/real/v2-modern.jsonl: a server/discover,
 * then rounds of tools/list and tools/calls, some with progress (ping is gone in 2026-07-28), every
 * request carrying the `_meta` envelope and every result its resultType and serverInfo.
 */
export function* generateModernSession(messages: number): Generator<string> {
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
  // Each request stands alone: it names its revision, its client and what the client can do.
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'bench-client', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, sampling: {} },
  };
  const serverInfo = {
    'io.modelcontextprotocol/serverInfo': { name: 'bench-server', version: '1.0.0' },
  };
  const request = (id: number | string, method: string, params: object = {}) =>
    c2s({ jsonrpc: '2.0', id, method, params: { ...params, _meta: { ...envelope } } });
  const result = (id: number | string, body: object) =>
    s2c({ jsonrpc: '2.0', id, result: { ...body, resultType: 'complete', _meta: serverInfo } });
  yield* emit([
    request('discover-1', 'server/discover'),
    result('discover-1', {
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: true }, logging: {} },
      ttlMs: 0,
      cacheScope: 'private',
    }),
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
    const again = id++;
    const third = id++;
    yield* emit([
      request(list, 'tools/list'),
      result(list, { tools: [tool], ttlMs: 60_000, cacheScope: 'private' }),
      c2s({
        jsonrpc: '2.0',
        id: call,
        method: 'tools/call',
        params: {
          name: 'weather_current',
          arguments: { location: 'Lisbon', units: 'metric' },
          _meta: { ...envelope, progressToken: call },
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
      result(call, { content: [{ type: 'text', text: 'Lisbon: 21 °C, clear sky' }] }),
      request(again, 'tools/call', { name: 'weather_current', arguments: { location: 'Porto' } }),
      result(again, { content: [{ type: 'text', text: 'Porto: 18 °C, cloudy' }] }),
      request(third, 'tools/call', { name: 'weather_current', arguments: { location: 'Faro' } }),
      result(third, { content: [{ type: 'text', text: 'Faro: 24 °C, sunny' }] }),
    ]);
  }
}
