import type { Step } from '../../src/session/index.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { type Scenario, scenarioSchema } from '../../src/sim/scenario/schema.js';

const note = { en: 'n', zh: '注' };

/** The handshake that opens a lesson of the handshake era. */
export const HANDSHAKE = [{ client: 'initialize' }, { server: 'next' }, { client: 'initialized' }];

/**
 * A 2025-11-25 simulated server that declares tasks (list, cancel, task-augmented tools/call) and
 * lists `tools` (basic/utilities/tasks › Capabilities).
 */
export function taskServer(tools: readonly string[]) {
  return {
    versions: ['2025-11-25'],
    capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
    tools: [...tools],
  };
}

/**
 * A minimal lesson of `revision`: these peers and steps, each step that sends something narrated
 * with a placeholder note (a `do` step has none).
 */
export function lessonOf(
  revision: string,
  client: object,
  server: object,
  steps: readonly object[],
): Scenario {
  return scenarioSchema.parse({
    title: note,
    goal: note,
    recap: note,
    revision,
    client,
    server,
    steps: steps.map((step) => ('do' in step ? step : { ...step, note })),
  });
}

/** The lesson's session log; an author's mistake (the engine's error) fails the test. */
export async function playedSteps(scenario: Scenario): Promise<readonly Step[]> {
  const played = await runScenario(scenario);
  if (!played.ok) throw new Error(`step ${played.error.step + 1}: ${played.error.message}`);
  return played.value.steps;
}

/** Every rule the steps break, in order. */
export const brokenRules = (steps: readonly Step[]) =>
  steps.flatMap((s) => (s.verdict?.violations ?? []).map((v) => v.rule));

/** Each step of a lesson of the course: the fault it plants (or null) and the rules it breaks. */
export async function faultsOfLesson(id: string) {
  const lesson = loadLessons().lessons.find((l) => l.id === id);
  if (!lesson) throw new Error(`lesson ${id} not found`);
  return (await playedSteps(lesson.scenario)).map((s) => ({
    fault: s.notes?.fault ?? null,
    rules: brokenRules([s]),
  }));
}
