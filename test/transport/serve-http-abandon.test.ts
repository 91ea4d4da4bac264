import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startServe as serveChild } from '../helpers/http.js';

/**
 * A client that closes a request's response stream (SSE) before the answer, with fetch and an
 * AbortController, against `serve --http`. What that means differs by revision: in 2025-11-25 it
 * is no cancellation (transports › Sending Messages to the Server: a disconnection SHOULD NOT be
 * taken as one), in 2026-07-28 it is the cancellation (basic/patterns/cancellation ›
 * Transport-Specific Cancellation).
 */
const work = mkdtempSync(join(tmpdir(), 'mcp-sim-http-abandon-'));
const servers: Array<() => Promise<unknown>> = [];
const startServe = (args: string[]) => serveChild(args, servers);
afterAll(async () => {
  await Promise.all(servers.map((stop) => stop()));
  rmSync(work, { recursive: true, force: true });
});

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

async function post(url: URL, headers: Record<string, string>, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
  });
  return { res, text: await res.text() };
}

/** POSTs a request, reads the first chunk of its SSE stream, then closes the stream. */
async function abandon(url: URL, headers: Record<string, string>, body: unknown) {
  const controller = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body?.getReader();
  const first = await reader?.read();
  controller.abort();
  return new TextDecoder().decode(first?.value);
}

/** Steps far apart, so the stream is closed long before the answer is due, however busy. */
const longCall = (id: number, meta: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name: 'long_running_task',
    arguments: { steps: 3, delayMs: 300 },
    _meta: { ...meta, progressToken: 'p' },
  },
});

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'a', version: '1' },
  },
};

type Traced = {
  messages: Array<{ kind: string; id: unknown; method: string | null; violations: string[] }>;
};

/** The transcript's abandon lines (`{"direction", "abandon", "t_ms"}`). */
const abandonLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"abandon"'))
    .map((line) => JSON.parse(line) as { direction: string; abandon: unknown });

