import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect } from 'vitest';
import {
  type ExerciseMeta,
  type ExerciseResult,
  gradeExercise,
  loadExercises,
} from '../../src/grader/index.js';
import { CLI, type CliResult, ROOT, runCli } from '../helpers/cli.js';
import { englishProse } from '../helpers/english-in-zh.js';

export { englishProse };

export const EXERCISES = join(ROOT, 'exercises');
export const SOLUTIONS = join(ROOT, 'test', 'solutions');
export const metas: readonly ExerciseMeta[] = loadExercises(EXERCISES);

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'mcp-sim-grader-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

export function meta(id: string): ExerciseMeta {
  const found = metas.find((m) => m.id === id);
  if (!found) throw new Error(`no exercise ${id}`);
  return found;
}

export const solution = (id: string, file: string) =>
  readFileSync(join(SOLUTIONS, id, file), 'utf8');

/** Replaces text that must be there (so a wrong solution cannot silently stay right). */
export function patch(source: string, from: string | RegExp, to: string): string {
  const next = source.replace(from, to);
  if (next === source) throw new Error(`patch did not apply: ${String(from)}`);
  return next;
}

/** A copy of the exercise folder: the starter, the reference solution over it, or given files. */
export function workspace(
  id: string,
  files: 'starter' | 'solution' | Record<string, string>,
): string {
  const dir = join(tempDir(), id);
  cpSync(join(EXERCISES, id), dir, { recursive: true });
  if (files === 'solution') cpSync(join(SOLUTIONS, id), dir, { recursive: true });
  else if (files !== 'starter') {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** Grades in this process (fast; the CLI tests cover the isolated child process). */
export function grade(
  id: string,
  files: 'starter' | 'solution' | Record<string, string>,
  seed = 20261129,
): Promise<ExerciseResult> {
  return gradeExercise(meta(id), { dir: workspace(id, files), isolation: 'inline', seed });
}

export function failed(result: ExerciseResult): string[] {
  return result.checks.filter((c) => !c.passed).map((c) => c.name);
}

/**
 * Exercise 1's reference solution, its tool waiting a minute before its first step: a check or a
 * played session that runs until it is stopped.
 */
export const slowLongTask = (): string =>
  patch(
    solution('01-progress', 'long-task.ts'),
    'const token = extra._meta?.progressToken;',
    'const token = extra._meta?.progressToken;\n  await sleep(60_000);',
  );

/**
 * `check --watch` in a learner's folder, its stdout kept (`out()`): `stop()` sends Ctrl-C and gives
 * the exit code, `kill()` ends it whatever it does (for a test's `finally`).
 */
export function watching(cwd: string, args: readonly string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', LANG: 'en_US.UTF-8' };
  const child = spawn(process.execPath, [CLI, 'check', ...args, '--watch'], { cwd, env });
  let out = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString('utf8');
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    out: () => out,
    stop: () => {
      child.kill('SIGINT');
      return closed;
    },
    kill: () => {
      child.kill('SIGKILL');
    },
  };
}

/** Runs the built CLI in a learner's folder (its own ./exercises and .mcp-sim/), stdin closed. */
export async function cli(
  cwd: string,
  args: readonly string[],
): Promise<CliResult & { ms: number }> {
  const started = performance.now();
  const result = await runCli(args, { cwd, env: { LANG: 'en_US.UTF-8', LC_ALL: undefined } });
  return { ...result, ms: performance.now() - started };
}

/** A learner's folder with a copy of the exercises, some of them edited. */
export function learner(files: Record<string, Record<string, string>> = {}): string {
  const cwd = tempDir('mcp-sim-learner-');
  cpSync(EXERCISES, join(cwd, 'exercises'), { recursive: true });
  for (const [id, edits] of Object.entries(files)) {
    for (const [name, text] of Object.entries(edits)) {
      mkdirSync(dirname(join(cwd, 'exercises', id, name)), { recursive: true });
      writeFileSync(join(cwd, 'exercises', id, name), text);
    }
  }
  return cwd;
}

/**
 * Each plausible mistake must fail the check written to catch it (and the exercise), and that
 * check says what it expected and what it saw, in English and in Chinese (`zh`, when given, is
 * what the Chinese must say).
 */
export async function expectCaught(
  id: string,
  files: Record<string, string>,
  check: string,
  zh?: RegExp,
): Promise<ExerciseResult> {
  const result = await grade(id, files);
  expect(result.status).toBe('failed');
  expect(failed(result)).toContain(check);
  const caught = result.checks.find((c) => c.name === check);
  expect(caught?.message.en).toMatch(/expect/i);
  expect(caught?.message.zh).not.toBe('');
  expect(englishProse(caught?.message.zh ?? ''), caught?.message.zh).toBeUndefined();
  if (zh) expect(caught?.message.zh).toMatch(zh);
  return result;
}
