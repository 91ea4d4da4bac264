import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../src/protocol/index.js';
import { type RawLine, readLines } from '../../src/session/index.js';
import { createTracer, type TraceLabel } from '../../src/trace/index.js';
import { REAL, type TraceResult, traceFile, traceRaw } from '../helpers/trace.js';

const NL = 0x0a;

/** A file's lines as bytes (the trailing newline does not start another line). */
function splitBytes(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let nl = bytes.indexOf(NL); nl !== -1; nl = bytes.indexOf(NL, start)) {
    lines.push(bytes.subarray(start, nl));
    start = nl + 1;
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}

/** Cuts a buffer into chunks at the given offsets, so lines straddle reads at random places. */
function chunked(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % bytes.length)))]
    .filter((c) => c > 0)
    .sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const p of points) {
    chunks.push(bytes.subarray(start, p));
    start = p;
  }
  chunks.push(bytes.subarray(start));
  return chunks.filter((c) => c.length > 0);
}

const traceBytes = (chunks: Buffer[]) => traceRaw(readLines(Readable.from(chunks)));

const LABEL_KINDS = ['request', 'response', 'error', 'notification'];
const PHASES = ['initialization', 'operation', 'shutdown'];
const PRIMITIVES = [
  'tools',
  'resources',
  'prompts',
  'roots',
  'sampling',
  'elicitation',
  'lifecycle',
  'utility',
];

function expectWellFormed(label: TraceLabel): void {
  expect(LABEL_KINDS).toContain(label.kind);
  // A message of the 2026-07-28 era has no lifecycle phase (METHOD_NAMES holds server/discover and
  // the other modern methods, so a generated transcript may open a modern session).
  if (label.era === 'modern') expect(label.phase).toBeNull();
  else expect(PHASES).toContain(label.phase);
  expect(['legacy', 'modern']).toContain(label.era);
  expect(['client->server', 'server->client']).toContain(label.direction);
  if (label.primitive !== null) expect(PRIMITIVES).toContain(label.primitive);
  expect(label.id === null || ['string', 'number', 'bigint'].includes(typeof label.id)).toBe(true);
  expect(label.violations.every((v) => /^[a-z]+(-[a-z]+)*$/.test(v))).toBe(true);
}

// ---- arbitraries ----------------------------------------------------------------------------------

