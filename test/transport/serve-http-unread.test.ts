import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { initializeLine } from '../helpers/envelopes.js';
import { raw, startServe } from '../helpers/http.js';
import { rawSession, transcriptLines } from '../helpers/serve-raw.js';

let dir: string;
const started: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-sim-http-unread-'));
});
afterAll(async () => {
  await Promise.all(started.map((stop) => stop()));
  await rm(dir, { recursive: true, force: true });
});

const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

/** Bodies that are no message the server can take, then a ping (which is one). */
const BODIES = [
  'not json',
  '{"jsonrpc":"1.0","id":1,"method":"ping"}',
  '[]',
  '42',
  'null',
  '{}',
  '{"jsonrpc":"2.0","method":5}',
  '{"jsonrpc":"2.0","id":{},"method":"ping"}',
  '{"jsonrpc":"1.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","method":"notifications/initialized","params":"not an object"}',
  '{"jsonrpc":"2.0","id":9,"method":"ping"}',
];

/** A transcript's lines after the handshake (see transcriptLines). */
const afterHandshake = async (file: string) => (await transcriptLines(file)).slice(3);

type TraceJson = {
  messages: Array<{ violations: string[] }>;
  summary: { violations: number };
  problems: Array<{ line: number; message: string; violations?: string[] }>;
};

const traceJson = async (file: string): Promise<TraceJson> =>
  JSON.parse((await runCli(['trace', file, '--json', '--lang', 'en'])).stdout) as TraceJson;

describe('serve --http in a session: a body that is no message the server can take', () => {
  it('goes into the session log as the same line on stdio does: the same answer, verdicts and transcript', async () => {
    const stdioFile = join(dir, 'stdio.jsonl');
    const stdio = await rawSession(
      [initializeLine('2025-11-25'), INITIALIZED, ...BODIES],
      ['--trace-file', stdioFile],
    );
    expect(stdio.code).toBe(0);

    const httpFile = join(dir, 'http.jsonl');
    const serving = startServe(['--trace-file', httpFile], started);
    const url = await serving.url;
    const opened = await raw(url, 'POST', {}, initializeLine('2025-11-25'));
    const headers = {
      'mcp-session-id': opened.session as string,
      'mcp-protocol-version': '2025-11-25',
    };
    expect((await raw(url, 'POST', headers, INITIALIZED)).status).toBe(202);
    const answers: unknown[] = [];
    for (const body of BODIES.slice(0, -1)) {
      const answer = await raw(url, 'POST', headers, body);
      expect(answer.status, body).toBe(400);
      answers.push(JSON.parse(answer.body));
    }
    const ping = await raw(url, 'POST', headers, BODIES.at(-1) as string);
    expect(ping.status).toBe(200);
    expect(ping.body).toContain('"id":9,"result":{}');
    const { code, stderr } = await serving.stop();
    expect(code).toBe(0);

    // The answers stdio gives: -32700 only for what is no JSON text, -32600 with the reason else.
    expect(answers).toEqual(stdio.out.slice(1, -1));
    expect(answers.map((a) => (a as { error: { code: number } }).error.code)).toEqual([
      -32700, -32600, -32600, -32600, -32600, -32600, -32600, -32600, -32600, -32600,
    ]);
    // The live referee judged each (its verdict lines), and nothing fell back on the SDK's answer.
    expect(stderr.match(/referee: client->server .*: invalid-envelope \(error\)/g)).toHaveLength(
      stdio.err.match(/referee: client->server .*: invalid-envelope \(error\)/g)?.length ?? -1,
    );
    expect(stderr).toContain('a body that is not JSON; answered -32700');
    expect(stderr).not.toContain('Parse error: Invalid JSON-RPC message');
    expect(stderr).not.toContain('could not send');
    expect(stderr).not.toMatch(/^\s+at /m);
    // The transcript keeps every one of them, as stdio's does.
    expect(await afterHandshake(httpFile)).toEqual(await afterHandshake(stdioFile));
    const [http, line] = await Promise.all([traceJson(httpFile), traceJson(stdioFile)]);
    expect(http.problems).toEqual(line.problems);
    expect(http.summary.violations).toBe(line.summary.violations);
    expect(http.summary.violations).toBeGreaterThan(0);
  });
});

