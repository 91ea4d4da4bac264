import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const INFO = { name: 't', version: '1.0.0' };
const GOOD = [
  {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: INFO },
  },
  {
    jsonrpc: '2.0',
    id: 0,
    result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: INFO },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
].map((m) => JSON.stringify(m));
const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

type TraceJson = {
  messages: Array<{ line: number; kind: string }>;
  summary: { requests: number };
  problems: Array<{ line: number; message: string }>;
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-sim-hostile-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `parts` to a file, a Buffer at a time (the long line is made of many 1 MiB pieces). */
async function fileOf(name: string, parts: Iterable<string | Buffer>): Promise<string> {
  const file = join(dir, name);
  const sink = createWriteStream(file);
  for (const part of parts) if (!sink.write(part)) await once(sink, 'drain');
  sink.end();
  await once(sink, 'finish');
  return file;
}

describe('trace on lines that fail: located, skipped, and --json stays one JSON document', () => {
  it('a 65 MiB line, a line not UTF-8, not JSON, a batch: each reported by number, the rest traced', async () => {
    const piece = Buffer.alloc(1024 * 1024, 0x61);
    const file = await fileOf(
      'hostile.jsonl',
      (function* () {
        for (const g of GOOD) yield `${g}\n`; // lines 1-3
        yield '{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"'; // line 4: 65 MiB
        for (let i = 0; i < 65; i++) yield piece;
        yield '"}}\n';
        yield `${ping(1)}\n`; // 5
        yield Buffer.from([0xff, 0xfe, 0x7b, 0x0a]); // 6: not UTF-8
        yield '{"jsonrpc": "2.0", "id": 2,\n'; // 7: cut short
        yield `[${ping(3)}]\n`; // 8: a batch
        yield `${ping(4)}\n`; // 9
      })(),
    );
    const json = await runCli(['trace', file, '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(1);
    const doc = JSON.parse(json.stdout) as TraceJson;
    expect(doc.messages.map((m) => m.line)).toEqual([1, 2, 3, 5, 9]);
    expect(doc.problems.map((p) => p.line)).toEqual([4, 6, 7, 8]);
    expect(doc.problems[0]?.message).toMatch(
      /^a line of 68157\d{3} bytes, over the limit of 64 MiB: skipped unread$/,
    );
    expect(doc.problems[1]?.message).toMatch(/not valid UTF-8/);

    const text = await runCli(['trace', file]);
    expect(text.code).toBe(1);
    expect(text.stderr).toBe('');
    // One line per problem, each with its number; the messages after the long line are labelled.
    expect(text.stdout).toMatch(
      /^\s*line 4: a line of 68157\d{3} bytes, over the limit of 64 MiB: skipped unread$/m,
    );
    expect(text.stdout).toMatch(/^\s*line 6: not valid UTF-8.*$/m);
    expect(text.stdout.match(/ping/g)?.length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('the text report counts every unreadable line and lists the first 200 again at the end', async () => {
    const broken = Array.from({ length: 250 }, (_, i) => `{broken ${i}\n`);
    const file = await fileOf('many-broken.jsonl', [...GOOD.map((g) => `${g}\n`), ...broken]);
    const text = await runCli(['trace', file]);
    expect(text.code).toBe(1);
    const recap = text.stdout.slice(text.stdout.indexOf('Unreadable lines'));
    expect(recap).toMatch(/^Unreadable lines \(250\)$/m);
    expect(recap.match(/^\s+line \d+:/gm)?.length).toBe(200);
    expect(recap).toMatch(/^\s+… and 50 more$/m);
  });

  it('arbitrary bytes between good lines: stdout is one complete JSON document naming every good line', async () => {
    const junk = fc.oneof(
      fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b.filter((x) => x !== 0x0a))),
      fc.string({ maxLength: 30 }).map((s) => Buffer.from(s.replaceAll('\n', ''))),
      fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(junk, fc.constant(null)), { maxLength: 25 }),
        async (lines) => {
          const parts: Buffer[] = GOOD.map((g) => Buffer.from(`${g}\n`));
          const good: number[] = [1, 2, 3];
          lines.forEach((l, i) => {
            parts.push(l ?? Buffer.from(ping(100 + i)), Buffer.from('\n'));
            if (l === null) good.push(4 + i);
          });
          const file = join(dir, `junk-${run++}.jsonl`);
          await writeFile(file, Buffer.concat(parts));
          const out = await runCli(['trace', file, '--json']);
          expect(out.stderr).toBe('');
          const doc = JSON.parse(out.stdout) as TraceJson;
          const lineNumbers = [
            ...doc.messages.map((m) => m.line),
            ...doc.problems.map((p) => p.line),
          ];
          for (const g of good) expect(doc.messages.map((m) => m.line)).toContain(g);
          // Nothing is said twice about one line.
          expect(new Set(lineNumbers).size).toBe(lineNumbers.length);
          expect(out.code).toBe(doc.problems.length > 0 ? 1 : 0);
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});
