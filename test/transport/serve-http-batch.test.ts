import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { initializeLine } from '../helpers/envelopes.js';
import { raw, startServe } from '../helpers/http.js';
import { rawSession, transcriptLines } from '../helpers/serve-raw.js';

let dir: string;
const started: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-sim-http-batch-'));
});
afterAll(async () => {
  await Promise.all(started.map((stop) => stop()));
  await rm(dir, { recursive: true, force: true });
});

const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
/** 2025-03-26 batches with members that are no JSON-RPC message, among good ones. */
const BATCHES = [
  '[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"1.0","id":3,"method":"ping"},42,{"jsonrpc":"2.0","id":4,"method":"tools/list"}]',
  '[{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}},{}]',
];

/** A transcript's lines after the handshake (see transcriptLines). */
const afterHandshake = async (file: string) => (await transcriptLines(file)).slice(3);

describe('serve --http, a 2025-03-26 batch with a member that is no JSON-RPC message', () => {
  it('answers each member on its own as stdio does (JSON-RPC 2.0 › Batch), each its own step in the log', async () => {
    const stdioFile = join(dir, 'stdio.jsonl');
    const stdio = await rawSession(
      [initializeLine('2025-03-26'), INITIALIZED, ...BATCHES],
      ['--trace-file', stdioFile],
    );
    expect(stdio.code).toBe(0);

    const httpFile = join(dir, 'http.jsonl');
    const serving = startServe(['--trace-file', httpFile], started);
    const url = await serving.url;
    const session = (await raw(url, 'POST', {}, initializeLine('2025-03-26'))).session as string;
    const headers = { 'mcp-session-id': session };
    expect((await raw(url, 'POST', headers, INITIALIZED)).status).toBe(202);
    const first = await raw(url, 'POST', headers, BATCHES[0] as string);
    expect(first.status).toBe(200);
    // Only a notification besides the broken member: nothing of it was a request taken.
    const second = await raw(url, 'POST', headers, BATCHES[1] as string);
    expect(second.status).toBe(400);
    const { code, stderr } = await serving.stop();
    expect(code).toBe(0);

    expect([JSON.parse(first.body), JSON.parse(second.body)]).toEqual(stdio.out.slice(1));
    expect(JSON.parse(first.body)).toMatchObject([
      { id: 2, result: {} },
      { id: 3, error: { code: -32600 } },
      { error: { code: -32600 } },
      { id: 4, result: { tools: expect.any(Array) } },
    ]);
    // The referee judged each member on its own, as on stdio.
    const verdicts = (text: string) =>
      text.match(/referee: client->server .*: (?:invalid-envelope|cancel-unknown-request)/g) ?? [];
    expect(verdicts(stderr)).toHaveLength(verdicts(stdio.err).length);
    expect(verdicts(stderr)).toHaveLength(4);
    expect(stderr).not.toContain('Parse error: Invalid JSON-RPC message');
    expect(stderr).not.toContain('could not send');
    expect(stderr).not.toMatch(/^\s+at /m);
    // The transcript keeps each batch and its answer as one line, as stdio's does.
    expect(await afterHandshake(httpFile)).toEqual(await afterHandshake(stdioFile));
    const traced = JSON.parse((await runCli(['trace', httpFile, '--json', '--lang', 'en'])).stdout);
    const line = JSON.parse((await runCli(['trace', stdioFile, '--json', '--lang', 'en'])).stdout);
    expect(traced.messages.length).toBe(line.messages.length);
    expect(traced.summary.violations).toBe(line.summary.violations);
  });

  it('reaches the SDK v1 client as the answers of each member', async () => {
    const serving = startServe([], started);
    const url = await serving.url;
    const transport = new StreamableHTTPClientTransport(url);
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (message) => received.push(message);
    await transport.start();
    await transport.send(JSON.parse(initializeLine('2025-03-26')) as JSONRPCMessage);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(transport.sessionId).toBeDefined();
    await transport.send(JSON.parse(INITIALIZED) as JSONRPCMessage);
    // The SDK's types allow no broken member; a peer's bug can send one all the same (an object:
    // the SDK's send looks into each member).
    const batch = [
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '1.0', id: 3, method: 'ping' },
      {},
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
    ];
    await transport.send(batch as JSONRPCMessage[]);
    await vi.waitFor(() => expect(received).toHaveLength(5));
    expect(received.slice(1)).toMatchObject([
      { id: 2, result: {} },
      { id: 3, error: { code: -32600 } },
      { error: { code: -32600 } },
      { id: 4, result: { tools: expect.any(Array) } },
    ]);
    await transport.terminateSession();
    await transport.close();
    const { code, stderr } = await serving.stop();
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('sends what the server says about its requests before their answers on the GET stream, or says it could not', async () => {
    const serving = startServe([], started);
    const url = await serving.url;
    const session = (await raw(url, 'POST', {}, initializeLine('2025-03-26'))).session as string;
    const headers = { 'mcp-session-id': session };
    expect((await raw(url, 'POST', headers, INITIALIZED)).status).toBe(202);
    const call = (id: number) =>
      JSON.stringify([
        {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: {
            name: 'long_running_task',
            arguments: { steps: 2, delayMs: 0 },
            _meta: { progressToken: `p${id}` },
          },
        },
        {},
      ]);
    // No GET stream: the progress goes nowhere, and the log says so (it is not in the session log).
    const alone = await raw(url, 'POST', headers, call(5));
    expect(alone.status).toBe(200);
    // In the order answered (JSON-RPC 2.0 › Batch: any order): the broken member's at once.
    expect(JSON.parse(alone.body)).toMatchObject([
      { error: { code: -32600 } },
      { id: 5, result: { content: expect.any(Array) } },
    ]);
    expect(serving.stderr()).toContain(
      'notifications/progress about 5 is not sent: that request came in a batch answered as one JSON body, and no GET stream is open to carry it',
    );
    // With the session's GET stream open, the progress goes there.
    const controller = new AbortController();
    const stream = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const answered = raw(url, 'POST', headers, call(6));
    let events = '';
    while (!events.includes('"progressToken":"p6","progress":2')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      events += new TextDecoder().decode(chunk.value);
    }
    expect(events).toContain('"method":"notifications/progress"');
    expect((await answered).status).toBe(200);
    controller.abort();
    const { code, stderr } = await serving.stop();
    expect(code).toBe(0);
    expect(stderr).not.toContain('about 6 is not sent');
    expect(stderr).not.toContain('could not send');
  });

  it('answers at once a call whose request to the client no stream can carry, instead of waiting for an answer that cannot come', async () => {
    const file = join(dir, 'ask-lost.jsonl');
    const serving = startServe(['--trace-file', file], started);
    const url = await serving.url;
    const initialize = JSON.parse(initializeLine('2025-03-26')) as {
      params: Record<string, unknown>;
    };
    initialize.params.capabilities = { sampling: {} };
    const session = (await raw(url, 'POST', {}, JSON.stringify(initialize))).session as string;
    const headers = { 'mcp-session-id': session };
    expect((await raw(url, 'POST', headers, INITIALIZED)).status).toBe(202);
    const batch = JSON.stringify([
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'summarize_text', arguments: { text: 'a text to summarize' } },
      },
      {},
    ]);
    // No GET stream: sampling/createMessage cannot reach the client (the POST is answered as one
    // JSON body), so the call is answered now, with the tool's own error (isError), not left hanging.
    const answered = await Promise.race([
      raw(url, 'POST', headers, batch),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
    ]);
    expect(answered).not.toBeNull();
    expect(answered?.status).toBe(200);
    expect(JSON.parse(answered?.body ?? 'null')).toMatchObject([
      { error: { code: -32600 } },
      {
        id: 7,
        result: {
          isError: true,
          content: [{ type: 'text', text: expect.stringContaining('sampling/createMessage') }],
        },
      },
    ]);
    const { code, stderr } = await serving.stop();
    expect(code).toBe(0);
    expect(stderr).toContain(
      'sampling/createMessage about 7 is not sent: that request came in a batch answered as one JSON body, and no GET stream is open to carry it; the server answers 7 now',
    );
    // The transcript holds what was on the wire (no sampling request), and traces clean.
    const lines = await afterHandshake(file);
    expect(lines).toHaveLength(2); // the batch, then its answer
    expect(JSON.stringify(lines)).not.toContain('"method":"sampling/createMessage"');
    expect(JSON.stringify(lines)).toContain('This tool needs to send sampling/createMessage');
    const traced = JSON.parse((await runCli(['trace', file, '--json', '--lang', 'en'])).stdout) as {
      messages: Array<{ violations: string[] }>;
    };
    expect(traced.messages.flatMap((m) => m.violations)).toEqual([]);
  });
});
