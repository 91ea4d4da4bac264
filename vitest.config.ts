import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
/**
 * The test files that need modules loaded afresh: they measure what a module does when it first
 * loads or is first used (lazy schema compiles, tools that load their library on first call), set
 * the environment before Ink's chalk reads it (FORCE_COLOR), or replace a module with vi.mock.
 * Every other file shares its worker's loaded modules with the files before it (`isolate: false`):
 * with each of the ~300 files loading the same modules again, the suite took 888 s of CPU, with
 * these two projects 631 s.
 */
const FRESH = [
  'test/protocol/modern-schema.test.ts',
  'test/protocol/revision-schema.test.ts',
  'test/sandbox/idle-keys.test.tsx',
  'test/ui/colour.test.tsx',
  'test/ui/cjk-lines-cache.test.tsx',
  'test/transport/serve-lazy-tools.test.ts',
  'test/sim/tools/calculator.test.ts',
  'test/sim/tools/db-query.test.ts',
  'test/sim/tools/index.test.ts',
];

// Hooks get the tests' time: a beforeAll that plays every lesson (every-field) took 5 s alone and
// passed 10 s, Vitest's default for hooks, on the 2-core machine under a full run's load.
const PROJECT = { setupFiles: ['test/setup-env.ts'], testTimeout: 30_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // Vitest's default is one worker less than the CPUs: one on a 2-core runner. Much of the suite
    // waits (on a child process: serve, connect, the grader, a pty; on the grader's timed checks),
    // so one worker more than the CPUs keeps them busy: on 2 cores the suite took 406 s of wall
    // time with two workers (155 % CPU) and 312 s with three (184 %). The timing-sensitive tests wait
    // for frames and output, never for a fixed time, so they hold under the extra load.
    maxWorkers: availableParallelism() + 1,
    // The projects take the root's options but not its globalSetup, which runs once, for both.
    projects: [
      { test: { ...PROJECT, name: 'shared', include: TESTS, exclude: FRESH, isolate: false } },
      { test: { ...PROJECT, name: 'fresh', include: FRESH, isolate: true } },
    ],
  },
});
