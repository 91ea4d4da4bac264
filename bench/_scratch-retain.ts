import { SessionLog } from '../src/session/index.js';
import { SimServer } from '../src/sim/server/sim-server.js';
import { LiveServer } from '../src/transport/live-server.js';
import { serveConfig } from '../src/transport/serve-config.js';
import { prepareTools } from '../src/sim/tools/index.js';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' } };
const req = (i: number, modern: boolean) => {
  const k = i % 4;
  const [method, params] = k === 0 ? ['tools/list', {}] : k === 1 ? ['tools/call', { name: 'calculator_arithmetic', arguments: { expression: `${i} * 2 + 1` } }] : k === 2 ? ['resources/read', { uri: 'file:///project/README.md' }] : ['prompts/get', { name: 'weather_report', arguments: { location: 'Paris' } }];
  return JSON.stringify({ jsonrpc: '2.0', id: i, method, params: modern ? { ...params, _meta: META } : params });
};
const heap = () => { (globalThis as any).gc(); (globalThis as any).gc(); return process.memoryUsage().heapUsed; };
const mode = process.argv[2] ?? 'live';
const N = Number(process.argv[3] ?? 20000);

await prepareTools();
const config = { ...(serveConfig({}) as object), era: 'dual' } as any;
const modern = mode !== 'legacy-live';
const opening = modern
  ? [JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'server/discover', params: { _meta: META } })]
  : [JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '1' } } }), JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })];
let feed: (line: string) => void;
if (mode === 'live' || mode === 'legacy-live') {
  const live = new LiveServer({ config, send: () => {} });
  feed = (l) => live.receiveLine(l);
} else if (mode === 'sim') {
  const s = new SimServer(config);
  feed = (l) => { s.receive(JSON.parse(l), 0); while (s.outbox.peek()) s.next(); };
} else {
  // the session log alone, fed the request and a matching answer
  const log = new SessionLog({ keep: false });
  const s = new SimServer(config);
  feed = (l) => { const m = JSON.parse(l); log.push({ type: 'message', direction: 'client->server', message: m }); s.receive(m, 0); for (let it = s.outbox.peek(); it; it = s.outbox.peek()) { s.next(); log.push({ type: 'message', direction: 'server->client', message: it.message }); } };
}
for (const l of opening) feed(l);
for (let i = 1; i <= 1000; i++) feed(req(i, modern));
const h1 = heap();
for (let i = 1001; i <= N; i++) feed(req(i, modern));
const h2 = heap();
console.log(mode, 'bytes retained per request', ((h2 - h1) / (N - 1000)).toFixed(0), 'heap', (h2 / 1048576).toFixed(1), 'MB');

