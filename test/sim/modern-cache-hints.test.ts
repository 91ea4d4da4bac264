import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { scenarioSchema } from '../../src/sim/scenario/schema.js';

const note = { en: 'n', zh: '注' };

describe('a lesson server’s caching hints (2026-07-28 server/utilities/caching)', () => {
  it('are the ones its cache names, by method; others get ttlMs 0 and private', async () => {
    const scenario = scenarioSchema.parse({
      title: note,
      goal: note,
      recap: note,
      revision: '2026-07-28',
      client: { era: 'modern', versions: ['2026-07-28'] },
      server: {
        era: 'modern',
        versions: ['2026-07-28'],
        capabilities: { tools: {}, resources: {} },
        cache: { 'tools/list': { ttlMs: 300000, cacheScope: 'public' } },
      },
      steps: [
        { client: { request: 'tools/list' } },
        { server: 'next' },
        { client: { request: 'resources/list' } },
        { server: 'next' },
      ].map((step) => ({ ...step, note })),
    });
    const played = await runScenario(scenario);
    if (!played.ok) throw new Error(played.error.message);
    const results = played.value.steps.map((s) => (s.message as { result?: object }).result);
    expect(results[1]).toMatchObject({ ttlMs: 300000, cacheScope: 'public' });
    expect(results[3]).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    expect(played.value.steps.flatMap((s) => s.verdict?.violations ?? [])).toEqual([]);
  });

  it('must be hints the spec allows', () => {
    const bad = { 'tools/list': { ttlMs: -1, cacheScope: 'shared' } };
    expect(() => scenarioSchema.shape.server.parse({ cache: bad })).toThrow();
    expect(() =>
      scenarioSchema.shape.server.parse({
        cache: { 'tools/call': { ttlMs: 1, cacheScope: 'public' } },
      }),
    ).toThrow();
  });
});
