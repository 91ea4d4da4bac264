import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

/**
 * `mcp-sim connect --era auto|legacy|modern` against real servers: SDK v2 `serveStdio` modern-only
 * (`legacy: 'reject'`) and dual-era (`legacy: 'serve'`), and server-everything (SDK v1, legacy).
 */
const EVERYTHING = [
  join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'),
  'stdio',
];
const V2 = join(ROOT, 'test', 'fixtures', 'connect', 'v2-server.mjs');
const MODERN_ONLY = [V2, 'reject'];
const DUAL = [V2, 'serve'];

const PROTOCOL = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/clientInfo';

type Step = {
  direction: 'client->server' | 'server->client';
  era: string | null;
  message: Record<string, unknown> & { params?: { _meta?: Record<string, unknown> } };
  violations: Array<{ rule: string }>;
};
type ConnectJson = {
  era: string | null;
  revision: string | null;
  negotiatedVersion: string | null;
  fallback: string | null;
  title: string;
  steps: Step[];
  problems: string[];
};

async function connect(options: string[], server: string[]) {
  const result = await runCli(['connect', '--json', ...options, '--', process.execPath, ...server]);
  return { ...result, run: JSON.parse(result.stdout) as ConnectJson };
}

const sent = (run: ConnectJson) =>
  run.steps.filter((s) => s.direction === 'client->server').map((s) => s.message);
const methods = (run: ConnectJson) => sent(run).map((m) => m.method);
const violations = (run: ConnectJson) => run.steps.flatMap((s) => s.violations.map((v) => v.rule));

/** A modern session: probe, then the same operations, each with the envelope; no handshake. */
function expectModern(run: ConnectJson, server: string) {
  expect(run.problems).toEqual([]);
  expect(run.era).toBe('modern');
  expect(run.revision).toBe('2026-07-28');
  expect(run.fallback).toBeNull();
  expect(run.title).toContain(server);
  expect(methods(run)).toEqual(['server/discover', 'tools/list', 'tools/call']);
  for (const m of sent(run).filter((m) => 'id' in m)) {
    const meta = m.params?._meta ?? {};
    expect(meta[PROTOCOL]).toBe('2026-07-28');
    expect(meta[CAPS]).toEqual({});
    expect(meta[INFO]).toMatchObject({ name: 'mcp-sim-connect' });
  }
  expect(run.steps.every((s) => s.era === 'modern')).toBe(true);
  const answers = run.steps.filter((s) => s.direction === 'server->client');
  expect(answers.every((s) => 'result' in s.message)).toBe(true);
  expect(violations(run)).toEqual([]);
}

