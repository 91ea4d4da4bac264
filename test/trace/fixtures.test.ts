import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceLabel } from '../../src/trace/index.js';
import { REAL, realFiles, traceFile, withoutLine } from '../helpers/trace.js';

const EXPECTED = '.expected.json';
const VARIANTS = ['.bare.jsonl', '.hostlog.log'] as const;

const files = realFiles();
const SUMMARY = '.summary.json';
const sessions = files.filter((f) => f.endsWith(EXPECTED)).map((f) => f.slice(0, -EXPECTED.length));
const recordings = files.filter((f) => f.endsWith('.jsonl') && !f.endsWith('.bare.jsonl'));
const variants = files.filter((f) => VARIANTS.some((v) => f.endsWith(v)));

/**
 * The hand-checked labels. The era recordings v2-modern, v2-dual-everything and v1-legacy-v2-server
 * were checked for `{line, direction, kind, id, method, era, phase, violations}` only, so a label
 * is compared on the keys its expected entry has (v2-client-mcp-sim has every key).
 */
type ExpectedLabel = Partial<TraceLabel> & Pick<TraceLabel, 'kind' | 'phase' | 'violations'>;

function expectedLabels(session: string): ExpectedLabel[] {
  return JSON.parse(readFileSync(join(REAL, `${session}${EXPECTED}`), 'utf8')) as ExpectedLabel[];
}

/** The expected session era: the `.summary.json` beside the recording, else legacy (all older ones). */
function expectedEra(session: string): string {
  const file = `${session}${SUMMARY}`;
  if (!files.includes(file)) return 'legacy';
  return (JSON.parse(readFileSync(join(REAL, file), 'utf8')) as { era: string }).era;
}

const onKeysOf = (label: TraceLabel, expected: ExpectedLabel) =>
  Object.fromEntries(Object.keys(expected).map((k) => [k, label[k as keyof TraceLabel]]));

const baseOf = (variant: string) => {
  const suffix = VARIANTS.find((v) => variant.endsWith(v)) ?? '';
  return variant.slice(0, -suffix.length);
};

describe('real recorded sessions', () => {
  it('every expected file has its recording and every recording its expected file', () => {
    expect(sessions.length).toBeGreaterThanOrEqual(8);
    // The four era recordings are compared like the others (no silent skip).
    expect(sessions).toEqual(
      expect.arrayContaining([
        'v2-modern',
        'v2-dual-everything',
        'v1-legacy-v2-server',
        'v2-client-mcp-sim',
        'v2-media-connect',
      ]),
    );
    expect(
      files.filter((f) => f.endsWith(SUMMARY) && !sessions.includes(f.slice(0, -SUMMARY.length))),
    ).toEqual([]);
    expect(sessions.filter((s) => !files.includes(`${s}.jsonl`))).toEqual([]);
    expect(recordings.filter((r) => !sessions.includes(r.slice(0, -'.jsonl'.length)))).toEqual([]);
    expect(variants.filter((v) => !sessions.includes(baseOf(v)))).toEqual([]);
    // The brief's two variants of the cancel session must be there (no silent skip).
    expect(variants).toEqual(
      expect.arrayContaining(['everything-cancel.bare.jsonl', 'everything-cancel.hostlog.log']),
    );
  });

  describe.each(sessions)('%s', (session) => {
    const expected = expectedLabels(session);

    it('labels every message exactly as checked by hand', async () => {
      const { labels, problems } = await traceFile(join(REAL, `${session}.jsonl`));
      expect(problems).toEqual([]);
      expect(labels).toHaveLength(expected.length);
      labels.forEach((label, i) => {
        const want = expected[i] ?? { kind: 'request', phase: null, violations: [] };
        // Every expected file names the era of each message.
        expect(Object.keys(want), `${session} line ${label.line}`).toContain('era');
        if ('primitive' in want) {
          expect(label, `${session} line ${label.line}`).toStrictEqual(want);
        } else {
          expect(onKeysOf(label, want), `${session} line ${label.line}`).toStrictEqual(want);
        }
      });
    });

    it('has a summary that agrees with the labels', async () => {
      const { summary } = await traceFile(join(REAL, `${session}.jsonl`));
      const count = (pred: (l: ExpectedLabel) => boolean) => expected.filter(pred).length;
      expect(summary).toMatchObject({
        requests: count((l) => l.kind === 'request'),
        responses: count((l) => l.kind === 'response'),
        errors: count((l) => l.kind === 'error'),
        notifications: count((l) => l.kind === 'notification'),
        lifecycle: count((l) => l.phase === 'initialization'),
        operation: count((l) => l.phase === 'operation'),
        violations: expected.reduce((n, l) => n + l.violations.length, 0),
      });
      expect(summary.era).toBe(expectedEra(session));
      if (summary.era === 'modern') {
        // No lifecycle in 2026-07-28: no phase, no ratio.
        expect(summary).toMatchObject({ lifecycle: 0, operation: 0 });
        expect(summary.lifecycleToOperationRatio).toBeNull();
      } else {
        expect(summary.lifecycleToOperationRatio).toBeCloseTo(
          summary.lifecycle / summary.operation,
        );
      }
    });
  });

  describe.each(variants)('%s', (variant) => {
    const expected = expectedLabels(baseOf(variant)) as TraceLabel[];

    it('gives the same labels as the wrapped recording (line numbers aside)', async () => {
      const { labels, problems } = await traceFile(join(REAL, variant));
      expect(problems).toEqual([]);
      expect(labels.map(withoutLine)).toStrictEqual(expected.map(withoutLine));
    });

    it('numbers each label with the file line that holds its message', async () => {
      const { labels } = await traceFile(join(REAL, variant));
      const text = readFileSync(join(REAL, variant), 'utf8').split('\n');
      for (const label of labels) {
        const line = text[label.line - 1] ?? '';
        const json = JSON.parse(line.slice(line.indexOf('{'))) as {
          id?: unknown;
          method?: unknown;
        };
        expect(json.id ?? null, `line ${label.line}`).toEqual(label.id);
        if (label.kind === 'request' || label.kind === 'notification') {
          expect(json.method).toBe(label.method);
        }
      }
      if (variant.endsWith('.hostlog.log')) {
        // Six chatter lines of the host are skipped, not reported and not labelled.
        const messageLines = text.filter((l) => /Message from (client|server):/.test(l)).length;
        expect(labels).toHaveLength(messageLines);
        expect(text.filter((l) => l.trim() !== '').length - messageLines).toBe(6);
      } else {
        expect(labels.map((l) => l.line)).toEqual(expected.map((l) => l.line));
      }
    });
  });
});

