import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

let lesson: OpenedLesson;

beforeAll(async () => {
  lesson = await openedLesson('json-rpc-envelopes');
});

// Lesson 2's step 8 is a fault (capability-not-negotiated) with a long envelope. At 60 columns in
// Chinese, the fault's name and the scroll note ("↑ 上面 3 行 · ↓ 还有 14 行") of the scrolled
// envelope pane took more than the line: the title was cut to nothing (the line read "▶  · 故障：…")
// and the scroll note lost its end, cut without a "…" ("↓ 还有 14").
describe('the envelope pane’s title at a fault, scrolled, at 60×20', () => {
  it('keeps the whole scroll note and cuts the fault’s name with …', async () => {
    const screen = renderPlayer(lesson, { columns: 60, rows: 20 }, { lang: 'zh', start: 7 });
    await until(() => expect(screen.frame()).toContain('步骤 8/13'));
    screen.type('\t');
    screen.type('j');
    screen.type('j');
    screen.type('j');
    await until(() => {
      const title =
        screen
          .frame()
          .split('\n')
          .find((l) => l.startsWith('▶ ')) ?? '';
      expect(title).toContain('↑ 上面 3 行');
      expect(stringWidth(title.trimEnd()), title).toBeLessThanOrEqual(60);
      expect(title, title).toMatch(/^▶ … · 故障：capability-not-\S*… ↑ 上面 3 行 · ↓ 还有 \d+ 行$/);
    });
    screen.unmount();
  });

  it('says the fault whole where it fits (80 columns)', async () => {
    const screen = renderPlayer(lesson, { columns: 80, rows: 24 }, { lang: 'zh', start: 7 });
    await until(() => expect(screen.frame()).toContain('步骤 8/13'));
    screen.type('\t');
    screen.type('j');
    await until(() => {
      const title =
        screen
          .frame()
          .split('\n')
          .find((l) => l.startsWith('▶ ')) ?? '';
      expect(title).toContain('↑ 上面 1 行');
      expect(title, title).toContain(' · 故障：capability-not-negotiated ↑ 上面 1 行');
    });
    screen.unmount();
  });
});
