import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { startServe } from '../helpers/http.js';

/**
 * `mcp-sim connect --url`: the simulated client over Streamable HTTP, against `serve --http` in
 * both eras and against an SDK v1 McpServer on StreamableHTTPServerTransport
 * (test/fixtures/connect/v1-http-server.mjs); and what it says when the URL is no MCP server.
 */
const work = mkdtempSync(join(tmpdir(), 'mcp-sim-connect-http-'));
const stops: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  rmSync(work, { recursive: true, force: true });
});

type Step = {
  session: number;
  direction: 'client->server' | 'server->client';
  era: string | null;
  message: (Record<string, unknown> & { params?: Record<string, unknown> }) | null;
  violations: Array<{ rule: string }>;
  abandon?: unknown;
};
type ConnectJson = {
  era: string | null;
  revision: string | null;
  negotiatedVersion: string | null;
  fallback: string | null;
  url?: string;
  command?: string[];
  steps: Step[];
  problems: string[];
  notes: string[];
};
type Line = {
  direction: string;
  message?: Record<string, unknown>;
  headers?: Record<string, string>;
  abandon?: unknown;
};

async function connect(url: string, options: string[] = []) {
  const trace = join(work, `trace-${Math.random().toString(36).slice(2)}.jsonl`);
  const result = await runCli([
    'connect',
    '--json',
    '--trace-file',
    trace,
    ...options,
    '--url',
    url,
  ]);
  const lines = readFileSync(trace, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
  return { ...result, run: JSON.parse(result.stdout) as ConnectJson, lines, trace };
}

const methods = (run: ConnectJson) =>
  run.steps
    .filter((s) => s.direction === 'client->server' && s.message)
    .map((s) => s.message?.method);
const violations = (run: ConnectJson) => run.steps.flatMap((s) => s.violations.map((v) => v.rule));
const received = (run: ConnectJson) =>
  run.steps
    .filter((s) => s.direction === 'server->client' && typeof s.message?.method === 'string')
    .map((s) => s.message?.method);

/** trace's own reading of the transcript connect wrote: its violations. */
async function traced(file: string) {
  const result = await runCli(['trace', '--json', file]);
  const report = JSON.parse(result.stdout) as {
    summary: { era: string; violations: number };
    problems: unknown[];
  };
  return { ...report.summary, problems: report.problems };
}

/** The SDK v1 server of the fixture, on a free port; its URL once it listens. */
function startV1(mode: 'sse' | 'json' = 'sse'): Promise<string> {
  return startFixture('v1-http-server.mjs', mode === 'json' ? ['json'] : []);
}

/** The SDK v2 server of the fixture (createMcpHandler), on a free port; its URL once it listens. */
function startV2(legacy: 'stateless' | 'reject'): Promise<string> {
  return startFixture('v2-http-server.mjs', [legacy]);
}

/** A server of test/fixtures/connect on a free port; its URL once it prints `listening <url>`. */
function startFixture(name: string, args: string[]): Promise<string> {
  const fixture = join(ROOT, 'test', 'fixtures', 'connect', name);
  const child: ChildProcess = spawn(process.execPath, [fixture, '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stops.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(null);
        child.on('exit', resolve);
        child.kill('SIGTERM');
      }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const match = /listening (http:\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`${name} exited ${code}`)));
  });
}

/**
 * A web server whose handler gets each request's body read and parsed as JSON (`{}` when empty):
 * the made-up MCP servers of the tests below.
 */
function jsonServer(
  handle: (
    req: IncomingMessage,
    res: ServerResponse,
    body: { id?: number; method?: string },
  ) => void,
): Server {
  return createServer((req, res) => {
    let text = '';
    req.on('data', (b: Buffer) => {
      text += b.toString();
    });
    req.on('end', () => {
      handle(req, res, text ? (JSON.parse(text) as { id?: number; method?: string }) : {});
    });
  });
}

