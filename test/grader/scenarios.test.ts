import { describe, expect, it } from 'vitest';
import { recordedLesson } from '../../src/cli/commands/check-play.js';
import { recordScenario, scenarioFor } from '../../src/grader/index.js';
import { meta, metas, workspace } from './helpers.js';

/** Plays an exercise's scenario in this process and shapes it as `check --play` shows it. */
async function play(id: string, files: 'starter' | 'solution') {
  const scenario = scenarioFor(id);
  if (!scenario) throw new Error(`${id} has no scenario`);
  const rec = await recordScenario(meta(id), scenario, {
    dir: workspace(id, files),
    isolation: 'inline',
    seed: 11,
  });
  expect(rec.failure).toBeNull();
  const lesson = recordedLesson(meta(id), rec);
  const rules = lesson.steps.flatMap((s) =>
    (s.report?.violations ?? []).map((v) => `${s.report?.method} ${v.rule}`),
  );
  const methods = lesson.steps.map((s) => s.report?.method);
  const notes = lesson.steps.flatMap((s) => s.events.map((e) => e.en)).join('\n');
  return { rec, lesson, rules, methods, notes };
}

describe('the exercises with a session to play', () => {
  it('are the six whose checks run one; the others (stats, tracer, quiz) have none', () => {
    const playable = metas.filter((m) => scenarioFor(m.id)).map((m) => m.id);
    expect(playable).toEqual([
      '01-progress',
      '02-server-without-list-changed',
      '03-client-without-sampling',
      '04-version-negotiation',
      '08-dual-era-server',
      '09-multi-round-trip',
    ]);
    for (const id of playable) expect(meta(id).module, id).toBeDefined();
  });
});

describe('02-server-without-list-changed played', () => {
  const id = '02-server-without-list-changed';

  it('the starter announces a change it never declared, and hides the new tool', async () => {
    const { rules, lesson } = await play(id, 'starter');
    expect(rules).toEqual(['notifications/tools/list_changed capability-not-negotiated']);
    expect(lesson.recap.en).toContain('does not show');
  });

  it('the reference stays silent, and the second listing shows the new tool', async () => {
    const { rules, methods, lesson } = await play(id, 'solution');
    expect(rules).toEqual([]);
    expect(methods).not.toContain('notifications/tools/list_changed');
    expect(methods.filter((m) => m === 'tools/list')).toHaveLength(4);
    expect(lesson.recap.en).toMatch(/The second tools\/list shows export_\w+/);
  });
});

describe('03-client-without-sampling played', () => {
  const id = '03-client-without-sampling';

  it('the starter asks a client without sampling for sampling/createMessage', async () => {
    const { rules, notes } = await play(id, 'starter');
    expect(rules).toContain('sampling/createMessage capability-not-negotiated');
    expect(notes).toContain('Sent by your code.');
  });

  it('the reference answers with an isError result and asks nothing', async () => {
    const { rules, methods, lesson } = await play(id, 'solution');
    expect(rules).toEqual([]);
    expect(methods).not.toContain('sampling/createMessage');
    expect(lesson.recap.en).toContain('marked isError');
  });
});

describe('04-version-negotiation played', () => {
  const id = '04-version-negotiation';

  it('the starter echoes a version the older server does not support', async () => {
    const { notes, lesson } = await play(id, 'starter');
    expect(notes).toMatch(/returned "2025-11-25", which this server does not support/);
    expect(lesson.recap.en).toContain('The handshake went wrong on the version');
  });

  it('the reference answers the server’s latest, the client accepts, the session goes on', async () => {
    const { notes, methods, rules } = await play(id, 'solution');
    expect(notes).toMatch(/returned "2025-06-18": the server does not support the offer/);
    expect(notes).toMatch(
      /acceptVersion\("2025-06-18", .*\) returned true: the client carries on, as it should/,
    );
    expect(methods).toEqual([
      'initialize',
      'initialize',
      'notifications/initialized',
      'ping',
      'ping',
    ]);
    expect(rules).toEqual([]);
  });
});
