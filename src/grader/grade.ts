import { join } from 'node:path';
import type { Bilingual } from '../i18n/lang.js';
import { createChildRunner } from './child-runner.js';
import { permissionFlag } from './confine.js';
import { clipMessage, lines } from './diff.js';
import { tolerantRunner } from './faults.js';
import { RUBRICS } from './rubrics/index.js';
import { createInlineRunner, type Location, RunnerError } from './runner.js';
import { isStarter } from './starters.js';
import type { CheckResult, CheckSpec, ExerciseMeta, ExerciseResult, Rubric } from './types.js';

export type GradeOptions = {
  /** The learner's folder for this exercise. */
  readonly dir: string;
  /** `child` (default): an isolated process with time limits; `inline`: this process (tests). */
  readonly isolation?: 'child' | 'inline';
  readonly seed?: number;
};

/** The whole exercise may take this long before its process is stopped. */
export const EXERCISE_TIMEOUT_MS = 15_000;

/**
 * `work`, or a `timeout` RunnerError once it has run EXERCISE_TIMEOUT_MS without settling (a
 * learner's endless loop in an awaited call never settles). `what` names it in the message.
 */
export async function withinExerciseTime<T>(work: Promise<T>, what: Bilingual): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new RunnerError(
            'timeout',
            `${what.en} did not finish within ${EXERCISE_TIMEOUT_MS / 1000} s`,
            { zh: `${what.zh}没有在 ${EXERCISE_TIMEOUT_MS / 1000} 秒内完成` },
          ),
        ),
      EXERCISE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why the learner's code could not be run on, in both languages, on one line. */
export function runnerError(error: RunnerError): Bilingual {
  const zh = error.zh ?? error.message;
  // A time limit or a crash says so first, in both languages, whatever its message.
  if (error.reason === 'timeout') return { en: `stopped: ${error.message}`, zh: `已被终止：${zh}` };
  if (error.reason === 'crash')
    return { en: `your code crashed: ${error.message}`, zh: `你的代码崩溃了：${zh}` };
  if (error.zh !== undefined) return { en: error.message, zh: error.zh };
  if (error.reason === 'load')
    return {
      en: `your code could not be loaded: ${error.message}`,
      zh: `无法加载你的代码：${error.message}`,
    };
  return { en: `your code crashed: ${error.message}`, zh: `你的代码崩溃了：${error.message}` };
}

export function rubricFor(id: string): Rubric {
  const rubric = RUBRICS.find((r) => r.id === id);
  if (!rubric) throw new Error(`no rubric for exercise ${id}`); // programmer error
  return rubric;
}