describe('serve --http outside a session: a body that is no message the server can take', () => {
  /** What stdio answers before initialize (a batch outside a session is refused as before). */
  const OUTSIDE = BODIES.filter((body) => body !== '[]').slice(0, -1);

  it.each([
    ['dual', []],
    ['legacy', ['--era', 'legacy']],
  ])(
    'gets the answer stdio gives, not a missing session id (%s); all of them in one log and one transcript, in arrival order',
    async (era, args) => {
      const stdioFile = join(dir, `outside-stdio-${era}.jsonl`);
      const stdio = await rawSession(OUTSIDE, ['--trace-file', stdioFile]);
      const file = join(dir, `outside-${era}.jsonl`);
      const serving = startServe(['--trace-file', file, ...args], started);
      const url = await serving.url;
      const answers: unknown[] = [];
      for (const body of OUTSIDE) {
        const answer = await raw(url, 'POST', {}, body);
        expect(answer.status, body).toBe(400);
        expect(answer.session, body).toBeUndefined();
        answers.push(JSON.parse(answer.body));
      }
      // A session opened afterwards is still the first session: its transcript is the file named
      // (a fuzzer's junk before it must not push it to a numbered sibling).
      expect((await raw(url, 'POST', {}, initializeLine('2025-11-25'))).session).toBeDefined();
      const { code, stderr } = await serving.stop();
      expect(code).toBe(0);
      expect(answers).toEqual(stdio.out);
      expect(stderr).not.toContain('Mcp-Session-Id header required');
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stderr).toMatch(/session unread: referee: client->server ping #1: invalid-envelope/);
      expect(stderr).not.toMatch(/session unread-\d/);
      const unread = join(dir, `outside-${era}.unread.jsonl`);
      expect(stderr).toContain(
        `bodies POSTed outside any session that are no message the server can take (one log for the run, in arrival order): transcript in ${unread}`,
      );
      expect(stderr).toContain(`: transcript in ${file}\n`);
      expect(stderr).toMatch(/session [0-9a-f-]{36}: transcript in .*outside-[a-z]+\.jsonl\n/);
      // One transcript for all of them, as stdio's log keeps such lines before initialize: each
      // body, then the server's answer, in the order they came.
      expect(await transcriptLines(unread)).toEqual(await transcriptLines(stdioFile));
      expect((await transcriptLines(file))[0]).toMatchObject({ message: { method: 'initialize' } });
      const traced = await traceJson(unread);
      expect(traced.problems).toHaveLength(OUTSIDE.length);
      expect(traced.problems[1]).toEqual({
        line: 3,
        message: expect.stringMatching(/"jsonrpc" must be exactly "2.0"/),
        violations: ['invalid-envelope'],
      });
      await expect(readFile(join(dir, `outside-${era}.2.jsonl`))).rejects.toThrow();
    },
  );
});

describe('serve --http outside a session: a batch', () => {
  const PING = '{"jsonrpc":"2.0","id":2,"method":"ping"}';
  /** Batches stdio refuses before initialize, as every revision does before one is agreed. */
  const REFUSED = ['[]', `[${PING}]`, `[${initializeLine('2025-11-25')}]`, '[1,2]'];
  /** Read on stdio (initialize-in-batch); over HTTP a session opens with an initialize alone. */
  const WITH_INITIALIZE = [
    `[${initializeLine('2025-03-26')}]`,
    `[${initializeLine('2025-03-26')},${PING}]`,
  ];

  it.each([
    ['dual', []],
    ['legacy', ['--era', 'legacy']],
    ['modern', ['--era', 'modern']],
  ])(
    'goes into the log outside any session and its transcript, answered as stdio answers a batch before initialize (%s)',
    async (era, args) => {
      const stdio = await rawSession(REFUSED);
      const file = join(dir, `batch-${era}.jsonl`);
      const serving = startServe(['--trace-file', file, ...args], started);
      const url = await serving.url;
      const answers: unknown[] = [];
      for (const body of [...REFUSED, ...WITH_INITIALIZE]) {
        // The modern era ignores a session id: the body is outside any session all the same.
        const headers: Record<string, string> = era === 'modern' ? { 'mcp-session-id': 'x' } : {};
        const answer = await raw(url, 'POST', headers, body);
        expect(answer.status, body).toBe(400);
        expect(answer.session, body).toBeUndefined();
        answers.push(JSON.parse(answer.body));
      }
      const { code, stderr } = await serving.stop();
      expect(code).toBe(0);
      const beforeInitialize = stdio.out[1];
      expect(answers).toEqual([...stdio.out, beforeInitialize, beforeInitialize]);
      expect(beforeInitialize).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32600,
          message:
            'Invalid Request: batches are not supported (no revision agreed yet; only 2025-03-26 has them)',
        },
      });
      expect(stderr).not.toMatch(/session opened/);
      expect(
        stderr.match(
          /session unread: transport: client->server: a JSON-RPC batch \(an array\) this session cannot read: a batch before any revision is agreed/g,
        ),
      ).toHaveLength(REFUSED.length + WITH_INITIALIZE.length - 1);
      expect(stderr).toContain(
        'session unread: transport: client->server: a JSON-RPC batch (an array) this session cannot read: an empty batch',
      );
      // One transcript: each batch, then its answer; trace reads each batch as the log did (not
      // as a 2025-03-26 session's start), so none of them opens a session there either.
      const unread = join(dir, `batch-${era}.unread.jsonl`);
      await expect(readFile(file)).rejects.toThrow();
      const recorded = await transcriptLines(unread);
      expect(recorded).toHaveLength(2 * (REFUSED.length + WITH_INITIALIZE.length));
      expect(recorded[8]).toMatchObject({
        direction: 'client->server',
        unreadable: expect.stringMatching(/^a batch before any revision is agreed/),
        text: WITH_INITIALIZE[0],
      });
      const traced = await traceJson(unread);
      expect(traced.problems).toHaveLength(REFUSED.length + WITH_INITIALIZE.length);
      expect(traced.messages.every((m) => !m.violations.includes('initialize-in-batch'))).toBe(
        true,
      );
    },
  );
});
