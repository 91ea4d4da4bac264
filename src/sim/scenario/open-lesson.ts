import { basename, dirname } from 'node:path';
import { filled, tr } from '../../i18n/lang.js';
import { LESSON_STRINGS } from '../../i18n/lesson-strings.js';
import { suggestCommand } from '../../invocation.js';
import { inCourse, playedProblems } from './check-folder.js';
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
    // A broken file by its folder: `01-<id>/lesson.yaml`, or a folder `<id>` left without its number.
    const broken = listing.problems.find((p) => {
      const folder =
        basename(p.file) === 'lesson.yaml' ? basename(dirname(p.file)) : basename(p.file);
      return folder === id || folder.replace(/^\d+-/, '') === id;
    });
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
  // A teacher's lesson that plays wrongly (a fault the referee allows, an ordinary step that breaks
  // a rule) is refused as a file that does not load is: on screen the class would see a bug shown
  // as "allowed", and a warning line would scroll away under the lesson's first frame.
  if (!inCourse(lesson.file)) {
    const [first, ...rest] = playedProblems(lesson, played.value);
    if (first) {
      const more = (lang: 'en' | 'zh') =>
        rest.length > 0
          ? tr(LESSON_STRINGS.moreProblems, lang, {
              more: rest.length,
              folder: dirname(lesson.file),
              mcp: suggestCommand(''),
            })
          : '';
      return {
        ok: false,
        error: {
          code: 1,
          message: formatProblem(first) + more('en'),
          zh: formatProblemIn(first, 'zh') + more('zh'),
        },
      };
    }
  }
  return { ok: true, value: { lesson, timeline: played.value } };
}
