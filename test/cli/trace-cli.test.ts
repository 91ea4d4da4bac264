import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { sessionMachine } from '../../src/machine/index.js';
import type { TraceLabel, TraceProblem, TraceSummary } from '../../src/trace/index.js';
import { CLI, type CliResult, ensureBuilt, inPool, ROOT, runCli } from '../helpers/cli.js';

const SAMPLE = join(ROOT, 'test', 'fixtures', 'samples', 'first-session.jsonl');
const CANCEL = join(ROOT, 'test', 'fixtures', 'real', 'everything-cancel.jsonl');
const MODERN = join(ROOT, 'test', 'fixtures', 'real', 'v2-modern.jsonl');
const DUAL = join(ROOT, 'test', 'fixtures', 'real', 'v2-dual-everything.jsonl');

type TraceJson = { messages: TraceLabel[]; summary: TraceSummary; problems: TraceProblem[] };

const ESC = '\u001b[';
const STACK = /^\s+at /m;

/** A usage error: exit 2, exactly one line on stderr, no stack trace, nothing on stdout. */
function expectUsageError(result: CliResult, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/^mcp-sim: [^\n]+\n$/);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(STACK);
  expect(result.stdout).toBe('');
}

function allStates(node: AnyStateNode = sessionMachine.root): AnyStateNode[] {
  return [
    node,
    ...Object.values(node.states as Record<string, AnyStateNode>).flatMap((n) => allStates(n)),
  ];
}

const dir = join(tmpdir(), `mcp-sim-cli-${process.pid}`);
const BROKEN = join(dir, 'broken.jsonl');
const FORCE = { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } };
const BOTH = { env: { NO_COLOR: '1', FORCE_COLOR: '1' } };
const STDIN = { stdin: readFileSync(SAMPLE) };

type Options = Parameters<typeof runCli>[1];
const runs = new Map<string, Promise<CliResult>>();

/** Runs the CLI once per distinct argument list and options; later calls share the result. */
function cli(args: readonly string[], options: Options = {}): Promise<CliResult> {
  const key = JSON.stringify([
    args,
    options?.env ?? {},
    options?.stdin ? options.stdin.length : null,
  ]);
  let result = runs.get(key);
  if (!result) {
    result = runCli(args, options);
    runs.set(key, result);
  }
  return result;
}

/** Every invocation the tests below make, started up front a few at a time. */
const INVOCATIONS: Array<[readonly string[], Options?]> = [
  [['trace', SAMPLE, '--json']],
  [['trace', '-', '--json'], STDIN],
  [['trace', SAMPLE, '--json'], FORCE],
  [['trace', join(dir, 'nope.jsonl'), '--json']],
  [['frobnicate']],
  [['trace', SAMPLE, '--bogus']],
  [['trace', BROKEN, '--json']],
  [['trace', CANCEL, '--json']],
  [['trace', CANCEL, '--json', '--strict']],
  [['trace', SAMPLE, '--strict']],
  [['trace', SAMPLE]],
  [['trace', CANCEL]],
  [['trace', SAMPLE], FORCE],
  [['trace', SAMPLE], BOTH],
  [['diagram']],
  [['diagram', '--format', 'json']],
  [['diagram', '--format', 'nope']],
];

