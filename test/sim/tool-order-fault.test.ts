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
const server = (tools: readonly string[]) => ({
  ...MODERN_PEER,
  capabilities: { tools: {} },
  tools: [...tools],
});
const LIST = { client: { request: 'tools/list' } };

/** 2026-07-28 server/tools › Capabilities: tools in a deterministic order (a SHOULD). */
describe('tools-reordered', () => {
  it('lesson modern-faults-gallery plays it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('modern-faults-gallery');
    expect(steps.find((step) => step.fault === 'tools-reordered')).toEqual({
      fault: 'tools-reordered',
      rules: [FAULT_RULES['tools-reordered']],
    });
  });

  it('answers the pending tools/list with the scheduled tools reversed', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', MODERN_PEER, server(['weather_current', 'collect_feedback']), [
        LIST,
        { server: 'next' },
        LIST,
        { fault: 'tools-reordered' },
      ]),
    );
    const names = (i: number) => {
      const message = steps.at(i)?.message as { result?: { tools?: { name: string }[] } };
      return (message?.result?.tools ?? []).map((t) => t.name);
    };
    expect(names(-3)).toEqual(['weather_current', 'collect_feedback']);
    expect(names(-1)).toEqual(['collect_feedback', 'weather_current']);
    expect(rules(steps)).toEqual(['tool-order-changed']);
  });

  it('needs a pending tools/list whose answer lists two tools', async () => {
    const played = await runScenario(
      lessonOf('2026-07-28', MODERN_PEER, server(['weather_current']), [
        LIST,
        { fault: 'tools-reordered' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('at least two tools');
  });
});
