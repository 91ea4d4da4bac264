import { spawn } from 'node:child_process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
const child = spawn(process.execPath, ['dist/cli/main.js', 'serve', '--http', '0', '--trace-file', '/tmp/h16/m.jsonl']);
let err = '';
const url = await new Promise((r) => child.stderr.on('data', (b) => { err += b; const m = /listening on (http:\S+)/.exec(err); if (m) r(new URL(m[1])); }));
for (const mode of [{ mode: 'auto' }, { mode: 'pin', version: '2026-07-28' }]) {
  const c = new Client({ name: 'v2', version: '1' }, { versionNegotiation: mode });
  const t = new StreamableHTTPClientTransport(url);
  try {
  await c.connect(t);
  console.log(mode.mode, c.getProtocolEra(), c.getNegotiatedProtocolVersion(), t.sessionId);
  const { tools } = await c.listTools();
  console.log(tools.length);
  const p = [];
  const r = await c.callTool({ name: 'long_running_task', arguments: { steps: 3, delayMs: 20 } }, { onprogress: (x) => p.push(x.progress) });
  console.log(JSON.stringify(r.content), p);
  await c.close();
  } catch (e) { console.log('ERR', e); }
}
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
console.log(err);
