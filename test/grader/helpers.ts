import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import {
  type ExerciseMeta,
  type ExerciseResult,
  gradeExercise,
  loadExercises,
} from '../../src/grader/index.js';
import { CLI, type CliResult, ROOT } from '../helpers/cli.js';

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

/** Runs the built CLI in a learner's folder (its own ./exercises and .mcp-sim/), stdin closed. */
export function cli(cwd: string, args: readonly string[]): Promise<CliResult & { ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', LANG: 'en_US.UTF-8' };
    delete env.FORCE_COLOR;
    delete env.LC_ALL;
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ms: performance.now() - started,
      }),
    );
    child.stdin.end();
  });
}

/** A learner's folder with a copy of the exercises, some of them edited. */
export function learner(files: Record<string, Record<string, string>> = {}): string {
  const cwd = tempDir('mcp-sim-learner-');
  cpSync(EXERCISES, join(cwd, 'exercises'), { recursive: true });
  for (const [id, edits] of Object.entries(files)) {
    for (const [name, text] of Object.entries(edits)) {
      writeFileSync(join(cwd, 'exercises', id, name), text);
    }
  }
  return cwd;
}