describe('lines that are not messages', () => {
  it('a timestamped line in a plain transcript is reported, not silently skipped', async () => {
    const { traceRaw } = await import('../helpers/trace.js');
    const result = await traceRaw([
      { line: 1, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
      { line: 2, text: '2026-11-29T12:00:00Z something happened' },
      { line: 3, text: 'garbage' },
    ]);
    expect(result.labels).toHaveLength(1);
    expect(result.problems.map((p) => p.line)).toEqual([2, 3]);
  });

  it('in a host log, the host’s own lines are skipped once a logged message shows what it is', async () => {
    const { traceRaw } = await import('../helpers/trace.js');
    const result = await traceRaw([
      { line: 1, text: 'Starting server...' },
      {
        line: 2,
        text: '2026-11-29T12:00:00Z [x] [info] Message from client: {"jsonrpc":"2.0","id":1,"method":"ping"}',
      },
      { line: 3, text: 'more chatter' },
    ]);
    expect(result.labels).toHaveLength(1);
    expect(result.problems).toEqual([]);
  });

  it('a bare JSON scalar is valid JSON but not a JSON-RPC message, and says so', async () => {
    const { traceRaw } = await import('../helpers/trace.js');
    const result = await traceRaw([{ line: 1, text: '42' }]);
    expect(result.problems[0]?.message).toMatch(/not a JSON-RPC message/);
  });
});

describe('labelJson', () => {
  it('is exactly JSON.stringify of the label, for every label of the real recordings', async () => {
    const { labelJson } = await import('../../src/trace/index.js');
    for (const file of realFiles().filter((f) => f.endsWith('.jsonl'))) {
      const { labels } = await traceFile(join(REAL, file));
      for (const label of labels) expect(labelJson(label)).toBe(JSON.stringify(label));
    }
    const odd = {
      line: 1,
      direction: 'client->server',
      kind: 'request',
      id: 'a"b\\c',
      method: 'x/"y"',
      primitive: null,
      phase: 'initialization',
      capability: null,
      violations: ['unknown-method'],
      era: 'legacy',
    } as const;
    expect(labelJson(odd)).toBe(JSON.stringify(odd));
    const modern = { ...odd, phase: null, era: 'modern' } as const;
    expect(labelJson(modern)).toBe(JSON.stringify(modern));
  });
});
