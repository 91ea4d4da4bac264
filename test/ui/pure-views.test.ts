import { describe, expect, it } from 'vitest';
import { readablePointer } from '../../src/protocol/json.js';
import type { PeerViews } from '../../src/session/index.js';
import { capabilityPaths } from '../../src/ui/capability-paths.js';
import { envelopeModel, envelopeRows, rowWindow } from '../../src/ui/envelope-model.js';
import { jsonLines, lineOfPointer, lineText } from '../../src/ui/json-lines.js';
import { planPanes } from '../../src/ui/layout.js';
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

describe('the panes of the lesson screen', () => {
  it('gives each pane a fixed share of the rows, from the terminal size alone', () => {
    expect(planPanes(80, 24)).toMatchObject({
      wide: false,
      peers: 'compact',
      heights: { timeline: 4, envelope: 8, text: 6 },
    });
    for (const [columns, rows] of [
      [60, 16],
      [60, 20],
      [80, 24],
      [100, 30],
      [100, 50],
    ] as const) {
      const plan = planPanes(columns, rows);
      const { timeline, envelope, text } = plan.heights;
      // The body: all but the header, the phases, the key bar and the line kept free.
      expect(plan.peersHeight + timeline + envelope + text).toBe(rows - 4);
      expect(Math.min(timeline, envelope, text)).toBeGreaterThanOrEqual(2);
    }
  });

  it('puts timeline and envelope side by side on wide terminals, full peer panels when tall', () => {
    const plan = planPanes(160, 40);
    expect(plan).toMatchObject({ wide: true, peers: 'full' });
    expect(plan.heights.timeline).toBe(plan.heights.envelope);
    expect(plan.peersHeight + plan.heights.envelope + plan.heights.text).toBe(36);
    expect(plan.widths.timeline + 1 + plan.widths.envelope).toBe(160);
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
    expect(inProgress(jumped, ['x', 'y'])).toBe('x');
    const stepped = recordStep(jumped, 'x', 4, 5, true);
    expect(statusOf(stepped, 'x')).toBe('done');
    expect(inProgress(stepped, ['x', 'y'])).toBe(null);
    expect(doneCount(stepped, ['x', 'y'])).toBe(1);
  });
});

describe('the lesson in progress', () => {
  it('is the last one stepped in while unfinished; else the first started one of the course', () => {
    const three = recordStep<ProgressData>({ lessons: {} }, 'three', 2, 10);
    const course = ['one', 'two', 'three', 'four'];
    expect(inProgress(three, course)).toBe('three');
    // Lesson four finished after three was left half-way: three is still in progress.
    const four = recordStep(recordStep(three, 'four', 0, 3), 'four', 2, 3);
    expect(four.current).toBe('four');
    expect(inProgress(four, course)).toBe('three');
    expect(inProgress(recordStep(four, 'three', 9, 10), course)).toBe(null);
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

  it('numbers each meaning (one number, one meaning), and lists the step’s own ones first in the pane', () => {
    const model = envelopeModel(at(1).message, at(1).annotations, ['/id'], 'en', 76);
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
    const rows = envelopeRows(model, 80);
    expect(rows[0]).toMatchObject({ kind: 'meaning', meaning: { pointer: '/id', own: true } });
    expect(rows.filter((r) => r.kind === 'json')).toHaveLength(model.lines.length);
    expect(rows.filter((r) => r.kind === 'meaning')).toHaveLength(model.meanings.length);
  });

  it('counts a meaning or a JSON line that wraps as the lines it takes', () => {
    const model = envelopeModel(at(1).message, at(1).annotations, [], 'en', 36);
    const height = (width: number) =>
      envelopeRows(model, width).reduce((n, row) => n + row.height, 0);
    expect(height(400)).toBe(model.lines.length + model.meanings.length);
    expect(height(40)).toBeGreaterThan(height(100));
    expect(height(100)).toBeGreaterThan(height(400));
  });

  it('windows rows of several lines: the first one cut at the top by the lines scrolled', () => {
    const rows = [{ height: 1 }, { height: 3 }, { height: 1 }, { height: 2 }];
    expect(rowWindow(rows, 0, 2)).toMatchObject({ from: 0, shift: 0, rows: rows.slice(0, 2) });
    expect(rowWindow(rows, 2, 3)).toMatchObject({ from: 1, shift: 1, rows: rows.slice(1, 3) });
    expect(rowWindow(rows, 4, 5)).toMatchObject({ from: 2, shift: 0, rows: rows.slice(2) });
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

  it('names the server’s own requests in full, and tersely by their ids, whatever the ids hold', () => {
    const asked = [
      { method: 'roots/list', id: '2' },
      { method: 'sampling/createMessage', id: '"job 7"' },
    ];
    const facts = peerFacts(views({}, { asked }), 'server', 'en');
    const waiting = facts.find((f) => f.work && f.value.includes('roots/list'));
    expect(waiting?.value).toBe('roots/list #2, sampling/createMessage #"job 7"');
    expect(waiting?.terse).toBe('#2, #"job 7"');
  });
});

describe('readablePointer', () => {
  it('writes a key holding / or ~ (or an empty one) in quotes, as the key it names', () => {
    expect(readablePointer('/params/_meta/io.modelcontextprotocol~1protocolVersion')).toBe(
      '/params/_meta/"io.modelcontextprotocol/protocolVersion"',
    );
    expect(readablePointer('/a~0b/c/')).toBe('/"a~b"/c/""');
    expect(readablePointer('/result/tools/0/name')).toBe('/result/tools/0/name');
    expect(readablePointer('')).toBe('');
  });
});
