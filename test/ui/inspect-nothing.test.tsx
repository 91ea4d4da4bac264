import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

async function play(lang: Lang) {
  const opened = await openedLesson('version-negotiation');
  return renderPlayer(opened, { columns: 80, rows: 24 }, { lang, start: 2 });
}

// Lesson 4's last step is the client closing the connection: no envelope for `e` to open.
describe('e on a step without an envelope says so, in one line', () => {
  it.each([
    { lang: 'en' as const, text: 'No envelope at this step', step: 'step 3/3' },
    { lang: 'zh' as const, text: '这一步没有消息', step: '步骤 3/3' },
  ])('$lang', async ({ lang, text, step }) => {
    const screen = await play(lang);
    await until(() => expect(screen.frame()).toContain(step));
    expect(screen.frame()).not.toContain(text);
    screen.type('e');
    await until(() => expect(screen.frame()).toContain(text));
    // The notice goes with the next move.
    screen.type('p');
    await until(() => expect(screen.frame()).not.toContain(text));
    screen.unmount();
  });
});

// A lesson with no next lesson (`next` not given, as in `play`): a step past either end says so.
describe('n on the last step and p on the first say where the learner is, in one line', () => {
  it.each([
    { lang: 'en' as const, last: 'This is the last step', first: 'This is the first step' },
    { lang: 'zh' as const, last: '这是最后一步', first: '这是第一步' },
  ])('$lang', async ({ lang, last, first }) => {
    const screen = await play(lang);
    await until(() => expect(screen.frame()).toMatch(/3\/3/));
    expect(screen.frame()).not.toContain(last);
    screen.type('n');
    await until(() => expect(screen.frame()).toContain(last));
    screen.type('g');
    await until(() => expect(screen.frame()).not.toContain(last));
    screen.type('p');
    await until(() => expect(screen.frame()).toContain(first));
    screen.type('n');
    await until(() => expect(screen.frame()).not.toContain(first));
    screen.unmount();
  });
});
