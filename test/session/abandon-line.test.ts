import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLine, readTranscript, SessionLog } from '../../src/session/index.js';
import { runCli } from '../helpers/cli.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const call = (id: number) =>
  JSON.stringify({
    direction: 'client->server',
    message: {
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'long_running_task', arguments: {}, _meta: META },
    },
  });

describe('the transcript line of a closed response stream', () => {
  it('reads {"direction": "client->server", "abandon": id}, direction optional, t_ms kept', () => {
    expect(parseLine('{"direction":"client->server","abandon":7,"t_ms":12}')).toEqual({
      kind: 'abandon',
      id: 7,
      tMs: 12,
    });
    expect(parseLine('{"abandon":"a-1"}')).toEqual({ kind: 'abandon', id: 'a-1' });
  });

  it('says what is wrong with a bad one, in both languages', () => {
    const bad = [
      ['{"direction":"server->client","abandon":7}', '"direction" must be "client->server"'],
      ['{"abandon":null}', '"abandon" must be the id of the request'],
      ['{"abandon":{"id":1}}', 'not {"id":1}'],
      ['{"direction":"client->server","abandon":1,"message":{}}', 'either "message" or "abandon"'],
    ] as const;
    for (const [line, why] of bad) {
      const parsed = parseLine(line);
      expect(parsed.kind, line).toBe('problem');
      if (parsed.kind !== 'problem') continue;
      expect(parsed.message).toContain(why);
      expect(parsed.messageZh).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('in a transcript: the request is cancelled, so its id may come again; a bad line is reported', () => {
    const lines = [
      call(7),
      '{"direction":"client->server","abandon":7,"t_ms":5}',
      '{"direction":"server->client","abandon":7}',
      call(7),
    ].map((text, i) => ({ line: i + 1, text }));
    const steps = readTranscript(lines, new SessionLog());
    expect(steps.map((s) => s.kind)).toEqual(['message', 'abandon', 'unreadable', 'message']);
    expect(steps[1]?.abandoned).toEqual({ id: 7, method: 'tools/call', cancelled: true });
    expect(steps[1]?.line).toBe(2);
    expect(steps[2]?.problem).toContain('"direction" must be "client->server"');
    expect(steps[3]?.verdict?.violations).toEqual([]);
    // Without the abandon line, the same id is still in flight: reused.
    const kept = readTranscript(
      [call(7), call(7)].map((text, i) => ({ line: i + 1, text })),
      new SessionLog(),
    );
    expect(kept[1]?.verdict?.violations.map((v) => v.rule)).toContain('duplicate-request-id');
  });

  it('trace prints what the close did, at its line, and --json lists messages only', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcp-sim-abandon-')), 'http.jsonl');
    writeFileSync(file, `${[call(7), '{"abandon":7}', call(7)].join('\n')}\n`);
    const text = await runCli(['trace', file]);
    expect(text.stdout).toMatch(/line 2: The client closed the response stream of tools\/call #7/);
    const json = JSON.parse((await runCli(['trace', file, '--json'])).stdout) as {
      messages: Array<{ line: number; violations: string[] }>;
      problems: unknown[];
    };
    expect(json.messages.map((m) => [m.line, m.violations])).toEqual([
      [1, []],
      [3, []],
    ]);
    expect(json.problems).toEqual([]);
  });

  it('an id past 2^53 − 1 is the one the line wrote: the close names that request, not another', () => {
    // 12345678901234567890 and …891 both read as 12345678901234567000 with JSON.parse.
    const big = (id: string) => call(0).replace('"id":0', `"id":${id}`);
    expect(parseLine('{"abandon":12345678901234567891}')).toEqual({
      kind: 'abandon',
      id: 12345678901234567891n,
    });
    const lines = [
      big('12345678901234567890'),
      big('12345678901234567891'),
      '{"direction":"client->server","abandon":12345678901234567891}',
      big('12345678901234567891'),
    ].map((text, i) => ({ line: i + 1, text }));
    const steps = readTranscript(lines, new SessionLog());
    expect(steps[2]?.abandoned).toEqual({
      id: 12345678901234567891n,
      method: 'tools/call',
      cancelled: true,
    });
    // Its id is free again; …890 is still in flight and is not the one reused.
    expect(steps[3]?.verdict?.violations.map((v) => v.rule)).not.toContain('duplicate-request-id');
  });
});
