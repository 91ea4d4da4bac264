import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawLine } from '../../src/session/index.js';
import { createTracer, labelJson, type TraceLabel } from '../../src/trace/index.js';
import { ensureBuilt, runCli } from '../helpers/cli.js';

/**
 * Random sessions of the modern era (2026-07-28) and of both eras mixed: requests with and without
 * the `_meta` envelope, results with random resultType / inputRequests / ttlMs, listen
 * notifications with random subscription ids, legacy messages in between. Whatever comes, `trace`
 * does not crash and `trace --json` is one JSON document with one label per message.
 */

const V = 'io.modelcontextprotocol/';
const REVISIONS = ['2026-07-28', '2025-11-25', '2024-11-05', 'draft', ''];
const METHODS = [
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/read',
  'prompts/get',
  'subscriptions/listen',
  'ping',
  'completion/complete',
  'x/unknown',
];

const id = fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constantFrom('a', 'listen:0', 'p-1'));
const json = fc.jsonValue({ maxDepth: 2 });

/** A `_meta` object: the envelope's keys with right, wrong or missing values, and extra keys. */
const meta = fc.record(
  {
    [`${V}protocolVersion`]: fc.oneof(fc.constantFrom(...REVISIONS), json),
    [`${V}clientCapabilities`]: fc.oneof(
      fc.constant({ sampling: {}, elicitation: { form: {} } }),
      fc.constant({}),
      json,
    ),
    [`${V}clientInfo`]: fc.oneof(fc.constant({ name: 'c', version: '1' }), json),
    [`${V}logLevel`]: fc.oneof(fc.constantFrom('debug', 'info', 'nope'), json),
    progressToken: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.string({ maxLength: 3 })),
    extra: json,
  },
  { requiredKeys: [] },
);

const request = fc.record({
  jsonrpc: fc.constant('2.0'),
  id,
  method: fc.constantFrom(...METHODS),
  params: fc.oneof(
    fc.record({ _meta: meta }),
    fc.record({ _meta: meta, name: fc.constantFrom('t', 'count'), arguments: json }),
    fc.record({ name: fc.constant('t') }),
    fc.constant(undefined),
  ),
});

const result = fc.record({
  jsonrpc: fc.constant('2.0'),
  id,
  result: fc.record(
    {
      resultType: fc.oneof(fc.constantFrom('complete', 'input_required', 'bogus'), json),
      inputRequests: fc.oneof(
        fc.array(
          fc.record({ method: fc.constantFrom('elicitation/create', 'sampling/createMessage') }),
          { maxLength: 2 },
        ),
        json,
      ),
      ttlMs: fc.oneof(fc.integer({ min: -5, max: 100_000 }), json),
      supportedVersions: fc.array(fc.constantFrom(...REVISIONS), { maxLength: 3 }),
      capabilities: fc.oneof(fc.constant({ tools: { listChanged: true } }), json),
      content: fc.constant([{ type: 'text', text: 'x' }]),
      _meta: fc.oneof(
        fc.constant({ [`${V}serverInfo`]: { name: 's', version: '1' } }),
        fc.record({ [`${V}serverInfo`]: json }),
      ),
    },
    { requiredKeys: [] },
  ),
});

const error = fc.record({
  jsonrpc: fc.constant('2.0'),
  id,
  error: fc.record({ code: fc.constantFrom(-32601, -32602, -32000), message: fc.string() }),
});

const listen = fc.record({
  jsonrpc: fc.constant('2.0'),
  method: fc.constantFrom(
    'notifications/subscriptions/acknowledged',
    'notifications/tools/list_changed',
    'notifications/resources/updated',
    'notifications/progress',
  ),
  params: fc.record(
    {
      _meta: fc.record({ [`${V}subscriptionId`]: fc.oneof(id, json) }, { requiredKeys: [] }),
      subscriptionId: fc.oneof(id, json),
      progressToken: fc.integer({ min: 0, max: 9 }),
      progress: fc.integer({ min: 0, max: 5 }),
      uri: fc.constant('file:///a'),
    },
    { requiredKeys: [] },
  ),
});

/** Legacy messages to interleave: the handshake, its notification, a plain call. */
const legacy = fc.constantFrom(
  {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    },
  },
  {
    jsonrpc: '2.0',
    id: 0,
    result: {
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 's', version: '1' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 7, method: 'tools/list' },
);

const direction = fc.constantFrom('client->server', 'server->client', null);

/** One line of a transcript: wrapped with a direction, or bare (the direction inferred). */
const line = fc
  .tuple(fc.oneof(request, result, error, listen, legacy), direction)
  .map(([message, dir]) => JSON.stringify(dir === null ? message : { direction: dir, message }));

/**
 * What opens a session decides its era: mostly a modern request with a well-formed envelope (or a
 * server/discover probe), sometimes any line at all.
 */
