import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CallToolResultSchema,
  ClientNotificationSchema,
  ClientRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  InitializeResultSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListRootsResultSchema,
  ListToolsResultSchema,
  ServerNotificationSchema,
  ServerRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CLI, ROOT, runCli } from '../helpers/cli.js';
import { englishPhrases } from '../helpers/english-in-zh.js';

const EVERYTHING = join(
  ROOT,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const FIXTURE = join(ROOT, 'test', 'fixtures', 'connect', 'server-everything.json');
/**
 * A hand-written legacy server (test/fixtures/connect/README.md): behind `sh -c` where the test is
 * about what comes before or around the server, not about the server (~0.1 s of CPU to start,
 * `mcp-sim serve` ~0.5 s; the tests about serve start serve).
 */
const LEGACY = `"${process.execPath}" "${join(ROOT, 'test', 'fixtures', 'connect', 'scripted-server.mjs')}" legacy-error -32601`;

type Step = {
  direction: 'client->server' | 'server->client';
  message: Record<string, unknown>;
  note: string;
  violations: Array<{ rule: string }>;
};
type ConnectJson = {
  id: string;
  title: string;
  negotiatedVersion: string | null;
  steps: Step[];
  problems: string[];
};

const RESULTS: Record<string, z.ZodType> = {
  initialize: InitializeResultSchema,
  'tools/list': ListToolsResultSchema,
  'resources/list': ListResourcesResultSchema,
  'prompts/list': ListPromptsResultSchema,
  'tools/call': CallToolResultSchema,
  'roots/list': ListRootsResultSchema,
  'sampling/createMessage': CreateMessageResultSchema,
  'elicitation/create': ElicitResultSchema,
};

/**
 * Every envelope against the official SDK's schemas: the JSON-RPC shape, the per-direction unions
 * for requests and notifications, and each result against the schema of the request it answers.
 */
function schemaProblems(steps: readonly Step[]): string[] {
  const problems: string[] = [];
  const methods = new Map<string, string>();
  steps.forEach((step, i) => {
    const m = step.message;
    const fail = (what: string, r: { success: boolean; error?: unknown }) => {
      if (!r.success) problems.push(`step ${i + 1} (${what}): ${String(r.error)}`);
    };
    fail('envelope', JSONRPCMessageSchema.safeParse(m));
    const fromClient = step.direction === 'client->server';
    if (typeof m.method === 'string') {
      if ('id' in m) {
        methods.set(`${step.direction}|${String(m.id)}`, m.method);
        fail(m.method, (fromClient ? ClientRequestSchema : ServerRequestSchema).safeParse(m));
      } else {
        fail(
          m.method,
          (fromClient ? ClientNotificationSchema : ServerNotificationSchema).safeParse(m),
        );
      }
    } else if ('error' in m) {
      fail('error', JSONRPCErrorResponseSchema.safeParse(m));
    } else {
      const asked = fromClient ? 'server->client' : 'client->server';
      const method = methods.get(`${asked}|${String(m.id)}`);
      const schema = method ? RESULTS[method] : undefined;
      if (!schema) problems.push(`step ${i + 1}: a result to an unknown or unexpected request`);
      else fail(`${method} result`, schema.safeParse(m.result));
    }
  });
  return problems;
}

/** connect --json, legacy, writing `file`, to a server that `sh -c script` starts. */
const connectThroughShell = (file: string, script: string) =>
  runCli(['connect', '--json', '--era', 'legacy', '--trace-file', file, '--', 'sh', '-c', script]);

describe('mcp-sim connect against the reference server (server-everything)', () => {
  it('records a session whose every envelope is valid for the negotiated version', async () => {
    // The handshake era's session, checked against the 2025-era SDK schemas: pinned to legacy.
    const result = await runCli([
      'connect',
      '--json',
      '--era',
      'legacy',
      '--capability',
      'roots',
      '--call',
      'trigger-long-running-operation',
      '{"duration":0.4,"steps":2}',
      '--',
      process.execPath,
      EVERYTHING,
      'stdio',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const run = JSON.parse(result.stdout) as ConnectJson;
    expect(run.problems).toEqual([]);
    expect(run.negotiatedVersion).toBe('2025-11-25');
    expect(run.title).toContain('mcp-servers/everything');
    const methods = run.steps.map((s) => s.message.method).filter(Boolean);
    expect(methods.slice(0, 2)).toEqual(['initialize', 'notifications/initialized']);
    for (const m of ['tools/list', 'resources/list', 'prompts/list', 'tools/call', 'roots/list'])
      expect(methods).toContain(m);
    // Progress echoed the token of the call, and came before its result.
    const call = run.steps.findIndex((s) => s.message.method === 'tools/call');
    const callId = run.steps[call]?.message.id;
    const progress = run.steps.filter((s) => s.message.method === 'notifications/progress');
    expect(progress).toHaveLength(2);
    const answer = run.steps.findIndex((s) => s.message.id === callId && 'result' in s.message);
    expect(run.steps.indexOf(progress[1] as Step)).toBeLessThan(answer);
    expect(schemaProblems(run.steps)).toEqual([]);
    expect(run.steps.flatMap((s) => s.violations.map((v) => v.rule))).toEqual([]);
  });

  // Over stdio, and over Streamable HTTP (connect --url, server-everything's streamableHttp mode).
  it.each([FIXTURE, FIXTURE.replace('server-everything.json', 'server-everything-http.json')])(
    'the saved run %s passes the same checks',
    (file) => {
      const run = JSON.parse(readFileSync(file, 'utf8')) as ConnectJson;
      expect(run.steps.length).toBeGreaterThan(15);
      expect(schemaProblems(run.steps)).toEqual([]);
      const rules = run.steps.flatMap((s) => s.violations.map((v) => v.rule));
      expect(rules).not.toContain('invalid-params');
      expect(rules).not.toContain('invalid-result');
      expect(rules).toEqual([]);
    },
  );

  it('its elicitation form, which warns the user off a pin, is no form asking for a secret (trace of the saved run)', async () => {
    // server-everything 2.0.0's trigger-elicitation-request over Streamable HTTP: its "integer"
    // field says "do not give us your phone number, pin, or other sensitive info", which the
    // referee read as a form asking for a password (elicitation-form-asks-secret).
    const file = FIXTURE.replace('server-everything.json', 'server-everything-http-elicitation');
    const run = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as ConnectJson;
    expect(run.steps.map((s) => s.message.method)).toContain('elicitation/create');
    expect(schemaProblems(run.steps)).toEqual([]);
    const traced = await runCli(['trace', '--json', `${file}.jsonl`]);
    expect(traced.code).toBe(0);
    const report = JSON.parse(traced.stdout) as { summary: { era: string; violations: number } };
    expect(report.summary).toMatchObject({ era: 'legacy', violations: 0 });
  });
});

describe('mcp-sim connect explains a broken server in one line', () => {
  it('names stdout pollution, the commonest real-world failure', async () => {
    // A server that greets on stdout, then serves properly.
    const script = `echo 'Starting...'; exec ${LEGACY}`;
    const result = await runCli(['connect', '--json', '--era', 'legacy', '--', 'sh', '-c', script]);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^mcp-sim connect: stdout pollution: .*"Starting\.\.\."/);
    expect(lines[0]).toMatch(/commonest real-world MCP failure/);
    const run = JSON.parse(result.stdout) as ConnectJson;
    expect(run.negotiatedVersion).toBe('2025-11-25'); // the rest of the session still worked
  });

  it('keeps the polluting line in --trace-file, so trace reports what connect reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-connect-pollution-'));
    const file = join(dir, 'session.jsonl');
    const script = `echo 'DEBUG: got initialize'; exec ${LEGACY}`;
    const result = await connectThroughShell(file, script);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/stdout pollution: .*"DEBUG: got initialize"/);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const kept = lines.findIndex((l) => l.includes('DEBUG: got initialize'));
    const record = JSON.parse(lines[kept] as string) as { unreadable: string };
    expect(record).toEqual({
      direction: 'server->client',
      unreadable: expect.stringMatching(/^not valid JSON/),
      unreadable_zh: expect.stringMatching(/^不是有效的 JSON/),
      text: 'DEBUG: got initialize',
    });
    const traced = await runCli(['trace', '--json', file]);
    expect(traced.code).toBe(1);
    const out = JSON.parse(traced.stdout) as { problems: Array<{ line: number; message: string }> };
    expect(out.problems).toEqual([{ line: kept + 1, message: record.unreadable }]);
    // The lines read the same as connect recorded them: each a step, the polluting one too.
    const run = JSON.parse(result.stdout) as ConnectJson;
    expect(lines.length).toBe(run.steps.length);
  });

  it('the simulated client and the simulated server meet in 2026-07-28, and the referee agrees', async () => {
    // The probe waits long enough for a cold start on a loaded machine (a timeout falls back).
    const result = await runCli([
      'connect',
      '--json',
      '--probe-timeout',
      '20000',
      '--',
      process.execPath,
      CLI,
      'serve',
    ]);
    expect(result.code).toBe(0);
    const run = JSON.parse(result.stdout) as ConnectJson & { era: string };
    expect(run.era).toBe('modern');
    expect(run.steps[0]?.message).toMatchObject({ method: 'server/discover' });
    expect(run.steps.every((step) => step.violations.length === 0)).toBe(true);
  });

  it('says when a server prints to stdout and then never answers', async () => {
    const result = await runCli([
      'connect',
      '--json',
      '--timeout',
      '500',
      '--',
      process.execPath,
      '-e',
      "console.log('Starting...'); process.stdin.resume()",
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/stdout pollution/);
    expect(result.stderr).toMatch(/never answered initialize #1 within 500 ms/);
  });

  it('says when a server exits at once, with its last stderr line', async () => {
    const result = await runCli([
      'connect',
      '--plain',
      '--era',
      'legacy',
      '--',
      process.execPath,
      '-e',
      "console.error('missing API key'); process.exit(3)",
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^mcp-sim connect: the server exited early \(exit code 3\) before answering initialize #1\. .*"missing API key"/,
    );
    expect(result.stdout).toContain('exited early'); // in the handout's recap too
  });

  it('explains it in Chinese with --lang zh, on stderr and in the handout', async () => {
    const result = await runCli([
      'connect',
      '--plain',
      '--era',
      'legacy',
      '--lang',
      'zh',
      '--',
      process.execPath,
      '-e',
      "console.log('Starting...'); console.error('missing API key'); process.exit(3)",
    ]);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^mcp-sim connect: stdout 污染：.*"Starting\.\.\."/);
    expect(lines[1]).toMatch(
      /^mcp-sim connect: 服务器在回应 initialize #1 之前就提前退出了（退出码 3）。.*"missing API key"/,
    );
    expect(englishPhrases(result.stderr, ['missing API key'])).toEqual([]);
    expect(result.stdout).toContain('提前退出'); // the handout's recap
    expect(result.stdout).not.toContain('exited early');
  });

  it('says when the command cannot be started', async () => {
    const result = await runCli(['connect', '--json', '--', 'no-such-mcp-server-xyz']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/could not start "no-such-mcp-server-xyz".*ENOENT/);
  });

  it('rejects bad options with a usage error', async () => {
    expect((await runCli(['connect', '--json'])).code).toBe(2);
    expect((await runCli(['connect', '--capability', 'nope', '--', 'x'])).code).toBe(2);
    expect((await runCli(['connect', '--call', 'x', '{bad', '--', 'x'])).code).toBe(2);
  });

  it('refuses a capability that the revision the client offers does not have', async () => {
    const refused = async (args: string[]) => {
      const result = await runCli(['connect', '--json', ...args, '--', process.execPath, '-e', '']);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      return result.stderr;
    };
    expect(await refused(['--version', '2024-11-05', '--capability', 'elicitation'])).toBe(
      'mcp-sim: --capability elicitation: elicitation does not exist in 2024-11-05, the revision this client offers (it came in 2025-06-18); leave it out or offer a later --version\n',
    );
    // A nested path is checked with what it nests in; the era alone fixes the revision too.
    expect(await refused(['--version', '2024-11-05', '--capability', 'elicitation.form'])).toMatch(
      /^mcp-sim: --capability elicitation.form: elicitation does not exist in 2024-11-05,/,
    );
    expect(await refused(['--version', '2025-06-18', '--capability', 'elicitation.url'])).toMatch(
      /: elicitation\.url does not exist in 2025-06-18, .*\(it came in 2025-11-25\)/,
    );
    expect(await refused(['--era', 'modern', '--capability', 'roots.listChanged'])).toMatch(
      /: roots\.listChanged no longer exists in 2026-07-28, .*\(removed in 2026-07-28\)$/m,
    );
    expect(
      await refused(['--lang', 'zh', '--version', '2024-11-05', '--capability', 'elicitation']),
    ).toMatch(/版本 2024-11-05 中还没有 elicitation（它在 2025-06-18 才出现）/);
    // Where it exists, it is declared (the server then exits at once: exit 1, not a usage error).
    const ok = await runCli([
      'connect',
      '--json',
      '--version',
      '2025-06-18',
      '--capability',
      'elicitation',
      '--',
      process.execPath,
      '-e',
      '',
    ]);
    expect(ok.code).toBe(1);
  });

  it('--capability elicitation with elicitation.url declares both modes, not URL mode alone', async () => {
    // 2025-11-25 client/elicitation › Capabilities: an empty elicitation object means form mode
    // only, so {url: {}} alone would be a client that cannot fill in a form. The bare path asked for
    // form mode; declaring url too kept only url, and collect_feedback was then refused (-32021).
    const declared = async (paths: string[]) => {
      const result = await runCli([
        'connect',
        '--json',
        '--era',
        'legacy',
        ...paths.flatMap((p) => ['--capability', p]),
        '--',
        process.execPath,
        '-e',
        '',
      ]);
      const run = JSON.parse(result.stdout) as ConnectJson;
      const first = run.steps[0]?.message as { params: { capabilities: unknown } };
      return first.params.capabilities;
    };
    expect(await declared(['elicitation', 'elicitation.url'])).toEqual({
      elicitation: { form: {}, url: {} },
    });
    expect(await declared(['elicitation.url', 'elicitation'])).toEqual({
      elicitation: { url: {}, form: {} },
    });
    // Each alone as before: the bare path is the empty object, the nested one only its mode.
    expect(await declared(['elicitation'])).toEqual({ elicitation: {} });
    expect(await declared(['elicitation.url'])).toEqual({ elicitation: { url: {} } });
  });

  it('says what a bad value must be, and where a server command goes', async () => {
    const timeout = await runCli(['connect', '--timeout', '-5', '--', 'x']);
    expect(timeout.code).toBe(2);
    expect(timeout.stderr).toBe(
      'mcp-sim: --timeout needs a positive number of milliseconds, not "-5"\n',
    );
    // Without --, the server command is read as the call's arguments.
    const noDashes = await runCli(['connect', '--json', '--call', 't', 'node', 'server.mjs']);
    expect(noDashes.code).toBe(2);
    expect(noDashes.stderr).toBe(
      'mcp-sim: --call t: the arguments are not JSON: node (the server command goes after --: mcp-sim connect [options] -- <command> [args...])\n',
    );
    const badJson = await runCli(['connect', '--call', 't', '{bad', '--', 'x']);
    expect(badJson.stderr).toBe('mcp-sim: --call t: the arguments are not JSON: {bad\n');
  });

  it('refuses to declare tasks, which the simulated client does not implement', async () => {
    for (const path of ['tasks', 'tasks.requests.sampling.createMessage', 'client.tasks.list']) {
      const result = await runCli(['connect', '--json', '--capability', path, '--', 'x']);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `mcp-sim: --capability ${path}: the simulated client does not implement tasks (a request it accepted as a task would need a CreateTaskResult, tasks/get and tasks/result), so it cannot declare them\n`,
      );
    }
    // Nor does the list of paths offer them.
    const other = await runCli(['connect', '--capability', 'nope', '--', 'x']);
    expect(other.stderr).toMatch(/one of: .*roots/);
    expect(other.stderr).not.toMatch(/tasks/);
  });
});

