import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  type CallToolResult,
  ErrorCode,
  type JSONRPCMessage,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, WORK } from '../helpers/cli.js';
import { initializeLine } from '../helpers/envelopes.js';
import { rawSession } from '../helpers/serve-raw.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-sim-serve-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `mcp-sim serve` over real pipes: the child, what it wrote to stderr so far, and its exit code. */
function spawnServe(args: readonly string[]) {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { cwd: WORK });
  let err = '';
  child.stderr.on('data', (b: Buffer) => {
    err += b.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, stderr: () => err, exited };
}

type Connected = { client: Client; received: JSONRPCMessage[]; stderr: () => string };
const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** The official SDK client, spawning `mcp-sim serve` (the built CLI) over stdio. */
async function connect(args: string[] = []): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'serve', ...args],
    cwd: WORK,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (b: Buffer) => {
    err += b.toString();
  });
  const received: JSONRPCMessage[] = [];
  // Set before connect: the SDK chains it, so this taps every message as it arrives.
  transport.onmessage = (m) => received.push(m);
  const client = new Client({ name: 'sdk-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return { client, received, stderr: () => err };
}

const textOf = (result: unknown) =>
  ((result as CallToolResult).content[0] as { type: 'text'; text: string }).text;

describe('mcp-sim serve over stdio, driven by the official SDK client', () => {
  it('completes the handshake and lists the tools', async () => {
    const { client, stderr } = await connect();
    expect(client.getServerVersion()).toEqual({ name: 'mcp-sim', version: '0.1.0' });
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: {},
      logging: {},
      completions: {},
    });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'calculator_arithmetic',
        'weather_current',
        'db_query',
        'long_running_task',
      ]),
    );
    const sum = await client.callTool({
      name: 'calculator_arithmetic',
      arguments: { expression: '2 + 3 * 4' },
    });
    expect(textOf(sum)).toContain('14');
    expect((await client.listResources()).resources.length).toBeGreaterThan(0);
    expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);
    expect(stderr()).not.toContain('referee:');
  });

  it('reports progress before the result of long_running_task', async () => {
    const { client } = await connect();
    const events: string[] = [];
    const started = performance.now();
    const result = await client.callTool(
      { name: 'long_running_task', arguments: { steps: 3 } },
      undefined,
      { onprogress: (p) => events.push(`progress ${p.progress}/${p.total}`) },
    );
    events.push('result');
    // The SDK drops a progress it reads in one chunk with the result (TypeScript SDK #2580): serve
    // leaves 25 ms between them, but a busy client process (a loaded CI machine) may read both at
    // once, so the tail of the progress (even all of it) may be missing; what serve sent is checked
    // in serve-pace.test.ts. What the client got is a prefix, in order, then the result.
    const got = events.slice(0, -1);
    expect(events.at(-1)).toBe('result');
    expect(got).toEqual(['progress 1/3', 'progress 2/3', 'progress 3/3'].slice(0, got.length));
    expect(performance.now() - started).toBeGreaterThanOrEqual(700); // 3 steps × 250 ms, real time
    expect(textOf(result)).toBe('Finished all 3 steps.');
  });

  it('answers an unknown tool with -32602 and a refused query with isError', async () => {
    const { client } = await connect();
    const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    const refused = await client.callTool({
      name: 'db_query',
      arguments: { sql: 'DELETE FROM customers' },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/SELECT/);
  });

  it('honours --without and --versions', async () => {
    const { client, received } = await connect([
      '--without',
      'tools.listChanged',
      '--without',
      'resources',
      '--versions',
      '2025-06-18',
    ]);
    const caps = client.getServerCapabilities();
    expect(caps?.tools).toEqual({});
    expect(caps?.resources).toBeUndefined();
    const init = received.find((m) => 'id' in m && m.id === 0 && 'result' in m) as unknown as {
      result: { protocolVersion: string };
    };
    expect(init.result.protocolVersion).toBe('2025-06-18');
    const error = await client.listResources().catch((e) => e);
    expect((error as McpError).code).toBe(ErrorCode.MethodNotFound);
  });

  it('writes a --trace-file that trace reads without problems or violations', async () => {
    const file = join(dir, 'session.jsonl');
    const { client } = await connect(['--trace-file', file]);
    await client.listTools();
    await client.callTool(
      { name: 'long_running_task', arguments: { steps: 2, delayMs: 20 } },
      undefined,
      { onprogress: () => {} },
    );
    await client.close();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.length).toBe(9); // init ×2, initialized, list ×2, call, progress ×2, result
    const traced = await runCli(['trace', file, '--json', '--strict']);
    expect(traced.code).toBe(0);
    const report = JSON.parse(traced.stdout) as {
      problems: unknown[];
      summary: { violations: number };
    };
    expect(report.problems).toEqual([]);
    expect(report.summary.violations).toBe(0);
  });

  it('rejects a bad --without or --versions with a usage error', async () => {
    const bad = await runCli(['serve', '--without', 'tools.nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not a server capability path/);
    const badVersion = await runCli(['serve', '--versions', '1.0']);
    expect(badVersion.code).toBe(2);
  });

  it('rejects a --trace-file it cannot write with a one-line usage error, before serving', async () => {
    const missing = join(dir, 'no-such-folder', 'x.jsonl');
    for (const http of [[], ['--http', '0']]) {
      const result = await runCli(['serve', ...http, '--trace-file', missing]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `mcp-sim: --trace-file: cannot write ${missing}: its folder does not exist\n`,
      );
    }
  });
});

