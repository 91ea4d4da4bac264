import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { traceFile } from '../helpers/trace.js';

/**
 * `mcp-sim connect` against an SDK v2 server whose tools answer with more than plain text
 * (test/fixtures/connect/v2-rich-server.mjs): every content block kind, structured output, the
 * SDK's own tool errors, progress, SDK logging, and an input_required round asking three things at
 * once. In both eras every answer is judged right, live and in the recorded transcripts.
 */
const DIR = join(ROOT, 'test', 'fixtures', 'connect');
const SERVER = join(DIR, 'v2-rich-server.mjs');
const CALLS = [
  ['links', '{}'],
  ['structured', '{"n":2}'],
  ['structured', '{"n":"x"}'],
  ['boom', '{}'],
  ['progress', '{}'],
  ['logs', '{}'],
  ['multi', '{}'],
] as const;

type Message = Record<string, unknown> & {
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
};
type ConnectJson = {
  era: string | null;
  problems: string[];
  notes: string[];
  steps: Array<{
    session: number;
    direction: string;
    message: Message | null;
    violations: Array<{ rule: string }>;
  }>;
};

async function connect(era: 'auto' | 'legacy') {
  const capabilities = ['elicitation', 'sampling', 'roots'].flatMap((c) => ['--capability', c]);
  const calls = CALLS.flatMap(([name, args]) => ['--call', name, args]);
  const result = await runCli([
    'connect',
    '--json',
    '--era',
    era,
    ...capabilities,
    ...calls,
    '--',
    process.execPath,
    SERVER,
  ]);
  return { ...result, run: JSON.parse(result.stdout) as ConnectJson };
}

/** The server's answer to each tools/call, by tool name, in call order (a round's last answer). */
function answers(run: ConnectJson): Array<[string, Record<string, unknown>]> {
  const names = new Map<unknown, string>();
  const out: Array<[string, Record<string, unknown>]> = [];
  for (const { message } of run.steps) {
    if (!message) continue;
    if (message.method === 'tools/call') names.set(message.id, String(message.params?.name));
    else if (!('method' in message) && names.has(message.id) && message.result) {
      if (message.result.resultType !== 'input_required') {
        out.push([names.get(message.id) as string, message.result]);
      }
    }
  }
  return out;
}

const kinds = (result: Record<string, unknown>) =>
  (result.content as Array<{ type: string }>).map((c) => c.type);

describe('connect ↔ an SDK v2 server with rich results', () => {
  for (const era of ['auto', 'legacy'] as const) {
    it(`${era}: every call answered, no rule broken`, async () => {
      const { code, stderr, run } = await connect(era);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(run.problems).toEqual([]);
      expect(run.era).toBe(era === 'auto' ? 'modern' : 'legacy');
      expect(run.steps.flatMap((s) => s.violations.map((v) => v.rule))).toEqual([]);
      const got = answers(run);
      expect(got.map(([name]) => name)).toEqual(CALLS.map(([name]) => name));
      expect(kinds(got[0]?.[1] ?? {})).toEqual([
        'text',
        'resource_link',
        'resource',
        'image',
        'audio',
      ]);
      expect(got[1]?.[1]).toMatchObject({ structuredContent: { doubled: 4 } });
      expect(got[2]?.[1]).toMatchObject({ isError: true });
      expect(got[3]?.[1]).toMatchObject({ isError: true, content: [{ text: 'kaput' }] });
      expect(got[6]?.[1]).toMatchObject({ content: [{ text: 'got a,b,c' }] });
      const methods = run.steps.map((s) => s.message?.method).filter(Boolean);
      expect(methods.filter((m) => m === 'notifications/progress')).toHaveLength(3);
      // SDK logging: sent in the handshake era; in 2026-07-28 none for a request that set no
      // io.modelcontextprotocol/logLevel (server/utilities/logging › Per-request log level).
      expect(methods.filter((m) => m === 'notifications/message')).toHaveLength(
        era === 'legacy' ? 2 : 0,
      );
      if (era === 'legacy') {
        // The SDK's shim asks the three inputs as server requests, one after another.
        for (const m of ['elicitation/create', 'sampling/createMessage', 'roots/list'])
          expect(methods).toContain(m);
      } else {
        expect(run.notes[0]).toMatch(
          /^tools\/call "multi" #\d+ needed 1 input_required round \(inputs "a", "b", "c"\)/,
        );
      }
    });
  }

  it.each([
    ['v2-rich-modern.jsonl', 'modern'],
    ['v2-rich-legacy.jsonl', 'legacy'],
  ])('the recorded %s traces clean (%s)', async (file, era) => {
    const { labels, problems, summary } = await traceFile(join(DIR, file));
    expect(problems).toEqual([]);
    expect(summary.era).toBe(era);
    expect(summary.violations).toBe(0);
    expect(labels.filter((l) => l.method === 'tools/call' && l.kind === 'request')).toHaveLength(
      era === 'modern' ? 8 : 7,
    );
  });
});
