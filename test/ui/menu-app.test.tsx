import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openLesson } from '../../src/cli/lesson-source.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { MenuScreen } from '../../src/ui/components/menu-screen.js';
import { MenuApp } from '../../src/ui/menu-app.js';
import { menuData } from '../../src/ui/menu-items.js';
import type { ProgressData } from '../../src/ui/progress-update.js';
import { ARROW, renderAt, until, widest } from './render-at.js';

/** A lessons folder with two real lessons and a broken one. */
const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-menu-'));
cpSync(join(LESSONS_DIR, '01-first-session'), join(dir, '01-first-session'), { recursive: true });
cpSync(join(LESSONS_DIR, '17-capability-removal'), join(dir, '02-capability-removal'), {
  recursive: true,
});
mkdirSync(join(dir, '03-broken'));
writeFileSync(join(dir, '03-broken', 'lesson.yaml'), 'title: [unclosed\n');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Progress = ProgressData & { readonly exercises: Record<string, unknown> };

const listing = loadLessons(dir);

function menu(progress: Progress = { lessons: {}, exercises: {} }, lang: 'en' | 'zh' = 'en') {
  const save = vi.fn<(p: Progress) => void>();
  const screen = renderAt(
    <MenuApp
      listing={listing}
      open={(id) => openLesson(id, listing)}
      progress={progress}
      save={save}
      lang={lang}
    />,
    { columns: 80, rows: 24 },
  );
  return { ...screen, save };
}