const anyId = fc.oneof(
  fc.integer({ min: -2, max: 6 }),
  fc.constantFrom('a', '1', ''),
  fc.constant(null),
  fc.double(),
  fc.boolean(),
);
const anyMethod = fc.oneof(fc.constantFrom(...METHOD_NAMES), fc.string({ maxLength: 12 }));
const anyParams = fc.oneof(
  fc.object({ maxDepth: 2 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.record({ _meta: fc.record({ progressToken: fc.oneof(fc.integer(), fc.string()) }) }),
  fc.record(
    {
      progressToken: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.string({ maxLength: 2 })),
      progress: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.double()),
      total: fc.integer(),
      requestId: anyId,
      protocolVersion: fc.constantFrom(
        '2025-11-25',
        '2024-11-05',
        '2024-10-07',
        'nope',
        '__proto__',
      ),
      capabilities: fc.object({ maxDepth: 2 }),
      uri: fc.string({ maxLength: 5 }),
    },
    { requiredKeys: [] },
  ),
);
/** Objects that look more or less like JSON-RPC messages: they reach deep into the referee. */
const jsonRpcish = fc.record(
  {
    jsonrpc: fc.constantFrom('2.0', '2.0', '2.0', '1.0', 2),
    id: anyId,
    method: anyMethod,
    params: anyParams,
    result: fc.oneof(fc.object({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 1 })),
    error: fc.oneof(
      fc.record({ code: fc.oneof(fc.integer(), fc.double()), message: fc.string() }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
  },
  { requiredKeys: ['jsonrpc'] },
);
const direction = fc.constantFrom('client->server', 'server->client');
const anyLineText = fc.oneof(
  jsonRpcish.map((m) => JSON.stringify(m)),
  fc.record({ direction, message: jsonRpcish }).map((w) => JSON.stringify(w)),
  fc
    .record({ direction: fc.jsonValue({ maxDepth: 1 }), message: fc.jsonValue({ maxDepth: 2 }) })
    .map((w) => JSON.stringify(w)),
  jsonRpcish.map(
    (m) => `2026-01-01T00:00:00Z [x] [info] Message from client: ${JSON.stringify(m)}`,
  ),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.json(),
);

/** JSON text that never parses (and starts like JSON, so every format must report it). */
const invalidJson = (goodLines: readonly Buffer[]) =>
  fc.oneof(
    fc.json().map((j) => `{${j}}`),
    fc.json().map((j) => `[${j},]`),
    // A real message cut short (in a host log, inside the logged JSON, not in the timestamp).
    fc
      .constantFrom(...goodLines.filter((line) => line.includes('{')))
      .chain((line) =>
        fc
          .integer({ min: line.indexOf('{') + 1, max: line.length - 1 })
          .map((cut) => line.subarray(0, cut).toString()),
      ),
  );

/** JSON that parses but is no JSON-RPC message (or a wrapped line with a bad direction). */
const notJsonRpc = fc.oneof(
  fc
    .tuple(
      fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
      fc.constantFrom('1.0', 2, null),
    )
    .map(([d, v]) => JSON.stringify({ ...d, jsonrpc: v })),
  fc.array(fc.jsonValue({ maxDepth: 2 })).map((a) => JSON.stringify(a)),
  fc
    .tuple(direction, fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(fc.object())))
    .map(([d, m]) => JSON.stringify({ direction: d, message: m })),
  fc
    .string()
    .filter((d) => d !== 'client->server' && d !== 'server->client')
    .map((d) =>
      JSON.stringify({ direction: d, message: { jsonrpc: '2.0', method: 'ping', id: 9 } }),
    ),
  fc.constantFrom(
    '{"jsonrpc":"2.0"}',
    '{"jsonrpc":"2.0","id":null,"method":"ping"}',
    '{"jsonrpc":"2.0","id":7,"method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":8,"method":"tools/list","params":[1,2]}',
    '{"jsonrpc":"2.0","id":0,"result":[]}',
    '{"jsonrpc":"2.0","id":0,"result":{},"error":{"code":1,"message":"x"}}',
    '{"jsonrpc":"2.0","method":"tools/call"}',
    '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}',
    '{"id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}',
  ),
);

const BAD_UTF8 = [
  [0xff],
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80],
];
/** A real line with a broken UTF-8 sequence spliced in. */
const invalidUtf8 = (goodLines: readonly Buffer[]) =>
  fc
    .tuple(fc.constantFrom(...goodLines), fc.constantFrom(...BAD_UTF8), fc.nat())
    .map(([line, bad, at]) => {
      const cut = at % (line.length + 1);
      return Buffer.concat([line.subarray(0, cut), Buffer.from(bad), line.subarray(cut)]);
    });

/** 2 MB of a message whose JSON never closes. */
const HUGE_BROKEN = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"${'x'.repeat(2 * 1024 * 1024)}`;

const badLine = (goodLines: readonly Buffer[]) =>
  fc.oneof(
    { arbitrary: invalidJson(goodLines).map((s) => Buffer.from(s)), weight: 3 },
    { arbitrary: notJsonRpc.map((s) => Buffer.from(s)), weight: 3 },
    { arbitrary: invalidUtf8(goodLines), weight: 3 },
    { arbitrary: fc.constant(Buffer.from(HUGE_BROKEN)), weight: 1 },
  );

// ---- properties -----------------------------------------------------------------------------------

