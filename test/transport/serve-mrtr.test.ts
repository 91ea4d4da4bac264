import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLI, runCli, WORK } from '../helpers/cli.js';

/**
 * A real SDK v2 client (2.4.0) against `mcp-sim serve` over stdio in the 2026-07-28 era: the
 * client's own handlers fulfil the simulated server's input_required rounds, a listen stream hears
 * a list change, and the referee finds nothing wrong with either side.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-sim-serve-mrtr-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

type HttpServe = {
  url: Promise<URL>;
  stop: () => Promise<number | null>;
  stderr: () => string;
};
/**
 * `serve --http 0 --trace-file …` as a child, one per mode, started by the first HTTP run of that
 * mode; its URL once it listens. One per client: the modern traffic of all clients is one stream
 * for the referee, and two SDK clients both number their first listen stream `listen:0`.
 */
const https = new Map<Mode, HttpServe>();
function httpServe(mode: Mode): Promise<URL> {
  const running = https.get(mode);
  if (running) return running.url;
  const file = join(dir, `http-${mode}.jsonl`);
  const child = spawn(process.execPath, [CLI, 'serve', '--http', '0', '--trace-file', file], {
    cwd: WORK,
  });
  let stderr = '';
  const url = new Promise<URL>((resolve, reject) => {
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      const match = /listening on (http:\S+)/.exec(stderr);
      if (match?.[1]) resolve(new URL(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  https.set(mode, { url, stop, stderr: () => stderr });
  return url;
}
afterAll(async () => {
  await Promise.all([...https.values()].map((serve) => serve.stop()));
});

/** Probes in place (a subclass): the session's own wire carries server/discover. */
class InPlaceStdio extends StdioClientTransport {}

type Mode = 'auto' | 'pin';
type Wire = 'stdio' | 'http';

/** The URL-mode elicitations the clients' handlers were asked (their params). */
const urlAsks: Array<Record<string, unknown>> = [];

/**
 * A v2 client declaring sampling, form elicitation (or the `elicitation` given) and roots, with a
 * handler for each; a URL-mode elicitation is accepted, consent only (client/elicitation › URL Mode).
 */
async function connect(
  mode: Mode,
  args: string[] = [],
  wire: Wire = 'stdio',
  elicitation: { form?: Record<string, never>; url?: Record<string, never> } = { form: {} },
): Promise<Client> {
  const client = new Client(
    { name: 'sdk-v2-mrtr', version: '1.0.0' },
    {
      versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: '2026-07-28' } },
      capabilities: { sampling: {}, elicitation, roots: {} },
    },
  );
  client.setRequestHandler('sampling/createMessage', async (request) => {
    const first = request.params.messages[0]?.content;
    const asked = first && 'text' in first ? String(first.text) : '';
    return {
      role: 'assistant',
      model: 'test-model',
      content: { type: 'text', text: `${asked.split('\n')[1] ?? ''} (summarized)` },
    };
  });
  client.setRequestHandler('elicitation/create', async (request) => {
    if (request.params.mode === 'url') {
      urlAsks.push({ ...request.params });
      return { action: 'accept' };
    }
    return { action: 'accept', content: { rating: 5, comment: 'Clear' } };
  });
  client.setRequestHandler('roots/list', async () => ({
    roots: [{ uri: 'file:///home/learner/project', name: 'project' }],
  }));
  const transport =
    wire === 'http'
      ? new StreamableHTTPClientTransport(await httpServe(mode))
      : new InPlaceStdio({
          command: process.execPath,
          args: [CLI, 'serve', ...args],
          cwd: WORK,
          stderr: 'pipe',
        });
  await client.connect(transport);
  open.push(client);
  return client;
}

const textOf = (result: unknown) =>
  ((result as { content: Array<{ type: string; text: string }> }).content[0] as { text: string })
    .text;

for (const [mode, wire] of [
  ['auto', 'stdio'],
  ['pin', 'stdio'],
  ['auto', 'http'],
  ['pin', 'http'],
] as const) {
  describe(`mcp-sim serve ↔ SDK v2 client (${mode === 'auto' ? 'auto' : 'pinned to 2026-07-28'}, ${wire})`, () => {
    it('lists tools, reports progress, and finishes the three input_required tools through the client handlers', async () => {
      const client = await connect(mode, [], wire);
      expect(client.getProtocolEra()).toBe('modern');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['summarize_text', 'collect_feedback', 'list_project_roots']),
      );
      const progress: number[] = [];
      const done = await client.callTool(
        { name: 'long_running_task', arguments: { steps: 3, delayMs: 20 } },
        { onprogress: (p: { progress: number }) => progress.push(p.progress) },
      );
      expect(textOf(done)).toContain('Finished all 3 steps');
      // The SDK drops a progress that shares a chunk with the result (#2580); on a busy machine
      // that can be the tail or all of it. What the client got is a prefix, in order.
      expect(progress).toEqual([1, 2, 3].slice(0, progress.length));
      const summary = await client.callTool({
        name: 'summarize_text',
        arguments: { text: 'MCP connects models to tools.' },
      });
      expect(textOf(summary)).toBe('Summary: MCP connects models to tools. (summarized)');
      const feedback = await client.callTool({
        name: 'collect_feedback',
        arguments: { topic: 'MRTR' },
      });
      expect(textOf(feedback)).toBe('Thank you: rating 5, "Clear".');
      const roots = await client.callTool({ name: 'list_project_roots', arguments: {} });
      expect(textOf(roots)).toBe('Roots:\nproject file:///home/learner/project');
    });

    it('a listen stream hears the tool list change toggle_tool makes', async () => {
      const client = await connect(mode, [], wire);
      const changed = vi.fn();
      client.setNotificationHandler('notifications/tools/list_changed', changed);
      const subscription = await client.listen({
        toolsListChanged: true,
        promptsListChanged: true,
      });
      // serve declares tools.listChanged but not prompts.listChanged.
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
      // Any tool but toggle_tool itself can be withdrawn; each mode withdraws a different one.
      const target = mode === 'auto' ? 'db_query' : 'weather_current';
      const result = await client.callTool({
        name: 'toggle_tool',
        arguments: { name: target },
      });
      expect(textOf(result)).toMatch(new RegExp(`${target} is withdrawn; the server sent`));
      await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      const { tools } = await client.listTools(undefined, { cacheMode: 'refresh' });
      expect(tools.map((t) => t.name)).not.toContain(target);
      await subscription.close();
      expect(await subscription.closed).toBe('local');
    });
  });
}

