import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

let lesson: OpenedLesson;

beforeAll(async () => {
  lesson = await openedLesson('first-session');
});

// Keys typed in one burst (a fast typist, tmux send-keys, a paste) act on the view the key before
// them left, as the field tree's and the help's do: "qnn" with the violation list open closes it
// and steps twice. The list dropped every key after the one that closed it.
describe('keys in the same burst as the one that closes an overlay', () => {
  it.each([
    ['the violation list', 'v', 'Violations ('],
    ['the help', '?', 'closes this help'],
    ['the field tree', 'e', '▶ fields'],
  ])('%s, closed with q: go to the lesson screen', async (_, open, shown) => {
    const screen = renderPlayer(lesson, { columns: 80, rows: 24 });
    await until(() => expect(screen.frame()).toContain('step 1/10'));
    screen.type(open);
    await until(() => expect(screen.frame()).toContain(shown));
    screen.type('qnn');
    await until(() => expect(screen.frame()).toContain('step 3/10'));
    expect(screen.frame()).not.toContain(shown);
    screen.unmount();
  });

  it('Enter in the list goes to the chosen step, and the keys after it act there', async () => {
    const gallery = await openedLesson('faults-gallery');
    const screen = renderPlayer(gallery, { columns: 80, rows: 24 });
    const total = gallery.steps.length;
    await until(() => expect(screen.frame()).toContain(`step 1/${total}`));
    screen.type('v');
    await until(() => expect(screen.frame()).toMatch(/› ✗ error\s+step\s+4 /));
    screen.type('\rn');
    await until(() => expect(screen.frame()).toContain(`step 5/${total}`));
    screen.unmount();
  });
});
