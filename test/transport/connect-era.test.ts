import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from '../helpers/cli.js';

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
const SCRIPTED = join(ROOT, 'test', 'fixtures', 'connect', 'scripted-server.mjs');
/**
 * A legacy server that answers the probe with -32601, as server-everything does, for the tests
 * about what the client does then rather than about server-everything (which takes ~0.6 s of CPU
 * to start, this one ~0.1 s); the tests named after server-everything still start it.
 */
const LEGACY = [SCRIPTED, 'legacy-error', '-32601'];

const PROTOCOL = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/clientInfo';
const SUB = 'io.modelcontextprotocol/subscriptionId';

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
  notes: string[];
};

async function connect(options: string[], server: string[]) {
  const result = await runCli(['connect', '--json', ...options, '--', process.execPath, ...server]);
  return { ...result, run: JSON.parse(result.stdout) as ConnectJson };
}

const sent = (run: ConnectJson) =>
  run.steps.filter((s) => s.direction === 'client->server').map((s) => s.message);
const methods = (run: ConnectJson) => sent(run).map((m) => m.method);
const violations = (run: ConnectJson) => run.steps.flatMap((s) => s.violations.map((v) => v.rule));

/**
 * A modern session: probe, then the same operations, each with the envelope; no handshake. The
 * server declared tools.listChanged, so a listen stream is open around the calls.
 */
function expectModern(run: ConnectJson, server: string) {
  expect(run.problems).toEqual([]);
  expect(run.era).toBe('modern');
  expect(run.revision).toBe('2026-07-28');
  expect(run.fallback).toBeNull();
  expect(run.title).toContain(server);
  expect(methods(run)).toEqual([
    'server/discover',
    'tools/list',
    'subscriptions/listen',
    'tools/call',
    'notifications/cancelled',
  ]);
  for (const m of sent(run).filter((m) => 'id' in m)) {
    const meta = m.params?._meta ?? {};
    expect(meta[PROTOCOL]).toBe('2026-07-28');
    expect(meta[CAPS]).toEqual({});
    expect(meta[INFO]).toMatchObject({ name: 'mcp-sim-connect' });
  }
  expect(run.steps.every((s) => s.era === 'modern')).toBe(true);
  // Answers are results; the rest is the listen stream's acknowledgement, naming its id.
  const listen = sent(run).find((m) => m.method === 'subscriptions/listen');
  for (const { message } of run.steps.filter((s) => s.direction === 'server->client')) {
    if ('id' in message) expect(message).toHaveProperty('result');
    else expect(message.params?._meta?.[SUB]).toBe(listen?.id);
  }
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
    const en = await runCli(['connect', '--plain', '--', process.execPath, ...LEGACY]);
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
      ...LEGACY,
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

  it('server-everything: a tool that runs only as a task is called as one, polled and fetched', async () => {
    const { code, run } = await connect(
      ['--era', 'legacy', '--lang', 'en', '--call', 'simulate-research-query', '{"topic":"tides"}'],
      EVERYTHING,
    );
    expect(code).toBe(0);
    const call = sent(run).find((m) => m.method === 'tools/call');
    // 2025-11-25 tasks › Tool-Level Negotiation: execution.taskSupport "required".
    expect(call?.params).toMatchObject({ name: 'simulate-research-query', task: { ttl: 60000 } });
    const asked = methods(run);
    expect(asked).toContain('tasks/get');
    expect(asked.at(-1)).toBe('tasks/result');
    // The last answer is the tool's own result, after the task completed.
    const last = run.steps.at(-1)?.message as { result?: { content?: unknown[] } };
    expect(last.result?.content?.length).toBeGreaterThan(0);
    expect(violations(run)).toEqual([]);
    expect(run.notes.join(' ')).toMatch(
      /called it with params\.task: task \S+, polled with tasks\/get until "completed"/,
    );
  }, 30_000);

  it('a modern-only server refuses initialize with -32022, explained in one line', async () => {
    const { code, stderr } = await connect(['--era', 'legacy'], MODERN_ONLY);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^mcp-sim connect: the server refused initialize: -32022 .*Unsupported protocol version: .*--era auto/,
    );
    // Said for what was sent: an initialize offers its version in params, and has no _meta.
    expect(lines[0]).toMatch(
      /[Tt]he server does not serve 2025-11-25, the version this initialize offered in params\.protocolVersion; it serves 2026-07-28\./,
    );
    // The code's name once, when the server's own message already is that name.
    expect(lines[0]?.match(/Unsupported protocol version/gi)).toHaveLength(1);
    expect(lines[0]).not.toContain('_meta');
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
    const legacy = await connect(['--version', '2026-07-28'], LEGACY);
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

describe('connect --era auto: the fallback is keyed to no error code', () => {
  for (const code of ['-32600', '-32000']) {
    it(`a legacy server that answers the probe with ${code}: the handshake, and says so`, async () => {
      const { code: exit, run } = await connect([], [SCRIPTED, 'legacy-error', code]);
      expect(exit).toBe(0);
      expect(run.problems).toEqual([]);
      expect(run.fallback).toMatch(
        new RegExp(
          `^fell back to the handshake: the server answered server/discover with ${code} `,
        ),
      );
      expect(methods(run)).toEqual([
        'server/discover',
        'initialize',
        'notifications/initialized',
        'tools/list',
      ]);
      expect(run.negotiatedVersion).toBe('2025-11-25');
      expect(violations(run)).toEqual([]);
    });
  }

  it('a probe answered with {} (no DiscoverResult): the fallback is not era-mixed, in connect or trace', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcp-sim-connect-empty-')), 'session.jsonl');
    const { code, run } = await connect(['--trace-file', file], [SCRIPTED, 'legacy-empty']);
    expect(code).toBe(0);
    expect(run.era).toBe('dual');
    expect(run.fallback).toMatch(/with a result that is not a DiscoverResult/);
    expect(methods(run)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
      'tools/list',
    ]);
    // The empty result is flagged for what it is; the fallback after it is what the spec asks
    // ("anything else identifies a legacy server"), not a client mixing eras.
    expect(run.steps[1]?.violations.map((v) => v.rule)).toContain('result-type-missing');
    expect(violations(run)).not.toContain('era-mixed');
    expect(run.steps.slice(2).flatMap((s) => s.violations)).toEqual([]);
    const traced = await runCli(['trace', '--json', file]);
    const out = JSON.parse(traced.stdout) as {
      messages: Array<{ violations: string[] }>;
      summary: { era: string };
    };
    expect(out.summary.era).toBe('dual');
    expect(out.messages.flatMap((m) => m.violations)).not.toContain('era-mixed');
  });

  it('a pinned handshake version opens with initialize offering it, no probe', async () => {
    const { code, run } = await connect(['--version', '2025-06-18'], LEGACY);
    expect(code).toBe(0);
    expect(sent(run)[0]).toMatchObject({
      method: 'initialize',
      params: { protocolVersion: '2025-06-18' },
    });
    expect(methods(run)).not.toContain('server/discover');
    expect(run.negotiatedVersion).toBe('2025-06-18');
  });
});

