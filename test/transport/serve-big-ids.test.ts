import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { raw, startServe } from '../helpers/http.js';
import { rawSession } from '../helpers/serve-raw.js';

// JSON-RPC 2.0 › Response object: the id "MUST be the same as the value of the id member in the
// Request Object". Two ids past 2^53 − 1 that JSON.parse reads as one (12345678901234567000): a
// client that reads integers exactly (Python, Go, Rust) matches each answer on its own digits.
const A = '12345678901234567890';
const B = '12345678901234567891';
const ROUNDED = '12345678901234567000';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-serve-big-ids-'));
const started: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await Promise.all(started.map((stop) => stop()));
  rmSync(dir, { recursive: true, force: true });
});

const INIT = `{"jsonrpc":"2.0","id":${A},"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`;
const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
const META = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"}}`;

/** Each answer's id as the line wrote it. */
const ids = (text: string) =>
  [...text.matchAll(/^\{"jsonrpc":"2\.0","id":([^,]+),/gm)].map((m) => m[1]);

describe('serve over stdio answers an id past 2^53 − 1 with the digits the client sent', () => {
  it('legacy: initialize and a ping, each answered with its own id; the log names them exactly', async () => {
    const r = await rawSession([INIT, INITIALIZED, `{"jsonrpc":"2.0","id":${B},"method":"ping"}`]);
    expect(r.code).toBe(0);
    expect(ids(r.text)).toEqual([A, B]);
    expect(r.text).not.toContain(ROUNDED);
    expect(r.err).toContain(`ping #${B}: id-beyond-safe-integer`);
    expect(r.err).not.toContain(`#${ROUNDED}`);
  });

  it('modern: server/discover and tools/list, each answered with its own id', async () => {
    const r = await rawSession([
      `{"jsonrpc":"2.0","id":${A},"method":"server/discover","params":{${META}}}`,
      `{"jsonrpc":"2.0","id":${B},"method":"tools/list","params":{${META}}}`,
    ]);
    expect(r.code).toBe(0);
    expect(ids(r.text)).toEqual([A, B]);
    expect(r.text).not.toContain('"error"');
    expect(r.text).not.toContain(ROUNDED);
  });

  it('modern: a listen stream named by its id, acknowledged and ended with the digits; no schema error', async () => {
    const r = await rawSession(
      [
        `{"jsonrpc":"2.0","id":${A},"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},${META}}}`,
      ],
      ['--era', 'modern'],
    );
    expect(r.code).toBe(0);
    const named = [...r.text.matchAll(/"io\.modelcontextprotocol\/subscriptionId":([^,}]+)/g)];
    expect(named.map((m) => m[1])).toEqual([A, A]); // the acknowledgment, the result
    expect(r.text).not.toContain(ROUNDED);
    // The referee reads the stream's id exactly in the result's _meta too (a bigint the schema
    // validator once called "must be string,integer").
    expect(r.err).not.toContain('invalid-result');
    expect(r.err).toContain(`subscriptions/listen #${A}: id-beyond-safe-integer`);
  });

  it('a cancellation names the call exactly: the other call, whose id rounds the same, is answered', async () => {
    const call = (id: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"long_running_task","arguments":{"steps":2,"delayMs":20}}}`;
    const trace = join(dir, 'cancel.jsonl');
    const r = await rawSession(
      [
        INIT,
        INITIALIZED,
        call(B),
        call('12345678901234567892'),
        `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${B}}}`,
      ],
      ['--trace-file', trace],
    );
    expect(r.code).toBe(0);
    expect(ids(r.text)).toEqual([A, '12345678901234567892']);
    // The transcript holds the digits that travelled, both ways.
    const file = readFileSync(trace, 'utf8');
    expect(file).toContain(`"requestId":${B}}`);
    expect(file).toContain('"id":12345678901234567892,"result"');
    expect(file).not.toContain(ROUNDED);
  });
});

/** Each answer's id in an HTTP body: one JSON object, or SSE events. */
const answerIds = (body: string) =>
  [...body.matchAll(/(?:^|data: )\{"jsonrpc":"2\.0","id":([^,]+),"(?:result|error)"/gm)].map(
    (m) => m[1],
  );

describe('serve over HTTP answers an id past 2^53 − 1 with the digits the client sent', () => {
  it('legacy: initialize, a ping and a call with progress, through the SDK transport', async () => {
    const trace = join(dir, 'http.jsonl');
    const serving = startServe(['--trace-file', trace], started);
    const url = await serving.url;
    const init = await raw(url, 'POST', {}, INIT);
    expect(init.status).toBe(200);
    expect(answerIds(init.body)).toEqual([A]);
    expect(init.body.endsWith('\n\n')).toBe(true); // the whole event: Content-Length kept right
    const session = { 'mcp-session-id': init.session ?? '', 'mcp-protocol-version': '2025-11-25' };
    expect((await raw(url, 'POST', session, INITIALIZED)).status).toBe(202);
    const ping = await raw(url, 'POST', session, `{"jsonrpc":"2.0","id":${B},"method":"ping"}`);
    expect(answerIds(ping.body)).toEqual([B]);
    const call = await raw(
      url,
      'POST',
      session,
      `{"jsonrpc":"2.0","id":12345678901234567892,"method":"tools/call","params":{"_meta":{"progressToken":7},"name":"long_running_task","arguments":{"steps":2,"delayMs":20}}}`,
    );
    expect(call.body).toContain('"method":"notifications/progress"');
    expect(answerIds(call.body)).toEqual(['12345678901234567892']);
    const { stderr } = await serving.stop();
    expect(stderr).toContain(`ping #${B}: id-beyond-safe-integer`);
    expect(stderr).not.toContain(`#${ROUNDED}`);
    expect(stderr).not.toMatch(/Parse error|could not send/i);
    const file = readFileSync(trace, 'utf8');
    expect(file).toContain(`"id":${B},"result"`);
    expect(file).not.toContain(ROUNDED);
  });

  it('modern: tools/list answered with its own id', async () => {
    const serving = startServe([], started);
    const url = await serving.url;
    const list = await raw(
      url,
      'POST',
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      `{"jsonrpc":"2.0","id":${B},"method":"tools/list","params":{${META}}}`,
    );
    expect(list.status).toBe(200);
    expect(answerIds(list.body)).toEqual([B]);
  });
});

