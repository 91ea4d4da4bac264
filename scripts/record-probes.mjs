/**
 * Records real answers to a dual-era client's first message, the `server/discover` probe
 * (2026-07-28 basic/transports/stdio › Backward Compatibility), for exercise 10-era-detection:
 *
 *   node scripts/record-probes.mjs > exercises/recordings/era-probes.recorded.jsonl
 *
 * Each server is a real child process on real pipes; the probe is written to its stdin as one line
 * and the first line it writes back to stdout is recorded as it was parsed (key order kept). One
 * line per probe: {"name", "server", "probe", "answer"}. The servers:
 * - `@modelcontextprotocol/server-everything` (SDK v1 1.32.2, a legacy server);
 * - `test/fixtures/connect/v2-server.mjs serve` (SDK v2 2.4.0 `serveStdio`, dual era), probed with
 *   2026-07-28 and with a revision it does not serve (2099-01-01, as a client newer than the server
 *   would): a DiscoverResult, then a real −32022;
 * - the same server `reject` (modern only), probed with 2099-01-01;
 * - `test/fixtures/connect/scripted-server.mjs legacy-error -32602`: hand-written, not an SDK, for the
 *   answer the spec says Python's legacy servers give (−32602), which no server installed here gives.
 * Then mcp-sim's own client: `mcp-sim connect --era auto --trace-file` (the built CLI, `npm run build`
 * first) against server-everything and against the dual-era SDK v2 server; its probe and the answer.
 * Then the probe and its answer from each SDK v2 client recording in test/fixtures/real
 * (`v2-modern`, `v2-client-mcp-sim`, `v2-dual-everything`; the client's own probe, in place), as
 * they are in those files.
 */

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const V2 = join(ROOT, 'test/fixtures/connect/v2-server.mjs');
const SCRIPTED = join(ROOT, 'test/fixtures/connect/scripted-server.mjs');

const envelope = (version) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientInfo': { name: 'mcp-sim-recorder', version: '0.1.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

const SESSIONS = [
  {
    name: 'server-everything, probed with 2026-07-28',
    server: 'server-everything 2026.8.31 (SDK v1 1.32.2, legacy)',
    args: [EVERYTHING, 'stdio'],
    version: '2026-07-28',
  },
  {
    name: 'SDK v2 serveStdio (legacy: serve), probed with 2026-07-28',
    server: '@modelcontextprotocol/server 2.4.0 serveStdio, legacy: serve',
    args: [V2, 'serve'],
    version: '2026-07-28',
  },
  {
    name: 'SDK v2 serveStdio (legacy: serve), probed with 2099-01-01',
    server: '@modelcontextprotocol/server 2.4.0 serveStdio, legacy: serve',
    args: [V2, 'serve'],
    version: '2099-01-01',
  },
  {
    name: 'SDK v2 serveStdio (legacy: reject), probed with 2099-01-01',
    server: '@modelcontextprotocol/server 2.4.0 serveStdio, legacy: reject',
    args: [V2, 'reject'],
    version: '2099-01-01',
  },
  {
    name: 'a scripted legacy server answering -32602',
    server: 'test/fixtures/connect/scripted-server.mjs legacy-error -32602 (hand-written)',
    args: [SCRIPTED, 'legacy-error', '-32602'],
    version: '2026-07-28',
  },
];

const RECORDED = [
  ['v2-modern.jsonl', 'SDK v2 client (auto) and the SDK v2 recording server'],
  ['v2-client-mcp-sim.jsonl', "SDK v2 client (auto) and mcp-sim's own serve"],
  ['v2-dual-everything.jsonl', 'SDK v2 client (auto) and server-everything'],
];

function probe({ name, server, args, version }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    const message = {
      jsonrpc: '2.0',
      id: 'server-discover-probe-1',
      method: 'server/discover',
      params: { _meta: envelope(version) },
    };
    let buffer = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${name}: no answer in 15 s`));
    }, 15_000);
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      clearTimeout(timer);
      const answer = JSON.parse(buffer.slice(0, end));
      child.stdin.end();
      child.kill('SIGTERM');
      resolve({ name, server, probe: message, answer });
    });
    child.stdin.write(`${JSON.stringify(message)}\n`);
  });
}

for (const [file, server] of RECORDED) {
  const [probe, answer] = readFileSync(join(ROOT, 'test/fixtures/real', file), 'utf8')
    .split('\n')
    .slice(0, 2)
    .map((line) => JSON.parse(line).message);
  const name = `test/fixtures/real/${file}, lines 1-2`;
  process.stdout.write(`${JSON.stringify({ name, server, probe, answer })}\n`);
}
const CONNECTED = [
  [
    'mcp-sim connect --era auto, server-everything',
    'server-everything 2026.8.31 (SDK v1 1.32.2, legacy)',
    [EVERYTHING, 'stdio'],
  ],
  [
    'mcp-sim connect --era auto, SDK v2 serveStdio (legacy: serve)',
    '@modelcontextprotocol/server 2.4.0 serveStdio, legacy: serve',
    [V2, 'serve'],
  ],
];
const temp = mkdtempSync(join(tmpdir(), 'record-probes-'));
for (const [name, server, args] of CONNECTED) {
  const trace = join(temp, 'trace.jsonl');
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'dist/cli/main.js'),
      'connect',
      '--json',
      '--era',
      'auto',
      '--trace-file',
      trace,
      '--',
      process.execPath,
      ...args,
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const [probe, answer] = readFileSync(trace, 'utf8')
    .split('\n')
    .slice(0, 2)
    .map((line) => JSON.parse(line).message);
  process.stdout.write(`${JSON.stringify({ name, server, probe, answer })}\n`);
}
rmSync(temp, { recursive: true, force: true });
for (const session of SESSIONS) {
  process.stdout.write(`${JSON.stringify(await probe(session))}\n`);
}