/** Every capability an input request can need, declared. */
const ASKABLE = [
  '--capability',
  'elicitation',
  '--capability',
  'sampling',
  '--capability',
  'roots',
];
const ROUND_CALLS = [
  '--call',
  'confirm_echo',
  '{"text":"hi"}',
  '--call',
  'plan',
  '{"topic":"release"}',
  '--call',
  'add_tool',
];

describe('connect in 2026-07-28: input_required rounds and a listen stream (SDK v2 servers)', () => {
  for (const [name, server] of [
    ['modern-only', MODERN_ONLY],
    ['dual-era', DUAL],
  ] as const) {
    it(`${name}: fulfils every round, sees list_changed on its stream, ends it; no violation`, async () => {
      const { code, stderr, run } = await connect([...ASKABLE, ...ROUND_CALLS], [...server]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(run.era).toBe('modern');
      expect(run.problems).toEqual([]);
      expect(violations(run)).toEqual([]);
      const calls = sent(run).filter((m) => m.method === 'tools/call');
      const params = (m: Record<string, unknown>) => m.params as Record<string, unknown>;
      const byName = (tool: string) => calls.filter((m) => params(m).name === tool);
      // confirm_echo: one round (elicitation), then the retry with a new id.
      const [ask, retry] = byName('confirm_echo');
      expect(retry?.id).not.toBe(ask?.id);
      expect(params(retry ?? {}).inputResponses).toEqual({ confirm: { action: 'decline' } });
      expect(params(retry ?? {}).requestState).toBe('confirm-1');
      expect(params(retry ?? {}).arguments).toEqual(params(ask ?? {}).arguments);
      // plan: two rounds, roots then sampling, each retry echoing the state the round gave.
      const plan = byName('plan');
      expect(plan.map((m) => params(m).requestState)).toEqual([undefined, 'plan:1', 'plan:2:1']);
      expect(Object.keys(params(plan[1] ?? {}).inputResponses as object)).toEqual(['roots']);
      expect(Object.keys(params(plan[2] ?? {}).inputResponses as object)).toEqual(['draft']);
      expect(new Set(plan.map((m) => m.id)).size).toBe(3);
      const texts = run.steps
        .filter((s) => s.direction === 'server->client' && 'result' in s.message)
        .map((s) => JSON.stringify(s.message.result));
      expect(texts.some((t) => t.includes('the user chose decline'))).toBe(true);
      expect(texts.some((t) => t.includes('plan for release over 1 root(s)'))).toBe(true);
      // The listen stream: acknowledged, list_changed on it, tools listed again, then cancelled.
      const listen = sent(run).find((m) => m.method === 'subscriptions/listen');
      expect(listen?.params).toMatchObject({ notifications: { toolsListChanged: true } });
      const changed = run.steps.find(
        (s) => s.message.method === 'notifications/tools/list_changed',
      );
      expect(changed?.message.params?._meta?.[SUB]).toBe(listen?.id);
      expect(methods(run).filter((m) => m === 'tools/list')).toHaveLength(2);
      expect(sent(run).at(-1)).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: listen?.id, reason: 'The client stopped listening' },
      });
      expect(run.notes).toHaveLength(3);
      expect(run.notes[0]).toMatch(
        /^tools\/call "confirm_echo" #\d+ needed 1 input_required round/,
      );
      expect(run.notes[1]).toMatch(/^tools\/call "plan" #\d+ needed 2 input_required rounds/);
      expect(run.notes[2]).toMatch(
        /^listen stream #\d+: the server acknowledged toolsListChanged; one notification arrived/,
      );
    });
  }

  it('a server that tears the listen stream down: the client takes it as ended, sends no cancellation of its own, and says who ended it', async () => {
    const { code, run } = await connect([], [SCRIPTED, 'teardown']);
    expect(code).toBe(0);
    expect(run.era).toBe('modern');
    expect(run.problems).toEqual([]);
    expect(violations(run)).toEqual([]);
    const listen = sent(run).find((m) => m.method === 'subscriptions/listen');
    expect(listen).toBeDefined();
    expect(methods(run)).not.toContain('notifications/cancelled');
    expect(run.notes.at(-1)).toMatch(
      /^listen stream #\d+: the server acknowledged toolsListChanged; no notification arrived on it; the server tore it down with notifications\/cancelled naming the listen request\.$/,
    );
  });

  it('the same tools in the handshake era: the server asks with requests, the client answers', async () => {
    const { code, run } = await connect(['--era', 'legacy', ...ASKABLE, ...ROUND_CALLS], DUAL);
    expect(code).toBe(0);
    expect(run.problems).toEqual([]);
    const asked = run.steps
      .filter((s) => s.direction === 'server->client' && 'method' in s.message && 'id' in s.message)
      .map((s) => s.message.method);
    expect(asked).toEqual(['elicitation/create', 'roots/list', 'sampling/createMessage']);
    expect(methods(run)).not.toContain('subscriptions/listen');
    expect(violations(run)).toEqual([]);
  });

  it('without the capability the server answers -32021, explained with the flag to add (en, zh)', async () => {
    const en = await connect(['--call', 'confirm_echo', '{"text":"hi"}'], MODERN_ONLY);
    expect(en.code).toBe(1);
    const lines = en.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^mcp-sim connect: the server answered tools\/call #\d+ with -32021 .*\(Missing required client capability: .*\); it needs the client capabilities elicitation\.form, which connect declares with --capability elicitation\.form\.$/,
    );
    const zh = await connect(
      ['--lang', 'zh', '--call', 'confirm_echo', '{"text":"hi"}'],
      MODERN_ONLY,
    );
    expect(zh.stderr.trim()).toMatch(
      /^mcp-sim connect: 服务器对 tools\/call #\d+ 的回应是 -32021 .*；它需要客户端能力 elicitation\.form，connect 可以用 --capability elicitation\.form 声明。$/,
    );
  }, 90_000);
});

