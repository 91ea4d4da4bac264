import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { learner, patch, solution } from './helpers.js';

const longTask = solution('01-progress', 'long-task.ts');
// The same solution, its tool waiting a minute before its first step.
const slow = patch(
  longTask,
  'const token = extra._meta?.progressToken;',
  'const token = extra._meta?.progressToken;\n  await sleep(60_000);',
);

/**
 * Ctrl+C while `check --watch` checks again (a file was saved) stops the command at once, with the
 * state of the latest check that ended. The stopped check went on for seconds, its learner
 * processes killed one after the other, then reported "your code crashed … killed by SIGKILL",
 * saved that failure as the exercise's progress, and said "Watching for changes…" again.
 */
describe('check --watch, Ctrl+C during a check', () => {
  it('ends at once with the last finished state; the stopped check says nothing', async () => {
    const cwd = learner({ '01-progress': { 'long-task.ts': longTask } });
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', LANG: 'en_US.UTF-8' };
    const child = spawn(process.execPath, [CLI, 'check', '1', '--watch'], { cwd, env });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString('utf8');
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      await vi.waitFor(() => expect(out).toMatch(/Points 13\/13[\s\S]*Watching for changes.*\n$/), {
        timeout: 20_000,
      });
      writeFileSync(join(cwd, 'exercises', '01-progress', 'long-task.ts'), slow);
      // A check begins with an empty line, after the debounce.
      await vi.waitFor(() => expect(out).toMatch(/Watching for changes.*\n\n$/), {
        timeout: 10_000,
      });
      const from = out.length;
      child.kill('SIGINT');
      expect(await closed).toBe(0);
      expect(out.slice(from)).toBe('');
    } finally {
      child.kill('SIGKILL');
    }
  }, 40_000);
});