describe('mcp-sim serve with raw lines', () => {
  it('answers garbage, batches and early requests as the spec says, and exits 0 at end of input', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    };
    const { code, out, err } = await rawSession([
      'this is not JSON',
      JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/list' }),
      JSON.stringify([{ jsonrpc: '2.0', id: 5, method: 'ping' }]),
      JSON.stringify(init),
      '{"jsonrpc": "2.0", "method": "notifications/initialized"}',
      '{broken',
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    ]);
    expect(code).toBe(0);
    expect(out).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
      {
        jsonrpc: '2.0',
        id: 0,
        error: { code: -32600, message: 'Invalid Request: send initialize first' },
      },
      { jsonrpc: '2.0', error: expect.objectContaining({ code: -32600 }) },
      expect.objectContaining({
        id: 1,
        result: expect.objectContaining({ protocolVersion: '2025-11-25' }),
      }),
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(err).toMatch(/not JSON/);
    expect(err).toMatch(/initialize-not-first/);
  });

  it('records every client line in --trace-file, unreadable ones too, so trace sees what serve saw', async () => {
    const file = join(dir, 'garbage.jsonl');
    const { code } = await rawSession(
      [
        'this is not JSON',
        JSON.stringify([{ jsonrpc: '2.0', id: 5, method: 'ping' }]),
        JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      ],
      ['--trace-file', file],
    );
    expect(code).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    // Each client line, then the server's answer to it: three lines in, three answers out.
    expect(lines.map((l) => (JSON.parse(l) as { direction: string }).direction)).toEqual([
      'client->server',
      'server->client',
      'client->server',
      'server->client',
      'client->server',
      'server->client',
    ]);
    const traced = await runCli(['trace', file, '--json']);
    const report = JSON.parse(traced.stdout) as { problems: Array<{ line: number }> };
    expect(report.problems.map((p) => p.line)).toEqual([1, 3]);
  });

  it('says so in one line and exits 1 when the client stops reading (EPIPE), its --trace-file kept', async () => {
    const file = join(dir, 'epipe.jsonl');
    const { child, stderr, exited } = spawnServe(['--trace-file', file]);
    // The client's read end closes before the server has answered anything.
    child.stdout.destroy();
    child.stdin.write(`${initializeLine('2025-11-25')}\n`);
    const code = await exited;
    expect(code).toBe(1);
    expect(stderr()).toBe(
      'mcp-sim serve: transport: the client closed its end of stdout (EPIPE) while the server was still writing; what it wrote from there on is lost, so the session ends\n',
    );
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      direction: 'client->server',
      message: { method: 'initialize' },
    });
  });

  it('ends on SIGTERM even when the client stopped reading and answers are queued on stdout', {
    timeout: 60_000,
  }, async () => {
    const file = join(dir, 'stalled.jsonl');
    const { child, stderr, exited } = spawnServe(['--trace-file', file, '--lang', 'en']);
    // The client writes and never reads: the stdout pipe fills, the rest waits in the server.
    child.stdout.pause();
    child.stdin.write(`${initializeLine('2025-11-25')}\n`);
    child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    const lists = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' }),
    );
    child.stdin.write(`${lists.join('\n')}\n`);
    // Until the server has written (so it is up, its signal handlers too: on a loaded machine its
    // start can take longer than any fixed wait), then a while for the answers to queue.
    for (let waited = 0; child.stdout.readableLength === 0 && waited < 15_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(child.stdout.readableLength).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGTERM');
    // A server that hangs is killed (code null). The wait is long: before it exits the server
    // referees and writes to its transcript every request it took, which on a machine loaded by
    // the rest of the suite took more than 5 s once (a CI-like run beside a busy core).
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    expect(code).toBe(0);
    expect(stderr()).toMatch(
      /^mcp-sim serve: transport: stopped by a signal with \d+ bytes the client never read still waiting on stdout; they are dropped so the server can exit\n$/,
    );
    // The transcript was finished first: every request the server took is in it.
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(100);
    for (const line of lines) JSON.parse(line);
  });

  it('logs in the language asked for (--lang zh), the English lines as they were', async () => {
    const lines = [
      'this is not JSON',
      JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/list' }),
      JSON.stringify([{ jsonrpc: '2.0', id: 5, method: 'ping' }]),
    ];
    const [en, zh] = await Promise.all([
      rawSession(lines, ['--lang', 'en']),
      rawSession(lines, ['--lang', 'zh']),
    ]);
    expect(en.code).toBe(0);
    expect(zh.code).toBe(0);
    const [enNotJson, enVerdict, enBatch] = en.err.trim().split('\n');
    expect(enNotJson).toBe(
      'mcp-sim serve: transport: client->server: a line that is not JSON ("this is not JSON"); answered -32700',
    );
    expect(enVerdict).toMatch(
      /^mcp-sim serve: referee: client->server tools\/list #0: initialize-not-first \(error\): [ -~]+$/,
    );
    expect(enBatch).toBe(
      'mcp-sim serve: transport: client->server: a JSON-RPC batch (an array) this session cannot read: a batch before any revision is agreed (only 2025-03-26 has JSON-RPC batches, and initialize may not be in one); answered -32600',
    );
    expect(zh.err.trim().split('\n')).toEqual([
      'mcp-sim serve: transport: client->server: 一行内容不是 JSON（"this is not JSON"）；已回应 -32700',
      expect.stringMatching(
        /^mcp-sim serve: referee: client->server tools\/list #0: initialize-not-first（错误）：.*[\u4e00-\u9fff]/,
      ),
      'mcp-sim serve: transport: client->server: 收到本会话无法读取的 JSON-RPC 批量消息（数组）：在商定任何版本之前发送的批量消息（只有 2025-03-26 有 JSON-RPC 批量消息，而且 initialize 不能放在其中）；已回应 -32600',
    ]);
    // The protocol on stdout does not change with the language.
    expect(zh.out).toEqual(en.out);
  });

  it('takes a batch in a 2025-03-26 session and answers its requests in one array (basic/index › Batching)', async () => {
    const file = join(dir, 'batch.jsonl');
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'long_running_task',
          arguments: { steps: 2, delayMs: 20 },
          _meta: { progressToken: 'p' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '1.0', method: 'ping' },
      { jsonrpc: '1.0', id: 7, method: 'ping' },
    ]);
    const { code, out } = await rawSession(
      [
        initializeLine('2025-03-26'),
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        batch,
      ],
      ['--trace-file', file],
    );
    expect(code).toBe(0);
    // Progress goes out as it happens; the answers wait for the slowest and go out together, the
    // invalid member's -32600 among them (JSON-RPC 2.0 › Batch).
    expect(out.slice(1)).toEqual([
      expect.objectContaining({ method: 'notifications/progress' }),
      expect.objectContaining({ method: 'notifications/progress' }),
      [
        { jsonrpc: '2.0', id: 1, result: {} },
        { jsonrpc: '2.0', error: expect.objectContaining({ code: -32600 }) },
        { jsonrpc: '2.0', id: 7, error: expect.objectContaining({ code: -32600 }) },
        expect.objectContaining({
          id: 2,
          result: expect.objectContaining({ content: expect.any(Array) }),
        }),
      ],
    ]);
    // The trace file keeps each batch on one line, and trace reads it back message by message.
    const traced = await runCli(['trace', file, '--json']);
    const report = JSON.parse(traced.stdout) as {
      messages: Array<{ line: number; method: string | null; kind: string }>;
      problems: Array<{ line: number }>;
    };
    expect(report.messages.filter((m) => m.line === 4).map((m) => m.method)).toEqual([
      'ping',
      'tools/call',
      'notifications/initialized',
    ]);
    expect(report.problems.map((p) => p.line)).toEqual([4, 4]);
    expect(report.messages.filter((m) => m.line === 7).map((m) => m.kind)).toEqual([
      'response',
      'error',
      'error',
      'response',
    ]);
    // The same batch in a 2025-11-25 session is one line the server cannot read: -32600.
    const later = await rawSession([initializeLine('2025-11-25'), batch]);
    expect(later.out.slice(1)).toEqual([
      { jsonrpc: '2.0', error: expect.objectContaining({ code: -32600 }) },
    ]);
  });

  it('answers a batch without the request the client cancelled (basic/utilities/cancellation)', async () => {
    const { code, out } = await rawSession([
      initializeLine('2025-03-26'),
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      JSON.stringify([
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'long_running_task', arguments: { steps: 20, delayMs: 200 } },
        },
        { jsonrpc: '2.0', id: 1, method: 'ping' },
      ]),
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 2, reason: 'no longer needed' },
      }),
    ]);
    expect(code).toBe(0);
    expect(out.slice(1)).toEqual([[{ jsonrpc: '2.0', id: 1, result: {} }]]);
  });

  it('handles a 10 MB line', async () => {
    const pad = 'x'.repeat(10 * 1024 * 1024);
    const { code, out } = await rawSession([
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping', params: { _meta: { pad } } }),
      JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }),
    ]);
    expect(code).toBe(0);
    expect(out).toEqual([
      { jsonrpc: '2.0', id: 7, result: {} },
      { jsonrpc: '2.0', id: 8, result: {} },
    ]);
  });

  it('exits 0 at once on empty input', async () => {
    const { code, out } = await rawSession([]);
    expect(code).toBe(0);
    expect(out).toEqual([]);
  });
});
