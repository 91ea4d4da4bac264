import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  forgetIndex,
  type IndexEntry,
  indexedLesson,
  LESSONS_DIR,
  lessonFolders,
} from './lesson-index.js';
import { positionOf, readYaml } from './read-yaml.js';
import { type Scenario, scenarioSchema } from './schema.js';
import { diagnoseStep, flattenIssues, type PathIssue } from './step-diagnosis.js';

export { type IndexEntry, LESSON_INDEX_FILE, LESSONS_DIR } from './lesson-index.js';

export type LessonProblem = {
  readonly file: string;
  readonly line: number | null;
  /** 1-based, where known. */
  readonly column?: number | null;
  readonly message: string;
};

export type LoadedLesson = {
  readonly id: string;
  readonly file: string;
  readonly scenario: Scenario;
  /** The line of each entry of `steps`, for errors found when the scenario runs. */
  readonly stepLines: readonly (number | null)[];
};

export type LessonListing = {
  readonly lessons: readonly LoadedLesson[];
  /** Lesson files that could not be loaded; the others still are. */
  readonly problems: readonly LessonProblem[];
};

function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

/**
 * The problems of a lesson that does not validate. A step's are diagnosed against the kind of step
 * it names (its key), not against whichever branch of the union zod reports.
 */
function validationIssues(value: unknown, issues: readonly PathIssue[]): PathIssue[] {
  const steps = (value as { steps?: unknown } | null)?.steps;
  const inStep = (issue: PathIssue) =>
    Array.isArray(steps) && issue.path[0] === 'steps' && typeof issue.path[1] === 'number';
  const stepIndexes = [...new Set(issues.filter(inStep).map((i) => i.path[1] as number))];
  const diagnosed = stepIndexes.flatMap((i) =>
    diagnoseStep((steps as unknown[])[i]).map((issue) => ({
      ...issue,
      path: ['steps', i, ...issue.path],
    })),
  );
  return [...issues.filter((issue) => !inStep(issue)), ...diagnosed];
}

/** Loads one lesson file: the scenario, or every problem with its line (and column). */
export function loadLessonFile(
  file: string,
  id: string,
  /** A file given by its path (not in a lesson folder): its own `id:`, if any, wins. */
  standalone = false,
): { ok: true; value: LoadedLesson } | { ok: false; problems: LessonProblem[] } {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file'
        : (error as Error).message;
    return { ok: false, problems: [{ file, line: null, message: `cannot read: ${why}` }] };
  }
  const read = readYaml(source);
  if (!read.ok) return { ok: false, problems: read.problems.map((p) => ({ file, ...p })) };
  const { doc, counter, value } = read;
  if (value === null || value === undefined) {
    const message = 'the file is empty: a lesson is a mapping with title, goal, steps and recap';
    return { ok: false, problems: [{ file, line: 1, column: 1, message }] };
  }
  const parsed = scenarioSchema.safeParse(value);
  if (!parsed.success) {
    const issues = validationIssues(value, flattenIssues(parsed.error.issues as never));
    const problems = issues.map((issue) => {
      const where = positionOf(doc, counter, issue.path, issue.key === true);
      return {
        file,
        line: where?.line ?? 1,
        column: where?.column ?? 1,
        message: `${describePath(issue.path) || 'lesson'}: ${issue.message}`,
      };
    });
    problems.sort((a, b) => a.line - b.line || a.column - b.column);
    return { ok: false, problems };
  }
  const given = standalone && parsed.data.id !== undefined ? parsed.data.id : id;
  if (parsed.data.id !== undefined && parsed.data.id !== given) {
    const where = positionOf(doc, counter, ['id']);
    return {
      ok: false,
      problems: [
        {
          file,
          line: where?.line ?? 1,
          column: where?.column ?? 1,
          message: `id "${parsed.data.id}" does not match the folder name (expected "${given}")`,
        },
      ],
    };
  }
  const stepLines = parsed.data.steps.map(
    (_, i) => positionOf(doc, counter, ['steps', i])?.line ?? null,
  );
  return { ok: true, value: { id: given, file, scenario: parsed.data, stepLines } };
}

/** The index `npm run build` writes: every lesson that loads, by file. */
export function buildLessonIndex(dir: string = LESSONS_DIR): Record<string, IndexEntry> {
  forgetIndex(null);
  const out: Record<string, IndexEntry> = {};
  for (const lesson of loadLessons(dir).lessons) {
    const stat = statSync(lesson.file);
    out[lesson.file] = {
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      scenario: lesson.scenario,
      stepLines: lesson.stepLines,
    };
  }
  forgetIndex();
  return out;
}

/**
 * Every lesson under `dir`, in the order of the folders' numeric prefixes. `npm run build` compiles
 * the lessons into dist/lessons-index.json (parsing YAML is most of a cold start); a lesson whose
 * file changed since (a teacher's edit, a new lesson) is read from its YAML.
 */
export function loadLessons(dir: string = LESSONS_DIR): LessonListing {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    return { lessons: [], problems: [{ file: dir, line: null, message: 'no lessons folder' }] };
  const folders = lessonFolders(dir);
  const lessons: LoadedLesson[] = [];
  const problems: LessonProblem[] = [];
  for (const { name, match } of folders) {
    const file = join(dir, name, 'lesson.yaml');
    if (!match?.[2]) {
      problems.push({
        file: join(dir, name),
        line: null,
        message: 'a lesson folder is named <number>-<id>, e.g. 01-first-session',
      });
      continue;
    }
    const twin = lessons.find((l) => l.id === match[2]);
    if (twin) {
      const message = `duplicate id "${match[2]}": ${twin.file} has it too; rename one folder`;
      problems.push({ file, line: null, message });
      continue;
    }
    const cached = indexedLesson(file, match[2]);
    if (cached) {
      lessons.push(cached);
      continue;
    }
    const loaded = loadLessonFile(file, match[2]);
    if (loaded.ok) lessons.push(loaded.value);
    else problems.push(...loaded.problems);
  }
  return { lessons, problems };
}

export function formatProblem(problem: LessonProblem): string {
  const where =
    problem.line === null
      ? ''
      : `:${problem.line}${problem.column != null ? `:${problem.column}` : ''}`;
  return `${problem.file}${where}: ${problem.message}`;
}
