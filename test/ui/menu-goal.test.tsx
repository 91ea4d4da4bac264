import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLesson } from '../../src/cli/lesson-source.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { MenuApp } from '../../src/ui/menu-app.js';
import { renderAt, until, widest } from './render-at.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-menu-goal-'));
cpSync(join(LESSONS_DIR, '01-first-session'), join(dir, '01-first-session'), { recursive: true });
cpSync(join(LESSONS_DIR, '17-capability-removal'), join(dir, '02-capability-removal'), {
  recursive: true,
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const listing = loadLessons(dir);
const GOAL = {
  en: 'Watch a client and a server shake hands, discover tools, call one, and react when the tool list changes.',
  zh: '观察客户端与服务器完成握手、发现工具、调用工具，并在工具列表变化时做出反应。',
};

function menu(lang: 'en' | 'zh', size: { columns: number; rows: number }) {
  return renderAt(
    <MenuApp
      listing={listing}
      open={(id) => openLesson(id, listing)}
      progress={{ lessons: {}, exercises: {} }}
      save={() => {}}
      lang={lang}
    />,
    size,
  );
}

/** The frame's lines under the list, joined: the chosen lesson's goal, without its border. */
const goalText = (frame: string, lang: 'en' | 'zh') =>
  frame
    .split('\n')
    .filter((l) => l.startsWith('│ '))
    .map((l) => l.slice(2).trimEnd())
    .join(lang === 'en' ? ' ' : '');

describe.each([
  { lang: 'en', columns: 120, rows: 30 },
  { lang: 'en', columns: 80, rows: 24 },
  { lang: 'en', columns: 60, rows: 20 },
  { lang: 'zh', columns: 80, rows: 24 },
  { lang: 'zh', columns: 60, rows: 20 },
] as const)('the menu in $lang at $columns×$rows', ({ lang, columns, rows }) => {
  it('shows the chosen lesson’s whole goal under the list, and the list stays put', async () => {
    const screen = menu(lang, { columns, rows });
    await until(() => {
      expect(screen.frame().split('\n')).toHaveLength(rows - 1);
      expect(goalText(screen.frame(), lang)).toBe(GOAL[lang]);
    });
    const first = screen.frame().split('\n');
    screen.type('j');
    await until(() => expect(screen.frame()).toMatch(/› 2\. /));
    expect(goalText(screen.frame(), lang)).not.toBe(GOAL[lang]);
    const second = screen.frame().split('\n');
    // Same height, and the lines of the list (the title and the lesson rows) in the same rows.
    expect(second).toHaveLength(first.length);
    expect(second.findIndex((l) => l.includes('2. '))).toBe(
      first.findIndex((l) => l.includes('2. ')),
    );
    for (const frame of screen.framesSinceResize()) {
      expect(widest(frame)).toBeLessThanOrEqual(columns);
    }
    screen.unmount();
  });

  it('shows the chosen lesson’s goal once, in its box: each lesson is one line, its revision and status', async () => {
    const screen = menu(lang, { columns, rows });
    await until(() => expect(goalText(screen.frame(), lang)).toBe(GOAL[lang]));
    const lines = screen.frame().split('\n');
    const head = GOAL[lang].slice(0, lang === 'en' ? 16 : 8);
    expect(lines.filter((l) => l.includes(head))).toEqual([expect.stringMatching(/^│ /)]);
    // One line a lesson, its revision beside its status; the next lesson on the line below.
    const first = lines.findIndex((l) => /› 1\. /.test(l));
    expect(lines[first]).toMatch(/2025-11-25 · \S+$/);
    expect(lines[first + 1]).toMatch(/^ {2}2\. /);
    screen.unmount();
  });
});

describe('the whole course in the menu', () => {
  const course = loadLessons(LESSONS_DIR);
  for (const { lang, columns, rows } of [
    { lang: 'en', columns: 60, rows: 20 },
    { lang: 'zh', columns: 60, rows: 20 },
    { lang: 'en', columns: 80, rows: 24 },
  ] as const) {
    it(`at ${columns}×${rows} (${lang}) shows every lesson's goal whole, the longest too, in a box that keeps its size`, async () => {
      const screen = renderAt(
        <MenuApp
          listing={course}
          open={(id) => openLesson(id, course)}
          progress={{ lessons: {}, exercises: {} }}
          save={() => {}}
          lang={lang}
        />,
        { columns, rows },
      );
      // Drawn at the terminal's size (the first frame may be drawn before the size is known).
      await until(() => {
        expect(screen.frame().split('\n')).toHaveLength(rows - 1);
        expect(widest(screen.frame())).toBeLessThanOrEqual(columns);
        // The app has its size too (lesson 1's short goal is whole at any width tested).
        expect(goalText(screen.frame(), lang)).not.toContain('…');
      });
      const boxRows = new Set<number>();
      for (const [i, lesson] of course.lessons.entries()) {
        const goal = lang === 'en' ? lesson.scenario.goal.en : lesson.scenario.goal.zh;
        const title = lang === 'en' ? lesson.scenario.title.en : lesson.scenario.title.zh;
        await until(() => expect(screen.frame()).toMatch(new RegExp(`› +${i + 1}\\. `)));
        const frame = screen.frame();
        const shown = goalText(frame, lang);
        const at = `${lesson.id}: ${shown}`;
        // A title the list cuts with … is in the box too, whole, before the goal.
        const row = frame.split('\n').find((l) => new RegExp(`› +${i + 1}\\. `).test(l)) ?? '';
        const whole = row.includes(title) ? goal : `${title}${goal}`;
        // Whole: no … in it, and its words as the lesson file has them (lines joined).
        expect({ at, cut: shown.includes('…') }).toEqual({ at, cut: false });
        expect({ at, same: shown.replace(/\s+/g, '') === whole.replace(/\s+/g, '') }).toEqual({
          at,
          same: true,
        });
        boxRows.add(frame.split('\n').filter((l) => l.startsWith('│')).length);
        expect(frame.split('\n').length).toBeLessThanOrEqual(rows);
        screen.type('j');
      }
      expect(boxRows.size).toBe(1);
      screen.unmount();
    });
  }
});