beforeAll(async () => {
  await mkdir(dir, { recursive: true });
  const lines = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
  lines.splice(3, 0, '{"direction": "client->server", "message": {"jsonrpc": "2.0", "id": 9,');
  await writeFile(BROKEN, `${lines.join('\n')}\n`);
  await ensureBuilt();
  await inPool(
    4,
    INVOCATIONS.map(
      ([args, options]) =>
        () =>
          cli(args, options),
    ),
  );
}, 90_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mcp-sim trace --json', () => {
  let result: CliResult;
  let json: TraceJson;

  beforeAll(async () => {
    result = await cli(['trace', SAMPLE, '--json']);
    json = JSON.parse(result.stdout) as TraceJson;
  });

  it('exits 0 with nothing on stderr', () => {
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('has messages, summary and problems', () => {
    expect(Object.keys(json).sort()).toEqual(['messages', 'problems', 'summary']);
    expect(json.messages).toHaveLength(10);
    expect(json.problems).toEqual([]);
  });

  it('gives every message exactly the contract fields', () => {
    const fields = [
      'capability',
      'direction',
      'era',
      'id',
      'kind',
      'line',
      'method',
      'phase',
      'primitive',
      'violations',
    ];
    json.messages.forEach((m, i) => {
      expect(Object.keys(m).sort()).toEqual(fields);
      expect(m.line).toBe(i + 1);
      expect(m.violations).toEqual([]);
      expect(m.era).toBe('legacy');
    });
  });

  it('labels the handshake, the tools exchange and the list_changed notification', () => {
    const [m1, m2, m3, , m5, , , m8] = json.messages;
    expect(m1).toMatchObject({
      kind: 'request',
      method: 'initialize',
      primitive: 'lifecycle',
      phase: 'initialization',
      id: 1,
    });
    expect(m2).toMatchObject({
      kind: 'response',
      method: 'initialize',
      direction: 'server->client',
    });
    expect(m3).toMatchObject({
      kind: 'notification',
      method: 'notifications/initialized',
      phase: 'initialization',
      id: null,
    });
    expect(m5).toStrictEqual({
      line: 5,
      direction: 'server->client',
      kind: 'response',
      id: 2,
      method: 'tools/list',
      primitive: 'tools',
      phase: 'operation',
      capability: 'server.tools',
      violations: [],
      era: 'legacy',
    });
    expect(m8).toStrictEqual({
      line: 8,
      direction: 'server->client',
      kind: 'notification',
      id: null,
      method: 'notifications/tools/list_changed',
      primitive: 'tools',
      phase: 'operation',
      capability: 'server.tools.listChanged',
      violations: [],
      era: 'legacy',
    });
  });

  it('summarises the session', () => {
    expect(json.summary).toStrictEqual({
      era: 'legacy',
      requests: 4,
      responses: 4,
      errors: 0,
      notifications: 2,
      lifecycle: 3,
      operation: 7,
      lifecycleToOperationRatio: 3 / 7,
      violations: 0,
    });
  });

  it('reads standard input when the file is "-"', async () => {
    const piped = await cli(['trace', '-', '--json'], STDIN);
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.stdout)).toStrictEqual(json);
  });

  it('never colours JSON, even when colour is forced', async () => {
    const forced = await cli(['trace', SAMPLE, '--json'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(forced.stdout).not.toContain(ESC);
    expect(JSON.parse(forced.stdout)).toStrictEqual(json);
  });
});

describe('mcp-sim trace, problems and exit codes', () => {
  it('a missing file is a usage error (exit 2, one line, no stack)', async () => {
    const missing = await cli(['trace', join(dir, 'nope.jsonl'), '--json']);
    expectUsageError(missing, /nope\.jsonl: no such file/);
    // An empty argument (a shell variable that was never set) is named as such.
    expectUsageError(await cli(['trace', '']), /^mcp-sim: an empty file name: name a transcript/);
  });

  it('an unknown command is a usage error', async () => {
    expectUsageError(await cli(['frobnicate']), /unknown command "frobnicate"/);
  });

  it('an unknown option is a usage error', async () => {
    expectUsageError(await cli(['trace', SAMPLE, '--bogus']), /bogus/);
  });

  it('a broken line exits 1 and is reported with its line number; the rest is labelled', async () => {
    const result = await cli(['trace', BROKEN, '--json']);
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as TraceJson;
    expect(json.problems).toHaveLength(1);
    expect(json.problems[0]).toMatchObject({ line: 4, message: expect.any(String) });
    expect(json.messages).toHaveLength(10);
    expect(json.messages.map((m) => m.line)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('--strict exits 1 on violations; without it the same file exits 0', async () => {
    const lenient = await cli(['trace', CANCEL, '--json']);
    expect(lenient.code).toBe(0);
    expect((JSON.parse(lenient.stdout) as TraceJson).summary.violations).toBe(2);
    const strict = await cli(['trace', CANCEL, '--json', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe(lenient.stdout);
    const cleanStrict = await cli(['trace', SAMPLE, '--strict']);
    expect(cleanStrict.code).toBe(0);
  });
});

describe('mcp-sim trace, the table', () => {
  it('prints a header, one row per message and a summary', async () => {
    const result = await cli(['trace', SAMPLE]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^\s*line\s+dir\s+era\s+kind\s+method #id\s+primitive\s+phase\s+capability\s+violations$/,
    );
    const rows = lines.filter((l) => /^\s+\d+ {2}C [→←] S/.test(l));
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row).toMatch(/^\s+\d+ {2}C [→←] S {2}legacy {2}/);
    expect(rows.map((r) => Number(r.trim().split(/\s+/)[0]))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(rows[7]).toMatch(
      /notifications\/tools\/list_changed\s+tools\s+operation\s+server\.tools\.listChanged/,
    );
    expect(lines).toContain('Summary');
    expect(result.stdout).toMatch(/messages\s+10\b/);
    expect(result.stdout).toContain('ratio 0.429');
    expect(result.stdout).toMatch(/^ {2}era\s+legacy\b/m);
    expect(result.stdout).not.toContain(ESC);
  });

  it('marks a modern session: the era per row, no phase, no lifecycle in the summary', async () => {
    const result = await cli(['trace', MODERN]);
    expect(result.code).toBe(0);
    const rows = result.stdout.split('\n').filter((l) => /^\s+\d+ {2}C [→←] S/.test(l));
    expect(rows).toHaveLength(32);
    for (const row of rows) expect(row).toMatch(/^\s+\d+ {2}C [→←] S {2}modern {2}/);
    expect(rows[2]).toMatch(/tools\/list #0\s+tools\s+—\s+server\.tools$/);
    expect(result.stdout).toMatch(/^ {2}era\s+modern \(2026-07-28/m);
    expect(result.stdout).toMatch(/^ {2}phases\s+none: no lifecycle in 2026-07-28/m);
    expect(result.stdout).not.toMatch(/ratio \d/);
    // The summary stays within 80 columns.
    const summary = result.stdout.slice(result.stdout.indexOf('Summary'));
    for (const line of summary.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('says a dual session is a probe, then the initialize fallback', async () => {
    const result = await cli(['trace', DUAL]);
    const rows = result.stdout.split('\n').filter((l) => /^\s+\d+ {2}C [→←] S/.test(l));
    expect(rows.map((r) => r.slice(15, 21))).toEqual([
      'modern',
      'modern',
      ...Array.from({ length: 11 }, () => 'legacy'),
    ]);
    expect(result.stdout).toMatch(
      /^ {2}era\s+dual: both eras, initialize after a probe or a modern request$/m,
    );
    expect(result.stdout).toContain('ratio 0.375');
  });

  it('lists the violations of a session under the table', async () => {
    const result = await cli(['trace', CANCEL]);
    expect(result.stdout).toMatch(/^Violations$/m);
    expect(result.stdout.match(/line [89]: .*progress-after-cancellation/g)).toHaveLength(2);
  });

  it('uses colour with FORCE_COLOR=1 and none with NO_COLOR', async () => {
    const forced = await cli(['trace', SAMPLE], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(forced.stdout).toContain(ESC);
    const both = await cli(['trace', SAMPLE], BOTH);
    expect(both.stdout).not.toContain(ESC);
    // Without colour, stripping nothing leaves the same text as the forced-colour run, unstyled.
    const plain = await cli(['trace', SAMPLE]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI escapes
    expect(forced.stdout.replace(/\u001b\[\d+m/g, '')).toBe(plain.stdout);
  });
});

describe('mcp-sim diagram', () => {
  const states = allStates();

  it('prints a Mermaid state diagram that mentions every state of the machine', async () => {
    const result = await cli(['diagram']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('stateDiagram-v2');
    for (const node of states) {
      expect(result.stdout, node.id).toContain(`"${node.key}" as ${node.id.replace(/\./g, '_')}`);
    }
  });

  it('prints JSON that parses and holds every state', async () => {
    const result = await cli(['diagram', '--format', 'json']);
    expect(result.code).toBe(0);
    type Node = { id: string; states: Node[] };
    const ids = (n: Node): string[] => [n.id, ...n.states.flatMap(ids)];
    const root = JSON.parse(result.stdout) as Node;
    expect(ids(root).sort()).toEqual(states.map((s) => s.id).sort());
  });

  it('rejects an unknown format as a usage error', async () => {
    expectUsageError(await cli(['diagram', '--format', 'nope']), /nope/);
  });
});

describe('trace into a pipe its reader closes', () => {
  it('stops quietly with exit 0 (`trace big.jsonl | head`), no internal error', async () => {
    // Far more report than a pipe holds, so the writer waits for a drain that never comes.
    const lines = readFileSync(SAMPLE, 'utf8').trim().split('\n');
    const ping = (i: number) =>
      JSON.stringify({
        direction: 'client->server',
        message: { jsonrpc: '2.0', id: 1000 + i, method: 'ping' },
      });
    const pong = (i: number) =>
      JSON.stringify({
        direction: 'server->client',
        message: { jsonrpc: '2.0', id: 1000 + i, result: {} },
      });
    const body = Array.from({ length: 4000 }, (_, i) => `${ping(i)}\n${pong(i)}`).join('\n');
    const file = join(tmpdir(), `mcp-sim-epipe-${process.pid}.jsonl`);
    await writeFile(file, `${lines.join('\n')}\n${body}\n`);
    for (const mode of [['--json'], []]) {
      const child = spawn(process.execPath, [CLI, 'trace', file, ...mode], {
        env: { ...process.env, NO_COLOR: '1' },
      });
      let err = '';
      child.stderr.on('data', (b: Buffer) => {
        err += b.toString();
      });
      // Read one chunk, then close the read end: the next write fails with EPIPE.
      await new Promise((resolve) => child.stdout.once('data', resolve));
      child.stdout.destroy();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(err, mode.join(' ')).toBe('');
      expect(code, mode.join(' ')).toBe(0);
    }
    await rm(file, { force: true });
  });
});
