import type { Step } from '../../src/session/index.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { type Scenario, scenarioSchema } from '../../src/sim/scenario/schema.js';

const note = { en: 'n', zh: '注' };

/**
 * A minimal 2026-07-28 lesson: these peers and steps, each step that sends something narrated with
 * a placeholder note (a `do` step has none).
 */
export function modernLesson(client: object, server: object, steps: readonly object[]): Scenario {
  return scenarioSchema.parse({
    title: note,
    goal: note,
    recap: note,
    revision: '2026-07-28',
    client,
    server,
    steps: steps.map((step) => ('do' in step ? step : { ...step, note })),
  });
}

/** The lesson's session log; an author's mistake (the engine's error) fails the test. */
export async function playedSteps(scenario: Scenario): Promise<readonly Step[]> {
  const played = await runScenario(scenario);
  if (!played.ok) throw new Error(played.error.message);
  return played.value.steps;
}