describe('connect --era auto (the default)', () => {
  it('a modern-only SDK v2 server: the probe is answered, the session is modern', async () => {
    const { code, stderr, run } = await connect(['--call', 'echo', '{"text":"hi"}'], MODERN_ONLY);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expectModern(run, 'mcp-sim-v2-reject');
  });

  it('a dual-era SDK v2 server: modern too', async () => {
    const { code, run } = await connect(['--era', 'auto', '--call', 'echo', '{"text":"hi"}'], DUAL);
    expect(code).toBe(0);
    expectModern(run, 'mcp-sim-v2-serve');
  });

  it('server-everything (legacy): -32601 to the probe, then the handshake, and says so', async () => {
    const { code, stderr, run } = await connect([], EVERYTHING);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(run.problems).toEqual([]);
    expect(run.fallback).toMatch(
      /^fell back to the handshake: the server answered server\/discover with -32601 /,
    );
    expect(run.fallback).not.toContain('\n');
    expect(methods(run).slice(0, 3)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
    ]);
    expect(methods(run)).not.toContain('ping');
    expect(run.negotiatedVersion).toBe('2025-11-25');
    expect(run.revision).toBe('2025-11-25');
    // Labelled as trace labels it: the probe modern, the rest legacy, the session dual.
    expect(run.era).toBe('dual');
    expect(run.steps.slice(0, 2).map((s) => s.era)).toEqual(['modern', 'modern']);
    expect(run.steps.slice(2).every((s) => s.era === 'legacy')).toBe(true);
    expect(violations(run)).toEqual([]);
  });

  it('says it in the handout’s recap, and in Chinese with --lang zh', async () => {
    const en = await runCli(['connect', '--plain', '--', process.execPath, ...EVERYTHING]);
    expect(en.code).toBe(0);
    expect(en.stdout).toMatch(/Fell back to the handshake: the server answered server\/discover/);
    expect(en.stdout).toContain('Legacy era (the handshake). Negotiated version: 2025-11-25');
    const zh = await runCli([
      'connect',
      '--plain',
      '--lang',
      'zh',
      '--',
      process.execPath,
      ...EVERYTHING,
    ]);
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/退回握手：服务器对 server\/discover 的回应是 -32601/);
    expect(zh.stdout).not.toContain('Fell back');
  });

  it('a server that never answers the probe: the handshake after --probe-timeout', async () => {
    // Answers initialize only; everything else goes unanswered.
    const script = `
      const say = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
      let buf = '';
      process.stdin.on('data', (d) => {
        buf += d;
        for (let i = buf.indexOf('\\n'); i >= 0; i = buf.indexOf('\\n')) {
          const m = JSON.parse(buf.slice(0, i));
          buf = buf.slice(i + 1);
          if (m.method === 'initialize')
            say({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion,
              capabilities: {}, serverInfo: { name: 'quiet', version: '1' } } });
        }
      });`;
    const { code, run } = await connect(['--probe-timeout', '300'], ['-e', script]);
    expect(code).toBe(0);
    expect(run.problems).toEqual([]);
    expect(run.fallback).toMatch(
      /^fell back to the handshake: the server did not answer server\/discover #server-discover-probe-1 within 300 ms/,
    );
    expect(methods(run)).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
    expect(run.negotiatedVersion).toBe('2025-11-25');
    expect(violations(run)).toEqual([]);
  });
});

describe('connect --era auto: a server that exits on the probe', () => {
  it('says so in one line and suggests --era legacy', async () => {
    const script = "console.error('unexpected request before initialize'); process.exit(3)";
    const { code, stderr, run } = await connect([], ['-e', script]);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^mcp-sim connect: the server exited early \(exit code 3\) before answering server\/discover #server-discover-probe-1\. .*"unexpected request before initialize".* try --era legacy\.$/,
    );
    expect(run.revision).toBeNull(); // no session was established
  });
});

describe('connect --era legacy: the handshake, as before', () => {
  it('a dual-era SDK v2 server serves the handshake', async () => {
    const { code, run } = await connect(['--era', 'legacy'], DUAL);
    expect(code).toBe(0);
    expect(run.problems).toEqual([]);
    expect(methods(run).slice(0, 3)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
    ]);
    expect(methods(run)).not.toContain('server/discover');
    expect(run.era).toBe('legacy');
    expect(run.fallback).toBeNull();
    expect(run.negotiatedVersion).toBe('2025-11-25');
    expect(violations(run)).toEqual([]);
  });

  it('server-everything: initialize first', async () => {
    const { code, run } = await connect(['--era', 'legacy'], EVERYTHING);
    expect(code).toBe(0);
    expect(methods(run)[0]).toBe('initialize');
    expect(methods(run)).not.toContain('server/discover');
    expect(violations(run)).toEqual([]);
  });

  it('a modern-only server refuses initialize with -32022, explained in one line', async () => {
    const { code, stderr } = await connect(['--era', 'legacy'], MODERN_ONLY);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^mcp-sim connect: the server refused initialize: -32022 .*Unsupported protocol version: .*--era auto/,
    );
  });

  it('--version 2026-07-28 has no initialize: a usage error with --era legacy', async () => {
    const r = await runCli(['connect', '--era', 'legacy', '--version', '2026-07-28', '--', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcp-sim: --version 2026-07-28 is a modern revision/);
    expect((await runCli(['connect', '--era', 'old', '--', 'x'])).code).toBe(2);
  });
});

