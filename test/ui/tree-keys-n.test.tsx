import { describe, expect, it, vi } from 'vitest';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until, widest } from './render-at.js';

// In the lesson n steps on; in the field tree it finds the next match of `/`. Its key bar said
// "n next", read as the lesson's next step (which it does not do there).
describe('the field tree key bar says what n does there', () => {
  it.each([
    ['en', 'n next match'],
    ['zh', 'n 下一处匹配'],
  ] as const)('%s: %s, within 80 columns', async (lang, hint) => {
    const lesson = await openedLesson('first-session');
    const screen = renderPlayer(
      lesson,
      { columns: 80, rows: 24 },
      { lang, start: 0, onQuit: vi.fn() },
    );
    screen.type('e');
    await until(() => expect(screen.frame()).toMatch(/^▶ (fields|字段)/m));
    const bar = screen.frame().split('\n').at(-1) ?? '';
    expect(bar).toContain(hint);
    expect(widest(bar)).toBeLessThanOrEqual(80);
    screen.unmount();
  });
});