const opener = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('server/discover', 'tools/list'), id) },
  { weight: 1, arbitrary: fc.constant(null) },
);
const openerLine = (o: [string, string | number] | null, fallback: string) =>
  o === null
    ? fallback
    : JSON.stringify({
        direction: 'client->server',
        message: {
          jsonrpc: '2.0',
          id: o[1],
          method: o[0],
          params: {
            _meta: {
              [`${V}protocolVersion`]: '2026-07-28',
              [`${V}clientCapabilities`]: {},
              [`${V}clientInfo`]: { name: 'c', version: '1' },
            },
          },
        },
      });
const sessionOf = (minLength: number, maxLength: number) =>
  fc
    .tuple(opener, line, fc.array(line, { minLength, maxLength }))
    .map(([o, first, rest]) => [openerLine(o, first), ...rest]);
const session = sessionOf(0, 30);

/** The document `trace --json` writes, put together the way the command does. */
function traceJson(lines: readonly string[]): { text: string; labels: TraceLabel[] } {
  const tracer = createTracer();
  const labels: TraceLabel[] = [];
  const problems: unknown[] = [];
  const take = (events: ReturnType<typeof tracer.push>) => {
    for (const e of events) {
      if (e.type === 'message') labels.push(e.label);
      else if (e.type === 'problem') problems.push(e.problem);
    }
  };
  lines.forEach((text, i) => {
    take(tracer.push({ line: i + 1, text } satisfies RawLine));
  });
  take(tracer.finish());
  const text = `{"messages":[${labels.map((l) => `\n${labelJson(l)}`).join(',')}\n],"summary":${JSON.stringify(tracer.summary())},"problems":${JSON.stringify(problems)}}`;
  return { text, labels };
}

function expectModernAware(label: TraceLabel): void {
  expect(['legacy', 'modern']).toContain(label.era);
  if (label.era === 'modern') expect(label.phase).toBeNull();
  else expect(['initialization', 'operation', 'shutdown']).toContain(label.phase);
}

describe('trace over random modern envelopes', () => {
  it('never crashes and labels every message once, with its era', () => {
    fc.assert(
      fc.property(session, (lines) => {
        const { text, labels } = traceJson(lines);
        const doc = JSON.parse(text) as {
          messages: TraceLabel[];
          summary: { era: string | null; lifecycleToOperationRatio: number | null };
          problems: unknown[];
        };
        // Every generated line is a JSON-RPC message: one label each, none reported as a problem.
        expect(doc.messages).toHaveLength(lines.length);
        expect(doc.problems).toEqual([]);
        expect(doc.messages.map((m) => m.line)).toEqual(lines.map((_, i) => i + 1));
        expect(doc.messages).toEqual(labels);
        for (const label of labels) expectModernAware(label);
        expect(['legacy', 'modern', 'dual']).toContain(doc.summary.era);
        if (doc.summary.era === 'modern') expect(doc.summary.lifecycleToOperationRatio).toBeNull();
      }),
      { numRuns: 150 },
    );
  });

  it('draws every kind of session (legacy, modern, dual)', () => {
    // A fixed sample: whether 150 random draws happen to include a dual-era session (a probe, then
    // the fallback) is chance, and a check of the generator must not fail by chance.
    const seen = new Set<string>();
    for (const lines of fc.sample(session, { numRuns: 300, seed: 2026_12_04 })) {
      const tracer = createTracer();
      lines.forEach((text, i) => {
        tracer.push({ line: i + 1, text } satisfies RawLine);
      });
      tracer.finish();
      seen.add(String(tracer.summary().era));
    }
    expect([...seen].sort()).toEqual(['dual', 'legacy', 'modern']);
  });

  describe('the CLI', () => {
    let dir = '';
    beforeAll(async () => {
      await ensureBuilt();
      dir = await mkdtemp(join(tmpdir(), 'mcp-sim-modern-prop-'));
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('writes one JSON document with one label per message for random modern sessions', async () => {
      // A few whole sessions through the real command (each run is a process: few, but long).
      const samples = fc.sample(sessionOf(50, 200), {
        numRuns: 4,
        seed: 2026_07_28,
      });
      const eras = new Set<string>();
      for (const [i, lines] of samples.entries()) {
        const file = join(dir, `s${i}.jsonl`);
        await writeFile(file, `${lines.join('\n')}\n`);
        const out = await runCli(['trace', file, '--json']);
        expect(out.code, out.stderr).toBe(0);
        expect(out.stderr).toBe('');
        const doc = JSON.parse(out.stdout) as { messages: TraceLabel[]; summary: unknown };
        expect(doc.messages).toHaveLength(lines.length);
        for (const label of doc.messages) expectModernAware(label);
        for (const label of doc.messages) eras.add(label.era);
        const text = await runCli(['trace', file]);
        expect(text.code, text.stderr).toBe(0);
      }
      // The generator reaches both eras (a probe or an envelope opens a modern session).
      expect([...eras].sort()).toEqual(['legacy', 'modern']);
    });
  });
});
