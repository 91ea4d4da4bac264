import { existsSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { LESSON_STRINGS, said } from '../../i18n/lesson-strings.js';
import { LESSON_FOLDER } from './lesson-index.js';
import type { LessonListing, LessonProblem, LoadedLesson } from './load-lessons.js';

// Teachers' own lessons: folders added to the course (MCP_SIM_LESSONS, --lessons) and a lesson
// opened by its path. They are read from YAML with the same validation as the course's, and never
// from the build's index (which holds only the course).

/** The variable that adds folders of lessons (several: separated as in PATH). */
export const LESSONS_VARIABLE = 'MCP_SIM_LESSONS';

/** The teachers' folders to add: the variable's, then the option's; absolute, each once. */
export function teacherFolders(
  option: string | undefined,
  variable: string | undefined = process.env[LESSONS_VARIABLE],
): string[] {
  const given = [...(variable ?? '').split(delimiter), option ?? ''].filter((d) => d.trim() !== '');
  return [...new Set(given.map((d) => resolve(d)))];
}

/** A lesson's id is a folder's `<number>-<id>` when it has one, else the file's own name. */
function idOf(file: string): string {
  const folder = LESSON_FOLDER.exec(basename(dirname(file)));
  if (basename(file) === 'lesson.yaml' && folder?.[2]) return folder[2];
  const name = basename(file).replace(/\.ya?ml$/i, '');
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'lesson' : slug;
}

/** `lesson <word>` names a path (not an id) when it looks like one: a slash, or a .yaml file. */
export function isLessonPath(word: string): boolean {
  return /[/\\]/.test(word) || /\.ya?ml$/i.test(word) || word === '.' || word === '..';
}

type Loader = {
  readonly loadLessons: (dir: string) => LessonListing;
  readonly loadLessonFile: (
    file: string,
    id: string,
    standalone: boolean,
  ) => { ok: true; value: LoadedLesson } | { ok: false; problems: LessonProblem[] };
};

/**
 * What `lesson <path>` opens: a lesson file; a lesson's folder (its lesson.yaml); or a folder of
 * lesson folders (its lessons, the first of which is played).
 */
export function listingAtPath(path: string, loader: Loader): LessonListing {
  const full = resolve(path);
  if (!existsSync(full)) {
    return {
      lessons: [],
      problems: [{ file: path, line: null, ...said(LESSON_STRINGS.noSuchPath) }],
    };
  }
  const own = join(full, 'lesson.yaml');
  const file = statSync(full).isDirectory() ? (existsSync(own) ? own : null) : full;
  if (file === null) return loader.loadLessons(full);
  const loaded = loader.loadLessonFile(file, idOf(file), basename(file) !== 'lesson.yaml');
  return loaded.ok
    ? { lessons: [loaded.value], problems: [] }
    : { lessons: [], problems: loaded.problems };
}

/**
 * The course and the teachers' folders as one listing, course first. A teacher's lesson whose id
 * the course (or an earlier folder) already has is reported and left out: ids are how lessons are
 * opened and how progress is kept, so one id must mean one lesson.
 */
export function mergeListings(
  course: LessonListing,
  added: ReadonlyArray<LessonListing>,
): LessonListing {
  const lessons = [...course.lessons];
  const problems = [...course.problems];
  for (const listing of added) {
    problems.push(...listing.problems);
    for (const lesson of listing.lessons) {
      const twin = lessons.find((l) => l.id === lesson.id);
      if (!twin) {
        lessons.push(lesson);
        continue;
      }
      problems.push({
        file: lesson.file,
        line: null,
        ...said(LESSON_STRINGS.idTaken, { id: lesson.id, file: twin.file }),
      });
    }
  }
  return { lessons, problems };
}
