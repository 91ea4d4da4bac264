import { playLesson as playSteps } from '../../src/cli/commands/lessons.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { type ScreenStep, screenSteps } from '../../src/ui/screen-step.js';

/** A lesson played through the session log, as the screen shows it. */
export async function playLesson(id: string) {
  const { lesson, timeline } = await playSteps(id);
  return { lesson, timeline: { steps: screenSteps(timeline.steps) as readonly ScreenStep[] } };
}

/** A lesson played through the session log, opened as the lesson screen takes it. */
export async function openedLesson(id: string): Promise<OpenedLesson> {
  const { lesson, timeline } = await playLesson(id);
  const { title, goal, recap } = lesson.scenario;
  return { id, title, goal, recap, steps: timeline.steps };
}

/** A scenario played by the engine, its steps as the screen shows them. */
export async function screenRun(scenario: Parameters<typeof runScenario>[0]) {
  const played = await runScenario(scenario);
  if (!played.ok) return played;
  return { ok: true as const, value: { steps: screenSteps(played.value.steps) } };
}
