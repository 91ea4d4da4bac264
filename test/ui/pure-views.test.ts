import { describe, expect, it } from 'vitest';
import type { PeerViews } from '../../src/session/index.js';
import { capabilityPaths } from '../../src/ui/capability-paths.js';
import { envelopeModel, fitEnvelope, fitMeanings } from '../../src/ui/envelope-model.js';
import { jsonLines, lineOfPointer, lineText } from '../../src/ui/json-lines.js';
import { planMiddle } from '../../src/ui/layout.js';
import { peerFacts } from '../../src/ui/peer-facts.js';
import {
  doneCount,
  inProgress,
  type ProgressData,
  recordStep,
  resumeAt,
  statusOf,
} from '../../src/ui/progress-update.js';
import { sequenceRow, sequenceRows } from '../../src/ui/sequence-rows.js';
import { wrappedHeight } from '../../src/ui/text-height.js';
import { playLesson } from '../helpers/screen.js';

describe('json lines', () => {
  const value = {
    jsonrpc: '2.0',
    id: 1,
    result: { ok: true, list: [1, 'a'], empty: {}, none: null },
  };

  it('lays out like JSON.stringify(v, null, 2) when nothing is inlined', () => {
    expect(jsonLines(value).map(lineText).join('\n')).toBe(JSON.stringify(value, null, 2));
  });

  it('inlines small objects when they fit, keeping every pointer', () => {
    const lines = jsonLines(value, { inlineWidth: 80 });
    expect(jsonLines(value, { inlineWidth: 60 })).toHaveLength(10);
    expect(lines.map(lineText)).toContain(
      '  "result": { "ok": true, "list": [1, "a"], "empty": {}, "none": null }',
    );
    expect(lineOfPointer(lines, '/result/list/1')).toBe(3);
    expect(lineOfPointer(lines, '/id')).toBe(2);
  });

  it('escapes pointers and falls back to the closest ancestor', () => {
    const lines = jsonLines({ 'a/b': { '~x': 1 } });
    expect(lines[2]?.pointers).toEqual(['/a~1b/~0x']);
    expect(lineOfPointer(lines, '/a~1b/missing')).toBe(1);
  });
});

describe('capability paths', () => {
  it('turns declared capabilities into short paths', () => {
    expect(
      capabilityPaths({ tools: { listChanged: true }, elicitation: {}, logging: false }),
    ).toEqual(['tools.listChanged', 'elicitation']);
    expect(capabilityPaths({})).toEqual([]);
  });
});

describe('the middle of the lesson screen', () => {
  it('keeps the envelope first, then peers, then the timeline', () => {
    expect(planMiddle({ height: 8, wide: false, envelopeLines: 20, messages: 5 })).toMatchObject({
      peers: 'none',
      timelineRows: 0,
      envelopeHeight: 8,
    });
    expect(planMiddle({ height: 15, wide: false, envelopeLines: 20, messages: 5 })).toMatchObject({
      peers: 'compact',
      timelineRows: 2,
      envelopeHeight: 10,
    });
  });

  it('grows the timeline and then the peers when there is room', () => {
    const plan = planMiddle({ height: 40, wide: false, envelopeLines: 10, messages: 6 });
    expect(plan).toMatchObject({ peers: 'full', timelineRows: 6 });
    expect(plan.peersHeight + plan.timelineRows + 1 + plan.envelopeHeight).toBe(40);
  });

  it('puts timeline and envelope side by side on wide terminals', () => {
    expect(planMiddle({ height: 30, wide: true, envelopeLines: 12, messages: 3 })).toMatchObject({
      side: true,
      peers: 'full',
      envelopeHeight: 24,
    });
  });
});

describe('progress', () => {
  it('records the step, finishes at the last one for good, keeps other fields', () => {
    const start: {
      lessons: Record<string, { finished: boolean; lastStep: number }>;
      exercises: object;
    } = {
      lessons: {},
      exercises: { a: { passed: true, points: 1, maxPoints: 1 } },
    };
    const p1 = recordStep(start, 'x', 2, 5);
    // No language: the screen never saves one (only a --lang on the command line is remembered).
    expect(p1).toEqual({
      ...start,
      current: 'x',
      lessons: { x: { finished: false, lastStep: 2 } },
    });
    expect(statusOf(p1, 'x')).toBe('started');
    expect(resumeAt(p1, 'x', 5)).toBe(2);
    const p2 = recordStep(recordStep(p1, 'x', 4, 5), 'x', 1, 5);
    expect(p2.lessons.x).toEqual({ finished: true, lastStep: 1 });
    expect(statusOf(p2, 'x')).toBe('done');
    expect(resumeAt(p2, 'x', 5)).toBe(0);
    expect(statusOf(p2, 'y')).toBe('new');
  });

  it('the last step reached by G (not by stepping) does not finish the lesson', () => {
    const none: ProgressData = { lessons: {} };
    const jumped = recordStep(none, 'x', 4, 5, false);
    expect(jumped.lessons.x).toEqual({ finished: false, lastStep: 4 });
    expect(inProgress(jumped)).toBe('x');
    const stepped = recordStep(jumped, 'x', 4, 5, true);
    expect(statusOf(stepped, 'x')).toBe('done');
    expect(inProgress(stepped)).toBe(null);
    expect(doneCount(stepped, ['x', 'y'])).toBe(1);
  });
});

