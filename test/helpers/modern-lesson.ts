import type { Scenario } from '../../src/sim/scenario/schema.js';
import { lessonOf } from './lesson-scenario.js';

export { playedSteps } from './lesson-scenario.js';

/** A minimal 2026-07-28 lesson (see lessonOf). */
export const modernLesson = (client: object, server: object, steps: readonly object[]): Scenario =>
  lessonOf('2026-07-28', client, server, steps);
