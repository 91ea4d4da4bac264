import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { learner, slowLongTask, solution, watching } from './helpers.js';

/**
 * Ctrl+C while `check --watch` checks again (a file was saved) stops the command at once, with the
 * state of the latest check that ended. The stopped check went on for seconds, its learner
 * processes killed one after the other, then reported "your code crashed … killed by SIGKILL",
 * saved that failure as the exercise's progress, and said "Watching for changes…" again.
 */
describe('check --watch, Ctrl+C during a check', () => {
  it('ends at once with the last finished state; the stopped check says nothing', async () => {
    const cwd = learner({
      '01-progress': { 'long-task.ts': solution('01-progress', 'long-task.ts') },
    });
    const watch = watching(cwd, ['1']);
    try {
      await vi.waitFor(
        () => expect(watch.out()).toMatch(/Points 13\/13[\s\S]*Watching for changes.*\n$/),
        { timeout: 20_000 },
      );
      writeFileSync(join(cwd, 'exercises', '01-progress', 'long-task.ts'), slowLongTask());
      // A check begins with an empty line, after the debounce.
      await vi.waitFor(() => expect(watch.out()).toMatch(/Watching for changes.*\n\n$/), {
        timeout: 10_000,
      });
      const from = watch.out().length;
      expect(await watch.stop()).toBe(0);
      expect(watch.out().slice(from)).toBe('');
    } finally {
      watch.kill();
    }
  }, 40_000);
});
