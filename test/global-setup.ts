import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's temp folder: os.tmpdir() in every worker and every process a test starts. */
    tempRoot: string;
  }
}

/** The run's temp folders are named for the vitest process: `mcp-sim-test-<pid>-…`. */
const PREFIX = 'mcp-sim-test-';
const VARIABLES = ['TMPDIR', 'TEMP', 'TMP'] as const;

/** Whether process `pid` is still running (EPERM: it is, as another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The folders a run killed before its teardown (Ctrl-C twice, a closed terminal) left: the ones
 * whose vitest process is gone. A run still going, beside this one, keeps its folder.
 */
function removeAbandoned(parent: string): void {
  for (const name of readdirSync(parent)) {
    const pid = Number(/^mcp-sim-test-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !running(pid)) {
      rmSync(join(parent, name), { recursive: true, force: true });
    }
  }
}

/**
 * Gives the run one temp folder of its own and makes it os.tmpdir() (TMPDIR on POSIX, TEMP and TMP
 * on Windows) for the workers, which inherit this process's environment, and so for every process
 * a test starts. What the tests, the CLI they run and its children create there (their own folders,
 * test/helpers/cli.ts's WORK) is removed in the teardown, whether the tests passed or not: nothing
 * is left in the learner's temp folder. Then builds the CLI once before the test files that run it
 * (never two builds at once).
 */
export async function setup(project: TestProject): Promise<() => void> {
  const parent = tmpdir();
  removeAbandoned(parent);
  const root = mkdtempSync(join(parent, `${PREFIX}${process.pid}-`));
  const before = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of VARIABLES) process.env[name] = root;
  project.provide('tempRoot', root);
  const teardown = () => {
    rmSync(root, { recursive: true, force: true });
    for (const name of VARIABLES) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
  };
  try {
    // Imported only now: the helper makes its WORK folder when it loads, in the run's folder.
    const { ensureBuilt } = await import('./helpers/cli.js');
    await ensureBuilt();
  } catch (error) {
    teardown();
    throw error;
  }
  return teardown;
}
