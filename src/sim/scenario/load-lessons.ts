import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import {
  forgetIndex,
  type IndexEntry,
  indexedLesson,
  LESSONS_DIR,
  lessonFolders,
} from './lesson-index.js';
import { type Scenario, scenarioSchema } from './schema.js';

export { type IndexEntry, LESSON_INDEX_FILE, LESSONS_DIR } from './lesson-index.js';

export type LessonProblem = {
  readonly file: string;
  readonly line: number | null;
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

/** Follows a zod issue path into the YAML document to find the line it points at. */
function lineOf(
  doc: ReturnType<typeof parseDocument>,
  counter: LineCounter,
  path: readonly PropertyKey[],
): number | null {
  let node: unknown = doc.contents;
  let best: number | null = null;
  for (const key of path) {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (range) best = counter.linePos(range[0]).line;
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown })?.value === key);
      if (!pair) return best;
      const keyRange = (pair.key as { range?: [number, number, number] })?.range;
      if (keyRange) best = counter.linePos(keyRange[0]).line;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
    } else {
      return best;
    }
  }
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? counter.linePos(range[0]).line : best;
}

type Issue = {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly errors?: readonly (readonly Issue[])[];
};

/** How badly a union branch failed: a wrong shape at its root is worse than a wrong detail inside. */
function badness(issues: readonly Issue[]): number {
  return issues.reduce(
    (sum, i) =>
      sum +
      (i.code === 'unrecognized_keys'
        ? 100
        : i.code === 'invalid_type' && i.path.length === 0
          ? 50
          : 1),
    0,
  );
}

/**
 * Zod reports a failed union as "Invalid input" with every branch's issues; a lesson author wants
 * the issues of the branch they meant (the one that failed least), with full paths.
 */
function flattenIssues(
  issues: readonly Issue[],
  base: readonly PropertyKey[] = [],
): Array<{ path: PropertyKey[]; message: string }> {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => badness(a) - badness(b))[0] ?? [];
      return flattenIssues(best, path);
    }
    return [{ path, message: issue.message }];
  });
}

function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

/** Loads one lesson file: the scenario, or every problem with its line. */
export function loadLessonFile(
  file: string,
  id: string,
): { ok: true; value: LoadedLesson } | { ok: false; problems: LessonProblem[] } {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      problems: [{ file, line: null, message: `cannot read: ${(error as Error).message}` }],
    };
  }
  const counter = new LineCounter();
  const doc = parseDocument(source, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        file,
        line: counter.linePos(e.pos[0]).line,
        message: `YAML: ${e.message.split('\n')[0]}`,
      })),
    };
  }
  const parsed = scenarioSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    return {
      ok: false,
      problems: flattenIssues(parsed.error.issues as readonly Issue[])
        .slice(0, 5)
        .map((issue) => ({
          file,
          line: lineOf(doc, counter, issue.path),
          message: `${describePath(issue.path) || 'lesson'}: ${issue.message}`,
        })),
    };
  }
  if (parsed.data.id !== undefined && parsed.data.id !== id) {
    return {
      ok: false,
      problems: [
        {
          file,
          line: lineOf(doc, counter, ['id']),
          message: `id "${parsed.data.id}" does not match the folder name (expected "${id}")`,
        },
      ],
    };
  }
  const stepLines = parsed.data.steps.map((_, i) => lineOf(doc, counter, ['steps', i]));
  return { ok: true, value: { id, file, scenario: parsed.data, stepLines } };
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
  if (!existsSync(dir))
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
  return `${problem.file}${problem.line !== null ? `:${problem.line}` : ''}: ${problem.message}`;
}
