import type { OpenProblem } from '../sim/scenario/open-lesson.js';
import { UsageError } from './usage.js';

/** A lesson file that cannot be played: one line naming the file and line, exit 1. */
export class LessonError extends Error {
  override name = 'LessonError';
}

/** A lesson that cannot be opened: no such lesson is a usage error (exit 2), a broken one exit 1. */
export function lessonProblem(problem: OpenProblem): UsageError | LessonError {
  if (problem.code === 1) return new LessonError(problem.message);
  return new UsageError(
    problem.zh === undefined ? problem.message : { en: problem.message, zh: problem.zh },
  );
}
