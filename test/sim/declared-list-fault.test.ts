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
const server = (capabilities: Record<string, object>) => ({
  ...MODERN_PEER,
  capabilities,
  tools: ['weather_current'],
});

/**
 * 2026-07-28 server/tools, server/prompts, server/resources › Capabilities: a server that declares
 * the capability MUST respond to its list request (the set MAY be empty).
 */
describe('declared-list-not-found', () => {
  it('lesson modern-faults-gallery plays it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('modern-faults-gallery');
    expect(steps.find((step) => step.fault === 'declared-list-not-found')).toEqual({
      fault: 'declared-list-not-found',
      rules: [FAULT_RULES['declared-list-not-found']],
    });
  });

  it('answers the pending prompts/list with -32601 instead of the scheduled list', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', MODERN_PEER, server({ tools: {}, prompts: {} }), [
        { client: 'discover' },
        { server: 'next' },
        { client: { request: 'prompts/list' } },
        { fault: 'declared-list-not-found' },
      ]),
    );
    const message = (i: number) =>
      (steps.at(i)?.message ?? {}) as { id?: unknown; method?: string; error?: { code?: number } };
    expect(message(-2).method).toBe('prompts/list');
    expect(message(-1).error?.code).toBe(-32601);
    expect(message(-1).id).toBe(message(-2).id);
    expect(rules(steps)).toEqual(['declared-list-not-served']);
  });

  it('needs a pending list of a capability the server declared', async () => {
    const played = await runScenario(
      lessonOf('2026-07-28', MODERN_PEER, server({ tools: {} }), [
        { client: { request: 'prompts/list' } },
        { fault: 'declared-list-not-found' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('of a capability the server declared');
  });
});