describe('connect --era modern: the probe, no fallback', () => {
  it('server-everything: no modern answer, in one line, and no initialize', async () => {
    const { code, stderr, run } = await connect(['--era', 'modern'], EVERYTHING);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^mcp-sim connect: no modern answer: the server answered server\/discover with -32601 .*--era modern has no fallback to initialize\.$/,
    );
    expect(methods(run)).toEqual(['server/discover']);
    expect(violations(run)).toEqual([]);
  });

  it('--version 2026-07-28 means the modern era', async () => {
    const modern = await connect(
      ['--version', '2026-07-28', '--call', 'echo', '{"text":"hi"}'],
      MODERN_ONLY,
    );
    expect(modern.code).toBe(0);
    expectModern(modern.run, 'mcp-sim-v2-reject');
    const legacy = await connect(['--version', '2026-07-28'], EVERYTHING);
    expect(legacy.code).toBe(1);
    expect(legacy.stderr).toMatch(/no modern answer/);
    expect(methods(legacy.run)).toEqual(['server/discover']);
  });

  it('-32022 to the probe with no version in common: a modern server, explained', async () => {
    const script = `
      let buf = '';
      process.stdin.on('data', (d) => {
        buf += d;
        for (let i = buf.indexOf('\\n'); i >= 0; i = buf.indexOf('\\n')) {
          const m = JSON.parse(buf.slice(0, i));
          buf = buf.slice(i + 1);
          if (m.id !== undefined)
            process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32022,
              message: 'Unsupported protocol version', data: { supported: ['2099-01-01'],
              requested: m.params._meta['io.modelcontextprotocol/protocolVersion'] } } }) + '\\n');
        }
      });`;
    const { code, stderr, run } = await connect([], ['-e', script]);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^mcp-sim connect: the server answered server\/discover with -32022 .*: a modern server, but the probe found no version both sides support/,
    );
    // A recognised modern error: no fallback to initialize.
    expect(methods(run)).toEqual(['server/discover']);
  });

  it('-32021 in a modern session is explained in one line, in the learner’s language', async () => {
    const script = `
      const say = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
      let buf = '';
      process.stdin.on('data', (d) => {
        buf += d;
        for (let i = buf.indexOf('\\n'); i >= 0; i = buf.indexOf('\\n')) {
          const m = JSON.parse(buf.slice(0, i));
          buf = buf.slice(i + 1);
          if (m.method === 'server/discover')
            say({ jsonrpc: '2.0', id: m.id, result: { resultType: 'complete',
              supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0,
              cacheScope: 'private' } });
          else if (m.id !== undefined)
            say({ jsonrpc: '2.0', id: m.id, error: { code: -32021,
              message: 'Missing required client capability',
              data: { requiredCapabilities: { elicitation: {} } } } });
        }
      });`;
    const en = await connect(['--era', 'modern'], ['-e', script]);
    expect(en.code).toBe(1);
    expect(en.run.era).toBe('modern');
    expect(methods(en.run)).toEqual(['server/discover', 'tools/list']);
    const lines = en.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^mcp-sim connect: the server answered tools\/list #1 with -32021 /);
    const zh = await connect(['--lang', 'zh'], ['-e', script]);
    expect(zh.stderr.trim()).toMatch(/^mcp-sim connect: 服务器对 tools\/list #1 的回应是 -32021 /);
  });
});

describe('connect --trace-file: trace labels the saved session as connect did', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-connect-era-'));
  for (const [name, server, era] of [
    ['modern-only', MODERN_ONLY, 'modern'],
    ['server-everything', EVERYTHING, 'dual'],
  ] as const) {
    it(`${name}: ${era}, every step with the era connect gave it, no violation`, async () => {
      const file = join(dir, `${name}.jsonl`);
      const { code, run } = await connect(['--trace-file', file], [...server]);
      expect(code).toBe(0);
      const traced = await runCli(['trace', '--json', file]);
      const out = JSON.parse(traced.stdout) as {
        messages: Array<{ era: string; violations: unknown[] }>;
        summary: { era: string; violations: number };
      };
      expect(out.summary.era).toBe(era);
      expect(run.era).toBe(era);
      expect(out.summary.violations).toBe(0);
      expect(out.messages.map((l) => l.era)).toEqual(run.steps.map((s) => s.era));
    });
  }
});
