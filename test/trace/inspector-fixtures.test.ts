import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptScreen as transcriptTimeline } from '../../src/cli/commands/play.js';
import { readLines } from '../../src/session/index.js';
import { FIXTURES, traceFile } from '../helpers/trace.js';

const DIR = join(FIXTURES, 'inspector');

/** What each recorded Inspector session did, in order (method, or `#id` for an answer). */
const SEQUENCES: Record<string, string[]> = {
  'inspector-0.15-http-calculator.jsonl': [
    'initialize',
    '#0',
    'notifications/initialized',
    'tools/list',
    '#1',
    'tools/call',
    '#2',
  ],
  'inspector-2.12-http-roots.jsonl': [
    'initialize',
    '#0',
    'notifications/initialized',
    'logging/setLevel',
    '#1',
    'tools/list',
    '#2',
    'tools/call',
    'roots/list',
    '#1',
    '#3',
  ],
};
SEQUENCES['inspector-2.12-stdio-roots.jsonl'] = SEQUENCES['inspector-2.12-http-roots.jsonl'] ?? [];

/** The 2026-07-28 recording (no handshake, so no phases): one serve --http run, five invocations. */
const MODERN = 'inspector-2.12-http-modern.jsonl';
/** What each Inspector invocation did after its probe and its listen stream, before closing it. */
const MODERN_RUNS = [
  ['tools/list', '#0', 'tools/list', '#1'],
  ['tools/list', '#0', 'tools/list', '#1', 'tools/call', 'log', 'log', '#2'],
  ['tools/list', '#0', 'tools/list', '#1']
    .concat(['tools/call', 'log', 'log', 'log', '#2'])
    .concat(['tools/call', 'log', 'log', 'log', '#3']),
  ['resources/read', '#0'],
  ['prompts/get', '#0'],
];

/**
 * `--load` recordings (one serve --http run, 2026-12-07): the Inspector calls long_running_task 10
 * times, at most 5 at once, in a legacy session and then in 2026-07-28.
 */
const LOAD = {
  'inspector-2.12-http-load-legacy.jsonl': 'legacy',
  'inspector-2.12-http-load-modern.jsonl': 'modern',
} as const;

/** The wire messages of a recording, in order (its abandon lines left out). */
function messagesOf(file: string): Array<Record<string, unknown>> {
  return readFileSync(join(DIR, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { message?: Record<string, unknown> }).message)
    .filter((m): m is Record<string, unknown> => m !== undefined);
}

describe('real MCP Inspector sessions with mcp-sim serve', () => {
  it('every recording has its expected sequence (no silent skip)', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.jsonl'));
    expect(files.sort()).toEqual([...Object.keys(SEQUENCES), MODERN, ...Object.keys(LOAD)].sort());
  });

  describe.each(Object.entries(LOAD))('%s', (file, era) => {
    it('overlapping calls (up to 5 in flight, logs interleaved) break no rule and each is answered once', async () => {
      const { labels, problems, summary } = await traceFile(join(DIR, file));
      expect(problems).toEqual([]);
      expect(summary.violations).toBe(0);
      expect(summary.era).toBe(era);
      expect(labels.every((l) => l.violations.length === 0)).toBe(true);
      // The recording really overlaps: the referee judged calls while others were in flight.
      const calls = new Set<unknown>();
      let inFlight = 0;
      let most = 0;
      const answered: unknown[] = [];
      for (const m of messagesOf(file)) {
        if (m.method === 'tools/call') {
          calls.add(m.id);
          inFlight += 1;
          most = Math.max(most, inFlight);
        } else if (m.method === undefined && calls.has(m.id)) {
          inFlight -= 1;
          answered.push(m.id);
          expect((m.result as { isError?: boolean }).isError).toBeUndefined();
        }
      }
      expect(calls.size).toBe(10);
      expect(answered.sort()).toEqual([...calls].sort());
      expect(most).toBe(5);
    });
  });

  describe(MODERN, () => {
    it('is one 2026-07-28 stream the referee finds nothing in: probes, listen streams closed as cancellations, an input_required round and its retry', async () => {
      const { labels, problems, summary } = await traceFile(join(DIR, MODERN));
      expect(problems).toEqual([]);
      expect(summary.violations).toBe(0);
      expect(labels.every((l) => l.era === 'modern' && l.violations.length === 0)).toBe(true);
      const seen = labels.map((l) =>
        l.kind === 'request' || l.kind === 'notification'
          ? l.method === 'notifications/message'
            ? 'log'
            : l.method
          : `#${String(l.id)}`,
      );
      const opening = [
        'server/discover',
        '#server-discover-probe-1',
        'subscriptions/listen',
        'notifications/subscriptions/acknowledged',
      ];
      expect(seen).toEqual(MODERN_RUNS.flatMap((run) => [...opening, ...run]));
    });

    it('keeps the roots round: the first call is answered input_required, the retry echoes its requestState', async () => {
      const lines: string[] = [];
      for await (const line of readLines(join(DIR, MODERN))) lines.push(line.text ?? '');
      const messages = lines.map((l) => {
        const value = JSON.parse(l) as { message?: Record<string, unknown> };
        return value.message ?? {};
      });
      const round = messages.find(
        (m) => (m.result as { resultType?: string } | undefined)?.resultType === 'input_required',
      );
      const state = (round?.result as { requestState?: string } | undefined)?.requestState;
      expect(state).toEqual(expect.any(String));
      const retry = messages.find(
        (m) => (m.params as { requestState?: string } | undefined)?.requestState === state,
      );
      expect(retry).toMatchObject({
        method: 'tools/call',
        id: 3,
        params: { name: 'list_project_roots', inputResponses: expect.any(Object) },
      });
      // Each invocation closes its listen stream when it exits, with no notifications/cancelled.
      expect(lines.filter((l) => l.includes('"abandon":"listen:0"'))).toHaveLength(5);
    });
  });

  describe.each(Object.entries(SEQUENCES))('%s', (file, sequence) => {
    it('is labelled without a problem or a broken rule', async () => {
      const { labels, problems, summary } = await traceFile(join(DIR, file));
      expect(problems).toEqual([]);
      expect(summary.violations).toBe(0);
      const seen = labels.map((l) =>
        l.kind === 'request' || l.kind === 'notification' ? l.method : `#${String(l.id)}`,
      );
      expect(seen).toEqual(sequence);
      // The handshake is the initialization phase; everything after it is operation.
      expect(labels.slice(0, 3).every((l) => l.phase === 'initialization')).toBe(true);
      expect(labels.slice(3).every((l) => l.phase === 'operation')).toBe(true);
    });

    it('plays as a timeline whose last step leaves both sides operating', async () => {
      const lines = [];
      for await (const line of readLines(join(DIR, file))) lines.push(line);
      const { timeline, problems } = transcriptTimeline(lines);
      expect(problems).toEqual([]);
      expect(timeline.steps).toHaveLength(sequence.length);
      expect(timeline.steps.at(-1)?.phases).toEqual({ client: 'operation', server: 'operation' });
    });
  });
});
