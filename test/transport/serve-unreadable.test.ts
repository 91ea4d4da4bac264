import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/session/index.js';
import { runCli } from '../helpers/cli.js';
import { initializeLine } from '../helpers/envelopes.js';
import { INIT, raw, type Serving, startServe } from '../helpers/http.js';
import { rawSession } from '../helpers/serve-raw.js';

let dir: string;
const started: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-sim-unreadable-'));
});
afterAll(async () => {
  await Promise.all(started.map((stop) => stop()));
  await rm(dir, { recursive: true, force: true });
});

/** A ping whose params nest `levels` deep in all (the envelope is level 1). */
const deepPing = (levels: number, id: number): string => {
  const inner = levels - 2;
  return `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"x":${'['.repeat(inner)}${']'.repeat(inner)}}}`;
};

const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

type TraceJson = {
  messages: Array<{ line: number; violations: string[] }>;
  summary: { violations: number };
  problems: Array<{ line: number; message: string }>;
};

const traceJson = async (file: string): Promise<TraceJson> =>
  JSON.parse((await runCli(['trace', file, '--json'])).stdout) as TraceJson;

describe('serve and a message nested past the depth limit', () => {
  it('answers it -32700 without an id (not the request inside), and nobody flags the answer', async () => {
    const file = join(dir, 'deep.jsonl');
    const { code, out, err } = await rawSession(
      [initializeLine('2025-06-18'), INITIALIZED, deepPing(MAX_DEPTH + 1, 5), deepPing(10, 6)],
      ['--trace-file', file],
    );
    expect(code).toBe(0);
    expect(out.slice(1)).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
      { jsonrpc: '2.0', id: 6, result: {} },
    ]);
    expect(err).toContain(`nested deeper than ${MAX_DEPTH} levels; not read, answered -32700`);
    expect(err).not.toContain('referee:');
    const report = await traceJson(file);
    expect(report.summary.violations).toBe(0);
    expect(report.messages.every((m) => m.violations.length === 0)).toBe(true);
  });

  it('over HTTP refuses such a body with 400 and -32700, as one that is not JSON', async () => {
    const serving: Serving = startServe([], started);
    const url = await serving.url;
    const opened = await raw(url, 'POST', {}, INIT);
    const answer = await raw(
      url,
      'POST',
      { 'mcp-session-id': opened.session ?? '', 'mcp-protocol-version': '2025-06-18' },
      deepPing(MAX_DEPTH + 1, 5),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32700 } });
    const { stderr } = await serving.stop();
    expect(stderr).toContain(`a body nested deeper than ${MAX_DEPTH} levels`);
    expect(stderr).not.toContain('response-without-request');
  });
});

describe('serve and trace on an object that is no JSON-RPC message', () => {
  it('both call it invalid-envelope: live on stderr, and trace of --trace-file in its violations', async () => {
    const file = join(dir, 'envelope.jsonl');
    const { out, err } = await rawSession(
      [initializeLine('2025-06-18'), INITIALIZED, '{"jsonrpc":"1.0","id":7,"method":"ping"}'],
      ['--trace-file', file],
    );
    expect(out.at(-1)).toMatchObject({ id: 7, error: { code: -32600 } });
    expect(err).toMatch(/referee: client->server .*: invalid-envelope \(error\)/);
    const report = await traceJson(file);
    // A problem line (it has no kind to label), and the violation serve reported.
    // The entry names the rule the summary counts, as a message's entry does.
    expect(report.problems).toEqual([
      {
        line: 4,
        message: expect.stringMatching(/"jsonrpc" must be exactly "2.0"/),
        violations: ['invalid-envelope'],
      },
    ]);
    expect(report.summary.violations).toBe(1);
    const text = await runCli(['trace', file]);
    expect(text.stdout).toMatch(/Violations\n\s+line 4: error invalid-envelope/);
    expect(text.stdout).toMatch(/invalid-envelope .*\[2025-11-25\/basic\/index › Messages\]/);
  });

  it('in a 2026-07-28 session cites 2026-07-28 for invalid-envelope', async () => {
    const file = join(dir, 'modern-envelope.jsonl');
    const discover = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    await rawSession(
      [discover, '{"jsonrpc":"1.0","id":2,"method":"tools/list"}'],
      ['--trace-file', file],
    );
    const text = await runCli(['trace', file, '--lang', 'en']);
    expect(text.stdout).toMatch(/invalid-envelope .*\[2026-07-28\/basic\/index › Messages\]/);
  });
});
