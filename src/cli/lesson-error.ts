import type { Bilingual } from '../i18n/lang.js';
import type { OpenProblem } from '../sim/scenario/open-lesson.js';
import { UsageError } from './usage.js';

/**
 * A lesson file that cannot be played: one line naming the file and line, exit 1, said in the
 * learner's language as a usage error is (`message` is the English line).
 */
export class LessonError extends Error {
  override name = 'LessonError';
  readonly text: Bilingual;

  constructor(text: Bilingual) {
    super(text.en);
    this.text = text;
  }
}

/** A lesson that cannot be opened: no such lesson is a usage error (exit 2), a broken one exit 1. */
export function lessonProblem(problem: OpenProblem): UsageError | LessonError {
  if (problem.code === 1) {
    return new LessonError({ en: problem.message, zh: problem.zh ?? problem.message });
  }
  return new UsageError(
    problem.zh === undefined ? problem.message : { en: problem.message, zh: problem.zh },
  );
}
