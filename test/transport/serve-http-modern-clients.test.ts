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
