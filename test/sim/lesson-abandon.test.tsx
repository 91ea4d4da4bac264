import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { scenarioSchema } from '../../src/sim/scenario/schema.js';
import { envelopeTitle } from '../../src/ui/components/envelope-view.js';
import { TimelineRow } from '../../src/ui/components/timeline-row.js';
import { lessonHandout, lessonJson } from '../../src/ui/handout.js';
import { screenStep } from '../../src/ui/screen-step.js';
import { sequenceRow } from '../../src/ui/sequence-rows.js';

const note = { en: 'n', zh: '注' };
const slowCall = {
  client: {
    request: 'tools/call',
    params: { name: 'long_running_task', arguments: { steps: 3, delayMs: 300 } },
    progress: true,
  },
};

/** A slow call, its first progress, the client closing its stream, then what the server sends. */
function scenario(era: 'legacy' | 'modern', after: readonly object[] = [{ server: 'next' }]) {
  const version = era === 'modern' ? '2026-07-28' : '2025-11-25';
  const open =
    era === 'modern'
      ? []
      : [{ client: 'initialize' }, { server: 'next' }, { client: 'initialized' }];
  return scenarioSchema.parse({
    title: note,
    goal: note,
    recap: note,
    revision: version,
    client: { era, versions: [version] },
    server: {
      era,
      versions: [version],
      capabilities: { tools: {} },
      tools: ['long_running_task'],
    },
    steps: [...open, slowCall, { server: 'next' }, { client: { abandon: 'latest' } }, ...after].map(
      (step) => ({ ...step, note }),
    ),
  });
}

describe('a lesson’s client closes a request’s HTTP response stream', () => {
  it('2026-07-28: the server stops; nothing more comes for the request', async () => {
    const played = await runScenario(scenario('modern'));
    // The server has nothing left to send: its progress and answer were dropped.
    expect(played.ok).toBe(false);
    if (played.ok) return;
    expect(played.error.step).toBe(3);
    const only = await runScenario(scenario('modern', []));
    if (!only.ok) throw new Error(only.error.message);
    const step = only.value.steps.at(-1);
    expect(step?.kind).toBe('abandon');
    expect(step?.abandoned).toEqual({ id: 1, method: 'tools/call', cancelled: true });
    expect(step?.session.pending).toEqual([]);
  });

  it('the handshake era: not a cancellation; the server works on and answers, no rule broken', async () => {
    const played = await runScenario(
      scenario('legacy', [{ server: 'next' }, { server: 'next' }, { server: 'next' }]),
    );
    if (!played.ok) throw new Error(played.error.message);
    const steps = played.value.steps;
    const closed = steps.find((s) => s.kind === 'abandon');
    expect(closed?.abandoned).toEqual({ id: 2, method: 'tools/call', cancelled: false });
    expect(closed?.session.pending.map((p) => p.id)).toEqual([2]);
    const last = steps.at(-1);
    expect(last?.verdict).toMatchObject({ kind: 'response', id: 2, violations: [] });
    expect(steps.flatMap((s) => s.verdict?.violations ?? [])).toEqual([]);
  });

  it('a step that names no request the client waits for is the lesson’s problem, in both languages', async () => {
    const bad = scenarioSchema.parse({
      ...scenario('modern', []),
      steps: [slowCall, { client: { abandon: 9 } }].map((step) => ({ ...step, note })),
    });
    const played = await runScenario(bad);
    expect(played.ok).toBe(false);
    if (played.ok) return;
    expect(played.error).toMatchObject({ step: 1 });
    expect(played.error.message).toContain('client: abandon 9, but the client is not waiting');
    expect(played.error.zh).toContain('客户端并没有在等待这样的请求');
  });

  it('the screens, the handout and lesson --json say what the close did', async () => {
    const played = await runScenario(scenario('modern', []));
    if (!played.ok) throw new Error(played.error.message);
    const steps = played.value.steps.map((s) => screenStep(s));
    const closed = steps.at(-1);
    if (!closed) throw new Error('no step');
    expect(closed.message).toBeNull();
    expect(closed.note).toEqual(note);
    const row = sequenceRow(closed, steps);
    expect(row.arrow).toBe('───╳    ');
    expect(row.label).toBe('tools/call #1');
    expect(row.abandon).toBe('cancelled');
    const en = render(<TimelineRow row={row} here={true} timed={false} lang="en" />);
    expect(en.lastFrame()).toContain('closes the stream of tools/call #1 · cancelled');
    const zh = render(<TimelineRow row={row} here={true} timed={false} lang="zh" />);
    expect(zh.lastFrame()).toContain('关闭 tools/call #1 的流 · 已取消');
    expect(envelopeTitle(closed, 'en')).toBe(
      'no envelope · the client closes the HTTP response stream of tools/call #1',
    );
    const frame = { title: note, goal: note, recap: note, spec: [] };
    expect(lessonHandout({ scenario: frame }, { steps }, 'en')).toContain(
      '## step 3 · the client closes the HTTP response stream of `tools/call #1`',
    );
    const json = lessonJson({ id: 'x', scenario: frame }, { steps }, 'en');
    expect(json.steps).toHaveLength(2);
    expect(json.abandons).toEqual([{ afterStep: 2, id: 1, note: 'n' }]);
  });

  it('a recorded close without narration is explained in the words trace uses', async () => {
    const played = await runScenario(scenario('legacy', []));
    if (!played.ok) throw new Error(played.error.message);
    const bare = played.value.steps.map((s) => ({ ...s, notes: null }));
    const closed = screenStep(bare.at(-1) as (typeof bare)[number]);
    expect(closed.note.en).toContain('In the handshake era that is not a cancellation');
    const row = sequenceRow(closed, []);
    expect(row.abandon).toBe('waiting');
  });
});
