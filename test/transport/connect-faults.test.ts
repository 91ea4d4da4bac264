import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

/** The deliberately broken servers of test/fixtures/connect (README.md there): MODE picks the fault. */
const BROKEN = join(ROOT, 'test', 'fixtures', 'connect', 'broken.mjs');

type JsonStep = {
  direction: string;
  message: Record<string, unknown> | null;
  line?: number;
  problem?: string;
  violations: Array<{ rule: string }>;
};
type ConnectJson = { era: string | null; steps: JsonStep[]; problems: string[] };

const tempFile = (name: string) => join(mkdtempSync(join(tmpdir(), 'mcp-sim-conn-')), name);

/** connect against broken.mjs in `mode`, with a trace file; its JSON, stderr and the file's path. */
async function connectBroken(
  mode: string,
  args: readonly string[],
  env: Record<string, string> = {},
) {
  const file = tempFile('session.jsonl');
  const result = await runCli(
    ['connect', '--json', '--trace-file', file, ...args, '--', 'node', BROKEN],
    { env: { MODE: mode, ...env } },
  );
  return { result, run: JSON.parse(result.stdout) as ConnectJson, file };
}

describe('connect shows every line of the session as play and trace do', () => {
  it('a line of stdout pollution is a step of its own, with its line and trace’s words', async () => {
    const { run, file } = await connectBroken('junk', []);
    const played = await runCli(['play', '--plain', file]);
    const playSteps = played.stdout.match(/^## (step|步骤) \d+/gm) ?? [];
    expect(run.steps).toHaveLength(playSteps.length);
    const junk = run.steps.find((s) => s.problem !== undefined);
    expect(junk).toMatchObject({ direction: 'server->client', message: null, line: 2 });
    expect(readFileSync(file, 'utf8').split('\n')[1]).toContain('Server starting');
  });
});

describe('connect judges JSON that is no object as serve and trace do', () => {
  it('a number on stdout is pollution and a message the referee flags (invalid-envelope), read back the same', async () => {
    const { result, run, file } = await connectBroken('number', ['--era', 'legacy']);
    expect(result.stderr).toMatch(
      /stdout pollution: the server wrote a line that is not a JSON-RPC message to stdout/,
    );
    const number = run.steps.find((s) => s.line === 2);
    expect(number?.violations.map((v) => v.rule)).toEqual(['invalid-envelope']);
    // trace --json lists a line that is no JSON-RPC message among the problems, with its rule.
    const traced = JSON.parse((await runCli(['trace', '--json', file])).stdout) as {
      problems: Array<{ line: number; violations?: string[] }>;
      summary: { violations: number };
    };
    expect(traced.problems.find((p) => p.line === 2)?.violations).toEqual(['invalid-envelope']);
    expect(traced.summary.violations).toBe(1);
  });
});

describe('connect says why an answer never counted', () => {
  it.each([
    ['no-jsonrpc', /"jsonrpc" must be exactly "2\.0"/],
    ['both', /either "result" or "error", never both/],
  ])(
    '%s: the broken answer is a step, and the one line names it and the rule',
    async (mode, why) => {
      const { run, file } = await connectBroken(mode, ['--era', 'legacy', '--timeout', '1000']);
      const broken = run.steps.find((s) => s.problem !== undefined);
      expect(broken).toMatchObject({ direction: 'server->client', line: 2, message: null });
      expect(broken?.problem).toMatch(why);
      expect(run.problems).toEqual([
        expect.stringMatching(
          /^the server never answered initialize #1 within 1000 ms\. Line 2 carries its id, but it is not a JSON-RPC message: .* so it never counted as the answer: .*\(2025-11-25\/basic\/index › Messages\)\.$/,
        ),
      ]);
      expect(run.problems[0]).toMatch(why);
      // trace names the same line the same way.
      const traced = await runCli(['trace', '--json', file]);
      const problems = (JSON.parse(traced.stdout) as { problems: Array<{ line: number }> })
        .problems;
      expect(problems.map((p) => p.line)).toEqual([2]);
    },
  );

  it('wrong-id: the line names the stray id the server answered instead', async () => {
    const { run } = await connectBroken('wrong-id', ['--era', 'legacy', '--timeout', '1000']);
    expect(run.problems).toEqual([
      expect.stringMatching(/never answered initialize #1 .* answered id 12345 instead \(line 2\)/),
    ]);
  });

  it('in Chinese too', async () => {
    const file = tempFile('zh.jsonl');
    const result = await runCli(
      [
        'connect',
        '--json',
        '--lang',
        'zh',
        '--era',
        'legacy',
        '--timeout',
        '1000',
        '--trace-file',
        file,
        '--',
        'node',
        BROKEN,
      ],
      { env: { MODE: 'no-jsonrpc' } },
    );
    expect(result.stderr).toMatch(/第 2 行带着它的 id，但不是 JSON-RPC 消息.*所以不算是它的回应/);
  });
});

describe('connect reads a batch as trace does', () => {
  it('2025-03-26: the members of a batch are messages, and tools/list is answered', async () => {
    const { result, run, file } = await connectBroken(
      'batch',
      ['--version', '2025-03-26', '--timeout', '1500'],
      { ECHO: '1' },
    );
    expect(result.code).toBe(0);
    expect(run.problems).toEqual([]);
    expect(result.stderr).not.toMatch(/pollution/);
    const listed = run.steps.find((s) => s.direction === 'server->client' && s.message?.id === 2);
    expect(listed?.message).toMatchObject({ result: { tools: [] } });
    // --trace-file keeps the batch on its one line, and trace reads it the same way.
    expect(readFileSync(file, 'utf8')).toContain('"message":[{"jsonrpc":"2.0","id":2');
    const traced = await runCli(['trace', '--json', file]);
    expect(traced.code).toBe(0);
  });

  it('2025-11-25: a batch, removed in 2025-06-18, named so rather than stdout pollution', async () => {
    const { result, run } = await connectBroken('batch', ['--timeout', '1500'], { ECHO: '1' });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/pollution/);
    const batch = run.steps.find((s) => s.problem !== undefined);
    expect(batch?.problem).toMatch(/a batch \(JSON-RPC batches were removed in 2025-06-18\)/);
    expect(run.problems).toEqual([
      expect.stringMatching(
        /^the server never answered tools\/list #2 .* inside a batch .* 2025-03-26\/basic\/index › Batching\)\.$/,
      ),
    ]);
  });
});

describe('connect reads the last line before it judges the exit', () => {
  it('an answer with no trailing newline, then exit 0: the answer counts', async () => {
    const junkbig = join(ROOT, 'test', 'fixtures', 'connect', 'junkbig.mjs');
    const result = await runCli(
      ['connect', '--json', '--probe-timeout', '1000', '--', 'node', junkbig],
      { env: { KIND: 'nonl' } },
    );
    const run = JSON.parse(result.stdout) as ConnectJson & { fallback: string | null };
    // The probe's -32601 was read: the client fell back to initialize, which then got no answer.
    expect(run.fallback).toMatch(/-32601/);
    expect(run.problems).toEqual([
      'the server exited early (exit code 0) before answering initialize #1.',
    ]);
  });
});

describe('the simulated client is never the violator', () => {
  const fromClient = (run: ConnectJson) =>
    run.steps.filter((s) => s.direction === 'client->server');
  const answers = (steps: JsonStep[]) =>
    steps.filter((s) => s.message !== null && !('method' in s.message));

  it('a request while the probe is out (a modern session so far): no answer, the server flagged', async () => {
    const { run } = await connectBroken('early-request', []);
    expect(answers(fromClient(run))).toEqual([]);
    expect(fromClient(run).flatMap((s) => s.violations)).toEqual([]);
    const early = run.steps.find((s) => s.message?.id === 99);
    expect(early?.violations.map((v) => v.rule)).toContain('server-request');
  });

  it('once the session is legacy, it answers as a legacy client would (-32601), unflagged', async () => {
    const { run } = await connectBroken('early-request', ['--era', 'legacy']);
    const answered = answers(fromClient(run)).find((s) => s.message?.id === 99);
    expect(answered?.message).toMatchObject({ error: { code: -32601 } });
    expect(fromClient(run).flatMap((s) => s.violations)).toEqual([]);
  });
});

describe('a server killed by a signal', () => {
  it('is named by its signal, not "exit code null" (en, zh)', async () => {
    const args = ['connect', '--json', '--call', 't', '{}', '--', 'node', BROKEN];
    const env = { env: { MODE: 'call-crash' } };
    const en = JSON.parse((await runCli(args, env)).stdout) as ConnectJson;
    expect(en.problems[0]).toMatch(
      /^the server exited early \(killed by SIGSEGV\) before answering tools\/call #\d+\./,
    );
    const zh = await runCli([...args.slice(0, 2), '--lang', 'zh', ...args.slice(2)], env);
    expect(zh.stderr).toMatch(/提前退出了（被信号 SIGSEGV 终止）/);
  });
});

describe('connect --json names the era as trace does', () => {
  it('--era modern against a legacy SDK server: no session, but the era is trace’s (modern)', async () => {
    const v1 = join(ROOT, 'test', 'fixtures', 'connect', 'v1-server.mjs');
    const file = tempFile('v1.jsonl');
    const result = await runCli([
      'connect',
      '--json',
      '--era',
      'modern',
      '--probe-timeout',
      '3000',
      '--trace-file',
      file,
      '--',
      'node',
      v1,
    ]);
    expect(result.code).toBe(1);
    const run = JSON.parse(result.stdout) as ConnectJson;
    const traced = JSON.parse((await runCli(['trace', '--json', file])).stdout) as {
      summary: { era: string };
    };
    expect(traced.summary.era).toBe('modern');
    expect(run.era).toBe(traced.summary.era);
  });
});

describe('connect: small things said right', () => {
  it('a command that cannot start: nothing crossed the pipe, and the handout says so', async () => {
    const json = await runCli(['connect', '--json', '--', '/no/such/bin']);
    const run = JSON.parse(json.stdout) as ConnectJson;
    expect(run.steps).toEqual([]);
    expect(run.era).toBeNull();
    expect(run.problems).toEqual([expect.stringMatching(/^could not start "\/no\/such\/bin"/)]);
    const plain = await runCli(['connect', '--plain', '--', '/no/such/bin']);
    expect(plain.stdout).toContain('over stdio: nothing crossed the pipe.');
    expect(plain.stdout).not.toMatch(/envelopes/);
    const zh = await runCli(['connect', '--plain', '--lang', 'zh', '--', '/no/such/bin']);
    expect(zh.stdout).toContain('管道上没有任何消息');
  });

  it('an unwritable --trace-file is reported before the missing terminal (arguments first)', async () => {
    const result = await runCli(['connect', '--trace-file', '/nope/x.jsonl', '--', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-sim: --trace-file: cannot write \/nope\/x\.jsonl/);
    expect(result.stderr).not.toMatch(/interactive terminal/);
  });
});

describe('a server that cannot start', () => {
  it("quotes the line of its stderr that names the error, not the runtime's footer after it", async () => {
    const missing = join(tmpdir(), 'mcp-sim-no-such-server.js');
    const result = await runCli(['connect', '--json', '--lang', 'en', '--', 'node', missing]);
    const run = JSON.parse(result.stdout) as ConnectJson;
    expect(run.problems[0]).toContain(`Its stderr said: "Error: Cannot find module '${missing}'"`);
    expect(run.problems[0]).not.toContain('Node.js v');
  });
});