/** Grades one exercise: every check of its rubric, all or nothing, in the rubric's order. */
export async function gradeExercise(
  meta: ExerciseMeta,
  options: GradeOptions,
): Promise<ExerciseResult> {
  const started = performance.now();
  const rubric = rubricFor(meta.id);
  const recorded = new Map<
    string,
    { passed: boolean; message: Bilingual; at: number; behaves: boolean }
  >();
  const display: string[] = [];
  const learner = tolerantRunner((onCrash) => {
    if (!meta.module) throw new Error(`${meta.id} has no module`); // programmer error
    const file = join(options.dir, meta.module);
    return options.isolation === 'inline'
      ? createInlineRunner(file)
      : createChildRunner(file, { cwd: options.dir, onCrash });
  });
  let failure: RunnerError | null = null;
  try {
    await withinExerciseTime(
      rubric.run({
        dir: options.dir,
        runner: learner.runner,
        seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
        record: (name, passed, message, behaves = passed) => {
          if (!recorded.has(name)) {
            recorded.set(name, {
              passed,
              message: clipMessage(message),
              at: learner.calls(),
              behaves,
            });
          }
        },
        show: (line) => display.push(line),
      }),
      { en: 'the checks', zh: '检查' },
    );
    await learner.flush();
  } catch (error) {
    if (!(error instanceof RunnerError)) throw error;
    failure = error;
  } finally {
    learner.close();
  }
  // A module that failed to load left no runner to ask: what it printed came with the error.
  const output = learner.output() || (failure?.output ?? '');
  let fatal = failure ? runnerError(failure) : null;
  if (fatal && output.trim() !== '') {
    // Each line marked as the code's: a printed "✓ … 9/9" cannot pass for one of the report's.
    const shown = output
      .trim()
      .split('\n')
      .slice(-8)
      .map((line) => `│ ${line}`)
      .join('\n');
    fatal = lines(fatal, { en: `it printed:\n${shown}`, zh: `它输出了：\n${shown}` });
  }
  const faults = learner.faults();
  // What works though its check failed on something else, and no fault of the code stopped it.
  const behaving = new Set<string>();
  const measured: CheckResult[] = rubric.checks.map((spec) => {
    const got = recorded.get(spec.name);
    // A check recorded after a call that went wrong, of a function it depends on, fails with why.
    const fault = faults.find(
      (f) =>
        (f.fn === undefined || spec.calls === undefined || spec.calls.includes(f.fn)) &&
        (got === undefined || got.at >= f.at),
    );
    const passed = got?.passed === true && !fault;
    if (got?.behaves === true && !fault) behaving.add(spec.name);
    const error = fault?.error ?? (got ? undefined : failure);
    const message = fault
      ? runnerError(fault.error)
      : (got?.message ??
        fatal ?? {
          en: 'not checked (an earlier step failed)',
          zh: '未检查（之前的步骤失败了）',
        });
    // A learner's error that a check quotes names its place (`(at stats.ts:5:36)`, the child's
    // source-mapped stack): that is the check's location too (Classroom's line_no).
    const location = error?.location ?? (passed ? undefined : thrownAt(message.en));
    return {
      name: spec.name,
      passed,
      points: passed ? spec.points : 0,
      maxPoints: spec.points,
      about: spec.about,
      message,
      ...(location ? { location } : {}),
    };
  });
  const checks = gated(rubric.checks, measured, behaving);
  const points = checks.reduce((sum, c) => sum + c.points, 0);
  const maxPoints = checks.reduce((sum, c) => sum + c.maxPoints, 0);
  return {
    id: meta.id,
    title: meta.title,
    points,
    maxPoints,
    status: failure || faults.length > 0 ? 'error' : points === maxPoints ? 'passed' : 'failed',
    checks,
    display,
    output,
    durationMs: Math.round(performance.now() - started),
    // Never silently: a grade from unconfined code says so (inline runs are the project's tests).
    ...(options.isolation !== 'inline' && permissionFlag() === null ? { unconfined: true } : {}),
    where: { dir: options.dir, files: meta.files },
    ...(isStarter(meta.id, options.dir) ? { untouched: true } : {}),
  };
}

/**
 * A check whose `requires` failed fails too, saying which one it waits for: passing it alone
 * shows nothing (a starter that sends no progress at all also sends none without a token). A
 * required check whose behaviour works (`behaving`: failed only on a referee warning, say) does
 * not hold the others back: one SHOULD missed costs its own points, not those of correct code.
 */
function gated(
  specs: readonly CheckSpec[],
  results: readonly CheckResult[],
  behaving: ReadonlySet<string>,
): CheckResult[] {
  return results.map((result, i) => {
    const needs = specs[i]?.requires;
    const other = results.find((r) => r.name === needs);
    if (!result.passed || !other || behaving.has(other.name)) return result;
    return {
      ...result,
      passed: false,
      points: 0,
      waitingOn: other.name,
      // It passed: say so, so a learner does not rewrite correct code, and why it waits.
      message: {
        en: `your code does this correctly; it counts once "${other.name}" passes (${other.about.en}): on its own, this check would pass code that does nothing`,
        zh: `你的代码这部分做对了；等 "${other.name}" 通过后才计分（${other.about.zh}）：单看这一项，什么都不做的代码也能通过`,
      },
    };
  });
}

/** Grades several exercises, a few at a time (each in its own process). */
export async function gradeAll(
  items: ReadonlyArray<{ meta: ExerciseMeta; dir: string }>,
  options: { isolation?: 'child' | 'inline'; seed?: number; concurrency?: number } = {},
): Promise<ExerciseResult[]> {
  const results: ExerciseResult[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (!item) continue;
      results[index] = await gradeExercise(item.meta, {
        dir: item.dir,
        ...(options.isolation ? { isolation: options.isolation } : {}),
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
      });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 3 }, worker));
  return results;
}

/** The first `(at file.ts:line:column)` a message quotes, as a location. */
function thrownAt(text: string): Location | undefined {
  const at = /\(at ([^()\s:[\]]+):(\d+):(\d+)\)/.exec(text);
  return at?.[1] ? { file: at[1], line: Number(at[2]), column: Number(at[3]) } : undefined;
}
