import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../package-root.js';
import type { Step } from '../../session/index.js';
import type { LessonListing, LoadedLesson } from './load-lessons.js';

// What `npm run build` compiles from the lessons, and how to tell whether it still holds. This
// module imports neither YAML nor zod nor the engine: the menu and a lesson's first frame come from
// here, and the full loaders load only when a lesson file changed after the build.

/** `lessons/` of the package, wherever this code runs from (src, or the bundle in dist). */
export const LESSONS_DIR = join(packageRoot(), 'lessons');
export const LESSON_INDEX_FILE = join(packageRoot(), 'dist', 'lessons-index.json');
export const TIMELINES_DIR = join(packageRoot(), 'dist', 'timelines');

/** A lesson folder is `<number>-<id>`, e.g. `01-first-session`. */
export const LESSON_FOLDER = /^(\d+)-([a-z0-9][a-z0-9-]*)$/;

/** A lesson file compiled at build time, valid while the file keeps its size and time. */
export type IndexEntry = Pick<LoadedLesson, 'scenario' | 'stepLines'> & {
  readonly size: number;
  readonly mtimeMs: number;
};

/** A lesson's session log played at build time: its steps, as the engine gave them. */
export type CompiledTimeline = {
  readonly file: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly steps: readonly Step[];
};

/**
 * An integer past 2^53 − 1 that a step holds exactly (a bigint: an id or progress token a fault
 * sends, as withExactIds reads one from a transcript) is written `{"$bigint": "<digits>"}`: plain
 * JSON would fail on it, and JSON.parse would round it back.
 */
const BIGINT_KEY = '$bigint';

/** A compiled timeline as the build writes it (timelineText) and reads it back (readTimeline). */
export function timelineText(compiled: CompiledTimeline): string {
  return JSON.stringify(compiled, (_key, value: unknown) =>
    typeof value === 'bigint' ? { [BIGINT_KEY]: value.toString() } : value,
  );
}

export function readTimeline(text: string): CompiledTimeline {
  // The reviver only when the text holds one: it slows every other timeline down.
  if (!text.includes(`"${BIGINT_KEY}"`)) return JSON.parse(text) as CompiledTimeline;
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    const digits = (value as Record<string, unknown>)[BIGINT_KEY];
    return keys.length === 1 && typeof digits === 'string' ? BigInt(digits) : value;
  }) as CompiledTimeline;
}

export type LessonFolder = { readonly name: string; readonly match: RegExpExecArray | null };

/** The lesson folders under `dir`, in the order of their numeric prefixes. */
export function lessonFolders(dir: string): LessonFolder[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, match: LESSON_FOLDER.exec(entry.name) }))
    .sort(
      (a, b) =>
        Number(a.match?.[1] ?? 0) - Number(b.match?.[1] ?? 0) || a.name.localeCompare(b.name),
    );
}

let index: Record<string, IndexEntry> | null | undefined;

/** Forget the index read so far (the build rewrites it). */
export function forgetIndex(value: null | undefined = undefined): void {
  index = value;
}

function unchanged(file: string, size: number, mtimeMs: number): boolean {
  try {
    const stat = statSync(file);
    return stat.size === size && stat.mtimeMs === mtimeMs;
  } catch {
    return false;
  }
}

/** The compiled lesson for `file`, or null when there is none or the file changed since. */
export function indexedLesson(file: string, id: string): LoadedLesson | null {
  if (index === undefined) {
    try {
      index = JSON.parse(readFileSync(LESSON_INDEX_FILE, 'utf8')) as Record<string, IndexEntry>;
    } catch {
      index = null;
    }
  }
  const entry = index?.[file];
  if (!entry || !unchanged(file, entry.size, entry.mtimeMs)) return null;
  return { id, file, scenario: entry.scenario, stepLines: entry.stepLines };
}

/**
 * Every lesson under `dir` from the build's index, or null when any folder is not in it as it is
 * now (a new or edited lesson, a misnamed folder): then the full loader must read the YAML.
 */
export function indexedListing(dir: string = LESSONS_DIR): LessonListing | null {
  if (!existsSync(dir)) return null;
  const lessons: LoadedLesson[] = [];
  for (const { name, match } of lessonFolders(dir)) {
    const lesson = match?.[2] ? indexedLesson(join(dir, name, 'lesson.yaml'), match[2]) : null;
    if (!lesson) return null;
    lessons.push(lesson);
  }
  return { lessons, problems: [] };
}

// Running from src (tsx, tests), the engine may have changed since dist was built; only the
// bundle, built together with its timelines, trusts them.
const FROM_BUILD = /[/\\]dist[/\\]/.test(import.meta.url);

/** The timeline the build played for `lesson`, or null (not built, or the file changed since). */
export function compiledTimeline(
  lesson: LoadedLesson,
  dir: string = TIMELINES_DIR,
  trusted: boolean = FROM_BUILD,
): readonly Step[] | null {
  if (!trusted) return null;
  try {
    const compiled = readTimeline(readFileSync(join(dir, `${lesson.id}.json`), 'utf8'));
    if (compiled.file !== lesson.file) return null;
    if (!unchanged(lesson.file, compiled.size, compiled.mtimeMs)) return null;
    return compiled.steps;
  } catch {
    return null;
  }
}
