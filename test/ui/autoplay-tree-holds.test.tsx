import { describe, expect, it, vi } from 'vitest';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

// Help and the violation list hold autoplay while open; the field tree (`e`) did not: the steps
// moved on under it while the learner read the envelope's fields.
describe('autoplay holds while the field tree is open', () => {
  it('no step moves until q closes the tree; then it plays on', async () => {
    const lesson = await openedLesson('first-session');
    const count = lesson.steps.length;
    const screen = renderPlayer(
      lesson,
      { columns: 80, rows: 24 },
      { autoplay: 1, onQuit: vi.fn() },
    );
    await until(() => expect(screen.frame()).toContain('next step in 1 s'));
    screen.type('e');
    await until(() => expect(screen.frame()).toMatch(/^▶ fields/m));
    await new Promise((done) => setTimeout(done, 2500));
    expect(screen.frame()).toContain(`step 1/${count}`);
    expect(screen.frame()).toMatch(/^▶ fields/m);
    screen.type('q');
    await until(() => expect(screen.frame()).not.toMatch(/^▶ fields/m));
    await until(() => expect(screen.frame()).toContain(`step 2/${count}`), 4000);
    screen.unmount();
  }, 15_000);
});