describe('connect in 2026-07-28: rounds the client will not fulfil', () => {
  it('an input request the client did not declare: answered by nothing, said in one line', async () => {
    const { code, stderr, run } = await connect(['--call', 'ask', '{}'], [SCRIPTED, 'undeclared']);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^mcp-sim connect: the server's input_required answer to tools\/call #\d+ asked for sampling\/createMessage \(key "model"\), which needs sampling, not declared by this client; .* does not retry\.$/,
    );
    expect(methods(run).filter((m) => m === 'tools/call')).toHaveLength(1);
    // The referee names the server's fault too.
    expect(violations(run)).toContain('client-capability-not-declared');
    const zh = await connect(['--lang', 'zh', '--call', 'ask', '{}'], [SCRIPTED, 'undeclared']);
    expect(zh.stderr.trim()).toMatch(
      /^mcp-sim connect: 服务器对 tools\/call #\d+ 的 input_required 回应请求了/,
    );
  }, 90_000);

  it('a server that never stops asking: 8 retries, each echoing its state, then it stops', async () => {
    const { code, stderr, run } = await connect(['--call', 'ask', '{}'], [SCRIPTED, 'endless']);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(
      /^mcp-sim connect: the server answered tools\/call #\d+ with input_required 9 times in a row; this client fulfils at most 8 rounds/,
    );
    const calls = sent(run).filter((m) => m.method === 'tools/call');
    expect(calls).toHaveLength(9);
    expect(calls.slice(1).map((m) => (m.params as Record<string, unknown>).requestState)).toEqual(
      Array.from({ length: 8 }, (_, i) => `round ${i + 1} ✓`),
    );
    // Every answer was a round, none an error: the state came back exactly each time.
    const answers = run.steps.filter((s) => s.direction === 'server->client');
    expect(answers.every((s) => 'result' in s.message)).toBe(true);
    expect(violations(run)).toEqual([]);
  });
});

