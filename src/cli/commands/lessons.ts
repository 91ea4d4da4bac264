import { dirname } from 'node:path';
import { type Lang, tr } from '../../i18n/lang.js';
import { LESSON_STRINGS } from '../../i18n/lesson-strings.js';
import { STRINGS } from '../../i18n/strings.js';
import { suggestCommand } from '../../invocation.js';
import { jsonText } from '../../protocol/json.js';
import { visible, visibleJson } from '../../protocol/visible.js';
import { checkLessonFolder } from '../../sim/scenario/check-folder.js';
import {
  formatProblemIn,
  jsonProblems,
  type LessonListing,
  type LessonProblem,
} from '../../sim/scenario/load-lessons.js';
import { openLesson, type PlayedLesson } from '../../sim/scenario/open-lesson.js';
import { jsonSteps, lessonHandout, lessonJson } from '../../ui/handout.js';
import { statusOf } from '../../ui/progress-update.js';
import { screenSteps } from '../../ui/screen-step.js';
import { lessonProblem } from '../lesson-error.js';
import { exerciseNamed, lessonTarget, listLessons } from '../lesson-source.js';
import type { Progress } from '../progress.js';

/**
 * One line per lesson file that did not load: its first problem (a file that cannot be read often
 * has several, and a listing is not the place for all of them: `lessons --check` is).
 */
export function firstProblems(problems: readonly LessonProblem[]): LessonProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(p.file) && seen.add(p.file));
}

function reportProblems(problems: readonly LessonProblem[], lang: Lang): void {
  for (const problem of firstProblems(problems)) {
    const more = problems.filter((p) => p.file === problem.file).length - 1;
    const folder = dirname(dirname(problem.file));
    const tail =
      more > 0
        ? tr(LESSON_STRINGS.moreProblems, lang, { more, folder, mcp: suggestCommand('') })
        : '';
    process.stderr.write(`mcp-sim: ${visible(formatProblemIn(problem, lang))}${tail}\n`);
  }
}

/** `mcp-sim lessons [--json]`: broken lesson files are reported and the others still listed. */
export async function lessonsCommand(options: {
  json: boolean;
  lang: Lang;
  progress: Progress;
  folders: readonly string[];
}): Promise<number> {
  const { lessons, problems } = await listLessons(options.folders);
  const rows = lessons.map((lesson, i) => ({
    id: lesson.id,
    number: i + 1,
    title: tr(lesson.scenario.title, options.lang),
    goal: tr(lesson.scenario.goal, options.lang),
    revision: lesson.scenario.revision,
    // A fault's reveal is a step of its own.
    steps: lesson.scenario.steps.flatMap((step) =>
      'do' in step ? [] : 'fault' in step && step.reveal ? [step, step] : [step],
    ).length,
    status: statusOf(options.progress, lesson.id),
  }));
  if (options.json) {
    const out = { lessons: rows, problems: jsonProblems(problems) };
    process.stdout.write(`${visibleJson(JSON.stringify(out, null, 2))}\n`);
  } else {
    const width = Math.max(...rows.map((r) => r.id.length), 2);
    for (const row of rows) {
      const status = tr(
        STRINGS[
          row.status === 'done'
            ? 'statusDone'
            : row.status === 'started'
              ? 'statusStarted'
              : 'statusNew'
        ],
        options.lang,
      );
      process.stdout.write(
        // Ids and titles come from lesson files: shown, not obeyed.
        `${String(row.number).padStart(2)}. ${visible(row.id.padEnd(width))}  ${visible(row.title)}  [${status}]\n`,
      );
    }
  }
  reportProblems(problems, options.lang);
  return problems.length > 0 ? 1 : 0;
}

/** `mcp-sim lessons --check <folder>`: every problem, one located line each; exit 1 if any. */
export async function checkLessonsCommand(options: {
  dir: string;
  json: boolean;
  lang: Lang;
}): Promise<number> {
  const { dir, lessons, problems } = await checkLessonFolder(options.dir);
  const { lang } = options;
  if (options.json) {
    const out = { dir, lessons, problems: jsonProblems(problems) };
    process.stdout.write(`${visibleJson(JSON.stringify(out, null, 2))}\n`);
  } else {
    for (const problem of problems) {
      process.stdout.write(`${visible(formatProblemIn(problem, lang))}\n`);
    }
    const files = new Set(problems.map((p) => p.file)).size;
    const count = problems.length;
    const plural = (n: number) => (n === 1 ? '' : 's');
    process.stdout.write(
      `${
        count === 0
          ? tr(LESSON_STRINGS.checkedNone, lang, { dir, count: lessons, s: plural(lessons) })
          : tr(LESSON_STRINGS.checkedProblems, lang, {
              dir,
              count,
              s: plural(count),
              files,
              fs: plural(files),
            })
      }\n`,
    );
  }
  return problems.length > 0 ? 1 : 0;
}

/**
 * Loads and plays one lesson (by id or number, or a path), or throws a one-line error that names
 * the file and line.
 */
export async function playLesson(
  id: string,
  folders: readonly string[] = [],
  given?: LessonListing,
): Promise<PlayedLesson> {
  const target = given
    ? { ok: true as const, id, listing: given }
    : await lessonTarget(id, folders);
  if (!target.ok) throw lessonProblem(target.error);
  const opened = await openLesson(target.id, target.listing);
  if (opened.ok) return opened.value;
  throw lessonProblem(opened.error);
}

export async function lessonPrintCommand(options: {
  id: string;
  format: 'json' | 'plain';
  lang: Lang;
  folders: readonly string[];
}): Promise<number> {
  const { lesson, timeline: played } = await playLesson(options.id, options.folders);
  if (options.format === 'json') {
    const timeline = { steps: jsonSteps(played.steps) };
    // An id or token past 2^53 − 1 (a bigint) as its digits, a JSON number, as trace --json writes it.
    process.stdout.write(
      `${visibleJson(jsonText(lessonJson(lesson, timeline, options.lang), 2))}\n`,
    );
  } else {
    const timeline = { steps: screenSteps(played.steps) };
    const exercise = lesson.scenario.exercise;
    const named = exercise === undefined ? null : exerciseNamed(exercise);
    process.stdout.write(lessonHandout(lesson, timeline, options.lang, named));
  }
  return 0;
}
