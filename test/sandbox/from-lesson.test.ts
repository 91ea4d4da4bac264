import { describe, expect, it } from 'vitest';
import { sandboxAtLesson } from '../../src/sim/sandbox/from-lesson.js';
import { openLesson } from '../../src/sim/scenario/open-lesson.js';
import { compare, pick } from './helpers.js';

describe('the sandbox at a lesson’s last state', () => {
  it('replays the lesson into the log, then offers what the learner may send next', async () => {
    const opened = await openLesson('tools');
    if (!opened.ok) throw new Error(opened.error.message);
    const s = sandboxAtLesson(opened.value, 'client');
    expect(s.log.steps.length).toBe(opened.value.timeline.steps.length);
    expect(s.log.view().handshake.initializedSent).toBe(true);
    for (const row of compare(s)) expect(row.referee).toEqual(row.claims);
    // The learner's next request takes an id the lesson's client did not use.
    const ids = opened.value.timeline.steps.flatMap((st) =>
      st.direction === 'client->server' && st.verdict?.kind === 'request' ? [st.verdict.id] : [],
    );
    const next = pick(s, 'request:tools/list');
    expect(ids).not.toContain(next.envelope.id);
    const steps = s.send(next.envelope);
    expect(steps.at(-1)?.verdict).toMatchObject({ kind: 'response', violations: [] });
  });

  it('as the server: the lesson’s client carries on with its own requests', async () => {
    const opened = await openLesson('first-session');
    if (!opened.ok) throw new Error(opened.error.message);
    const s = sandboxAtLesson(opened.value, 'server');
    expect(s.log.steps.length).toBeGreaterThan(opened.value.timeline.steps.length);
    for (const row of compare(s)) expect(row.referee).toEqual(row.claims);
    expect(s.offers()[0]?.kind).toBe('result');
  });
});

describe('a lesson that ends by closing the connection', () => {
  it.each(['two-eras', 'dual-era-probe'])(
    '%s: the sandbox opens just before the close, with messages allowed',
    async (id) => {
      const opened = await openLesson(id);
      if (!opened.ok) throw new Error(opened.error.message);
      expect(opened.value.timeline.steps.at(-1)?.kind).toBe('close');
      const s = sandboxAtLesson(opened.value, 'client');
      expect(s.log.view().closed).toBe(false);
      expect(s.offers().filter((o) => o.blocks.length === 0).length).toBeGreaterThan(0);
    },
  );
});

