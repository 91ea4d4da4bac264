import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'dist', 'cli', 'main.js');

/**
 * Where the CLI runs unless a test says otherwise: a folder of this test process's own, with the
 * repo's test/ and exercises/ linked in (so relative paths and the bundled exercises work as from
 * the repo), and its own .mcp-sim/. What someone did with this checkout (their progress, the
 * language they chose) never changes a test's outcome, and no test writes to their progress.
 */
export const WORK = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-work-'));
  for (const name of ['test', 'exercises']) symlinkSync(join(ROOT, name), join(dir, name));
  return dir;
})();

export type CliResult = {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
};

type RunOptions = {
  /** Bytes for the child's stdin (it is closed either way, so nothing waits on a terminal). */
  readonly stdin?: string | Buffer;
  /** Environment overrides; `undefined` removes a variable. */
  readonly env?: Record<string, string | undefined>;
  /** The working directory (where .mcp-sim/ and a learner's exercises/ are); WORK by default. */
  readonly cwd?: string;
};

function environment(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Runs a command and resolves when it has exited and its output streams have closed. */
export function run(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? WORK,
      env: environment(options.env ?? {}),
    });
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
      }),
    );
    child.stdin.end(options.stdin ?? '');
  });
}

/** Runs the built CLI (`node dist/cli/main.js …`) with NO_COLOR=1 unless told otherwise. */
export const runCli = (args: readonly string[], options: RunOptions = {}) =>
  run(process.execPath, [CLI, ...args], options);

/** The newest time under `dir`, folders included (a removed or renamed lesson changes its folder's). */
export function newestMtime(dir: string): number {
  let newest = existsSync(dir) ? statSync(dir).mtimeMs : 0;
  if (newest === 0) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/** What dist/ is built from: the code, the build scripts, and the lessons it compiles. */
export const BUILD_INPUTS = ['src', 'scripts', 'lessons'] as const;

/**
 * Whether dist/ is older than what it is built from. The lesson index (dist/lessons-index.json) and
 * the timelines are part of the build: a lesson added to or edited in lessons/ makes it stale too.
 */
export function isBuildStale(root: string = ROOT): boolean {
  const index = join(root, 'dist', 'lessons-index.json');
  if (!existsSync(join(root, 'dist', 'cli', 'main.js')) || !existsSync(index)) return true;
  const built = Math.min(
    statSync(join(root, 'dist', 'cli', 'main.js')).mtimeMs,
    statSync(index).mtimeMs,
  );
  return BUILD_INPUTS.some((name) => newestMtime(join(root, name)) > built);
}

/**
 * Builds dist/ (the esbuild bundle of `npm run build`, with the lessons compiled) when it is missing
 * or older than any file under src/, scripts/ or lessons/. Called once from the global setup,
 * before any test file runs, so test files never build at the same time.
 */
export async function ensureBuilt(): Promise<void> {
  const fresh = !isBuildStale();
  if (!fresh) {
    const build = await run(process.execPath, [join(ROOT, 'scripts', 'build.mjs')]);
    if (build.code !== 0) {
      throw new Error(`build failed (exit ${build.code}):\n${build.stdout}${build.stderr}`);
    }
  }
  const smoke = await runCli(['--version']);
  if (smoke.code !== 0) {
    throw new Error(`the built CLI does not start (exit ${smoke.code}):\n${smoke.stderr}`);
  }
}

/** Runs tasks with at most `limit` of them at a time (child processes on a small machine). */
export async function inPool<T>(
  limit: number,
  tasks: ReadonlyArray<() => Promise<T>>,
): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      const task = tasks[i];
      if (task) results[i] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
