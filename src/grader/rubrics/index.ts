import type { Rubric } from '../types.js';
import { dualEraRubric } from './dual-era.js';
import { eraRubric } from './era.js';
import { listChangedRubric } from './list-changed.js';
import { mrtrRubric } from './mrtr.js';
import { progressRubric } from './progress.js';
import { quizRubric } from './quiz.js';
import { samplingRubric } from './sampling.js';
import { statsRubric } from './stats.js';
import { tracerRubric } from './tracer.js';
import { versionsRubric } from './versions.js';

/** Every exercise's checks, by exercise id (the folder name under exercises/). */
export const RUBRICS: readonly Rubric[] = [
  progressRubric,
  listChangedRubric,
  samplingRubric,
  versionsRubric,
  statsRubric,
  tracerRubric,
  quizRubric,
  dualEraRubric,
  mrtrRubric,
  eraRubric,
];
