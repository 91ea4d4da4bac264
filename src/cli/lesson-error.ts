/** A lesson file that cannot be played: one line naming the file and line, exit 1. */
export class LessonError extends Error {
  override name = 'LessonError';
}
