import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learner, solution } from '../grader/helpers.js';
import { CLI, ensureBuilt } from '../helpers/cli.js';
import { hasTmux, TmuxScreen } from '../helpers/tmux.js';

const screen = new TmuxScreen('mcp-sim-play');

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

afterAll(async () => {
  if (hasTmux) await screen.kill();
});

describe('check --play in a terminal', () => {
  it.skipIf(!hasTmux)(
    'runs the reference solution and steps to its progress bar, at 80×24 (skipped without tmux)',
    async () => {
      const cwd = learner({
        '01-progress': { 'long-task.ts': solution('01-progress', 'long-task.ts') },
      });
      // CI=0: with CI set, Ink shows nothing until exit. The exit status stays on screen.
      screen.start(
        `env -u NO_COLOR CI=0 LANG=en_US.UTF-8 ${process.execPath} ${CLI} check 1 --play`,
        { cwd, columns: 80, rows: 24 },
      );
      const first = await screen.waitFor(/step 1\/\d+/, 20_000);
      expect(first).toContain('Progress notifications — your code, played');
      expect(first).toContain('"method": "initialize"');

      // initialize, its result, initialized, tools/call: the fifth step is the first progress.
      screen.keys('nnnnn');
      // The bar sizes itself to its box once laid out: wait for the frame that has it.
      const progress = await screen.waitFor(/progress token "task-\w+" +█+░+ 2\/\d/, 20_000);
      expect(progress).toMatch(/step 6\/\d+/);
      expect(progress).toContain('Sent by your code.');
      for (const line of progress.split('\n')) expect(line.length).toBeLessThanOrEqual(80);

      screen.keys('q');
      await screen.waitFor(/EXITED rc=0/, 20_000);
    },
    60_000,
  );
});