describe('mcp-sim serve: its own modern traffic with SDK v2', () => {
  it('rounds, a listen stream, its cancel and request-scoped logs break no rule of the referee', async () => {
    const file = join(dir, 'mrtr.jsonl');
    const client = await connect('auto', ['--trace-file', file]);
    const subscription = await client.listen({ toolsListChanged: true });
    await client.callTool({ name: 'summarize_text', arguments: { text: 'one\ntwo' } });
    await client.callTool({ name: 'collect_feedback', arguments: {} });
    await client.callTool({ name: 'list_project_roots', arguments: {} });
    await client.callTool({ name: 'toggle_tool', arguments: { name: 'weather_current' } });
    const logs: string[] = [];
    client.setNotificationHandler('notifications/message', (n) => {
      logs.push(String(n.params.level));
    });
    // User _meta keys are merged into the envelope the SDK attaches.
    await client.callTool({
      name: 'calculator_arithmetic',
      arguments: { expression: '6 * 7' },
      _meta: { 'io.modelcontextprotocol/logLevel': 'debug' },
    });
    expect(logs).toEqual(['info', 'debug']);
    await subscription.close();
    await client.close();
    const wire = readFileSync(file, 'utf8');
    for (const what of [
      '"input_required"',
      '"requestState"',
      '"inputResponses"',
      '"notifications/subscriptions/acknowledged"',
      '"io.modelcontextprotocol/subscriptionId"',
      '"notifications/tools/list_changed"',
    ]) {
      expect(wire).toContain(what);
    }
    const traced = await runCli(['trace', file, '--json', '--strict']);
    const report = JSON.parse(traced.stdout) as {
      problems: unknown[];
      summary: { violations: number; era: string };
      messages: Array<{ method: string | null; violations: string[] }>;
    };
    expect(report.problems).toEqual([]);
    expect(report.messages.filter((m) => m.violations.length > 0)).toEqual([]);
    expect(report.summary.era).toBe('modern');
    expect(traced.code).toBe(0);
  });

  // 2026-07-28 client/elicitation › URL Mode Flow: the URL-mode elicitation comes inside the
  // input_required round, the SDK's handler consents, and its retry gets the final result.
  it('connect_account: a client that declared elicitation.url gets the URL-mode round; one that did not gets -32021', async () => {
    const file = join(dir, 'connect.jsonl');
    urlAsks.length = 0;
    const client = await connect('pin', ['--trace-file', file], 'stdio', { form: {}, url: {} });
    const done = await client.callTool({
      name: 'connect_account',
      arguments: { service: 'calendar' },
    });
    expect(textOf(done)).toBe('Connected to calendar.');
    expect(urlAsks).toEqual([
      {
        mode: 'url',
        url: 'https://accounts.example.com/connect?service=calendar',
        message: 'Sign in to calendar to let the server use your account.',
      },
    ]);
    await client.close();
    const traced = await runCli(['trace', file, '--json', '--strict']);
    const report = JSON.parse(traced.stdout) as {
      messages: Array<{ method: string | null; violations: string[] }>;
    };
    expect(report.messages.filter((m) => m.violations.length > 0)).toEqual([]);
    expect(traced.code).toBe(0);

    const formOnly = await connect('pin');
    await expect(
      formOnly.callTool({ name: 'connect_account', arguments: { service: 'calendar' } }),
    ).rejects.toMatchObject({ code: -32021 });
    expect(urlAsks).toHaveLength(1);
  });

  it('ends an open listen stream gracefully when its input ends', async () => {
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1' },
    };
    const listen = {
      jsonrpc: '2.0',
      id: 'l1',
      method: 'subscriptions/listen',
      params: { _meta: envelope, notifications: { toolsListChanged: true } },
    };
    const result = await runCli(['serve'], { stdin: `${JSON.stringify(listen)}\n` });
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.method ?? l.id)).toEqual([
      'notifications/subscriptions/acknowledged',
      'l1',
    ]);
    expect(lines[1]?.result).toMatchObject({
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'l1' },
    });
    expect(result.stderr).not.toMatch(/referee:/);
  });
});

describe('mcp-sim serve --http: its own modern traffic with SDK v2', () => {
  it.each(['auto', 'pin'] as const)(
    'the rounds and listen stream of the HTTP run (%s) break no rule of the referee',
    async (mode) => {
      const serve = https.get(mode);
      expect(serve, 'the HTTP runs above started a server').toBeDefined();
      if (!serve) return;
      expect(await serve.stop()).toBe(0);
      const stderr = serve.stderr();
      expect(stderr).not.toContain('referee:');
      const file = /transcript in (\S+)/.exec(stderr)?.[1];
      expect(file, stderr).toBeDefined();
      const wire = readFileSync(String(file), 'utf8');
      for (const what of [
        '"input_required"',
        '"inputResponses"',
        '"notifications/tools/list_changed"',
      ]) {
        expect(wire).toContain(what);
      }
      const traced = await runCli(['trace', String(file), '--json', '--strict']);
      const report = JSON.parse(traced.stdout) as {
        summary: { violations: number; era: string };
        messages: Array<{ violations: string[] }>;
      };
      expect(report.messages.filter((m) => m.violations.length > 0)).toEqual([]);
      expect(report.summary).toMatchObject({ era: 'modern', violations: 0 });
      expect(traced.code).toBe(0);
    },
  );
});
