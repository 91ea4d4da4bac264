import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { INIT, raw, startServe as serveChild } from '../helpers/http.js';

const work = mkdtempSync(join(tmpdir(), 'mcp-sim-http-modern-'));
const servers: Array<() => Promise<unknown>> = [];
const startServe = (args: string[] = []) => serveChild(args, servers);
/**
 * One `serve --http 0` without options for the tests that only send it requests and read the
 * answers (each start of that same command took ~1.3 s of CPU: the tools load before it listens).
 * A test that reads the server's log, stops it or gives it options starts its own.
 */
let plain: Promise<URL> | null = null;
const sharedUrl = () => {
  plain ??= startServe().url;
  return plain;
};
afterAll(async () => {
  await Promise.all(servers.map((stop) => stop()));
  rmSync(work, { recursive: true, force: true });
});

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1' },
};
const V = { 'mcp-protocol-version': '2026-07-28' };

/** A tools/call of long_running_task with a progress token, as a POST body. */
const longTask = (id: number, steps: number, delayMs: number, progressToken: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'long_running_task',
      arguments: { steps, delayMs },
      _meta: { ...ENVELOPE, progressToken },
    },
  });
const body = (id: number, method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: ENVELOPE } });

/** A raw POST that also returns the response's content type and session header. */
function post(url: URL, headers: Record<string, string>, text: string | Buffer) {
  return new Promise<{ status: number; type: string; session: unknown; body: string }>(
    (resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (res) => {
          let out = '';
          res.on('data', (b: Buffer) => {
            out += b.toString();
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type'] ?? ''),
              session: res.headers['mcp-session-id'],
              body: out,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(text);
    },
  );
}

const textOf = (result: unknown) =>
  ((result as { content: Array<{ text: string }> }).content[0] as { text: string }).text;

describe('serve --http in the 2026-07-28 era, driven by the SDK v2 client', () => {
  it('auto and pinned 2026-07-28: a modern exchange with no session; the referee finds nothing wrong', async () => {
    const file = join(work, 'modern.jsonl');
    const serve = startServe(['--trace-file', file]);
    const url = await serve.url;
    const modes: Array<'auto' | { pin: string }> = ['auto', { pin: '2026-07-28' }];
    for (const mode of modes) {
      const versionNegotiation = { mode };
      const transport = new HttpV2(url);
      const client = new ClientV2({ name: 'sdk-v2-http', version: '1' }, { versionNegotiation });
      await client.connect(transport);
      expect(client.getProtocolEra(), JSON.stringify(mode)).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(transport.sessionId).toBeUndefined();
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('long_running_task');
      const progress: number[] = [];
      const done = await client.callTool(
        { name: 'long_running_task', arguments: { steps: 3, delayMs: 20 } },
        { onprogress: (p: { progress: number }) => progress.push(p.progress) },
      );
      expect(textOf(done)).toBe('Finished all 3 steps.');
      // The SDK drops a progress it reads in one chunk with the result (TypeScript SDK #2580): serve
      // leaves 25 ms between them, but a busy client process (a loaded CI machine) may read both at
      // once, so the tail of the progress (even all of it) may be missing; what serve sent is
      // checked in serve-pace.test.ts. What the client got is a prefix, in order.
      expect(progress).toEqual([1, 2, 3].slice(0, progress.length));
      await client.close();
    }
    const { code, stderr } = await serve.stop();
    expect(code).toBe(0);
    expect(stderr).not.toContain('referee:');
    expect(stderr).not.toContain('opened'); // no session
    expect(stderr).toContain(
      `2026-07-28 requests (no session, each POST stands alone): transcript in ${file}`,
    );
    const traced = await runCli(['trace', file, '--json', '--strict']);
    expect(traced.code, traced.stdout).toBe(0);
    const report = JSON.parse(traced.stdout) as {
      summary: { era: string; violations: number };
      messages: Array<{ method: string | null }>;
    };
    expect(report.summary).toMatchObject({ era: 'modern', violations: 0 });
    const count = (method: string) => report.messages.filter((m) => m.method === method).length;
    // Per client: the call and its result, three progress notifications between them.
    expect(count('tools/call')).toBe(4);
    expect(count('notifications/progress')).toBe(6);
  });

  it('an SDK v1 client over the same dual-era server still gets a legacy session', async () => {
    const serve = startServe();
    const url = await serve.url;
    const transport = new HttpV1(url);
    const client = new ClientV1({ name: 'sdk-v1-http', version: '1' });
    await client.connect(transport);
    expect(transport.sessionId).toMatch(/^[\x21-\x7e]+$/);
    expect(client.getServerVersion()?.name).toBe('mcp-sim');
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await transport.terminateSession();
    await client.close();
    expect((await serve.stop()).code).toBe(0);
  });
});

describe('serve --http: the 2026-07-28 transport rules, raw', () => {
  it('answers JSON or a request-scoped SSE stream, and never issues a session', async () => {
    const url = await sharedUrl();
    const list = await post(url, { ...V, 'mcp-method': 'tools/list' }, body(1, 'tools/list'));
    expect(list.status).toBe(200);
    expect(list.type).toBe('application/json');
    expect(list.session).toBeUndefined();
    expect(JSON.parse(list.body).result.resultType).toBe('complete');
    // A session id sent anyway is ignored, not answered with 404.
    const ignored = await post(
      url,
      { ...V, 'mcp-method': 'server/discover', 'mcp-session-id': 'left-over' },
      body(2, 'server/discover'),
    );
    expect(ignored.status).toBe(200);
    const call = await post(
      url,
      { ...V, 'mcp-method': 'tools/call', 'mcp-name': 'long_running_task' },
      longTask(3, 2, 10, 't'),
    );
    expect(call.type).toBe('text/event-stream');
    const events = call.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    expect(events.map((e) => e.method ?? `answer ${e.id}`)).toEqual([
      'notifications/progress',
      'notifications/progress',
      'answer 3',
    ]);
  });

  it('a notifications/cancelled POSTed after closing the stream reaches the referee: the id and token are free again', async () => {
    const file = join(work, 'cancelled.jsonl');
    const serve = startServe(['--trace-file', file]);
    const url = await serve.url;
    const longCall = (id: number) => longTask(id, 20, 40, 'p');
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...V,
      'mcp-method': 'tools/call',
      'mcp-name': 'long_running_task',
    };
    // The client closes the stream after the first progress (the cancellation over HTTP), then
    // says so in a POST of its own, as the SDK v2 client does.
    await new Promise<void>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end(longCall(7));
    });
    const cancelled = JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 7, reason: 'closed' },
    });
    expect(await post(url, {}, cancelled)).toMatchObject({ status: 202, body: '' });
    // Sent again with id 7 and token p, as a second client of a class would: nothing is taken.
    const again = await post(
      url,
      { ...V, 'mcp-method': 'tools/call', 'mcp-name': 'long_running_task' },
      longCall(7),
    );
    expect(again.body).toContain('Finished all 20 steps');
    // A cancellation POSTed while the answer is still streaming stops it: no answer follows.
    const [stopped, accepted] = await Promise.all([
      post(url, { ...V, 'mcp-method': 'tools/call', 'mcp-name': 'long_running_task' }, longCall(8)),
      new Promise((resolve) => setTimeout(resolve, 120)).then(() =>
        post(url, {}, cancelled.replace('"requestId":7', '"requestId":8')),
      ),
    ]);
    expect(accepted.status).toBe(202);
    expect(stopped.body).not.toContain('"id":8,"result"');
    const { stderr } = await serve.stop();
    expect(stderr).not.toContain('referee:');
    // Its reader judges the transcript as serve did: the cancellations are in it.
    const replay = await runCli(['trace', file, '--json']);
    const messages = JSON.parse(replay.stdout).messages as Array<{
      method: string;
      violations: string[];
    }>;
    expect(messages.filter((m) => m.method === 'notifications/cancelled')).toHaveLength(2);
    expect(messages.flatMap((m) => m.violations)).toEqual([]);
  });

  it('a POSTed notifications/cancelled whose id the open calls of two clients share stops neither, and says why', async () => {
    const serve = startServe();
    const url = await serve.url;
    const call = longTask(9, 6, 40, 'q');
    const headers = { ...V, 'mcp-method': 'tools/call', 'mcp-name': 'long_running_task' };
    const cancelled = JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 9, reason: 'one of two' },
    });
    const [first, second, accepted] = await Promise.all([
      post(url, headers, call),
      post(url, headers, call),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => post(url, {}, cancelled)),
    ]);
    expect(accepted.status).toBe(202);
    expect(first.body).toContain('"id":9,"result"');
    expect(second.body).toContain('"id":9,"result"');
    const { stderr } = await serve.stop();
    expect(stderr).toContain(
      'notifications/cancelled names request 9, which 2 requests being answered have',
    );
    expect(stderr).not.toContain('referee:');
  });

  it('two SDK v2 clients at once, each numbering from 0: neither is taken for the other, and one cancelling leaves the other its call', async () => {
    const file = join(work, 'two-clients.jsonl');
    const serve = startServe(['--trace-file', file]);
    const url = await serve.url;
    const open = async (mode: 'auto' | { pin: string }) => {
      const client = new ClientV2(
        { name: 'class', version: '1' },
        { versionNegotiation: { mode } },
      );
      await client.connect(new HttpV2(url));
      return client;
    };
    const [a, b] = await Promise.all([open('auto'), open({ pin: '2026-07-28' })]);
    const steps = { name: 'long_running_task', arguments: { steps: 6, delayMs: 150 } };
    const abort = new AbortController();
    const progress: number[] = [];
    // Both calls are each client's request 0, with progress token 0.
    const [gaveUp, finished] = await Promise.allSettled([
      a.callTool(steps, { signal: abort.signal, onprogress: () => {} }),
      b.callTool(steps, { onprogress: (p: { progress: number }) => progress.push(p.progress) }),
      new Promise((resolve) => setTimeout(resolve, 400)).then(() => abort.abort('A gives up')),
    ]);
    expect(gaveUp.status).toBe('rejected');
    expect(finished.status).toBe('fulfilled');
    expect(textOf((finished as PromiseFulfilledResult<unknown>).value)).toContain(
      'Finished all 6 steps',
    );
    expect(progress.length).toBeGreaterThanOrEqual(5);
    await Promise.all([a.close(), b.close()]);
    const { stderr } = await serve.stop();
    // Judged as one client, B's call broke duplicate-request-id and duplicate-progress-token, and
    // its progress and answer were taken for A's, after A had closed its stream.
    expect(stderr).not.toContain('referee:');
    expect(stderr).toContain('has the id of the request of POST');
    for (const trace of [file, join(work, 'two-clients.2.jsonl')]) {
      const replay = await runCli(['trace', trace, '--json']);
      const messages = JSON.parse(replay.stdout).messages as Array<{ violations: string[] }>;
      expect(messages.length, trace).toBeGreaterThan(0);
      expect(
        messages.flatMap((m) => m.violations),
        trace,
      ).toEqual([]);
    }
  });

  it('header mismatches get 400 with HeaderMismatch (-32020) and the request id', async () => {
    const url = await sharedUrl();
    const call = body(7, 'tools/call', {
      name: 'calculator_arithmetic',
      arguments: { expression: '1+1' },
    });
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { 'mcp-method': 'tools/call', 'mcp-name': 'calculator_arithmetic' },
        call,
        'the MCP-Protocol-Version header is required',
      ],
      [{ ...V, 'mcp-name': 'calculator_arithmetic' }, call, 'the Mcp-Method header is required'],
      [
        { ...V, 'mcp-method': 'tools/list', 'mcp-name': 'calculator_arithmetic' },
        call,
        "Mcp-Method header value 'tools/list' does not match body value 'tools/call'",
      ],
      [
        {
          'mcp-protocol-version': '2025-11-25',
          'mcp-method': 'tools/call',
          'mcp-name': 'calculator_arithmetic',
        },
        call,
        "MCP-Protocol-Version header value '2025-11-25' does not match body value '2026-07-28'",
      ],
      [{ ...V, 'mcp-method': 'tools/call' }, call, 'the Mcp-Name header is required'],
      [
        { ...V, 'mcp-method': 'tools/call', 'mcp-name': 'weather_current' },
        call,
        "Mcp-Name header value 'weather_current' does not match body value 'calculator_arithmetic'",
      ],
      [
        { ...V, 'mcp-method': 'resources/read', 'mcp-name': 'file:///other' },
        body(7, 'resources/read', { uri: 'mcp-sim://notes' }),
        "Mcp-Name header value 'file:///other' does not match body value 'mcp-sim://notes'",
      ],
      [
        { ...V, 'mcp-method': 'prompts/get', 'mcp-name': 'x' },
        body(7, 'prompts/get', { name: 'y' }),
        "Mcp-Name header value 'x' does not match body value 'y'",
      ],
    ];
    for (const [headers, text, why] of cases) {
      const answer = await post(url, headers, text);
      expect(answer.status, why).toBe(400);
      expect(JSON.parse(answer.body), why).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32020, message: `Header mismatch: ${why}` },
      });
    }
    // streamable-http › Value Encoding: a Base64 sentinel is decoded before comparing.
    const encoded = `=?base64?${Buffer.from('calculator_arithmetic').toString('base64')}?=`;
    const ok = await post(url, { ...V, 'mcp-method': 'tools/call', 'mcp-name': encoded }, call);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).result.structuredContent).toEqual({ expression: '1+1', result: 2 });
  });

  it('a refused request and its -32020 reach the session log with the headers: the referee names header-mismatch, the transcript keeps them, and its reader agrees', async () => {
    const file = join(work, 'headers.jsonl');
    const serve = startServe(['--trace-file', file]);
    const url = await serve.url;
    const call = body(7, 'tools/call', {
      name: 'calculator_arithmetic',
      arguments: { expression: '1+1' },
    });
    const refused = await post(
      url,
      {
        ...V,
        'mcp-method': 'tools/call',
        'mcp-name': 'weather_current',
        authorization: 'Bearer s3cret',
      },
      call,
    );
    expect(refused.status).toBe(400);
    const good = await post(
      url,
      { ...V, 'mcp-method': 'tools/call', 'mcp-name': 'calculator_arithmetic' },
      body(8, 'tools/call', { name: 'calculator_arithmetic', arguments: { expression: '2+2' } }),
    );
    expect(good.status).toBe(200);
    const { stderr } = await serve.stop();
    // The live referee said it, once, for the refused request.
    expect(stderr.match(/header-mismatch/g)).toHaveLength(1);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.message.id)).toEqual([7, 7, 8, 8]);
    expect(lines[0].headers).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'weather_current',
    });
    expect(lines[1].message.error.code).toBe(-32020);
    expect(lines[2].headers['mcp-name']).toBe('calculator_arithmetic');
    // Only the MCP headers are kept: a credential never reaches a transcript.
    expect(readFileSync(file, 'utf8')).not.toContain('s3cret');
    const replay = await runCli(['trace', file, '--json']);
    const messages = JSON.parse(replay.stdout).messages as Array<{ violations: string[] }>;
    expect(messages.map((m) => m.violations)).toEqual([['header-mismatch'], [], [], []]);
  });

  it('a modern request whose Accept does not list both answers is 406, before any server sees it', async () => {
    const serve = startServe();
    const url = await serve.url;
    for (const accept of ['application/json', 'text/event-stream', '*/*']) {
      const answer = await post(
        url,
        { ...V, 'mcp-method': 'tools/list', accept },
        body(1, 'tools/list'),
      );
      expect(answer.status, accept).toBe(406);
      expect(JSON.parse(answer.body).error.code, accept).toBe(-32600);
    }
    const ok = await post(url, { ...V, 'mcp-method': 'tools/list' }, body(2, 'tools/list'));
    expect(ok.status).toBe(200);
    expect(serve.stderr()).toContain('406 Not Acceptable: the Accept header must list both');
  });

  it('an unknown method is 404 with -32601; GET and DELETE are 405', async () => {
    const url = await sharedUrl();
    const unknown = await post(url, { ...V, 'mcp-method': 'foo/bar' }, body(1, 'foo/bar'));
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe(-32601);
    // A removed method is unknown to 2026-07-28 too.
    const ping = await post(url, { ...V, 'mcp-method': 'ping' }, body(2, 'ping'));
    expect(ping.status).toBe(404);
    const unsupported = await post(
      url,
      { 'mcp-protocol-version': '1900-01-01', 'mcp-method': 'tools/list' },
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/list',
        params: { _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } },
      }),
    );
    expect(unsupported.status).toBe(400);
    expect(JSON.parse(unsupported.body).error.code).toBe(-32022);
    for (const method of ['GET', 'DELETE']) {
      const answer = await raw(url, method, {});
      expect(answer.status, method).toBe(405);
    }
  });

  it('--era legacy keeps HTTP legacy-only; --era modern refuses initialize and every GET', async () => {
    const legacy = await startServe(['--era', 'legacy']).url;
    const probe = await post(
      legacy,
      { ...V, 'mcp-method': 'server/discover' },
      body(1, 'server/discover'),
    );
    expect(probe.status).toBe(400);
    // Not a modern error (and not the legacy range 2026-07-28 asks new code to avoid): clients fall back.
    expect(JSON.parse(probe.body).error.code).toBe(-32600);
    expect((await raw(legacy, 'GET', {})).status).toBe(400);
    // A notification without a session: a legacy-only server asks for the session id.
    const stray = await post(
      legacy,
      {},
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    );
    expect(stray.status).toBe(400);
    expect(JSON.parse(stray.body).error.code).toBe(-32600);
    const modernServe = startServe(['--era', 'modern']);
    const modern = await modernServe.url;
    const init = await post(modern, {}, INIT);
    // basic/versioning › Backward Compatibility: a modern-only server SHOULD name its versions in
    // any error to initialize; a -32020 for the missing Mcp-Method would name none.
    expect(init.status).toBe(400);
    expect(JSON.parse(init.body).error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: '2025-06-18' },
    });
    expect(init.session).toBeUndefined();
    expect((await raw(modern, 'GET', { 'mcp-session-id': 'x' })).status).toBe(405);
    // The client goes forward to the era the server named: its modern requests are judged as
    // modern ones (the legacy initialize does not make the referee judge them by the handshake).
    const list = await post(modern, { ...V, 'mcp-method': 'tools/list' }, body(2, 'tools/list'));
    expect(list.status).toBe(200);
    const { stderr } = await modernServe.stop();
    expect(stderr).not.toContain('referee:');
  });

  it('--era modern: a legacy client initializing after modern traffic is its own exchange, not era-mixed', async () => {
    const file = join(work, 'after-modern.jsonl');
    const serve = startServe(['--era', 'modern', '--trace-file', file]);
    const url = await serve.url;
    const discover = await post(
      url,
      { ...V, 'mcp-method': 'server/discover' },
      body(1, 'server/discover'),
    );
    expect(discover.status).toBe(200);
    // Another client, of the handshake era: over HTTP nothing ties it to the first one.
    const init = await post(url, {}, INIT);
    expect(JSON.parse(init.body).error.code).toBe(-32022);
    const { stderr } = await serve.stop();
    expect(stderr).not.toContain('era-mixed');
    expect(stderr).toContain('after-modern.2.jsonl');
    for (const path of [file, join(work, 'after-modern.2.jsonl')]) {
      const trace = await runCli(['trace', path, '--json', '--lang', 'en']);
      expect(trace.code, path).toBe(0);
      expect(JSON.parse(trace.stdout).summary.violations, path).toBe(0);
    }
    const probe = readFileSync(join(work, 'after-modern.2.jsonl'), 'utf8');
    expect(probe).toContain('"initialize"');
    expect(readFileSync(file, 'utf8')).not.toContain('"initialize"');
  });
});

