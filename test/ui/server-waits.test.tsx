import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

let lesson: OpenedLesson;

beforeAll(async () => {
  lesson = await openedLesson('client-primitives');
});

// client-primitives, step 5: the server works on the client's tools/call #2 and has sent its own
// roots/list #1, which the client has not answered yet. The server is not working on that one: it
// waits for the client's answer, and the screen says so in words of its own.
const SAYS = {
  en: {
    working: 'working tools/call #2',
    full: 'waiting for the client roots/list #1',
    short: 'asked roots/list #1',
  },
  zh: {
    working: '处理中 tools/call #2',
    full: '等待客户端回应 roots/list #1',
    short: '已请求 roots/list #1',
  },
} as const;

describe.each([
  { columns: 80, rows: 24, form: 'short' },
  { columns: 120, rows: 36, form: 'full' },
] as const)('the server’s own pending request at $columns×$rows', ({ columns, rows, form }) => {
  it.each(['en', 'zh'] as const)(
    '(%s) reads as waiting for the client, apart from its work',
    async (lang) => {
      const screen = renderPlayer(lesson, { columns, rows }, { lang, start: 4 });
      await until(() => {
        const frame = screen.frame();
        expect(frame).toContain(SAYS[lang].working);
        expect(frame).toContain(SAYS[lang][form]);
        expect(frame).not.toMatch(/asked by server|服务器发出/);
        for (const line of frame.split('\n'))
          expect(stringWidth(line)).toBeLessThanOrEqual(columns);
      }, 3000);
      screen.unmount();
    },
  );
});