/** A plain web server: every path is an HTML 404 page (no MCP endpoint anywhere). */
function startHtml404(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><body><h1>404 Not Found</h1></body></html>');
  });
  stops.push(() => new Promise((resolve) => server.close(resolve)));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/mcp`, server });
    }),
  );
}

describe('connect --url against serve --http', () => {
  const serving = startServe([], stops);

  it('auto finds the modern era: every request POSTed with the headers 2026-07-28 asks for, traced clean', async () => {
    const url = String(await serving.url);
    const { code, run, lines, trace } = await connect(url, [
      '--call',
      'long_running_task',
      '{"steps":2,"delayMs":50}',
    ]);
    expect(run.problems).toEqual([]);
    expect(code).toBe(0);
    expect(run.era).toBe('modern');
    expect(run.url).toBe(url);
    expect(run.command).toBeUndefined();
    expect(methods(run)).toEqual([
      'server/discover',
      'tools/list',
      'resources/list',
      'prompts/list',
      'subscriptions/listen',
      'tools/call',
    ]);
    // The progress of the call came on its SSE response stream.
    expect(received(run).filter((m) => m === 'notifications/progress')).toHaveLength(2);
    expect(violations(run)).toEqual([]);
    const requests = lines.filter((l) => l.direction === 'client->server' && l.message);
    for (const line of requests) {
      expect(line.headers?.['mcp-protocol-version']).toBe('2026-07-28');
      expect(line.headers?.['mcp-method']).toBe(line.message?.method);
    }
    const call = requests.find((l) => l.message?.method === 'tools/call');
    expect(call?.headers?.['mcp-name']).toBe('long_running_task');
    // The listen stream ends by closing its response stream, which is the cancellation over HTTP.
    expect(lines.at(-1)).toEqual({ direction: 'client->server', abandon: 4 });
    expect(run.notes.join(' ')).toContain('closing its response stream');
    expect(run.steps.at(-1)).toMatchObject({ message: null, abandon: 4 });
    expect(serving.stderr()).not.toMatch(/refused|-32020|HeaderMismatch/);
    expect(await traced(trace)).toMatchObject({ era: 'modern', violations: 0, problems: [] });
  });

  it('legacy: initialize without MCP-Protocol-Version, every later POST with the negotiated one; the session ends with DELETE', async () => {
    const url = String(await serving.url);
    const { code, run, lines, trace } = await connect(url, [
      '--era',
      'legacy',
      '--version',
      '2025-06-18',
      '--call',
      'long_running_task',
      '{"steps":2,"delayMs":50}',
    ]);
    expect(run.problems).toEqual([]);
    expect(code).toBe(0);
    expect(run.era).toBe('legacy');
    expect(run.negotiatedVersion).toBe('2025-06-18');
    expect(received(run).filter((m) => m === 'notifications/progress')).toHaveLength(2);
    const sent = lines.filter((l) => l.direction === 'client->server');
    expect(sent[0]?.message?.method).toBe('initialize');
    // Over HTTP a message's headers are known: none of them MCP's before the negotiation.
    expect(sent[0]?.headers).toEqual({});
    for (const line of sent.slice(1))
      expect(line.headers).toEqual({ 'mcp-protocol-version': '2025-06-18' });
    expect(violations(run)).toEqual([]);
    // One session: every step is in session 1.
    expect(new Set(run.steps.map((s) => s.session))).toEqual(new Set([1]));
    expect(await traced(trace)).toMatchObject({ era: 'legacy', violations: 0, problems: [] });
    await expect.poll(() => serving.stderr()).toMatch(/session \S+ closed/);
  });

  it('a modern request that gets no answer in time is cancelled by closing its stream, not with notifications/cancelled', async () => {
    const url = String(await serving.url);
    const { code, run, lines } = await connect(url, [
      '--era',
      'modern',
      // The probe waits at most this long too: enough for a loaded machine, far less than the call.
      '--timeout',
      '1500',
      '--call',
      'long_running_task',
      '{"steps":20,"delayMs":250}',
    ]);
    expect(code).toBe(1);
    expect(methods(run)).not.toContain('notifications/cancelled');
    const call = lines.find((l) => l.message?.method === 'tools/call');
    expect(lines).toContainEqual({ direction: 'client->server', abandon: call?.message?.id });
    expect(run.problems.join(' ')).toContain('by closing its response stream');
    expect(violations(run)).toEqual([]);
    await expect
      .poll(() => serving.stderr())
      .toMatch(/closed the stream of tools\/call #\d+ before its answer/);
  });
});

describe('connect --url against a legacy-only serve --http', () => {
  const serving = startServe(['--era', 'legacy'], stops);

  it('auto falls back to initialize after the probe is refused, as over stdio', async () => {
    const url = String(await serving.url);
    const { code, run } = await connect(url);
    expect(run.problems).toEqual([]);
    expect(code).toBe(0);
    expect(run.fallback).toMatch(/^fell back to the handshake/);
    expect(run.era).toBe('dual');
    expect(methods(run).slice(0, 3)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
    ]);
  });
});

describe('connect --url against an SDK v1 McpServer on StreamableHTTPServerTransport', () => {
  it('auto falls back on its 400, keeps its Mcp-Session-Id, and reads the call’s SSE stream and the GET stream', async () => {
    const url = await startV1();
    const { code, run, stderr } = await connect(url, ['--call', 'add', '{"a":2,"b":3}']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(run.era).toBe('dual');
    // The SDK's 400 body for a request before initialize: a JSON-RPC error with id null.
    expect(run.fallback).toContain('No valid session ID provided');
    expect(methods(run)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/call',
    ]);
    const answer = run.steps.findLast((s) => s.message?.id === 5 || s.message?.id === 3);
    expect(JSON.stringify(answer?.message)).toContain('"text":"5"');
    // On the POST's SSE stream: progress and a log line; on the GET stream: the other log line.
    const got = received(run);
    expect(got).toContain('notifications/progress');
    const logs = run.steps
      .filter((s) => s.message?.method === 'notifications/message')
      .map((s) => (s.message?.params as { data?: unknown } | undefined)?.data);
    expect(logs).toEqual(['adding 2 and 3', 'on the GET stream']);
    // The probe's error is a legacy server's (its id null: the SDK did not read the probe), so
    // 2026-07-28's code table does not judge it: nothing is flagged.
    expect(violations(run)).toEqual([]);
  });

  it('trace agrees on the recorded run (v1-http-probe.jsonl): the probe’s 400 with id null is its answer', async () => {
    const file = join(ROOT, 'test', 'fixtures', 'connect', 'v1-http-probe.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[1] ?? '{}').message).toMatchObject({
      id: null,
      error: { code: -32000 },
    });
    expect(await traced(file)).toMatchObject({ era: 'dual', violations: 0, problems: [] });
  });

  it('reads JSON answers as well (enableJsonResponse)', async () => {
    const url = await startV1('json');
    const { code, run } = await connect(url, ['--era', 'legacy', '--call', 'add', '{"a":1,"b":1}']);
    expect(run.problems).toEqual([]);
    expect(code).toBe(0);
    const answer = run.steps.at(-1)?.message?.id === 3 ? run.steps.at(-1) : run.steps.at(-2);
    expect(JSON.stringify(answer?.message)).toContain('"text":"2"');
  });
});

describe('connect --url against an SDK v2 server (createMcpHandler, one instance per request)', () => {
  const CALLS = [
    '--capability',
    'elicitation',
    '--call',
    'count',
    '{"n":2}',
    '--call',
    'confirm_echo',
    '{"text":"hi"}',
    '--call',
    'add_tool',
  ];

  it('auto: modern at once, a round fulfilled, list_changed on the listen stream, closed by its stream; trace agrees', async () => {
    const url = await startV2('stateless');
    const { code, run, lines, trace } = await connect(url, CALLS);
    expect(run.problems).toEqual([]);
    expect(code).toBe(0);
    expect(run.era).toBe('modern');
    expect(run.fallback).toBeNull();
    // tools/list again after the list changed; confirm_echo twice (the retry has a new id).
    expect(methods(run)).toEqual([
      'server/discover',
      'tools/list',
      'subscriptions/listen',
      'tools/call',
      'tools/call',
      'tools/call',
      'tools/call',
      'tools/list',
    ]);
    expect(received(run)).toEqual(
      expect.arrayContaining([
        'notifications/subscriptions/acknowledged',
        'notifications/progress',
        'notifications/tools/list_changed',
      ]),
    );
    // Each POST carries the headers 2026-07-28 asks for; the calls name their tool.
    const calls = lines.filter(
      (l) => l.direction === 'client->server' && l.message?.method === 'tools/call',
    );
    expect(calls.map((l) => l.headers?.['mcp-name'])).toEqual([
      'count',
      'confirm_echo',
      'confirm_echo',
      'add_tool',
    ]);
    expect(run.notes.join(' ')).toMatch(/needed 1 input_required round/);
    // The listen stream ends by closing it (HTTP), no notifications/cancelled.
    expect(lines.some((l) => l.abandon !== undefined)).toBe(true);
    expect(lines.some((l) => l.message?.method === 'notifications/cancelled')).toBe(false);
    expect(violations(run)).toEqual([]);
    expect(await traced(trace)).toMatchObject({ era: 'modern', violations: 0, problems: [] });
  });

  it('legacy: the stateless leg serves the handshake without a session; it cannot ask the client, so the round is an isError result', async () => {
    const url = await startV2('stateless');
    const { code, run, lines } = await connect(url, ['--era', 'legacy', ...CALLS]);
    expect(code).toBe(0);
    expect(run.era).toBe('legacy');
    expect(run.negotiatedVersion).toBe('2025-11-25');
    expect(lines.some((l) => l.headers?.['mcp-session-id'] !== undefined)).toBe(false);
    const confirm = run.steps.find(
      (s) =>
        s.direction === 'server->client' &&
        JSON.stringify(s.message).includes('Cannot request input'),
    );
    expect(confirm?.message?.result).toMatchObject({ isError: true });
    expect(violations(run)).toEqual([]);
  });

  it("legacy against legacy: 'reject': 400 and -32022 naming 2026-07-28, explained in one line, exit 1", async () => {
    const url = await startV2('reject');
    const { code, run, stderr } = await connect(url, ['--era', 'legacy']);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/-32022/);
    expect(stderr).toMatch(/2026-07-28/);
    expect(run.steps[1]?.message?.error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
  });
});

describe('connect --url when the URL is no MCP server', () => {
  it('an unreachable URL is one line naming it, exit 1', async () => {
    // A port that was just free: nothing listens there.
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
    await new Promise((resolve) => server.close(resolve));
    const url = `http://127.0.0.1:${port}/mcp`;
    const result = await runCli(['connect', '--plain', '--url', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `mcp-sim connect: could not reach "${url}": connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('an HTML 404 is named as such: auto falls back, then initialize gets the page too, exit 1', async () => {
    const { url } = await startHtml404();
    const result = await runCli(['connect', '--json', '--url', url]);
    expect(result.code).toBe(1);
    const run = JSON.parse(result.stdout) as ConnectJson;
    expect(run.fallback).toContain('HTTP 404 (text/html)');
    expect(run.problems).toHaveLength(1);
    expect(run.problems[0]).toContain(
      'answered the POST of initialize #1 with HTTP 404 (text/html): "<!doctype html><html><body><h1>404 Not Found</h1></body></html>", not a JSON-RPC message',
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    // --era modern has no fallback: the probe's 404 ends it.
    const modern = await runCli(['connect', '--json', '--era', 'modern', '--url', url]);
    expect(modern.code).toBe(1);
    expect(JSON.parse(modern.stdout).problems).toEqual([
      `no modern answer: the server answered server/discover #server-discover-probe-1 with HTTP 404 (text/html) and no JSON-RPC message in it, and --era modern has no fallback to initialize.`,
    ]);
  });

  it('a server of the old HTTP+SSE transport (2024-11-05) is named as such: its GET stream opens with an endpoint event', async () => {
    // As server-everything's `sse` mode (SDK v1 SSEServerTransport behind express): a POST to the
    // SSE URL is an HTML 404; a GET opens the stream whose first event names the POST endpoint.
    const gets: string[] = [];
    const server = createServer((req, res) => {
      if (req.method === 'GET') {
        gets.push(String(req.headers.accept));
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('event: endpoint\ndata: /message?sessionId=abc\n\n');
        return; // left open, as the old transport's stream is
      }
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><title>Error</title><pre>Cannot POST /sse</pre>');
    });
    stops.push(
      () =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`;
    for (const era of ['auto', 'legacy']) {
      const result = await runCli(['connect', '--json', '--era', era, '--url', url]);
      expect(result.code).toBe(1);
      const run = JSON.parse(result.stdout) as ConnectJson;
      expect(run.problems).toEqual([
        `the server answered the POST of initialize #1 with HTTP 404 (text/html), and a GET of "${url}" opened an SSE stream whose first event, "endpoint", names "/message?sessionId=abc" as the URL to POST to: this is a server of the HTTP+SSE transport of 2024-11-05, which Streamable HTTP replaced in 2025-03-26. A client may support both (2025-11-25/basic/transports › Backwards Compatibility); connect speaks only Streamable HTTP, so reach this server over stdio (connect -- <command>), or at a Streamable HTTP endpoint if it has one.`,
      ]);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(gets).toEqual(['text/event-stream', 'text/event-stream']);
    const zh = await runCli(['connect', '--json', '--lang', 'zh', '--era', 'legacy', '--url', url]);
    expect(JSON.parse(zh.stdout).problems[0]).toContain('2024-11-05 的 HTTP+SSE 传输');
  });

  it('a 401 is named as a request for authorization, its JSON body not taken for a message', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
        res.end(JSON.stringify({ error: 'invalid_token' }));
      });
    });
    stops.push(() => new Promise((resolve) => server.close(resolve)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const result = await runCli(['connect', '--json', '--era', 'legacy', '--url', url]);
    expect(result.code).toBe(1);
    const run = JSON.parse(result.stdout) as ConnectJson;
    expect(run.steps.map((s) => s.direction)).toEqual(['client->server']);
    expect(run.problems).toEqual([
      'the server refused initialize #1 with HTTP 401: it wants authorization, and connect sends no credentials (an HTTP server may require them: 2025-11-25/basic/authorization).',
    ]);
  });

  it('an SSE event that is no JSON-RPC message is named, kept in the transcript, and the session goes on', async () => {
    // A legacy server whose initialize answer comes on an SSE stream after an event of plain text.
    const server = jsonServer((req, res, body) => {
      if (body.method !== 'initialize') {
        res.writeHead(req.method === 'GET' ? 405 : 202).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const result = {
        protocolVersion: '2025-11-25',
        capabilities: {},
        serverInfo: { name: 'sse-junk', version: '1' },
      };
      res.end(
        `data: hello from the server\n\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: body.id, result })}\n\n`,
      );
    });
    stops.push(() => new Promise((resolve) => server.close(resolve)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const { code, run, lines, stderr } = await connect(url, ['--era', 'legacy']);
    expect(code).toBe(1);
    expect(run.negotiatedVersion).toBe('2025-11-25');
    expect(run.problems).toEqual([
      'the server sent a body or event that is not a JSON-RPC message (first: "hello from the server"). Over Streamable HTTP each JSON body, and each SSE event\'s data, is one JSON-RPC message (2025-11-25/basic/transports › Sending Messages to the Server).',
    ]);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(lines[1]).toMatchObject({ direction: 'server->client', text: 'hello from the server' });
  });

  it('--url and -- <command> together, or a URL that is not http(s), are usage errors (exit 2)', async () => {
    const both = await runCli(['connect', '--url', 'http://127.0.0.1:9/mcp', '--', 'node', 's.js']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(
      'mcp-sim: connect takes --url or a server command after --, not both (--url http://127.0.0.1:9/mcp, command node s.js)\n',
    );
    const ftp = await runCli(['connect', '--url', 'ftp://example.com/mcp']);
    expect(ftp.code).toBe(2);
    expect(ftp.stderr).toBe(
      'mcp-sim: --url "ftp://example.com/mcp" is not an http:// or https:// URL\n',
    );
    const neither = await runCli(['connect', '--json']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toMatch(
      /^mcp-sim: connect needs a server command or a URL: .*--url <url>\n$/,
    );
    const zh = await runCli(['connect', '--lang', 'zh', '--url', 'x', '--', 'node']);
    expect(zh.stderr).toMatch(/^mcp-sim: connect 只接受 --url 或 -- 之后的服务器命令之一/);
  });
});

describe('connect --url when the server ends the session', () => {
  /**
   * A legacy server that assigns a session at initialize (s-1, s-2, …) and ends each of the first
   * `ending` sessions (restarted, or ended: 2025-11-25 basic/transports › Session Management, item
   * 3) right after the handshake: every later request on that id gets 404, with the body serve
   * --http sends then. It has one tool, echo. `seen` lists every request as it came.
   */
  async function forgetful(ending: number): Promise<{ url: string; seen: string[] }> {
    const seen: string[] = [];
    let opened = 0;
    const server = jsonServer((req, res, body) => {
      const sid = req.headers['mcp-session-id'];
      seen.push(`${req.method} ${body.method ?? ''} ${typeof sid === 'string' ? sid : '-'}`);
      if (body.method === 'initialize') {
        opened += 1;
        const result = {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'forgetful', version: '1' },
        };
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': `s-${opened}` });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
        return;
      }
      if (req.method === 'GET') {
        res.writeHead(405).end();
        return;
      }
      const live = sid === `s-${opened}` && opened > ending;
      if (req.method === 'POST' && body.method === 'notifications/initialized') {
        res.writeHead(202).end();
        return;
      }
      if (live && req.method === 'DELETE') {
        res.writeHead(200).end();
        return;
      }
      if (live && body.method === 'tools/list') {
        const tools = [{ name: 'echo', inputSchema: { type: 'object' } }];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { tools } }));
        return;
      }
      if (live && body.method === 'tools/call') {
        const result = { content: [{ type: 'text', text: 'hi' }] };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'Session not found' } }),
      );
    });
    stops.push(() => new Promise((resolve) => server.close(resolve)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen };
  }

  // It stopped at the 404 ("connect runs one session"), exit 1.
  it('a 404 to a request that carried Mcp-Session-Id: a new session with a new initialize sent without the id; the calls are made there, DELETE ends it, exit 0', async () => {
    const { url, seen } = await forgetful(1);
    const { code, run, stderr, trace, lines } = await connect(url, [
      '--era',
      'legacy',
      '--call',
      'echo',
      '{"text":"hi"}',
    ]);
    expect(run.problems).toEqual([]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(seen.filter((s) => !s.startsWith('GET'))).toEqual([
      'POST initialize -',
      'POST notifications/initialized s-1',
      'POST tools/list s-1',
      'POST initialize -',
      'POST notifications/initialized s-2',
      'POST tools/list s-2',
      'POST tools/call s-2',
      'DELETE  s-2',
    ]);
    expect(run.notes).toEqual([
      'The server answered tools/list #2 with HTTP 404: the session it assigned (Mcp-Session-Id "s-1") had ended. A server may end a session at any time and then answers 404 to its id; the client must then start a new session with a new initialize sent without a session id (2025-11-25/basic/transports › Session Management), so connect did: the new session starts at the second initialize (its --trace-file is a transcript of its own, numbered 2).',
    ]);
    expect(methods(run)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/call',
    ]);
    // Each session refereed on its own: the second initialize is no duplicate-initialize.
    expect(violations(run)).toEqual([]);
    // --json says which session each step belongs to, by the number of its --trace-file
    // transcript: the first session's 404 closes session 1, the new initialize opens session 2.
    expect(run.steps.map((s) => `${s.session} ${s.message?.method ?? 'answer'}`)).toEqual([
      '1 initialize',
      '1 answer',
      '1 notifications/initialized',
      '1 tools/list',
      '1 answer',
      '2 initialize',
      '2 answer',
      '2 notifications/initialized',
      '2 tools/list',
      '2 answer',
      '2 tools/call',
      '2 answer',
    ]);
    // One transcript per session, as serve --http writes them; each traces clean.
    const second = trace.replace(/\.jsonl$/, '.2.jsonl');
    expect(lines.map((l) => l.message?.method ?? 'answer')).toEqual([
      'initialize',
      'answer',
      'notifications/initialized',
      'tools/list',
      'answer',
    ]);
    const next = readFileSync(second, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    expect(next[0]?.message?.method).toBe('initialize');
    expect(next[0]?.headers?.['mcp-session-id']).toBeUndefined();
    expect(await traced(second)).toMatchObject({ era: 'legacy', violations: 0, problems: [] });
    // The handout (and the screen) say where the new session begins: on its initialize.
    const plain = await runCli([
      'connect',
      '--plain',
      '--era',
      'legacy',
      '--url',
      (await forgetful(1)).url,
    ]);
    const sections = plain.stdout.split(/\n(?=## step )/);
    const marked = sections.filter((s) => s.includes('A new session starts here'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toContain('"method": "initialize"');
    expect(sections.indexOf(marked[0] as string)).toBeGreaterThan(
      sections.findIndex((s) => s.includes('"method": "initialize"')),
    );
  });

  it('a server that ends the new session too: connect starts over only once, then stops and says so, exit 1', async () => {
    const { url, seen } = await forgetful(2);
    const { code, run, stderr } = await connect(url, [
      '--era',
      'legacy',
      '--call',
      'echo',
      '{"text":"hi"}',
    ]);
    expect(code).toBe(1);
    // Nothing more on the ended session: no call, no DELETE.
    expect(seen.filter((s) => !s.startsWith('GET'))).toEqual([
      'POST initialize -',
      'POST notifications/initialized s-1',
      'POST tools/list s-1',
      'POST initialize -',
      'POST notifications/initialized s-2',
      'POST tools/list s-2',
    ]);
    expect(run.problems).toEqual([
      'the server answered tools/list #2 with HTTP 404: the new session it assigned (Mcp-Session-Id "s-2") has ended too. A client must then start a new session with a new initialize sent without a session id (2025-11-25/basic/transports › Session Management); connect starts over only once, so it stops here: run it again for a new one.',
      'the session stopped there, so these --call tools were not called: echo.',
    ]);
    expect(stderr.trim().split('\n')).toHaveLength(2);
  });
});

describe('connect --url ended by a signal', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} while a request waits: the session the server assigned is ended with DELETE before connect ends`, async () => {
      // A legacy server that assigns a session and never answers tools/list.
      const seen: string[] = [];
      const server = jsonServer((req, res, body) => {
        const sid = req.headers['mcp-session-id'];
        seen.push(`${req.method} ${body.method ?? ''} ${typeof sid === 'string' ? sid : '-'}`);
        if (body.method === 'initialize') {
          const result = {
            protocolVersion: '2025-11-25',
            capabilities: { tools: {} },
            serverInfo: { name: 'slow', version: '1' },
          };
          res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's-9' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
          return;
        }
        if (req.method === 'DELETE') {
          res.writeHead(200).end();
          return;
        }
        if (req.method === 'GET') {
          res.writeHead(405).end();
          return;
        }
        if (body.method === 'notifications/initialized') {
          res.writeHead(202).end();
          return;
        }
        // tools/list: never answered (the response stays open until the client closes it).
      });
      stops.push(
        () =>
          new Promise((resolve) => {
            server.closeAllConnections();
            server.close(resolve);
          }),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const child = spawn(
        process.execPath,
        [
          join(ROOT, 'dist', 'cli', 'main.js'),
          'connect',
          '--plain',
          '--era',
          'legacy',
          '--timeout',
          '60000',
          '--url',
          url,
        ],
        { stdio: 'ignore' },
      );
      const ended = new Promise<string | null>((resolve) =>
        child.on('exit', (_code, sig) => resolve(sig)),
      );
      await expect
        .poll(() => seen.some((s) => s.startsWith('POST tools/list')), { timeout: 10_000 })
        .toBe(true);
      child.kill(signal);
      expect(await ended).toBe(signal);
      expect(seen).toContain('DELETE  s-9');
    }, 20_000);
  }
});