describe('every lesson’s last state', () => {
  it('offers what the referee accepts, on either side', async () => {
    const { loadLessons } = await import('../../src/sim/scenario/load-lessons.js');
    const disagreements: string[] = [];
    for (const lesson of loadLessons().lessons) {
      const opened = await openLesson(lesson.id);
      if (!opened.ok) throw new Error(opened.error.message);
      for (const side of ['client', 'server'] as const) {
        const s = sandboxAtLesson(opened.value, side);
        for (const row of compare(s)) {
          if (row.referee.join() !== row.claims.join()) {
            disagreements.push(`${lesson.id} ${side} ${row.key}: ${row.claims} vs ${row.referee}`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  }, 60_000);
});

describe('a lesson whose close is not its last step, or is one the spec requires', () => {
  it('shutdown: opens before the close, and says in one line what it left out', async () => {
    const opened = await openLesson('shutdown');
    if (!opened.ok) throw new Error(opened.error.message);
    const steps = opened.value.timeline.steps;
    expect(steps.at(-1)?.kind).not.toBe('close');
    const s = sandboxAtLesson(opened.value, 'client');
    expect(s.log.view().closed).toBe(false);
    expect(s.offers().filter((o) => o.blocks.length === 0).length).toBeGreaterThan(0);
    const close = steps.findIndex((st) => st.kind === 'close');
    expect(s.log.steps.length).toBe(close);
    const note = s.note();
    expect(note?.en).toMatch(/before the lesson's close \(step \d+\).*1 step after it/);
    expect(note?.zh).toContain('关闭');
    expect(note?.en).not.toContain('\n');
  });

  it('version-negotiation: the client’s close is required, so the sandbox opens closed and says why', async () => {
    const opened = await openLesson('version-negotiation');
    if (!opened.ok) throw new Error(opened.error.message);
    for (const side of ['client', 'server'] as const) {
      const s = sandboxAtLesson(opened.value, side);
      expect(s.log.view().closed).toBe(true);
      expect(s.log.steps.length).toBe(opened.value.timeline.steps.length);
      expect(s.note()?.en).toContain('2025-03-26');
      expect(s.note()?.zh).toContain('2025-03-26');
    }
  });
});

describe('the lesson’s client carries on numbering where the lesson left off', () => {
  it('as the server, at every lesson’s last state: the client’s next request takes the next id', async () => {
    const { loadLessons } = await import('../../src/sim/scenario/load-lessons.js');
    const gaps: string[] = [];
    // Every id the client put on a message of its own (a request, or a broken one that carries
    // a method and an id, such as faults-gallery's notifications/initialized #4).
    const numericRequestIds = (steps: readonly { direction?: string; message?: unknown }[]) =>
      steps.flatMap((st) => {
        const m = st.message as { id?: unknown; method?: unknown } | undefined;
        return st.direction === 'client->server' &&
          typeof m?.method === 'string' &&
          typeof m.id === 'number'
          ? [m.id]
          : [];
      });
    for (const lesson of loadLessons().lessons) {
      const opened = await openLesson(lesson.id);
      if (!opened.ok) throw new Error(opened.error.message);
      const s = sandboxAtLesson(opened.value, 'server');
      const recorded = s.log.steps.slice(0, opened.value.timeline.steps.length);
      const own = numericRequestIds(s.log.steps.slice(recorded.length));
      if (own.length === 0) continue;
      const last = Math.max(0, ...numericRequestIds(recorded));
      if (own[0] !== last + 1) gaps.push(`${lesson.id}: #${last} then #${own[0]}`);
    }
    expect(gaps).toEqual([]);
  }, 60_000);
});

describe('the lesson’s server carries on numbering where the lesson left off', () => {
  it('as the client: the server’s next request of its own takes the id after the lesson’s last', async () => {
    const opened = await openLesson('client-primitives');
    if (!opened.ok) throw new Error(opened.error.message);
    const recorded = opened.value.timeline.steps.flatMap((st) =>
      st.direction === 'server->client' && st.verdict?.kind === 'request' ? [st.verdict.id] : [],
    );
    expect(recorded).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const s = sandboxAtLesson(opened.value, 'client');
    // The replay put into the log exactly what the lesson sent, nothing more.
    expect(s.log.steps.length).toBe(opened.value.timeline.steps.length);
    // list_project_roots makes the server ask roots/list: its id 8, not one past ids it made up.
    const call = pick(s, 'request:tools/call');
    const steps = s.send({
      ...call.envelope,
      params: { name: 'list_project_roots', arguments: {} },
    });
    const asked = steps.find(
      (st) => st.verdict?.kind === 'request' && st.direction === 'server->client',
    );
    expect(asked?.verdict).toMatchObject({ method: 'roots/list', id: 8, violations: [] });
  });
});

describe('the plain tools/call at a lesson’s last state', () => {
  it('names a tool the lesson’s server offers, which it runs (client-primitives has no weather_current)', async () => {
    const opened = await openLesson('client-primitives');
    if (!opened.ok) throw new Error(opened.error.message);
    const s = sandboxAtLesson(opened.value, 'client');
    // Its client never listed them: the tools are the lesson's server's.
    const listed: readonly string[] = opened.value.lesson.scenario.server.tools;
    expect(listed).not.toContain('weather_current');
    const call = pick(s, 'request:tools/call');
    const params = call.envelope.params as { name?: unknown };
    expect(listed).toContain(params.name);
    const steps = s.send(call.envelope);
    // The server runs it: not the -32602 of an unknown tool (2025-11-25 server/tools › Error Handling).
    const answer = steps.find(
      (st) =>
        st.direction === 'server->client' &&
        (st.verdict?.kind === 'response' || st.verdict?.kind === 'error'),
    );
    expect(answer?.verdict?.kind).not.toBe('error');
  });
});

describe('the tools/call offers at every lesson’s last state', () => {
  it('name only tools the lesson’s server offers (its client may never have listed them)', async () => {
    const { loadLessons } = await import('../../src/sim/scenario/load-lessons.js');
    const unknown: string[] = [];
    for (const lesson of loadLessons().lessons) {
      const opened = await openLesson(lesson.id);
      if (!opened.ok) throw new Error(opened.error.message);
      const served: readonly string[] = opened.value.lesson.scenario.server.tools;
      if (served.length === 0) continue;
      const s = sandboxAtLesson(opened.value, 'client');
      for (const offer of s.offers()) {
        if (offer.kind === 'transport' || offer.method !== 'tools/call') continue;
        if (offer.key.startsWith('retry:')) continue;
        const name = (offer.envelope.params as { name?: unknown } | undefined)?.name;
        if (typeof name !== 'string' || !served.includes(name))
          unknown.push(`${lesson.id} ${offer.key}: ${String(name)}`);
      }
    }
    expect(unknown).toEqual([]);
  }, 60_000);
});

describe('a lesson’s open multi-round-trip round', () => {
  it('modern-faults-gallery: the offered retry echoes a requestState the sandbox’s server accepts (its seal is the lesson server’s)', async () => {
    const opened = await openLesson('modern-faults-gallery');
    if (!opened.ok) throw new Error(opened.error.message);
    const s = sandboxAtLesson(opened.value, 'client');
    // The last round: collect_feedback's, asked again at step 46, whose requestState is sealed.
    const retry = s.offers().findLast((o) => o.key.startsWith('retry:'));
    if (!retry || retry.kind === 'transport') throw new Error('no retry offered');
    expect(JSON.stringify(retry.envelope)).toContain('requestState');
    expect(retry.blocks).toEqual([]);
    const id = retry.envelope.id;
    const steps = s.send(retry.envelope);
    const answer = steps.find(
      (st) => st.direction === 'server->client' && (st.message as { id?: unknown }).id === id,
    );
    // Not -32602 "requestState failed its integrity check": the round is the lesson server's own.
    if (!answer) throw new Error('no answer');
    expect(answer.message).not.toHaveProperty('error');
  });
});
