/**
 * `serve --http` and a tasks extension request (ext-tasks e434597): serve does not implement the
 * extension, so it answers tasks/get as an unknown method whatever the headers say, and the
 * referee judges the client's Mcp-Name (› Streamable HTTP: Routing Headers: params.taskId), which
 * the session log is given with the POST.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { raw, startServe } from '../helpers/http.js';

const work = mkdtempSync(join(tmpdir(), 'mcp-sim-http-task-name-'));
const servers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await Promise.all(servers.map((stop) => stop()));
  rmSync(work, { recursive: true, force: true });
});

/** tasks/get #id of build-7, from a client that declares the extension. */
const poll = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tasks/get',
    params: {
      taskId: 'build-7',
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {
          extensions: { 'io.modelcontextprotocol/tasks': {} },
        },
        'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1' },
      },
    },
  });
const headers = (name: string) => ({
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tasks/get',
  'mcp-name': name,
});

describe('serve --http: a tasks/get whose Mcp-Name is not its taskId', () => {
  it('is answered as before (404, -32601), and the referee names task-name-header for it alone', async () => {
    const file = join(work, 'tasks.jsonl');
    const serve = startServe(['--trace-file', file], servers);
    const url = await serve.url;
    const wrong = await raw(url, 'POST', headers('build-8'), poll(1));
    const right = await raw(url, 'POST', headers('build-7'), poll(2));
    for (const answer of [wrong, right]) {
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).error.code).toBe(-32601);
    }
    const { stderr } = await serve.stop();
    // The live referee said it, once, for the request with the wrong header.
    expect(stderr.match(/task-name-header/g)).toHaveLength(1);
    expect(stderr).toMatch(/tasks\/get #1: task-name-header \(error\)/);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.message.id)).toEqual([1, 1, 2, 2]);
    expect(lines[0].headers['mcp-name']).toBe('build-8');
    // Its reader agrees: the transcript kept the headers the verdict rests on.
    const replay = await runCli(['trace', file, '--json']);
    const messages = JSON.parse(replay.stdout).messages as Array<{ violations: string[] }>;
    expect(messages.map((m) => m.violations)).toEqual([['task-name-header'], [], [], []]);
  });
});
