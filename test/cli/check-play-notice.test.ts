import { describe, expect, it, vi } from 'vitest';
import { announceRun } from '../../src/cli/commands/check-play.js';

const TEXT = 'Running your code (exercises/01-progress/long-task.ts)…';

/** stderr as a terminal or a pipe, recording what is written to it; a spinner that is a stub. */
function io(isTTY: boolean, env: NodeJS.ProcessEnv = {}) {
  const written: string[] = [];
  const stop = vi.fn();
  const busy = vi.fn(async (_text: string) => stop);
  const stderr = { isTTY, write: (text: string) => written.push(text) };
  return { written, stop, busy, notice: { stderr, env, busy } };
}

describe('check --play while the learner’s code runs', () => {
  it('prints the plain line once when stderr is not a terminal', async () => {
    const run = io(false);
    const done = await announceRun(TEXT, run.notice);
    expect(run.written).toEqual([`${TEXT}\n`]);
    expect(run.busy).not.toHaveBeenCalled();
    done();
  });

  it('prints the plain line under CI, where Ink would hold the spinner’s frames until exit', async () => {
    for (const env of [{ CI: 'true' }, { CI: '1' }, { CONTINUOUS_INTEGRATION: '' }]) {
      const run = io(true, env);
      await announceRun(TEXT, run.notice);
      expect(run.written, JSON.stringify(env)).toEqual([`${TEXT}\n`]);
      expect(run.busy).not.toHaveBeenCalled();
    }
  });

  it('shows the spinner on a terminal (CI=0 and CI=false are no CI), and ends it', async () => {
    for (const env of [{}, { CI: '0' }, { CI: 'false' }]) {
      const run = io(true, env);
      const done = await announceRun(TEXT, run.notice);
      expect(run.busy, JSON.stringify(env)).toHaveBeenCalledWith(TEXT);
      expect(run.written).toEqual([]);
      done();
      expect(run.stop).toHaveBeenCalledOnce();
    }
  });
});