describe('serve --http: a notification, and a body that is not UTF-8', () => {
  it('a notification gets 202 and no body, in a session or outside one', async () => {
    const url = await sharedUrl();
    const outside = await post(
      url,
      {},
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/whatever' }),
    );
    expect(outside).toMatchObject({ status: 202, body: '' });
    const init = await raw(url, 'POST', {}, INIT);
    const headers = {
      'mcp-session-id': init.session as string,
      'mcp-protocol-version': '2025-06-18',
    };
    const unknown = { jsonrpc: '2.0', method: 'notifications/unknown_to_the_server' };
    expect(await post(url, headers, JSON.stringify(unknown))).toMatchObject({
      status: 202,
      body: '',
    });
    // One that is no JSON-RPC message is not accepted (2025-11-25 transports › Sending Messages
    // to the Server: an HTTP error status, MAY with an id-less JSON-RPC error): -32600, as on stdio.
    const broken = { jsonrpc: '2.0', method: 'notifications/initialized', params: 'not an object' };
    const refused = await post(url, headers, JSON.stringify(broken));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: -32600 } });
  });

  it('JSON that is no JSON-RPC message is -32600 Invalid Request with its id, as on stdio, not a parse error', async () => {
    const url = await sharedUrl();
    const body = JSON.stringify({
      jsonrpc: '1.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      },
    });
    const answer = await post(url, {}, body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32600,
        message: 'Invalid Request: "jsonrpc" must be exactly "2.0"',
      },
    });
    expect(answer.session).toBeUndefined();
  });

  it('invalid UTF-8 inside a JSON string is a parse error (-32700), not a message', async () => {
    const url = await sharedUrl();
    const broken = Buffer.concat([
      Buffer.from(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"',
      ),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","version":"1"}}}'),
    ]);
    const answer = await post(url, {}, broken);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
    });
    expect(answer.session).toBeUndefined();
  });
});
