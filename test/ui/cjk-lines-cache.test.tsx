import { describe, expect, it, vi } from 'vitest';
import { breakCjk } from '../../src/ui/cjk-lines.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

/**
 * The string-width calls the simulator's own code makes (Ink's copy is not counted), and those
 * made while breaking a text into lines (breakLine, under breakCjk).
 */
const measured = vi.hoisted(() => ({ calls: 0, breaking: 0 }));
vi.mock('string-width', async (original) => {
  const actual = (await original()) as { default: (text: string, options?: object) => number };
  return {
    default: (text: string, options?: object) => {
      measured.calls += 1;
      if (new Error().stack?.includes('at breakLine ')) measured.breaking += 1;
      return actual.default(text, options);
    },
  };
});

describe('breakCjk measures a text once per width', () => {
  it('the same text at the same width again: the same lines, nothing measured', () => {
    const text =
      '客户端在初始化请求里提出它支持的最新版本，服务器回应它自己的版本，双方再决定是否继续。';
    const first = breakCjk(text, 20);
    expect(first.split('\n').length).toBeGreaterThan(1);
    const before = measured.calls;
    expect(breakCjk(text, 20)).toBe(first);
    expect(measured.calls).toBe(before);
    // Another width is another text: broken anew, at that width.
    const wider = breakCjk(text, 40);
    expect(measured.calls).toBeGreaterThan(before);
    expect(wider.split('\n').length).toBeLessThan(first.split('\n').length);
  });

  it('scrolling a Chinese recap line by line does not break it again at every key', async () => {
    const lesson = await openedLesson('capability-lab');
    const size = { columns: 60, rows: 20 };
    const screen = renderPlayer(lesson, size, { lang: 'zh', start: lesson.steps.length - 1 });
    await until(() => expect(screen.framesSinceResize().length).toBeGreaterThan(0));
    // Opening the step broke its Chinese text into lines.
    expect(measured.breaking).toBeGreaterThan(100);
    const before = measured.breaking;
    for (let k = 0; k < 5; k++) {
      const frame = screen.frame();
      screen.type('j');
      await until(() => expect(screen.frame()).not.toBe(frame));
    }
    // Each key lays the screen out again (and draws it): the same texts at the same widths.
    expect(measured.breaking).toBe(before);
    screen.unmount();
  });
});