describe('serve --http, a response stream closed by the client before the answer', () => {
  it('2025-11-25: not a cancellation; the work goes on, what it sends is lost and not in the transcript', async () => {
    const file = join(work, 'legacy.jsonl');
    const serve = startServe(['--era', 'legacy', '--trace-file', file]);
    const url = await serve.url;
    const init = await post(
      url,
      {},
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'a', version: '1' },
        },
      },
    );
    const session = init.res.headers.get('mcp-session-id') ?? '';
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await post(url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' });

    expect(await abandon(url, headers, longCall(2, {}))).toContain('"progress":1');
    // The work went on to its end (no cancellation), and its answer had nowhere to go.
    await vi.waitFor(
      () => expect(serve.stderr()).toContain('tools/call #2 is finished; its answer is not sent'),
      { timeout: 20_000, interval: 100 },
    );
    expect(serve.stderr()).toContain(
      'the client closed the stream of tools/call #2 before its answer; not a cancellation (2025-11-25 transports',
    );
    expect(serve.stderr()).not.toContain('could not send');
    // The session goes on.
    const ping = await post(url, headers, { jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(ping.text).toContain('"id":3,"result":{}');
    const { code, stderr } = await serve.stop();
    expect(code).toBe(0);
    expect(stderr).not.toContain('referee:');

    // The transcript is the wire: what the client never got is not in it, so its reader sees
    // tools/call #2 unanswered, as the client does.
    const traced = await runCli(['trace', file, '--json']);
    const { messages } = JSON.parse(traced.stdout) as Traced;
    expect(messages.filter((m) => m.kind === 'response').map((m) => m.id)).toEqual([1, 3]);
    expect(messages.filter((m) => m.method === 'notifications/progress').length).toBeLessThan(3);
    // The closed stream is on the wire too, and its reader says what it meant in this era.
    expect(abandonLines(file)).toEqual([
      expect.objectContaining({ direction: 'client->server', abandon: 2 }),
    ]);
    const text = await runCli(['trace', file]);
    expect(text.stdout).toContain(
      'The client closed the response stream of tools/call #2. In the handshake era that is not a cancellation',
    );
  });

  it('2025-11-25: a stream closed after its request was cancelled is said to change nothing', async () => {
    const serve = startServe(['--era', 'legacy']);
    const url = await serve.url;
    const init = await post(url, {}, INITIALIZE);
    const session = init.res.headers.get('mcp-session-id') ?? '';
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await post(url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
    const controller = new AbortController();
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...HEADERS, ...headers },
      body: JSON.stringify(longCall(2, {})),
      signal: controller.signal,
    });
    expect(new TextDecoder().decode((await res.body?.getReader().read())?.value)).toContain(
      '"progress":1',
    );
    await post(url, headers, {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 2, reason: 'changed my mind' },
    });
    controller.abort();
    await vi.waitFor(
      () =>
        expect(serve.stderr()).toContain(
          'the client closed the stream of tools/call #2, which it had cancelled (notifications/cancelled)',
        ),
      { timeout: 20_000, interval: 100 },
    );
    const { stderr } = await serve.stop();
    expect(stderr).not.toContain('not a cancellation');
    expect(stderr).not.toContain('referee:');
  });

  it('2026-07-28: the cancellation; serve says so, sends nothing more for it, and goes on', async () => {
    const file = join(work, 'modern.jsonl');
    const serve = startServe(['--era', 'modern', '--trace-file', file]);
    const url = await serve.url;
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1' },
    };
    const headers = {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'long_running_task',
    };
    expect(await abandon(url, headers, longCall(7, envelope))).toContain('"progress":1');
    await vi.waitFor(
      () =>
        expect(serve.stderr()).toContain(
          'modern POST 1: the client closed the stream of tools/call #7 before its answer: in 2026-07-28 that is its cancellation',
        ),
      { timeout: 20_000, interval: 100 },
    );
    const other = await post(
      url,
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      { jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: envelope } },
    );
    expect(other.text).toContain('long_running_task');
    // The cancelled request's id is free again (2026-07-28 basic/index › Requests).
    const again = await post(
      url,
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      { jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: envelope } },
    );
    expect(again.text).toContain('"id":7');
    const { code, stderr } = await serve.stop();
    expect(code).toBe(0);
    // The live referee saw the close as the cancellation: no reused id.
    expect(stderr).not.toContain('duplicate-request-id');
    expect(abandonLines(file)).toEqual([
      expect.objectContaining({ direction: 'client->server', abandon: 7 }),
    ]);
    // And so does the transcript's reader.
    const traced = await runCli(['trace', file, '--json']);
    const { messages } = JSON.parse(traced.stdout) as Traced;
    expect(messages.filter((m) => m.kind === 'response').map((m) => m.id)).toEqual([8, 7]);
    expect(messages.flatMap((m) => m.violations)).toEqual([]);
    const text = await runCli(['trace', file, '--lang', 'zh']);
    expect(text.stdout).toContain(
      '客户端关闭了 tools/call #7 的响应流。在 2026-07-28 中这就是取消',
    );
  });

  it('a stream the server ends by stopping is no client closing it, in either era', async () => {
    const serve = startServe([]);
    const url = await serve.url;
    const init = await post(url, {}, INITIALIZE);
    const session = init.res.headers.get('mcp-session-id') ?? '';
    const legacy = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await post(url, legacy, { jsonrpc: '2.0', method: 'notifications/initialized' });
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1' },
    };
    const modern = {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'long_running_task',
    };
    // Both calls' streams open, each past its first progress, when serve stops.
    const calls: Array<[Record<string, string>, unknown]> = [
      [legacy, longCall(2, {})],
      [modern, longCall(7, envelope)],
    ];
    const streams = await Promise.all(
      calls.map(async ([headers, body]) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { ...HEADERS, ...headers },
          body: JSON.stringify(body),
        });
        const reader = res.body?.getReader();
        expect(new TextDecoder().decode((await reader?.read())?.value)).toContain('"progress":1');
        return reader;
      }),
    );
    const { code, stderr } = await serve.stop();
    for (const reader of streams) await reader?.cancel().catch(() => {});
    expect(code).toBe(0);
    expect(stderr).not.toContain('the client closed the stream');
  });
});
