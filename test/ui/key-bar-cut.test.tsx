import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import { keyHints, LESSON_KEYS } from '../../src/ui/keymap.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

let lesson: OpenedLesson;

beforeAll(async () => {
  lesson = await openedLesson('first-session');
});

/** The whole key bar of the lesson screen, every hint. */
const whole = (lang: Lang) =>
  keyHints(LESSON_KEYS, lang, { quit: 'keyQuit' })
    .map((h) => `${h.keys} ${h.text}`)
    .join(' · ');

describe.each([
  { columns: 60, rows: 24 },
  { columns: 80, rows: 24 },
  { columns: 100, rows: 30 },
] as const)('the lesson screen’s key bar at $columns×$rows', (size) => {
  it.each(['en', 'zh'] as const)(
    '(%s) ends with … when it holds fewer hints than there are',
    async (lang) => {
      const screen = renderPlayer(lesson, size, { lang, start: 1 });
      const all = whole(lang);
      await until(() => {
        const frame = screen.frame().split('\n');
        expect(frame).toHaveLength(size.rows - 1);
        const bar = frame.at(-1) ?? '';
        expect(stringWidth(bar), bar).toBeLessThanOrEqual(size.columns);
        if (stringWidth(all) <= size.columns) {
          expect(bar).toBe(all);
        } else {
          // Whole hints, then … : the help (?) lists the rest.
          expect(bar.endsWith(' …'), bar).toBe(true);
          expect(all.startsWith(`${bar.slice(0, -2)} · `), bar).toBe(true);
        }
      });
      screen.unmount();
    },
  );
});
