import type { Bilingual } from '../i18n/lang.js';
import type { ScreenStep } from './screen-step.js';

/** A lesson (or a recorded session) played to its steps, ready for the screen. */
export type OpenedLesson = {
  readonly id: string;
  readonly title: Bilingual;
  readonly goal: Bilingual;
  readonly recap: Bilingual;
  /** The protocol revision the lesson teaches (a lesson file's `revision`), when it names one. */
  readonly revision?: string | undefined;
  readonly steps: readonly ScreenStep[];
  /** The exercise that practises what the lesson taught (the lesson file names it), if any. */
  readonly exercise?: { readonly id: string; readonly title: Bilingual } | null;
};

/** Why a lesson cannot be opened, with the exit code for it (2: no such lesson, 1: broken file). */
/** Why a lesson cannot be opened; `zh` where the reason is the learner's (no such lesson). */
export type OpenProblem = { readonly code: 1 | 2; readonly message: string; readonly zh?: string };

/** What the menu lists: each lesson's id, title and goal, and the files that could not be read. */
export type MenuListing = {
  readonly lessons: ReadonlyArray<{
    readonly id: string;
    readonly scenario: {
      readonly title: Bilingual;
      readonly goal: Bilingual;
      readonly revision?: string | undefined;
    };
  }>;
  readonly problems: ReadonlyArray<{
    readonly file: string;
    readonly line: number | null;
    readonly message: string;
    /** The message in Chinese, where the problem has it. */
    readonly zh?: string;
  }>;
  /** The course's own last lesson, when the listing holds the course (see nextLesson). */
  readonly courseLast?: string;
};

/**
 * What `n` on a lesson's last step offers: the listing's next lesson, "the last lesson of the
 * course" after the course's own last one only (a teacher's lesson opened by path is no course's
 * end), or nothing.
 */
export function nextLesson(
  listing: MenuListing,
  id: string,
): { readonly title: Bilingual } | 'end' | null {
  const at = listing.lessons.findIndex((l) => l.id === id);
  if (at < 0) return null;
  const following = listing.lessons[at + 1];
  if (following) return { title: following.scenario.title };
  return listing.courseLast === id ? 'end' : null;
}

/** Opens a lesson of the menu's listing by id or number (the CLI gives the screens this). */
export type LessonOpener = (
  id: string,
) => Promise<{ ok: true; value: OpenedLesson } | { ok: false; error: OpenProblem }>;
