import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { visible, visibleJson } from '../../protocol/visible.js';
import { formatProblem, loadLessons } from '../../sim/scenario/load-lessons.js';
import { openLesson, type PlayedLesson } from '../../sim/scenario/open-lesson.js';
import { lessonHandout, lessonJson } from '../../ui/handout.js';
import { statusOf } from '../../ui/progress-update.js';
import { screenSteps } from '../../ui/screen-step.js';
import { lessonProblem } from '../lesson-error.js';
import type { Progress } from '../progress.js';

function reportProblems(problems: ReturnType<typeof loadLessons>['problems']): void {
  for (const problem of problems) {
    process.stderr.write(`mcp-sim: ${visible(formatProblem(problem))}\n`);
  }
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
    status: statusOf(options.progress, lesson.id),
  }));
  if (options.json) {
    process.stdout.write(`${visibleJson(JSON.stringify({ lessons: rows, problems }, null, 2))}\n`);
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
  reportProblems(problems);
  return problems.length > 0 ? 1 : 0;
}

/** Loads and plays one lesson, or throws a one-line error that names the file and line. */
export async function playLesson(id: string): Promise<PlayedLesson> {
  const opened = await openLesson(id);
  if (opened.ok) return opened.value;
  throw lessonProblem(opened.error);
}

export async function lessonPrintCommand(options: {
  id: string;
  format: 'json' | 'plain';
  lang: Lang;
}): Promise<number> {
  const { lesson, timeline: played } = await playLesson(options.id);
  const timeline = { steps: screenSteps(played.steps) };
  if (options.format === 'json') {
    process.stdout.write(
      `${visibleJson(JSON.stringify(lessonJson(lesson, timeline, options.lang), null, 2))}\n`,
    );
  } else {
    process.stdout.write(lessonHandout(lesson, timeline, options.lang));
  }
  return 0;
}
