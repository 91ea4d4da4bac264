import { describe, expect, it } from 'vitest';
import { asLesson } from '../../src/cli/commands/connect.js';
import { runConnect } from '../../src/transport/child-session.js';
import { LessonApp } from '../../src/ui/lesson-app.js';
import { renderAt, until } from './render-at.js';

/**
 * connect on the screen, a server that never answers: the screen opens at the run's last step,
 * where the recap says why, at 80×24 (the same line is printed again after the screen closes).
 */
describe('connect: a failed run on the screen', () => {
  it('opens where the recap explains the failure', async () => {
    const script = 'process.stdin.resume()';
    const run = await runConnect({
      command: process.execPath,
      args: ['-e', script],
      era: 'auto',
      probeTimeoutMs: 300,
      timeoutMs: 300,
      settleMs: 0,
    });
    expect(run.problems).toHaveLength(1);
    const lesson = asLesson(run, 'node -e …');
    const last = lesson.steps.length - 1;
    const screen = renderAt(
      <LessonApp
        lesson={lesson}
        progress={{ lessons: {} }}
        save={() => {}}
        lang="en"
        autoplay={null}
        mode="recording"
        startAt={last}
      />,
      { columns: 80, rows: 24 },
    );
    await until(() => screen.frame().includes('never answered'));
    expect(screen.frame().replace(/[┃\s]+/g, ' ')).toMatch(
      /never answered initialize #1 within 300 ms/,
    );
    screen.unmount();
  }, 20_000);
});
