import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

const MODERN_PEER = { era: 'modern', versions: ['2026-07-28'] };
const SERVER = { ...MODERN_PEER, capabilities: { tools: {} }, tools: ['weather_current'] };

type Sent = { id?: unknown; method?: string; error?: { code?: number; message?: string } };
const sent = (steps: Awaited<ReturnType<typeof playedSteps>>, i: number) =>
  (steps.at(i)?.message ?? {}) as Sent;

/**
 * 2026-07-28 basic/versioning: a 2026-07-28 server MUST implement server/discover
 * (discover-not-found), and a modern-only server SHOULD name its versions in any error to
 * initialize (initialize-refused-unversioned).
 */
describe('initialize-refused-unversioned and discover-not-found', () => {
  it('lesson modern-faults-gallery plays them, each breaking only its rule', async () => {
    const steps = await faultsOfLesson('modern-faults-gallery');
    for (const fault of ['initialize-refused-unversioned', 'discover-not-found'] as const) {
      expect(steps.find((step) => step.fault === fault)).toEqual({
        fault,
        rules: [FAULT_RULES[fault]],
      });
    }
  });

  it('the honest server refuses initialize naming its versions; the fault says only -32601', async () => {
    const played = (last: object) =>
      playedSteps(
        lessonOf('2026-07-28', MODERN_PEER, SERVER, [
          { client: 'discover' },
          { server: 'next' },
          { fault: 'initialize-in-modern-session' },
          last,
        ]),
      );
    const honest = await played({ server: 'next' });
    expect(sent(honest, -1).error?.code).toBe(-32022);
    expect(rules(honest)).toEqual(['era-mixed']);
    const faulty = await played({ fault: 'initialize-refused-unversioned' });
    expect(sent(faulty, -1)).toMatchObject({
      id: sent(faulty, -2).id,
      error: { code: -32601, message: 'Method not found: initialize' },
    });
    expect(rules(faulty)).toEqual(['era-mixed', 'initialize-error-without-versions']);
  });

  it('answers a pending server/discover with -32601 after modern answers', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', MODERN_PEER, SERVER, [
        { client: { request: 'tools/list' } },
        { server: 'next' },
        { client: 'discover' },
        { fault: 'discover-not-found' },
      ]),
    );
    expect(sent(steps, -2).method).toBe('server/discover');
    expect(sent(steps, -1)).toMatchObject({ id: sent(steps, -2).id, error: { code: -32601 } });
    expect(rules(steps)).toEqual(['discover-not-implemented']);
  });

  it('each needs the request whose answer it replaces', async () => {
    const without = async (fault: string) => {
      const played = await runScenario(
        lessonOf('2026-07-28', MODERN_PEER, SERVER, [
          { client: { request: 'tools/list' } },
          { fault },
        ]),
      );
      expect(played.ok).toBe(false);
      return played.ok ? '' : played.error.message;
    };
    expect(await without('discover-not-found')).toContain('needs a server/discover');
    expect(await without('initialize-refused-unversioned')).toContain('needs an initialize');
  });
});
