import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TraceLabel } from '../../src/trace/index.js';
import { ROOT, runCli } from '../helpers/cli.js';

// Integers past 2^53 − 1 in every place a peer matches on: a request's id and its progress token
// (line 4), a progress notification's token (5), a cancellation's requestId (6), a response's id
// (10); 2^53 − 1 itself (lines 7 and 8) is exact and is not flagged.
const BIG = join(ROOT, 'test', 'fixtures', 'samples', 'big-ids.jsonl');
const RULE = 'id-beyond-safe-integer';

describe('ids beyond 2^53 − 1 are reported, not silently rounded', () => {
  it('trace: one located warning per id, naming the digits the file wrote', async () => {
    const r = await runCli(['trace', BIG]);
    expect(r.code).toBe(0); // a warning: JSON-RPC does not bound ids
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n').filter((l) => l.includes(`warning ${RULE}`));
    expect(lines.map((l) => l.match(/line (\d+):/)?.[1])).toEqual(['4', '4', '5', '6', '9', '10']);
    expect(lines[0]).toContain(
      'id 9007199254740993 is beyond 2^53 − 1 (9007199254740991): many peers (every JavaScript one) read a JSON number as a double and would round it to 9007199254740992',
    );
    expect(lines[1]).toContain('progress token 9007199254740995 is beyond');
    expect(lines[1]).toContain('round it to 9007199254740996,');
    expect(lines[2]).toContain('progressToken 9007199254740995 ');
    expect(lines[3]).toContain('requestId 9007199254740993 ');
    expect(lines[4]).toContain('id 12345678901234567890 ');
    for (const line of lines) expect(line).toMatch(/beyond 2\^53 − 1 /);
    // The cancellation names the request exactly: no cancel-unknown-request.
    expect(r.stdout).not.toContain('cancel-unknown-request');
  });

  it('play --plain: the progress line names the token by its digits (it stopped on an internal error)', async () => {
    const r = await runCli(['play', '--plain', BIG, '--lang', 'en']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('> progress (token `9007199254740995`) 0.5');
  });

  it('trace --json: the rule id on exactly those messages', async () => {
    const r = await runCli(['trace', '--json', BIG]);
    const { messages } = JSON.parse(r.stdout) as { messages: TraceLabel[] };
    const flagged = messages.map((m) => m.violations.filter((v) => v === RULE).length);
    expect(flagged).toEqual([0, 0, 0, 2, 1, 1, 0, 0, 1, 1]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-big-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HANDSHAKE = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
];
/** Two ids JSON.parse reads as one (12345678901234567000), answered in the other order. */
const TWO = join(dir, 'two.jsonl');
writeFileSync(
  TWO,
  `${[
    ...HANDSHAKE,
    '{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}',
    '{"jsonrpc":"2.0","id":12345678901234567891,"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":12345678901234567891,"result":{"tools":[]}}',
    '{"jsonrpc":"2.0","id":12345678901234567890,"result":{}}',
    '{"direction":"client->server","message":{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}}',
  ].join('\n')}\n`,
);

describe('an id past 2^53 − 1 is the one the file holds', () => {
  it('trace --json: the exact digits, a JSON number as in the file; each answer meets its own request', async () => {
    const r = await runCli(['trace', '--json', TWO, '--lang', 'en']);
    // The digits as written, not 12345678901234567000.
    expect(r.stdout).toContain('"id":12345678901234567890,');
    expect(r.stdout).toContain('"id":12345678901234567891,');
    expect(r.stdout).not.toContain('12345678901234567000');
    const { messages } = JSON.parse(r.stdout) as { messages: TraceLabel[] };
    const tail = messages.slice(3).map((m) => [m.direction, m.kind, m.method, m.violations]);
    expect(tail).toEqual([
      ['client->server', 'request', 'ping', [RULE]],
      ['client->server', 'request', 'tools/list', [RULE]],
      ['server->client', 'response', 'tools/list', [RULE]],
      ['server->client', 'response', 'ping', [RULE]],
      // Used before: judged exactly, as any id.
      ['client->server', 'request', 'ping', ['duplicate-request-id', RULE]],
    ]);
  });

  it('trace text and play --plain show the digits the file wrote', async () => {
    const text = await runCli(['trace', TWO, '--lang', 'en']);
    expect(text.stdout).toContain('ping #12345678901234567890 ');
    expect(text.stdout).toContain('tools/list #12345678901234567891 ');
    expect(text.stdout).toContain('would round it to 12345678901234567000');
    const play = await runCli(['play', '--plain', TWO, '--lang', 'en']);
    expect(play.stdout).toContain('`ping #12345678901234567890`');
    expect(play.stdout).toContain('"id": 12345678901234567891,');
    expect(play.stdout.replace(/would round it to 12345678901234567000/g, '')).not.toContain(
      '12345678901234567000',
    );
  });
});

describe('a lesson that sends an integer past 2^53 − 1 (lesson 19, big-progress-token)', () => {
  it('lesson --json prints its digits, a JSON number, as trace --json does', async () => {
    const r = await runCli(['lesson', 'faults-gallery', '--json', '--lang', 'en']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"progressToken": 9007199254740993\n');
    expect(r.stdout).toContain('progress token 9007199254740993 is beyond 2^53 − 1');
  });
});
