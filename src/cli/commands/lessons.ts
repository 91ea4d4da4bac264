import { type Lang, tr } from '../../i18n/lang.js';
import { s } from '../../i18n/strings.js';
import { runScenario, type Timeline } from '../../sim/scenario/engine.js';
import { formatProblem, type LoadedLesson, loadLessons } from '../../sim/scenario/load-lessons.js';
import { lessonHandout, lessonJson } from '../../ui/handout.js';
import type { Progress } from '../progress.js';
import { UsageError } from '../usage.js';

export type LessonStatus = 'new' | 'started' | 'done';

export function lessonStatus(progress: Progress, id: string): LessonStatus {
  const entry = progress.lessons[id];
  if (!entry) return 'new';
  return entry.finished ? 'done' : 'started';
}

function reportProblems(problems: ReturnType<typeof loadLessons>['problems']): void {
  for (const problem of problems) process.stderr.write(`mcp-sim: ${formatProblem(problem)}\n`);
}

/** `mcp-sim lessons [--json]`: broken lesson files are reported and the others still listed. */
export function lessonsCommand(options: { json: boolean; lang: Lang; progress: Progress }): number {
  const { lessons, problems } = loadLessons();
  const rows = lessons.map((lesson, i) => ({
    id: lesson.id,
    number: i + 1,
    title: tr(lesson.scenario.title, options.lang),
    goal: tr(lesson.scenario.goal, options.lang),
    steps: lesson.scenario.steps.filter((step) => !('do' in step)).length,
    status: lessonStatus(options.progress, lesson.id),
  }));
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ lessons: rows, problems }, null, 2)}\n`);
  } else {
    const width = Math.max(...rows.map((r) => r.id.length), 2);
    for (const row of rows) {
      const status = s(
        row.status === 'done'
          ? 'statusDone'
          : row.status === 'started'
            ? 'statusStarted'
            : 'statusNew',
        options.lang,
      );
      process.stdout.write(
        `${String(row.number).padStart(2)}. ${row.id.padEnd(width)}  ${row.title}  [${status}]\n`,
      );
    }
  }
  reportProblems(problems);
  return problems.length > 0 ? 1 : 0;
}

export type PlayedLesson = { readonly lesson: LoadedLesson; readonly timeline: Timeline };

/** Loads and plays one lesson, or throws a one-line error that names the file and line. */
export async function playLesson(id: string): Promise<PlayedLesson> {
  const { lessons, problems } = loadLessons();
  const lesson = lessons.find((l) => l.id === id);
  if (!lesson) {
    const broken = problems.filter((p) => p.file.includes(`-${id}/`) || p.file.endsWith(`-${id}`));
    if (broken.length > 0) {
      reportProblems(broken.slice(1));
      throw new LessonError(formatProblem(broken[0] as (typeof broken)[number]));
    }
    throw new UsageError(`unknown lesson "${id}" (see: mcp-sim lessons)`);
  }
  const played = await runScenario(lesson.scenario);
  if (!played.ok) {
    const line = lesson.stepLines[played.error.step] ?? null;
    throw new LessonError(
      formatProblem({
        file: lesson.file,
        line,
        message: `step ${played.error.step + 1}: ${played.error.message}`,
      }),
    );
  }
  return { lesson, timeline: played.value };
}

/** A lesson file that cannot be played: one line, exit 1. */
export class LessonError extends Error {
  override name = 'LessonError';
}

export async function lessonPrintCommand(options: {
  id: string;
  format: 'json' | 'plain';
  lang: Lang;
}): Promise<number> {
  const { lesson, timeline } = await playLesson(options.id);
  if (options.format === 'json') {
    process.stdout.write(
      `${JSON.stringify(lessonJson(lesson, timeline, options.lang), null, 2)}\n`,
    );
  } else {
    process.stdout.write(lessonHandout(lesson, timeline, options.lang));
  }
  return 0;
}