describe('connect against mcp-sim serve (the simulated server, dual era)', () => {
  it('a modern session with what it offers; the referee finds nothing', async () => {
    const { code, stderr, run } = await connect(
      [
        '--probe-timeout',
        '20000',
        '--capability',
        'sampling',
        '--call',
        'summarize_text',
        '{"text":"one two three"}',
      ],
      [CLI, 'serve'],
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(run.era).toBe('modern');
    expect(run.problems).toEqual([]);
    expect(methods(run)).toContain('subscriptions/listen');
    expect(violations(run)).toEqual([]);
  });
});

describe('connect --timeout: a request that gets no answer in time is cancelled', () => {
  const cancels = (run: ConnectJson) =>
    sent(run).filter((m) => m.method === 'notifications/cancelled');

  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: notifications/cancelled, the calls not made named, a late answer told as late`, async () => {
      // --timeout also bounds the probe: long enough for a cold start on a loaded machine.
      const { code, run } = await connect(
        ['--era', era, '--timeout', '2000', '--call', 'ask', '--call', 'ask2', '--call', 'ask3'],
        [SCRIPTED, 'late', '2600'],
      );
      expect(code).toBe(1);
      const call = sent(run).find((m) => m.method === 'tools/call');
      // The same form in both eras (2026-07-28 notifications carry no envelope).
      expect(cancels(run).map((m) => m.params)).toEqual([
        { requestId: call?.id, reason: 'No answer within 2000 ms' },
      ]);
      expect(sent(run).filter((m) => m.method === 'tools/call')).toHaveLength(1);
      // The answer that came anyway is in the record, flagged, and the explanation agrees.
      const late = run.steps.find(
        (s) => s.direction === 'server->client' && s.message.id === call?.id,
      );
      expect(late?.violations.map((v) => v.rule)).toEqual(['response-after-cancellation']);
      expect(run.problems).toEqual([
        expect.stringMatching(
          new RegExp(
            `^the server did not answer tools/call #${String(call?.id)} within 2000 ms; the client cancelled it \\(notifications/cancelled, .*Timeouts.*\\) and stopped waiting\\. Its answer came \\d+ ms after the cancellation: a late answer`,
          ),
        ),
        'the session stopped there, so these --call tools were not called: ask2, ask3.',
      ]);
      expect(run.problems.join(' ')).not.toContain('never answered');
    });
  }

  it('server-everything: the cancelled call is not answered, and the next call is named', async () => {
    const { code, run } = await connect(
      [
        '--era',
        'legacy',
        // Long enough for server-everything's cold start on a loaded machine.
        '--timeout',
        '2500',
        '--call',
        'trigger-long-running-operation',
        '{"duration":4,"steps":2}',
        '--call',
        'echo',
        '{"message":"after"}',
      ],
      EVERYTHING,
    );
    expect(code).toBe(1);
    const call = sent(run).find((m) => m.method === 'tools/call');
    expect(
      cancels(run).map((m) => (m.params as { requestId?: unknown } | undefined)?.requestId),
    ).toEqual([call?.id]);
    // The SDK server honours the cancellation: no answer is recorded, and none is said to be.
    expect(
      run.steps.some((s) => s.direction === 'server->client' && s.message.id === call?.id),
    ).toBe(false);
    expect(run.problems[0]).toMatch(
      /^the server never answered tools\/call #5 within 2500 ms; the client cancelled it/,
    );
    expect(run.problems[1]).toBe(
      'the session stopped there, so these --call tools were not called: echo.',
    );
  });
});
