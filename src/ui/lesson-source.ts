import type { Bilingual } from '../i18n/lang.js';
import type { TimelineStep } from '../sim/scenario/engine.js';
import { type LessonListing, loadLessons } from '../sim/scenario/load-lessons.js';
import type { OpenProblem } from '../sim/scenario/open-lesson.js';

/** A lesson played to its timeline, ready for the screen. */
export type OpenedLesson = {
  readonly id: string;
  readonly title: Bilingual;
  readonly goal: Bilingual;
  readonly recap: Bilingual;
  readonly steps: readonly TimelineStep[];
};

export type { OpenProblem } from '../sim/scenario/open-lesson.js';

/** Loads and plays a lesson (the same outcomes as the CLI's), shaped for the screen. */
export async function openLesson(
  id: string,
  listing: LessonListing = loadLessons(),
): Promise<{ ok: true; value: OpenedLesson } | { ok: false; error: OpenProblem }> {
  // The engine (referee, simulated peers, SDK schemas) loads when a lesson opens, not with the menu.
  const { openLesson: openPlayedLesson } = await import('../sim/scenario/open-lesson.js');
  const opened = await openPlayedLesson(id, listing);
  if (!opened.ok) return opened;
  const { lesson, timeline } = opened.value;
  const { title, goal, recap } = lesson.scenario;
  return { ok: true, value: { id, title, goal, recap, steps: timeline.steps } };
}