describe('the tracer on random input', () => {
  it('never throws, and labels only what it can label', () => {
    fc.assert(
      fc.property(fc.array(anyLineText, { maxLength: 30 }), (texts) => {
        const tracer = createTracer();
        const labels: TraceLabel[] = [];
        const emitted: number[] = [];
        let problemViolations = 0;
        texts.forEach((text, i) => {
          for (const event of tracer.push({ line: i + 1, text })) {
            if (event.type === 'message') {
              expect(event.label.line).toBe(i + 1);
              expectWellFormed(event.label);
              labels.push(event.label);
              emitted.push(event.label.line);
            } else if (event.type === 'abandon') {
              expect(event.line).toBeLessThanOrEqual(i + 1);
              emitted.push(event.line);
            } else {
              // A line held back (host log or not?) comes out with the line that decides.
              expect(event.problem.line).toBeLessThanOrEqual(i + 1);
              expect(event.problem.message.length).toBeGreaterThan(0);
              // A line is a problem with no rule broken, or an object that is no JSON-RPC message.
              expect(event.details.map((v) => v.rule)).toEqual(
                event.details.length === 0 ? [] : ['invalid-envelope'],
              );
              problemViolations += event.details.length;
              emitted.push(event.problem.line);
            }
          }
        });
        // Problems and messages come out in line order, each line once.
        expect(emitted).toEqual([...new Set(emitted)].sort((a, b) => a - b));
        const summary = tracer.summary();
        expect(summary.requests + summary.responses + summary.errors + summary.notifications).toBe(
          labels.length,
        );
        expect(summary.violations).toBe(
          labels.reduce((n, l) => n + l.violations.length, problemViolations),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on random bytes read through readLines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 6 }),
        async (chunks) => {
          const bytes = Buffer.concat(chunks.map((c) => Buffer.from(c)));
          const lineCount = splitBytes(bytes).length;
          const { labels, problems } = await traceBytes(chunks.map((c) => Buffer.from(c)));
          for (const l of labels) expectWellFormed(l);
          for (const p of [...labels, ...problems]) {
            expect(p.line).toBeGreaterThanOrEqual(1);
            expect(p.line).toBeLessThanOrEqual(lineCount);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reports JSON that is not an object/array as a problem outside host logs', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string({ maxLength: 8 })),
        (value) => {
          const tracer = createTracer();
          // Held back until the file shows whether it is a host log; a transcript's good line says so.
          const first = tracer.push({ line: 1, text: JSON.stringify(value) });
          const next = tracer.push({ line: 2, text: '{"jsonrpc":"2.0","method":"ping","id":1}' });
          expect([...first, ...next]).toMatchObject([
            { type: 'problem', problem: { line: 1 } },
            { type: 'message', label: { line: 2 } },
          ]);
          const alone = createTracer();
          expect(alone.push({ line: 1, text: JSON.stringify(value) })).toEqual([]);
          expect(alone.finish()).toMatchObject([{ type: 'problem', problem: { line: 1 } }]);
        },
      ),
    );
  });
});

const MIXED_SOURCES = [
  'everything-basics.jsonl',
  'everything-progress.jsonl',
  'everything-cancel.jsonl',
  'everything-roots.jsonl',
  'everything-cancel.bare.jsonl',
  'everything-cancel.hostlog.log',
];

describe('bad lines mixed into real sessions', () => {
  const baseline = new Map<string, { lines: Buffer[]; result: TraceResult }>();

  beforeAll(async () => {
    const { readFile } = await import('node:fs/promises');
    for (const name of MIXED_SOURCES) {
      const file = join(REAL, name);
      const result = await traceFile(file);
      expect(result.problems).toEqual([]);
      baseline.set(name, { lines: splitBytes(await readFile(file)), result });
    }
  });

  it.each(MIXED_SOURCES)(
    '%s: good lines keep their labels, bad lines their numbers',
    async (name) => {
      const base = baseline.get(name);
      if (!base) throw new Error(`no baseline for ${name}`);
      const { lines, result } = base;
      const insertion = fc.tuple(fc.integer({ min: 0, max: lines.length }), badLine(lines));
      await fc.assert(
        fc.asyncProperty(
          fc.array(insertion, { minLength: 1, maxLength: 6 }),
          fc.boolean(),
          fc.boolean(),
          fc.array(fc.nat(), { maxLength: 8 }),
          async (inserts, crlf, trailingNewline, cuts) => {
            // Original line n (1-based) lands after every bad line inserted at a position < n.
            const sorted = inserts.map(([at, bytes], order) => ({ at, bytes, order }));
            sorted.sort((a, b) => a.at - b.at || a.order - b.order);
            const out: Buffer[] = [];
            const badNumbers: number[] = [];
            const newNumber = new Map<number, number>();
            let k = 0;
            for (let i = 0; i <= lines.length; i++) {
              while (k < sorted.length && sorted[k]?.at === i) {
                out.push(sorted[k]?.bytes ?? Buffer.alloc(0));
                badNumbers.push(out.length);
                k++;
              }
              const line = lines[i];
              if (line) {
                out.push(line);
                newNumber.set(i + 1, out.length);
              }
            }
            const eol = Buffer.from(crlf ? '\r\n' : '\n');
            const parts = out.flatMap((b, i) =>
              i < out.length - 1 || trailingNewline ? [b, eol] : [b],
            );
            const mixed = await traceBytes(chunked(Buffer.concat(parts), cuts));

            expect(mixed.problems.map((p) => p.line)).toEqual(badNumbers);
            expect(mixed.labels).toStrictEqual(
              result.labels.map((l) => ({ ...l, line: newNumber.get(l.line) })),
            );
            // The summary is the session's; an object that is no JSON-RPC message adds its
            // invalid-envelope, as serve reports it live.
            expect(mixed.problemRules.every((r) => r === 'invalid-envelope')).toBe(true);
            expect(mixed.summary).toStrictEqual({
              ...result.summary,
              violations: result.summary.violations + mixed.problemRules.length,
            });
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});

describe('one bad line of each kind', () => {
  const good = Buffer.from(
    '{"direction":"client->server","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}',
  );
  const cases: Array<[string, Buffer]> = [
    ['invalid JSON', Buffer.from('{"jsonrpc":"2.0","id":2,')],
    ['JSON that is not JSON-RPC', Buffer.from('{"hello":"world"}')],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])],
    ['a 2 MB line', Buffer.from(HUGE_BROKEN)],
  ];

  it.each(cases)('%s is reported with its own line number', async (_, bad) => {
    const bytes = Buffer.concat([good, Buffer.from('\n'), bad, Buffer.from('\n'), good]);
    const { labels, problems } = await traceBytes(chunked(bytes, [1000, 70_000, 1_500_000]));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.line).toBe(2);
    expect(labels.map((l) => [l.line, l.method])).toEqual([
      [1, 'ping'],
      [3, 'ping'],
    ]);
  });

  it('a 2 MB line that is a valid message is labelled', async () => {
    const big = JSON.stringify({
      direction: 'client->server',
      message: {
        jsonrpc: '2.0',
        id: 5,
        method: 'ping',
        params: { _meta: { pad: 'y'.repeat(2 << 20) } },
      },
    });
    const { labels, problems } = await traceBytes([Buffer.from(`${big}\n`)]);
    expect(problems).toEqual([]);
    expect(labels).toMatchObject([{ line: 1, method: 'ping', id: 5, kind: 'request' }]);
  });
});

describe('readLines on a file', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-sim-lines-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function linesOf(name: string, bytes: Buffer | string): Promise<RawLine[]> {
    const file = join(dir, name);
    await writeFile(file, bytes);
    const out: RawLine[] = [];
    for await (const raw of readLines(file)) out.push(raw);
    return out;
  }

  it('strips CRLF endings', async () => {
    expect(await linesOf('crlf.txt', 'a\r\nb\r\n\r\nc\r\n')).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'b' },
      { line: 3, text: '' },
      { line: 4, text: 'c' },
    ]);
  });

  it('reads a last line without a trailing newline', async () => {
    expect(await linesOf('no-eol.txt', 'a\nb')).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'b' },
    ]);
    expect(await linesOf('no-eol-crlf.txt', 'a\r\nb\r')).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'b' },
    ]);
    expect(await linesOf('empty.txt', '')).toEqual([]);
  });

  it('reports invalid UTF-8 on its own line and reads the others', async () => {
    const bytes = Buffer.concat([
      Buffer.from('ok\n'),
      Buffer.from([0x61, 0xc3, 0x28, 0x0a]),
      Buffer.from('é\n'),
    ]);
    const lines = await linesOf('utf8.txt', bytes);
    expect(lines[0]).toEqual({ line: 1, text: 'ok' });
    expect(lines[1]).toMatchObject({ line: 2, problem: expect.stringMatching(/UTF-8/) });
    expect(lines[2]).toEqual({ line: 3, text: 'é' });
  });

  it('joins a line split across 64 KiB read chunks, even inside a multi-byte character', async () => {
    const chunk = 1 << 16;
    // '€' is 3 bytes; put it across the first chunk boundary, then make the line 200 KiB long.
    const head = 'a'.repeat(chunk - 1);
    const long = `${head}€${'b'.repeat(200 * 1024)}`;
    const lines = await linesOf('long.txt', `first\n${long}\nlast\n`);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({ line: 1, text: 'first' });
    expect(lines[1]).toEqual({ line: 2, text: long });
    expect(lines[2]).toEqual({ line: 3, text: 'last' });
  });
});