describe('mcp-sim connect against mcp-sim serve', () => {
  it('runs a clean session: the simulated client and server over real pipes', async () => {
    const result = await runCli([
      'connect',
      '--json',
      '--era',
      'legacy',
      '--call',
      'long_running_task',
      '{"steps":2,"delayMs":10}',
      '--',
      process.execPath,
      CLI,
      'serve',
    ]);
    expect(result.code).toBe(0);
    const run = JSON.parse(result.stdout) as ConnectJson;
    expect(schemaProblems(run.steps)).toEqual([]);
    expect(run.steps.flatMap((s) => s.violations.map((v) => v.rule))).toEqual([]);
    expect(run.steps.filter((s) => s.message.method === 'notifications/progress')).toHaveLength(2);
  });
});

describe('connect --trace-file that cannot be written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-connect-trace-'));

  it('is a usage error before the server starts, naming the path and why', async () => {
    const started = join(dir, 'started');
    const server = ['-e', `require('fs').writeFileSync(${JSON.stringify(started)}, '')`];
    for (const [file, why] of [
      [join(dir, 'no-such-folder', 'x.jsonl'), 'its folder does not exist'],
      [dir, 'it is a folder'],
    ] as const) {
      const result = await runCli([
        'connect',
        '--json',
        '--trace-file',
        file,
        '--',
        process.execPath,
        ...server,
      ]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`mcp-sim: --trace-file: cannot write ${file}: ${why}\n`);
      expect(existsSync(started)).toBe(false);
    }
  });

  it('that fails at the end still prints the session, and says why in one line', async () => {
    // The folder is there when connect checks it; the server removes it before the session.
    const gone = join(dir, 'vanishing');
    mkdirSync(gone);
    const file = join(gone, 'session.jsonl');
    const script = `rm -r "${gone}"; exec ${LEGACY}`;
    const result = await connectThroughShell(file, script);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^mcp-sim connect: could not write the trace file: ENOENT: no such file or directory/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    const run = JSON.parse(result.stdout) as ConnectJson;
    expect(run.negotiatedVersion).toBe('2025-11-25');
  });
});