describe('views of a real timeline', async () => {
  const { timeline } = await playLesson('first-session');
  const at = (i: number) => {
    const step = timeline.steps[i];
    if (!step) throw new Error(`no step ${i}`);
    return step;
  };

  it('draws requests and responses solid, notifications dashed, errors with ✗', () => {
    expect(sequenceRow(at(0))).toMatchObject({
      arrow: '───────▶',
      label: 'initialize #1',
      style: 'solid',
    });
    expect(sequenceRow(at(1))).toMatchObject({ arrow: '◀───────', label: 'initialize #1' });
    expect(sequenceRow(at(2))).toMatchObject({
      arrow: '┄┄┄┄┄┄┄▶',
      label: 'notifications/initialized',
    });
    const report = at(6).report;
    if (!report) throw new Error('step 7 answers tools/call');
    const failed = { ...at(6), report: { ...report, kind: 'error' as const } };
    expect(sequenceRow(failed)).toMatchObject({
      arrow: '◀───✗───',
      style: 'error',
      label: 'tools/call #3',
    });
    expect(sequenceRows(timeline.steps, 5, 3).map((r) => r.index)).toEqual([3, 4, 5]);
  });

  it('numbers meanings by line and keeps the most telling ones when space is short', () => {
    const model = envelopeModel(at(1).message, at(1).annotations, 'en', 76);
    expect(model.meanings.map((m) => m.pointer)).toEqual([
      '/jsonrpc',
      '/id',
      '/result/protocolVersion',
      '/result/capabilities',
      '/result/capabilities/tools',
      '/result/capabilities/tools/listChanged',
      '/result/serverInfo',
    ]);
    expect(model.marks.get(1)).toBe(1);
    const heights = new Map(model.meanings.map((m) => [m, 1]));
    expect(fitMeanings(model.meanings, heights, 30, model.lines.length)).toHaveLength(7);
    const few = fitMeanings(model.meanings, heights, 8, model.lines.length);
    expect(few.map((m) => m.pointer)).not.toContain('/jsonrpc');
    expect(few.length).toBeLessThanOrEqual(3);
  });

  it('fits the envelope block to its height: all of it, or the JSON cut with a count', () => {
    const model = envelopeModel(at(1).message, at(1).annotations, 'en', 76);
    const all = fitEnvelope(model, 40, 80);
    expect(all).toMatchObject({ settled: true, shown: model.lines.length, more: 0, hidden: 0 });
    expect(all.gutter).toBe(2);
    const small = fitEnvelope(model, 12, 80);
    expect(small.settled).toBe(false);
    expect(small.hidden).toBeGreaterThan(0);
    // The title, the JSON shown with its "…n more lines", the meanings: exactly the height.
    const meaningLines = small.meanings
      .map((m) => wrappedHeight(`${m.pointer} ${m.text}`, 80 - small.gutter))
      .reduce((a, b) => a + b, 0);
    expect(meaningLines).toBeGreaterThan(small.meanings.length); // one of them wraps
    expect(1 + small.shown + 1 + meaningLines).toBe(12);
    expect(small.shown + small.more).toBe(model.lines.length);
  });

  it('counts a meaning that wraps as the lines it takes', () => {
    const model = envelopeModel(at(1).message, at(1).annotations, 'en', 36);
    const wide = fitEnvelope(model, 14, 100);
    const narrow = fitEnvelope(model, 14, 40);
    // Narrower, the meanings wrap, so fewer of them fit beside the same JSON.
    expect(narrow.meanings.length).toBeLessThan(wide.meanings.length);
  });
});

describe('peer facts', () => {
  const views = (client: Partial<PeerViews['client']>, server: Partial<PeerViews['server']>) => ({
    client: {
      capabilities: {},
      negotiatedVersion: '2025-11-25',
      tools: null,
      toolsStale: false,
      pending: [],
      ...client,
    },
    server: {
      capabilities: { tools: {} },
      negotiatedVersion: '2025-11-25',
      tools: null,
      subscriptions: [],
      logLevel: 'info',
      working: [],
      asked: [],
      ...server,
    },
  });
  const value = (facts: ReturnType<typeof peerFacts>, label: string) =>
    facts.find((f) => f.label === label)?.value;

  it('says a recorded server’s tools are not known until a tools/list answer shows them', () => {
    expect(value(peerFacts(views({}, {}), 'server', 'en'), 'tools')).toBe('not listed yet');
    expect(value(peerFacts(views({}, {}), 'server', 'zh'), '工具')).toBe('尚未列出');
    expect(value(peerFacts(views({}, { tools: [] }), 'server', 'en'), 'tools')).toBe('none');
    expect(value(peerFacts(views({}, { tools: ['a', 'b'] }), 'server', 'en'), 'tools')).toBe(
      'a, b',
    );
  });

  it('calls only a list the client holds stale', () => {
    const never = peerFacts(views({ toolsStale: true }, {}), 'client', 'en');
    expect(value(never, 'tools')).toBe('not listed yet');
    expect(never.find((f) => f.label === 'tools')?.warn).toBe(false);
    const held = peerFacts(views({ tools: ['a'], toolsStale: true }, {}), 'client', 'en');
    expect(value(held, 'tools')).toBe('a (stale)');
  });
});
