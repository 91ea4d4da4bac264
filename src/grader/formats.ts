import { type Lang, tr } from '../i18n/lang.js';
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
      })),
    })),
  };
}

/**
 * GitHub Classroom's autograding result (education/autograding-command-grader, the `result`
 * output before base64): one test per check, score = max_score when it passed and 0 otherwise,
 * so the reporter's table and the check run's total agree.
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
    r.checks.map((c) => ({
      name: `${r.id} › ${c.name}`,
      status: c.passed ? 'pass' : r.status === 'error' ? 'error' : 'fail',
      score: c.points,
      message: tr(c.message, lang),
      test_code: tr(c.about, lang),
      filename: c.location ? `exercises/${r.id}/${c.location.file}` : fileOf(r.id),
      line_no: c.location?.line ?? 0,
      duration: r.durationMs,
    })),
  );
  const failed = results.some((r) => r.status !== 'passed');
  return {
    version: 1,
    status: results.some((r) => r.status === 'error') ? 'error' : failed ? 'fail' : 'pass',
    max_score: results.reduce((sum, r) => sum + r.maxPoints, 0),
    tests,
  };
}

/**
 * Exercism's results.json, version 3: tests in source order (the rubric's), each with its test
 * code; `task_id` is the exercise's number, so each exercise is one task. `error` at the top only
 * when nothing could run at all.
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
        ...(r.output ? { output: truncate(r.output, 500) } : {}),
        test_code: tr(c.about, lang),
        task_id: numberOf(r.id),
      };
    }),
  );
  const allError = results.length > 0 && results.every((r) => r.status === 'error');
  if (allError) {
    return {
      version: 3,
      status: 'error',
      message: results
        .map((r) => `${r.id}: ${r.checks[0] ? tr(r.checks[0].message, lang) : ''}`)
        .join('\n'),
      tests,
    };
  }
  return {
    version: 3,
    status: results.every((r) => r.status === 'passed') ? 'pass' : 'fail',
    tests,
  };
}

function truncate(text: string, limit: number): string {
  const notice = '\n… (output truncated)';
  return text.length <= limit ? text : `${text.slice(0, limit - notice.length)}${notice}`;
}
