import type { Step } from '../session/index.js';
import { findLesson } from '../sim/scenario/find-lesson.js';
import { compiledTimeline, indexedListing } from '../sim/scenario/lesson-index.js';
import type { LessonListing, LoadedLesson } from '../sim/scenario/load-lessons.js';
import type { OpenedLesson, OpenProblem } from '../ui/opened-lesson.js';
import { screenSteps } from '../ui/screen-step.js';

export type { OpenedLesson, OpenProblem } from '../ui/opened-lesson.js';

/**
 * The lessons for the menu: the build's index while it holds, else every lesson file read from
 * YAML (the full loader, with zod and the YAML parser, loads only then).
 */
export async function listLessons(): Promise<LessonListing> {
  const indexed = indexedListing();
  if (indexed) return indexed;
  const { loadLessons } = await import('../sim/scenario/load-lessons.js');
  return loadLessons();
}

/** Loads and plays a lesson (the same outcomes as the CLI's), shaped for the screen. */
export async function openLesson(
  id: string,
  given?: LessonListing,
): Promise<{ ok: true; value: OpenedLesson } | { ok: false; error: OpenProblem }> {
  const listing = given ?? (await listLessons());
  // `id` may be the lesson's number: the opened lesson carries its real id (progress is kept by id).
  const shaped = ({ id, scenario }: LoadedLesson, steps: readonly Step[]) => ({
    ok: true as const,
    value: {
      id,
      title: scenario.title,
      goal: scenario.goal,
      recap: scenario.recap,
      steps: screenSteps(steps),
    },
  });
  const lesson = findLesson(listing, id);
  const compiled = lesson ? compiledTimeline(lesson) : null;
  if (lesson && compiled) return shaped(lesson, compiled);
  // The engine (referee, simulated peers, SDK schemas) loads when a lesson must be played here.
  const { openLesson: openPlayedLesson } = await import('../sim/scenario/open-lesson.js');
  const opened = await openPlayedLesson(id, listing);
  return opened.ok ? shaped(opened.value.lesson, opened.value.timeline.steps) : opened;
}