describe('the lesson menu', () => {
  it('lists lessons with number, title, goal and status, and broken files apart', async () => {
    const screen = menu({
      lessons: { 'capability-removal': { finished: true, lastStep: 7 } },
      exercises: {},
    });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('mcp-sim — learn MCP one envelope at a time');
      expect(frame).toMatch(/› 1\. The first session +2025-11-25 · new$/m);
      expect(frame).toContain('Watch a client and a server shake hands');
      expect(frame).toMatch(/ {2}2\. Removing a capability +2025-11-25 · done$/m);
      expect(frame).toMatch(/✗ 03-broken — cannot be opened: line \d+: YAML/);
      expect(frame).toContain('↑/↓ choose · Enter open · q quit');
    });
    for (const frame of screen.framesSinceResize()) expect(widest(frame)).toBeLessThanOrEqual(80);
    screen.unmount();
  });

  it('names at most three broken files and counts the rest, so the course stays on screen', async () => {
    const many = mkdtempSync(join(tmpdir(), 'mcp-sim-menu-many-'));
    cpSync(join(LESSONS_DIR, '01-first-session'), join(many, '01-first-session'), {
      recursive: true,
    });
    for (let i = 2; i <= 9; i++) {
      mkdirSync(join(many, `0${i}-broken-${i}`));
      writeFileSync(join(many, `0${i}-broken-${i}`, 'lesson.yaml'), 'title: [unclosed\n');
    }
    const crowded = loadLessons(many);
    const screen = renderAt(
      <MenuApp
        listing={crowded}
        open={(id) => openLesson(id, crowded)}
        progress={{ lessons: {}, exercises: {} }}
        save={() => {}}
        lang="en"
      />,
      { columns: 80, rows: 24 },
    );
    try {
      await until(() => {
        const frame = screen.frame();
        expect(frame).toMatch(/› 1\. The first session/);
        expect(frame.match(/✗ 0\d-broken-\d — cannot be opened/g)).toHaveLength(2);
        expect(frame).toContain('✗ 6 more lesson files cannot be opened');
      });
    } finally {
      screen.unmount();
      rmSync(many, { recursive: true, force: true });
    }
  });

  it('loads the lesson player while the menu is read, before any key', async () => {
    const asked: string[] = [];
    const loadPlayer = () => {
      asked.push('player');
      return import('../../src/ui/lesson-player.js');
    };
    const screen = renderAt(
      <MenuApp
        listing={listing}
        open={(id) => openLesson(id, listing)}
        progress={{ lessons: {}, exercises: {} }}
        save={() => {}}
        lang="en"
        loadPlayer={loadPlayer}
      />,
      { columns: 80, rows: 24 },
    );
    await until(() => expect(screen.frame()).toContain('Enter open'));
    await until(() => expect(asked).toEqual(['player']));
    screen.type('\r');
    await until(() => expect(screen.frame()).toMatch(/step 1\/10/));
    screen.unmount();
  });

  it('moves with ↑/↓ and j/k, opens with Enter, comes back with q, quits with q', async () => {
    const screen = menu();
    await until(() => expect(screen.frame()).toMatch(/› 1\. The first session/));
    screen.type('j');
    await until(() => expect(screen.frame()).toMatch(/› 2\. Removing a capability/));
    screen.type(ARROW.up);
    await until(() => expect(screen.frame()).toMatch(/› 1\. The first session/));
    screen.type(ARROW.down);
    await until(() => expect(screen.frame()).toMatch(/› 2\. Removing a capability/));
    screen.type('k');
    await until(() => expect(screen.frame()).toMatch(/› 1\. The first session/));
    // G and End go to the last lesson, g and Home to the first.
    expect(screen.frame()).toContain('q quit · g/Home/G/End first/last');
    screen.type('G');
    await until(() => expect(screen.frame()).toMatch(/› 2\. Removing a capability/));
    screen.type('g');
    await until(() => expect(screen.frame()).toMatch(/› 1\. The first session/));
    screen.type('\u001b[F');
    await until(() => expect(screen.frame()).toMatch(/› 2\. Removing a capability/));
    screen.type('\u001b[H');
    await until(() => expect(screen.frame()).toMatch(/› 1\. The first session/));

    screen.type('\r');
    await until(() => expect(screen.frame()).toContain('step 1/10'), 10_000);
    expect(screen.frame()).toContain('q menu');
    screen.type('n');
    await until(() => expect(screen.frame()).toContain('step 2/10'));
    expect(screen.save).toHaveBeenLastCalledWith(
      expect.objectContaining({
        lessons: { 'first-session': { finished: false, lastStep: 1 } },
      }),
    );

    screen.type('q');
    await until(() =>
      expect(screen.frame()).toMatch(/› 1\. The first session +2025-11-25 · in progress/),
    );
    screen.type('q');
    // The screen never saves a language: the learner did not choose one (no --lang).
    expect(screen.save.mock.calls.every(([p]) => !('lang' in p))).toBe(true);
  });

  it('keeps the choice made in the same burst of keys as Enter', async () => {
    const screen = menu();
    await until(() => expect(screen.frame()).toMatch(/› 1\. The first session/));
    screen.type('j\r');
    await until(() => expect(screen.frame()).toMatch(/step 1\/\d+/), 10_000);
    screen.type('q');
    await until(() => expect(screen.frame()).toMatch(/› 2\. Removing a capability/));
    screen.unmount();
  });

  it('reopens a lesson where the learner left it', async () => {
    const screen = menu({
      lessons: { 'first-session': { finished: false, lastStep: 4 } },
      exercises: {},
    });
    await until(() =>
      expect(screen.frame()).toMatch(/The first session +2025-11-25 · in progress/),
    );
    screen.type('\r');
    await until(() => expect(screen.frame()).toContain('step 5/10'), 10_000);
    screen.unmount();
  });

  it('speaks Chinese', async () => {
    const screen = menu({ lessons: {}, exercises: {} }, 'zh');
    await until(() => {
      const frame = screen.frame();
      expect(frame).toMatch(/› 1\. 第一次会话 +2025-11-25 · 未开始/);
      expect(frame).toContain('↑/↓ 选择 · 回车 打开 · q 退出');
    });
    screen.unmount();
  });

  for (const columns of [60, 80, 100, 160]) {
    it(`a line cut at ${columns} columns ends with "…", in Chinese as in English`, async () => {
      const course = loadLessons();
      for (const lang of ['zh', 'en'] as const) {
        const data = menuData(course, { lessons: {} }, lang);
        const screen = renderAt(
          <MenuScreen
            menu={data}
            selected={0}
            loading={false}
            notice={null}
            hints={[]}
            lang={lang}
            rows={80}
            columns={columns}
          />,
          { columns, rows: 80 },
        );
        await until(() => expect(screen.frame()).toContain(data.lessons[0]?.goal.slice(0, 4)));
        const lines = screen.frame().split('\n');
        const digits = String(data.lessons.length).length;
        let cut = 0;
        for (const lesson of data.lessons) {
          // Each lesson's line: its number and title, then the revision it teaches and its status.
          const number = `${String(lesson.number).padStart(digits)}. `;
          const line = lines.find((l) => l.slice(2).startsWith(number));
          expect(line, lesson.id).toBeDefined();
          expect(stringWidth(line ?? '')).toBeLessThanOrEqual(columns);
          expect(line, lesson.id).toMatch(new RegExp(` ${lesson.revision} · \\S+$`));
          const shown = (line ?? '').slice(2 + number.length).replace(/ +\S+ · \S+$/, '');
          if (shown === lesson.title) continue;
          cut += 1;
          expect(shown, `${lang} ${lesson.id}`).toMatch(/…$/);
          expect(lesson.title.startsWith(shown.slice(0, -1)), `${shown} | ${lesson.title}`).toBe(
            true,
          );
        }
        if (columns < 70) expect(cut).toBeGreaterThan(0);
        screen.unmount();
      }
    });
  }
});
