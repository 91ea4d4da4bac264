import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { learner, solution } from '../grader/helpers.js';
import { CLI, ensureBuilt } from '../helpers/cli.js';

/** tmux gives the built CLI a real pseudo-terminal; CI machines without it skip, saying why. */
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const session = `mcp-sim-play-${process.pid}`;

const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
const alive = () => spawnSync('tmux', ['has-session', '-t', session]).status === 0;
const pane = () => (alive() ? tmux('capture-pane', '-p', '-t', session) : '');

/** Waits for the pane to show `pattern` (retrying), and returns the screen that did. */
async function screen(pattern: RegExp): Promise<string> {
  let last = '';
  await vi.waitFor(
    () => {
      last = pane();
      expect(last).toMatch(pattern);
    },
    { timeout: 20_000, interval: 50 },
  );
  return last;
}

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

afterAll(() => {
  if (hasTmux && alive()) spawnSync('tmux', ['kill-session', '-t', session]);
});

describe('check --play in a terminal', () => {
  it.skipIf(!hasTmux)(
    'runs the reference solution and steps to its progress bar, at 80×24 (skipped without tmux)',
    async () => {
      const cwd = learner({
        '01-progress': { 'long-task.ts': solution('01-progress', 'long-task.ts') },
      });
      // CI=0: with CI set, Ink shows nothing until exit. The `; echo` keeps the exit status on screen.
      tmux(
        'new-session',
        '-d',
        '-x',
        '80',
        '-y',
        '24',
        '-s',
        session,
        '-c',
        cwd,
        `env -u NO_COLOR CI=0 LANG=en_US.UTF-8 ${process.execPath} ${CLI} check 1 --play; echo "EXITED rc=$?"; sleep 30`,
      );
      const first = await screen(/step 1\/\d+/);
      expect(first).toContain('Progress notifications — your code, played');
      expect(first).toContain('"method": "initialize"');

      // initialize, its result, initialized, tools/call: the fifth step is the first progress.
      tmux('send-keys', '-t', session, 'nnnnn');
      // The bar sizes itself to its box once laid out: wait for the frame that has it.
      const progress = await screen(/progress token "task-\w+" +█+░+ 2\/\d/);
      expect(progress).toMatch(/step 6\/\d+/);
      expect(progress).toContain('Sent by your code.');
      for (const line of progress.split('\n')) expect(line.length).toBeLessThanOrEqual(80);

      tmux('send-keys', '-t', session, 'q');
      await screen(/EXITED rc=0/);
    },
    60_000,
  );
});
