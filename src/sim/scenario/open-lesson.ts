import { filled } from '../../i18n/lang.js';
import { LESSON_STRINGS } from '../../i18n/lesson-strings.js';
import { runScenario, type Timeline } from './engine.js';
import { findLesson, unknownLessonMessage } from './find-lesson.js';
import {
  formatProblem,
  formatProblemIn,
  type LessonListing,
  type LoadedLesson,
  loadLessons,
} from './load-lessons.js';

/** A lesson loaded and played to its timeline. */
export type PlayedLesson = { readonly lesson: LoadedLesson; readonly timeline: Timeline };

/** Why a lesson cannot be opened, with the exit code for it (2: no such lesson, 1: broken file). */
/** Why a lesson cannot be opened; `zh` where the reason is the learner's (no such lesson). */
export type OpenProblem = { readonly code: 1 | 2; readonly message: string; readonly zh?: string };

/**
 * Loads and plays one lesson. The problem names the file and line when the lesson file is broken
 * or its scenario cannot be played, so the learner or teacher can go straight to it.
 */
export async function openLesson(
  id: string,
  listing: LessonListing = loadLessons(),
): Promise<{ ok: true; value: PlayedLesson } | { ok: false; error: OpenProblem }> {
  const lesson = findLesson(listing, id);
  if (!lesson) {
    const broken = listing.problems.find(
      (p) => p.file.includes(`-${id}/`) || p.file.endsWith(`-${id}`),
    );
    if (broken) {
      const zh = formatProblemIn(broken, 'zh');
      return { ok: false, error: { code: 1, message: formatProblem(broken), zh } };
    }
    return {
      ok: false,
      error: (({ en, zh }) => ({ code: 2, message: en, zh }))(unknownLessonMessage(listing, id)),
    };
  }
  const played = await runScenario(lesson.scenario);
  if (!played.ok) {
    const line = lesson.stepLines[played.error.step] ?? null;
    const { step, message, zh = message } = played.error;
    const text = filled(LESSON_STRINGS.atStepNumber, {
      number: step + 1,
      message: { en: message, zh },
    });
    const problem = { file: lesson.file, line, message: text.en, zh: text.zh };
    return {
      ok: false,
      error: { code: 1, message: formatProblem(problem), zh: formatProblemIn(problem, 'zh') },
    };
  }
  return { ok: true, value: { lesson, timeline: played.value } };
}