// basic/utilities/progress: a ProgressToken is "a string or integer", matched like an id. Past
// 2^53 − 1 JSON.parse rounds it: the progress echoed a token the client never sent, and two tokens
// that round alike were one to the referee.
const longCall = (id: number, token: string, meta = '') =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"_meta":{"progressToken":${token}${meta}},"name":"long_running_task","arguments":{"steps":2,"delayMs":20}}}`;
const ENVELOPE = `,${META.slice('"_meta":{'.length, -1)}`;
/** The tokens of the progress notifications in a text, as written. */
const tokens = (text: string) =>
  [...text.matchAll(/"method":"notifications\/progress","params":\{"progressToken":([^,]+),/g)].map(
    (m) => m[1],
  );

describe('a progress token past 2^53 − 1 keeps its digits', () => {
  it('serve over stdio, 2026-07-28: the progress echoes the token the client sent', async () => {
    const modern = await rawSession([longCall(2, B, ENVELOPE)]);
    expect(tokens(modern.text)).toEqual([B, B]);
    expect(modern.text).not.toContain(ROUNDED);
    expect(modern.err).not.toContain('unknown-progress-token');
  });

  it('serve over stdio, 2025-11-25: the call is served (the schema bounds no token) and its progress echoes the token', async () => {
    // The SDK's zod schema, which judges 2025-11-25, takes an integer to be a safe one; the
    // revision's ProgressToken is "string | integer", with no bound. It was -32602 invalid params.
    const legacy = await rawSession([INIT, INITIALIZED, longCall(2, B)]);
    expect(tokens(legacy.text)).toEqual([B, B]);
    expect(legacy.text).not.toContain('"error"');
    expect(legacy.err).not.toContain('invalid-params');
    expect(legacy.err).toContain('id-beyond-safe-integer');
  });

  it('serve over HTTP, 2025-11-25: through the SDK transport, the call is served and its progress echoes the token', async () => {
    // The SDK's zod refused the rounded token as "-32700 Parse error: Invalid JSON-RPC message".
    const trace = join(dir, 'token-legacy-http.jsonl');
    const serving = startServe(['--trace-file', trace], started);
    const url = await serving.url;
    const init = await raw(url, 'POST', {}, INIT);
    const session = { 'mcp-session-id': init.session ?? '', 'mcp-protocol-version': '2025-11-25' };
    expect((await raw(url, 'POST', session, INITIALIZED)).status).toBe(202);
    // Its id and its token the same big integer (SDK v1 makes the token of the request's id).
    const call = await raw(url, 'POST', session, longCall(2, B).replace('"id":2', `"id":${B}`));
    expect(call.body).not.toContain('"error"');
    expect(tokens(call.body.replaceAll('data: ', ''))).toEqual([B, B]);
    expect(answerIds(call.body)).toEqual([B]);
    expect(call.body).not.toContain('~#');
    // A second call with another big token, after the first is done: its own digits.
    const again = await raw(url, 'POST', session, longCall(3, A));
    expect(tokens(again.body.replaceAll('data: ', ''))).toEqual([A, A]);
    const { stderr } = await serving.stop();
    expect(stderr).not.toMatch(/Parse error|invalid-params|unknown-progress-token|~#/);
    const file = readFileSync(trace, 'utf8');
    expect(file).not.toContain(ROUNDED);
    expect(file).not.toContain('~#');
  });

  it('serve over HTTP, 2026-07-28: the progress on the stream echoes the token', async () => {
    const trace = join(dir, 'token-http.jsonl');
    const serving = startServe(['--trace-file', trace], started);
    const url = await serving.url;
    const call = await raw(
      url,
      'POST',
      {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'long_running_task',
      },
      longCall(2, B, ENVELOPE),
    );
    expect(tokens(call.body)).toEqual([B, B]);
    expect(call.body).not.toContain(ROUNDED);
    const { stderr } = await serving.stop();
    expect(stderr).not.toContain('unknown-progress-token');
    expect(readFileSync(trace, 'utf8')).not.toContain(ROUNDED);
  });

  it("trace: progress for a token that only rounds like the request's is an unknown token", async () => {
    const file = join(dir, 'tokens.jsonl');
    const lines = [
      INIT,
      '{"jsonrpc":"2.0","id":12345678901234567890,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}',
      INITIALIZED,
      longCall(2, A),
      `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${B},"progress":1}}`,
      `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${A},"progress":2}}`,
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { stdout } = await runCli(['trace', file, '--json']);
    const messages = JSON.parse(stdout).messages as Array<{ violations: string[] }>;
    expect(messages.map((m) => m.violations.includes('unknown-progress-token'))).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
  });
});
