import { type Lang, tr } from '../i18n/lang.js';
import { visible } from '../protocol/visible.js';
import type { ExerciseMeta, ExerciseResult } from './types.js';

/** `check --json` (DESIGN.md): exactly these keys. */
export function checkJson(results: readonly ExerciseResult[], lang: Lang) {
  return {
    points: results.reduce((sum, r) => sum + r.points, 0),
    maxPoints: results.reduce((sum, r) => sum + r.maxPoints, 0),
    exercises: results.map((r) => ({
      id: r.id,
      title: tr(r.title, lang),
      points: r.points,
      maxPoints: r.maxPoints,
      status: r.status,
      ...(r.unconfined ? { unconfined: true } : {}),
      checks: r.checks.map((c) => ({
        name: c.name,
        passed: c.passed,
        points: c.points,
        message: tr(c.message, lang),
        // Where the error that failed it is, as Classroom's filename/line_no, when known.
        ...(c.location
          ? {
              file: `exercises/${r.id}/${c.location.file}`,
              line: c.location.line,
              column: c.location.column,
            }
          : {}),
      })),
    })),
  };
}

/**
 * GitHub Classroom's autograding result (education/autograding-command-grader, the `result`
 * output before base64), as autograding-grading-reporter v1 reads it. The reporter *shows* a
 * runner's score as (tests passed / tests) × `max_score` but *records* the sum of `tests[].score`;
 * the two agree only when every test is worth the same. So each point is one test of score 1 (a
 * 3-point check is three tests, all passed or all failed), and `max_score` is their count.
 * It prints `message` only for a test whose status is `error`, and `test_code` for every test, so
 * a failed check's expected/seen text goes into `test_code` too.
 */
export function classroomJson(
  results: readonly ExerciseResult[],
  metas: readonly ExerciseMeta[],
  lang: Lang,
) {
  const fileOf = (id: string) => {
    const meta = metas.find((m) => m.id === id);
    return meta ? `exercises/${id}/${meta.files[0] ?? ''}` : `exercises/${id}`;
  };
  const tests = results.flatMap((r) =>
    r.checks.flatMap((c) => {
      const status = c.passed ? 'pass' : r.status === 'error' ? 'error' : 'fail';
      const about = tr(c.about, lang);
      const message = tr(c.message, lang);
      return Array.from({ length: c.maxPoints }, (_, k) => ({
        name:
          c.maxPoints === 1
            ? `${r.id} › ${c.name}`
            : `${r.id} › ${c.name} (${k + 1}/${c.maxPoints})`,
        status,
        score: c.passed ? 1 : 0,
        message,
        test_code:
          k > 0
            ? tr(
                {
                  en: `(point ${k + 1} of ${c.maxPoints} of ${c.name})`,
                  zh: `（${c.name} 的第 ${k + 1}/${c.maxPoints} 分）`,
                },
                lang,
              )
            : status === 'fail'
              ? `${about}\n${message}`
              : about,
        filename: c.location ? `exercises/${r.id}/${c.location.file}` : fileOf(r.id),
        line_no: c.location?.line ?? 0,
        duration: r.durationMs,
      }));
    }),
  );
  return {
    version: 1,
    status: results.some((r) => r.status === 'error')
      ? 'error'
      : results.every((r) => r.status === 'passed')
        ? 'pass'
        : 'fail',
    max_score: tests.length,
    tests,
  };
}

/** Exercism's wording for output cut at its 500-character limit (test-runners/interface.md). */
export const EXERCISM_TRUNCATED = 'Output was truncated. Please limit to 500 chars';
const EXERCISM_OUTPUT_LIMIT = 500;

/**
 * Exercism's results.json, version 3: tests in source order (the rubric's), each with its test
 * code; `task_id` is the exercise's number, so each exercise is one task. The top-level `error`
 * (with `message`) means no test ran: every exercise errored and not one check passed; a check
 * that passed has run, so then it is `fail`, and `message` is left out.
 */
export function exercismJson(
  results: readonly ExerciseResult[],
  metas: readonly ExerciseMeta[],
  lang: Lang,
) {
  const numberOf = (id: string) => metas.find((m) => m.id === id)?.number ?? 0;
  const tests = results.flatMap((r) =>
    r.checks.map((c) => {
      const status = c.passed ? 'pass' : r.status === 'error' ? 'error' : 'fail';
      return {
        name: `${r.id} › ${c.name}`,
        status,
        ...(status === 'pass' ? {} : { message: tr(c.message, lang) }),
        // What the learner's code printed is quoted, never obeyed: an escape sequence in it
        // (a cleared screen, colours) shows as text in the runner's UI, as in the terminal report.
        ...(r.output ? { output: truncate(visible(r.output, { newlines: true })) } : {}),
        test_code: tr(c.about, lang),
        task_id: numberOf(r.id),
      };
    }),
  );
  const noneRan = results.length > 0 && tests.every((t) => t.status === 'error');
  if (noneRan) {
    // One line per exercise: why it could not run (every failed check of it carries that reason).
    const why = (r: ExerciseResult) => {
      const failed = r.checks.find((c) => !c.passed);
      return `${r.id}: ${failed ? tr(failed.message, lang) : ''}`;
    };
    return { version: 3, status: 'error', message: results.map(why).join('\n'), tests };
  }
  return {
    version: 3,
    status: results.every((r) => r.status === 'passed') ? 'pass' : 'fail',
    tests,
  };
}

/** Counted in characters (code points), so a cut never splits one. */
function truncate(text: string): string {
  const chars = Array.from(text);
  const notice = `\n${EXERCISM_TRUNCATED}`;
  return chars.length <= EXERCISM_OUTPUT_LIMIT
    ? text
    : `${chars.slice(0, EXERCISM_OUTPUT_LIMIT - notice.length).join('')}${notice}`;
}
