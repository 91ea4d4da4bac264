import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Lang } from '../../i18n/lang.js';
import { LESSON_STRINGS, said } from '../../i18n/lesson-strings.js';
import {
  forgetIndex,
  type IndexEntry,
  indexedLesson,
  LESSON_FOLDER,
  LESSONS_DIR,
  lessonFolders,
} from './lesson-index.js';
import { positionOf } from './read-yaml.js';
import { type Scenario, scenarioSchema } from './schema.js';
import { diagnoseStep, type PathIssue } from './step-diagnosis.js';
import { readYamlFile } from './yaml-file.js';

export { type IndexEntry, LESSON_INDEX_FILE, LESSONS_DIR } from './lesson-index.js';

export type LessonProblem = {
  readonly file: string;
  readonly line: number | null;
  /** 1-based, where known. */
  readonly column?: number | null;
  /** In English: what `--json` and tests quote. */
  readonly message: string;
  /** The same in Chinese, where the problem has it. */
  readonly zh?: string;
};

export type LoadedLesson = {
  readonly id: string;
  readonly file: string;
  readonly scenario: Scenario;
  /** The line of each entry of `steps`, for errors found when the scenario runs. */
  readonly stepLines: readonly (number | null)[];
  /** The line of each entry of `spec` (read from YAML; the build's index has none). */
  readonly specLines?: readonly (number | null)[];
};

export type LessonListing = {
  readonly lessons: readonly LoadedLesson[];
  /** Lesson files that could not be loaded; the others still are. */
  readonly problems: readonly LessonProblem[];
  /**
   * The id of the course's own last lesson, when the listing holds the course: the one lesson that
   * ends with "the last lesson of the course" (a teacher's lesson opened by path never does).
   */
  readonly courseLast?: string;
};

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
  const read = readYamlFile(file, scenarioSchema, {
    what: 'lesson',
    empty: LESSON_STRINGS.emptyLesson,
    issues: validationIssues,
  });
  if (!read.ok) return { ok: false, problems: read.problems };
  const { doc, counter } = read.source;
  const scenario = read.value;
  const given = standalone && scenario.id !== undefined ? scenario.id : id;
  if (scenario.id !== undefined && scenario.id !== given) {
    const where = positionOf(doc, counter, ['id']);
    return {
      ok: false,
      problems: [
        {
          file,
          line: where?.line ?? 1,
          column: where?.column ?? 1,
          ...said(LESSON_STRINGS.idMismatch, { id: scenario.id, expected: given }),
        },
      ],
    };
  }
  const stepLines = scenario.steps.map(
    (_, i) => positionOf(doc, counter, ['steps', i])?.line ?? null,
  );
  const specLines = scenario.spec.map(
    (_, i) => positionOf(doc, counter, ['spec', i])?.line ?? null,
  );
  return { ok: true, value: { id: given, file, scenario, stepLines, specLines } };
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
    return {
      lessons: [],
      problems: [{ file: dir, line: null, ...said(LESSON_STRINGS.noLessonsFolder) }],
    };
  const folders = lessonFolders(dir);
  const lessons: LoadedLesson[] = [];
  const problems: LessonProblem[] = [];
  for (const { name, match } of folders) {
    const file = join(dir, name, 'lesson.yaml');
    if (!match?.[2]) {
      problems.push({
        file: join(dir, name),
        line: null,
        // A folder named as an id (`first-call`) only lacks its number: say the name it wants.
        ...(/^[a-z0-9][a-z0-9-]*$/.test(name) && !/^\d+$/.test(name)
          ? said(LESSON_STRINGS.folderNameAs, { name: `01-${name}` })
          : said(LESSON_STRINGS.folderName)),
      });
      continue;
    }
    const twin = lessons.find((l) => l.id === match[2]);
    if (twin) {
      problems.push({
        file,
        line: null,
        ...said(LESSON_STRINGS.duplicateId, { id: match[2], file: twin.file }),
      });
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
  problems.push(...looseLessonFiles(dir));
  return { lessons, problems };
}

/**
 * YAML files lying in a lessons folder itself, not in a lesson's own folder: the first thing a
 * teacher tries. They are not read; each is reported with where it belongs, so a folder holding
 * only such files never reads as "0 lessons, no problems".
 */
function looseLessonFiles(dir: string): LessonProblem[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/i.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const stem = name.replace(/\.ya?ml$/i, '');
      // The placeholder in the learner's language: `<number>-x` in English, `<编号>-x` in Chinese.
      const folder = LESSON_FOLDER.test(stem)
        ? stem
        : { en: `<number>-${stem}`, zh: `<编号>-${stem}` };
      return {
        file: join(dir, name),
        line: null,
        ...said(LESSON_STRINGS.looseFile, { folder }),
      };
    });
}

/** A problem's one line, `file:line:column: message`, in English. */
export function formatProblem(problem: LessonProblem): string {
  return formatProblemIn(problem, 'en');
}

/** A problem's one line in `lang`, where the problem has it (else in English). */
export function formatProblemIn(problem: LessonProblem, lang: Lang): string {
  const where =
    problem.line === null
      ? ''
      : `:${problem.line}${problem.column != null ? `:${problem.column}` : ''}`;
  const message = lang === 'zh' && problem.zh !== undefined ? problem.zh : problem.message;
  // The location keeps `file:line:column: ` in both languages: editors and terminals jump to it.
  return `${problem.file}${where}: ${message}`;
}

/** Problems as `--json` gives them: the English message only, the same in every language. */
export function jsonProblems(problems: readonly LessonProblem[]): LessonProblem[] {
  return problems.map(({ zh: _zh, ...rest }) => rest);
}
