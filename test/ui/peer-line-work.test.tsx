import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, type Size, until } from './render-at.js';

let lesson: OpenedLesson;

beforeAll(async () => {
  lesson = await openedLesson('capability-negotiation');
});

function serverLine(size: Size, start: number, lang: Lang) {
  const screen = renderPlayer(lesson, size, { lang, start });
  return { screen, line: () => screen.frame().split('\n')[3] ?? '' };
}

const LABEL = {
  en: { server: 'server ', working: 'working', asked: 'asked' },
  zh: { server: '服务器 ', working: '处理中', asked: '已请求' },
} as const;

// capability-negotiation: the server declares five capabilities (tools.*, resources.*, prompts,
// logging, completions) while it works on the client's initialize (step 1) or on tools/call #4
// while it waits for the client's answer to its own sampling request (step 13). The one-line
// summary is what an 80×24 screen shows.
describe.each([
  { columns: 60, rows: 24 },
  { columns: 80, rows: 24 },
  { columns: 100, rows: 30 },
] as const)('the server’s one-line summary at $columns×$rows', (size) => {
  it.each(['en', 'zh'] as const)(
    '(%s) tells fewer capabilities rather than lose the work in flight',
    async (lang) => {
      for (const [start, work] of [
        [0, 'initialize #1'],
        [12, 'tools/call #4'],
      ] as const) {
        const { screen, line } = serverLine(size, start, lang);
        // The first frame is laid out before the resize reaches the screen: wait for the line.
        await until(() => {
          const text = line();
          const at = `step ${start + 1}: ${text}`;
          expect(text, at).toContain(LABEL[lang].server);
          expect(stringWidth(text), at).toBeLessThanOrEqual(size.columns);
          // The first capabilities, then how many more: every capability counted.
          expect(text, at).toMatch(
            / tools\.\*(, resources\.\*(, prompts(, logging)?)?)? \+[1-4]\b/,
          );
          if (size.columns >= 80) {
            // Whole at 80 columns and wider: the request the server owes an answer.
            expect(text, at).toContain(`${LABEL[lang].working} ${work}`);
            // What it waits for from the client too, with fewer capabilities named: at 100 by
            // name, at 80 by id (the timeline's row names it).
            if (start === 12 && size.columns >= 100)
              expect(text, at).toContain(`${LABEL[lang].asked} sampling/createMessage #2`);
            else if (start === 12) expect(text, at).toContain(`${LABEL[lang].asked} #2`);
          } else {
            // At 60 the request's name still shows, cut with the line's … .
            expect(text, at).toContain(`${LABEL[lang].working} ${work.slice(0, 6)}`);
            expect(text.endsWith('…'), at).toBe(true);
          }
        }, 2000);
        screen.unmount();
      }
    },
  );
});
