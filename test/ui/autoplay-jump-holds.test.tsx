import { describe, expect, it, vi } from 'vitest';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

// Help, the violation list and the field tree hold autoplay while open; the jump prompt (`:`) did
// not: the steps moved on under "Go to step:" while the learner typed a number.
describe('autoplay holds while the jump prompt is open', () => {
  for (const mode of ['lesson', 'recording'] as const) {
    it(`${mode}: no step moves until Enter jumps; then it plays on from there`, async () => {
      const lesson = await openedLesson('first-session');
      const count = lesson.steps.length;
      const screen = renderPlayer(
        lesson,
        { columns: 80, rows: 24 },
        { autoplay: 1, onQuit: vi.fn(), mode },
      );
      await until(() => expect(screen.frame()).toContain('next step in 1 s'));
      screen.type(':');
      await until(() => expect(screen.frame()).toContain('Go to step: ▏'));
      await new Promise((done) => setTimeout(done, 2500));
      expect(screen.frame()).toContain(`step 1/${count}`);
      expect(screen.frame()).toContain('Go to step: ▏');
      expect(screen.frame()).not.toContain('next step in');
      screen.type('4\r');
      await until(() => expect(screen.frame()).toContain(`step 4/${count}`));
      expect(screen.frame()).not.toContain('Go to step');
      await until(() => expect(screen.frame()).toContain(`step 5/${count}`), 4000);
      screen.unmount();
    }, 15_000);
  }

  it('Esc closes the prompt without a jump, and autoplay plays on', async () => {
    const lesson = await openedLesson('first-session');
    const count = lesson.steps.length;
    const screen = renderPlayer(lesson, { columns: 80, rows: 24 }, { autoplay: 1 });
    await until(() => expect(screen.frame()).toContain('next step in 1 s'));
    screen.type(':3');
    await until(() => expect(screen.frame()).toContain('Go to step: 3▏'));
    await new Promise((done) => setTimeout(done, 2500));
    expect(screen.frame()).toContain(`step 1/${count}`);
    screen.type('\u001b');
    await until(() => expect(screen.frame()).not.toContain('Go to step'));
    expect(screen.frame()).toContain(`step 1/${count}`);
    await until(() => expect(screen.frame()).toContain(`step 2/${count}`), 4000);
    screen.unmount();
  }, 15_000);
});
