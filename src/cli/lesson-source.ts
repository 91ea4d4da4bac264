import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Bilingual, filled } from '../i18n/lang.js';
import { USAGE_STRINGS } from '../i18n/usage-strings.js';
import { packageRoot } from '../package-root.js';
import type { Step } from '../session/index.js';
import { findLesson } from '../sim/scenario/find-lesson.js';
import { compiledTimeline, indexedListing } from '../sim/scenario/lesson-index.js';
import { isLessonPath, listingAtPath, mergeListings } from '../sim/scenario/lesson-sources.js';
import type { LessonListing, LoadedLesson } from '../sim/scenario/load-lessons.js';
import type { PlayedLesson } from '../sim/scenario/open-lesson.js';
import type { OpenedLesson, OpenProblem } from '../ui/opened-lesson.js';

export type { OpenedLesson, OpenProblem } from '../ui/opened-lesson.js';

/**
 * The lessons for the menu and `lessons`: the course from the build's index while it holds, else
 * every lesson file read from YAML (the full loader, with zod and the YAML parser, loads only
 * then); then the teachers' folders (`folders`), always read from YAML.
 */
export async function listLessons(folders: readonly string[] = []): Promise<LessonListing> {
  const indexed = indexedListing();
  const courseLast = (course: LessonListing) => ({ courseLast: course.lessons.at(-1)?.id ?? '' });
  if (indexed && folders.length === 0) return { ...indexed, ...courseLast(indexed) };
  const { loadLessons } = await import('../sim/scenario/load-lessons.js');
  const course = indexed ?? loadLessons();
  if (folders.length === 0) return { ...course, ...courseLast(course) };
  // A teacher's lesson that plays wrongly is listed as a problem, not offered (check-folder.ts).
  const { vetListing } = await import('../sim/scenario/check-folder.js');
  const merged = await vetListing(
    mergeListings(
      course,
      folders.map((dir) => loadLessons(dir)),
    ),
  );
  return { ...merged, ...courseLast(course) };
}

/**
 * What `lesson <word>` opens: a lesson of the course and the teachers' folders by id or number, or
 * (a word that looks like a path) the lesson file or folder there, the first of a folder's lessons.
 */
export async function lessonTarget(
  word: string,
  folders: readonly string[] = [],
): Promise<{ ok: true; id: string; listing: LessonListing } | { ok: false; error: OpenProblem }> {
  if (!isLessonPath(word)) return { ok: true, id: word, listing: await listLessons(folders) };
  const loader = await import('../sim/scenario/load-lessons.js');
  const listing = listingAtPath(word, loader);
  const first = listing.lessons[0];
  if (first) return { ok: true, id: first.id, listing };
  const problem = listing.problems[0];
  if (!problem) {
    const { en, zh } = filled(USAGE_STRINGS.noLessonsIn, { file: word });
    return { ok: false, error: { code: 2, message: en, zh } };
  }
  const missing = problem.file === word && problem.line === null;
  return {
    ok: false,
    error: {
      code: missing ? 2 : 1,
      message: loader.formatProblem(problem),
      zh: loader.formatProblemIn(problem, 'zh'),
    },
  };
}

/**
 * A lesson and its session log: the one the build played while the lesson file is unchanged
 * since (a lesson of the course), else played here by the engine (referee, simulated peers, the
 * lesson loaders with YAML and zod), which loads only then. The same outcomes either way.
 */
export async function playLesson(
  id: string,
  listing: LessonListing,
): Promise<{ ok: true; value: PlayedLesson } | { ok: false; error: OpenProblem }> {
  const lesson = findLesson(listing, id);
  const compiled = lesson ? compiledTimeline(lesson) : null;
  if (lesson && compiled) return { ok: true, value: { lesson, timeline: { steps: compiled } } };
  const { openLesson: openPlayedLesson } = await import('../sim/scenario/open-lesson.js');
  return openPlayedLesson(id, listing);
}

/** Loads and plays a lesson (the same outcomes as the CLI's), shaped for the screen. */
export async function openLesson(
  id: string,
  given?: LessonListing,
): Promise<{ ok: true; value: OpenedLesson } | { ok: false; error: OpenProblem }> {
  const listing = given ?? (await listLessons());
  // The catalogue and field notes the steps are shaped with load when a lesson opens, not for the
  // menu's first frame.
  const { screenSteps } = await import('../ui/screen-step.js');
  // `id` may be the lesson's number: the opened lesson carries its real id (progress is kept by id).
  const shaped = ({ id, scenario }: LoadedLesson, steps: readonly Step[]) => ({
    ok: true as const,
    value: {
      id,
      title: scenario.title,
      goal: scenario.goal,
      recap: scenario.recap,
      revision: scenario.revision,
      steps: screenSteps(steps),
      exercise: scenario.exercise === undefined ? null : exerciseNamed(scenario.exercise),
    },
  });
  const played = await playLesson(id, listing);
  return played.ok ? shaped(played.value.lesson, played.value.timeline.steps) : played;
}

/**
 * The exercise a lesson names, with its title from the package's `exercise.json` (read as plain
 * JSON: the grader's loader would bring zod to a lesson's first frame). Null when there is no such
 * exercise: a teacher's lesson may name one this installation lacks, and the recap then names none.
 */
export function exerciseNamed(id: string): { id: string; title: Bilingual } | null {
  try {
    const file = join(packageRoot(), 'exercises', id, 'exercise.json');
    const meta: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const title = (meta as { title?: { en?: unknown; zh?: unknown } } | null)?.title;
    if (typeof title?.en !== 'string' || typeof title.zh !== 'string') return null;
    return { id, title: { en: title.en, zh: title.zh } };
  } catch {
    return null;
  }
}
