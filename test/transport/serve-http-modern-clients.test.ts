import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { raw, startServe } from '../helpers/http.js';

/**
 * serve --http in the 2026-07-28 era, several clients at once: each client's requests are judged
 * by what that client saw, not by another client's traffic. With no session, a client is known
 * by the address it connects from and the clientInfo its envelope names.
 */

const work = mkdtempSync(join(tmpdir(), 'mcp-sim-http-clients-'));
const servers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await Promise.all(servers.map((stop) => stop()));
  rmSync(work, { recursive: true, force: true });
});

const meta = (client: string) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: client, version: '1' },
});
/** A modern request of `client` as a POST: its body and its headers. */
const send = (
  url: URL,
  client: string,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
) =>
  raw(
    url,
    'POST',
    {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
    },
    JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta(client) } }),
  );

type Replayed = { messages: Array<{ method?: string; violations: string[] }> };
const replay = async (file: string) =>
  JSON.parse((await runCli(['trace', file, '--json'])).stdout) as Replayed;

describe('serve --http, 2026-07-28: each client is judged by its own server/discover', () => {
  it("client B, which never discovered, is not judged by client A's discover; A is", async () => {
    const file = join(work, 'discover.jsonl');
    const serve = startServe(['--without', 'prompts', '--trace-file', file]);
    servers.push(serve.stop);
    const url = await serve.url;
    // A discovers: the server declares no prompts.
    expect((await send(url, 'client-a', 1, 'server/discover')).status).toBe(200);
    // B never discovered: before a discover a client may call anything (no capability known).
    await send(url, 'client-b', 1, 'prompts/list');
    // A calls what its discover did not declare: the warning is A's.
    await send(url, 'client-a', 2, 'prompts/list');
    const { stderr } = await serve.stop();
    const warned = stderr.split('\n').filter((line) => line.includes('capability-not-negotiated'));
    expect(warned, stderr).toHaveLength(1);
    expect(warned[0]).toContain('modern POST 3');
    // Each client's transcript, and its reader agrees: A's holds the warning, B's is clean.
    const a = await replay(file);
    expect(a.messages.map((m) => m.method)).toContain('server/discover');
    expect(a.messages.flatMap((m) => m.violations)).toEqual(['capability-not-negotiated']);
    const b = await replay(join(work, 'discover.2.jsonl'));
    expect(b.messages.map((m) => m.method)).toEqual(['prompts/list', 'prompts/list']);
    expect(b.messages.flatMap((m) => m.violations)).toEqual([]);
  });
});

/** A modern POST with a body of its own; the answer's JSON (the last SSE event, if a stream). */
const postJson = async (url: URL, method: string, name: string, message: unknown) => {
  const r = await raw(
    url,
    'POST',
    { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, 'mcp-name': name },
    JSON.stringify(message),
  );
  const data = r.body.startsWith('{')
    ? r.body
    : ([...r.body.matchAll(/^data: (.*)$/gm)].at(-1)?.[1] ?? '');
  return JSON.parse(data) as { id: unknown; result?: Record<string, unknown> };
};

const ASKS = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'feedback-client', version: '1' },
};
const feedback = (id: number, retry: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'collect_feedback', arguments: { topic: 'MRTR' }, ...retry, _meta: ASKS },
});
const longCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name: 'long_running_task',
    arguments: { steps: 8, delayMs: 100 },
    _meta: ASKS,
  },
});
/** The retry of an input_required result: every input accepted, its requestState echoed. */
const retryOf = (result: Record<string, unknown>) => {
  const asked = (result.inputRequests ?? {}) as Record<string, unknown>;
  const inputResponses = Object.fromEntries(
    Object.keys(asked).map((k) => [k, { action: 'accept', content: { rating: 5, comment: 'ok' } }]),
  );
  return {
    inputResponses,
    ...(result.requestState === undefined ? {} : { requestState: result.requestState }),
  };
};

describe('serve --http, 2026-07-28: an input_required retry is judged with its first round', () => {
  it('a round judged on its own (its id in flight in the same client) and its retry: one transcript, clean', async () => {
    const file = join(work, 'round-alone.jsonl');
    const serve = startServe(['--trace-file', file]);
    servers.push(serve.stop);
    const url = await serve.url;
    // Two copies of one client (one clientInfo, one host): the first's long call has id 1 …
    const long = postJson(url, 'tools/call', 'long_running_task', longCall(1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    // … when the second's call has id 1 too: judged on its own, and gets input_required.
    const round = await postJson(url, 'tools/call', 'collect_feedback', feedback(1));
    expect(round.result?.resultType).toBe('input_required');
    // Its retry, with a new id that nothing has in flight.
    const done = await postJson(
      url,
      'tools/call',
      'collect_feedback',
      feedback(2, retryOf(round.result ?? {})),
    );
    expect(done.result?.resultType).toBe('complete');
    await long;
    const { stderr } = await serve.stop();
    expect(stderr).not.toContain('referee:');
    // The round's transcript holds its retry; its reader judges them together, clean.
    const alone = await replay(join(work, 'round-alone.2.jsonl'));
    expect(alone.messages.filter((m) => m.method === 'tools/call')).toHaveLength(4);
    expect(alone.messages.flatMap((m) => m.violations)).toEqual([]);
    const first = await replay(file);
    expect(first.messages.flatMap((m) => m.violations)).toEqual([]);
  });

  it("a round in the client's log and its retry with an id in flight there: judged with the round, clean", async () => {
    const file = join(work, 'retry-alone.jsonl');
    const serve = startServe(['--trace-file', file]);
    servers.push(serve.stop);
    const url = await serve.url;
    // The second copy's round, in the one log of the two copies …
    const round = await postJson(url, 'tools/call', 'collect_feedback', feedback(0));
    expect(round.result?.resultType).toBe('input_required');
    // … the first copy's long call with id 5 …
    const long = postJson(url, 'tools/call', 'long_running_task', longCall(5));
    await new Promise((resolve) => setTimeout(resolve, 150));
    // … and the second's retry with id 5, which the long call still has: judged on its own.
    const done = await postJson(
      url,
      'tools/call',
      'collect_feedback',
      feedback(5, retryOf(round.result ?? {})),
    );
    expect(done.result?.resultType).toBe('complete');
    await long;
    const { stderr } = await serve.stop();
    expect(stderr).toContain('has the id of the request of POST');
    expect(stderr).not.toContain('referee:');
    // The retry's own transcript holds its first round too, and its reader agrees: clean.
    const alone = await replay(join(work, 'retry-alone.2.jsonl'));
    expect(alone.messages.filter((m) => m.method === 'tools/call')).toHaveLength(4);
    expect(alone.messages.flatMap((m) => m.violations)).toEqual([]);
  });
});
