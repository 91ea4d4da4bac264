import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 30_000,
    // Vitest's default is one worker less than the CPUs: one on a 2-core runner, which leaves the
    // second core idle while a test waits on a child process (serve, connect, the grader, a pty).
    // Two workers keep both busy; the suite's timing-sensitive tests wait for frames and output,
    // never for a fixed time, so they hold under the extra load.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
