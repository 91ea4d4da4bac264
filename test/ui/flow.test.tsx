import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { exerciseNamed, openLesson } from '../../src/cli/lesson-source.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { LessonApp } from '../../src/ui/lesson-app.js';
import { MenuApp } from '../../src/ui/menu-app.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import type { ProgressData } from '../../src/ui/progress-update.js';
import { renderAt, until } from './render-at.js';

/** A two-lesson course: the first session (10 steps), then capability removal. */
const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-flow-'));
cpSync(join(LESSONS_DIR, '01-first-session'), join(dir, '01-first-session'), { recursive: true });
cpSync(join(LESSONS_DIR, '17-capability-removal'), join(dir, '02-capability-removal'), {
  recursive: true,
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The folder stands for the course: its last lesson is the course's last.
const listing = { ...loadLessons(dir), courseLast: 'capability-removal' };

type Progress = ProgressData & { readonly exercises: Record<string, unknown> };

function menu(
  progress: Progress = { lessons: {}, exercises: {} },
  lang: 'en' | 'zh' = 'en',
  size = { columns: 100, rows: 30 },
) {
  const save = vi.fn<(p: Progress) => void>();
  const screen = renderAt(
    <MenuApp
      listing={listing}
      open={(id) => openLesson(id, listing)}
      progress={progress}
      save={save}
      lang={lang}
    />,
    size,
  );
  return { ...screen, save };
}

const lastSaved = (save: ReturnType<typeof menu>['save'], id: string) =>
  save.mock.lastCall?.[0].lessons[id];

describe('flow through the course', () => {
  it('the menu counts the lessons done and marks, and opens on, the lesson in progress', async () => {
    const screen = menu({
      lessons: {
        'first-session': { finished: true, lastStep: 9 },
        'capability-removal': { finished: false, lastStep: 3 },
      },
      current: 'capability-removal',
      exercises: {},
    });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('Lessons · 1/2 done');
      expect(frame).toMatch(
        /› 2\. Removing a capability +2025-11-25 · in progress ◂ continue here/,
      );
    });
    screen.unmount();
    const zh = menu(
      { lessons: { 'first-session': { finished: true, lastStep: 9 } }, exercises: {} },
      'zh',
    );
    await until(() => expect(zh.frame()).toContain('课程 · 已完成 1/2'));
    zh.unmount();
  });

  it('G shows the end but does not finish the lesson; stepping onto the last step does', async () => {
    const screen = menu();
    await until(() => expect(screen.frame()).toContain('Enter open'));
    screen.type('\r');
    await until(() => expect(screen.frame()).toContain('step 1/10'), 10_000);
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('step 10/10'));
    expect(lastSaved(screen.save, 'first-session')).toEqual({ finished: false, lastStep: 9 });
    screen.type('p');
    await until(() => expect(screen.frame()).toContain('step 9/10'));
    screen.type('n');
    await until(() => expect(screen.frame()).toContain('step 10/10'));
    expect(lastSaved(screen.save, 'first-session')).toEqual({ finished: true, lastStep: 9 });
    screen.unmount();
  });

  it('n on the last step offers and opens the next lesson; the last lesson says the course ends', async () => {
    const screen = menu();
    await until(() => expect(screen.frame()).toContain('Enter open'));
    screen.type('\r');
    await until(() => expect(screen.frame()).toContain('step 1/10'), 10_000);
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('n: next lesson — Removing a capability'));
    screen.type('n');
    await until(() => expect(screen.frame()).toMatch(/Removing a capability.*step 1\//), 10_000);
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('This is the last lesson of the course'));
    screen.type('n'); // nothing more to open: the lesson stays
    screen.type('q');
    await until(() => expect(screen.frame()).toMatch(/› 2\. Removing a capability/));
    screen.unmount();
  });

  it('reopening a lesson says where it resumes, until the next key', async () => {
    const screen = menu({
      lessons: { 'first-session': { finished: false, lastStep: 4 } },
      exercises: {},
    });
    await until(() => expect(screen.frame()).toContain('Enter open'));
    screen.type('\r');
    await until(() => {
      expect(screen.frame()).toContain('step 5/10');
      expect(screen.frame()).toContain('Resuming at step 5 of 10 — g to start over');
    }, 10_000);
    // The notice follows the title, which stays (cut with … to make room); the key bar stays
    // (DESIGN.md › a key bar always visible).
    const lines = screen.frame().split('\n');
    expect(lines[0]).toMatch(/^mcp-sim · The first session\S* · .*» Resuming at step 5 of 10/);
    expect(screen.frame()).toMatch(/→\/n\/space next · .*\? help/);
    screen.type('n');
    await until(() => expect(screen.frame()).toContain('step 6/10'));
    expect(screen.frame()).not.toContain('Resuming');
    screen.unmount();
    const zh = menu(
      { lessons: { 'first-session': { finished: false, lastStep: 4 } }, exercises: {} },
      'zh',
    );
    await until(() => expect(zh.frame()).toContain('回车'));
    zh.type('\r');
    await until(() => expect(zh.frame()).toContain('从第 5 步继续（共 10 步）'), 10_000);
    zh.unmount();
  });
});

async function opened(id: string): Promise<OpenedLesson> {
  const result = await openLesson(id);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function lessonApp(
  lesson: OpenedLesson,
  autoplay: number | null,
  lang: 'en' | 'zh' = 'en',
  size = { columns: 160, rows: 45 },
) {
  return renderAt(
    <LessonApp
      lesson={lesson}
      progress={{ lessons: {} }}
      save={() => {}}
      lang={lang}
      autoplay={autoplay}
    />,
    size,
  );
}

describe('the recap names the exercise', () => {
  it('every lesson of the course names an exercise that exists', () => {
    const { lessons } = loadLessons();
    expect(lessons.length).toBeGreaterThan(0);
    for (const lesson of lessons) {
      expect(lesson.scenario.exercise, lesson.id).toBeDefined();
      expect(exerciseNamed(lesson.scenario.exercise ?? ''), lesson.id).not.toBeNull();
    }
  });

  it('in English and Chinese', async () => {
    const lesson = await opened('progress');
    expect(lesson.exercise).toEqual({ id: '01-progress', title: expect.anything() });
    for (const [lang, text] of [
      ['en', 'Exercise: Progress notifications (mcp-sim check 01-progress).'],
      ['zh', '练习：进度通知（mcp-sim check 01-progress）。'],
    ] as const) {
      const screen = lessonApp(lesson, null, lang);
      screen.type('G');
      await until(() => expect(screen.frame().replace(/\s*\n[│┃ ]*/g, ' ')).toContain(text));
      screen.unmount();
    }
  });
});

describe('autoplay and jumping', () => {
  it('shows a countdown; space pauses and plays on; : and a number go to a step', async () => {
    const lesson = await opened('first-session');
    const screen = lessonApp(lesson, 30);
    await until(() => expect(screen.frame()).toContain('▶ next step in 30 s · space pause'));
    screen.type(' ');
    await until(() => expect(screen.frame()).toContain('⏸ paused · space play on'));
    expect(screen.frame()).toContain('step 1/10');
    screen.type(':');
    await until(() => expect(screen.frame()).toContain('Go to step: ▏ (1–10'));
    screen.type('7');
    await until(() => expect(screen.frame()).toContain('Go to step: 7▏'));
    screen.type('\r');
    await until(() => expect(screen.frame()).toContain('step 7/10'));
    expect(screen.frame()).toContain('⏸ paused');
    screen.type(' ');
    await until(() => expect(screen.frame()).toContain('▶ next step in 30 s'));
    screen.unmount();
  });

  it('a countdown in Chinese, and : works without autoplay too', async () => {
    const lesson = await opened('first-session');
    const zh = lessonApp(lesson, 5, 'zh');
    await until(() => expect(zh.frame()).toContain('▶ 5 秒后下一步 · 空格 暂停'));
    zh.type(':99\r');
    await until(() => expect(zh.frame()).toContain('只有 10 步：已到最后一步。'));
    zh.unmount();
    const screen = lessonApp(lesson, null);
    await until(() => expect(screen.frame()).toContain('step 1/10'));
    screen.type(':12\r');
    await until(() => expect(screen.frame()).toContain('step 10/10'));
    // Past the end: it goes to the last step and says so, never silently.
    expect(screen.frame()).toContain('Only 10 steps: went to the last.');
    screen.type(':0\r');
    await until(() => expect(screen.frame()).toContain('step 1/10'));
    expect(screen.frame()).toContain('Steps start at 1: went to the first.');
    screen.type(':5\r');
    await until(() => expect(screen.frame()).toContain('step 5/10'));
    expect(screen.frame()).not.toContain('went to the');
    screen.type(':');
    screen.type('\u001b');
    await until(() => expect(screen.frame()).not.toContain('Go to step'));
    screen.unmount();
  });

  it(': erases a burst of Backspaces (held down, or typed faster than Ink reads them)', async () => {
    const lesson = await opened('first-session');
    const screen = lessonApp(lesson, null);
    await until(() => expect(screen.frame()).toContain('step 1/10'));
    screen.type(':123');
    await until(() => expect(screen.frame()).toContain('Go to step: 123▏'));
    screen.type('\u007f\u007f');
    await until(() => expect(screen.frame()).toContain('Go to step: 1▏'));
    screen.type('\b');
    await until(() => expect(screen.frame()).toContain('Go to step: ▏'));
    screen.type('4\r');
    await until(() => expect(screen.frame()).toContain('step 4/10'));
    screen.unmount();
  });

  it('a recording (play --autoplay) counts down too', async () => {
    const lesson = await opened('first-session');
    const screen = renderAt(
      <LessonApp
        lesson={lesson}
        progress={{ lessons: {} }}
        save={() => {}}
        lang="en"
        autoplay={4}
        mode="recording"
      />,
      { columns: 100, rows: 30 },
    );
    await until(() => expect(screen.frame()).toContain('▶ next step in 4 s'));
    screen.unmount();
  });

  it('mcp-sim lesson <id>: says where it resumes, and n on the last step opens the next lesson', async () => {
    const first = await openLesson('first-session', listing);
    if (!first.ok) throw new Error(first.error.message);
    const saved: ProgressData[] = [];
    const screen = renderAt(
      <LessonApp
        lesson={first.value}
        progress={{ lessons: { 'first-session': { finished: false, lastStep: 2 } } }}
        save={(progress: ProgressData) => {
          saved.push(progress);
        }}
        lang="en"
        autoplay={null}
        course={{ listing, open: (id) => openLesson(id, listing) }}
      />,
      { columns: 100, rows: 30 },
    );
    await until(() => expect(screen.frame()).toContain('Resuming at step 3 of 10'));
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('n: next lesson — Removing a capability'));
    // `G` only looks at the end; moving on from there with `n` finishes the lesson.
    expect(saved.at(-1)?.lessons['first-session']?.finished).toBe(false);
    // `G` only looks at the end; moving on from there with `n` finishes the lesson.
    expect(saved.at(-1)?.lessons['first-session']?.finished).toBe(false);
    screen.type('n');
    await until(() => expect(screen.frame()).toMatch(/Removing a capability.*step 1\//), 10_000);
    expect(saved.some((p) => p.lessons['first-session']?.finished)).toBe(true);
    expect(saved.some((p) => p.lessons['first-session']?.finished)).toBe(true);
    expect(screen.frame()).not.toContain('Resuming');
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('This is the last lesson of the course'));
    screen.unmount();
  });
});

describe('the help on a short screen', () => {
  it('scrolls with j/k under its title, which says how much is out of sight', async () => {
    const lesson = await opened('progress');
    const screen = lessonApp(lesson, null, 'en', { columns: 80, rows: 24 });
    await until(() => expect(screen.frame()).toContain('step 1/'));
    screen.type('?');
    const end = 'the rest below it.';
    await until(() => expect(screen.frame()).toMatch(/Keys · .*↓ \d+ more · j\/k/));
    expect(screen.frame()).not.toContain(end);
    screen.type('j'.repeat(40));
    await until(() => expect(screen.frame()).toContain(end));
    expect(screen.frame()).toMatch(/Keys · .*↑ \d+ above · j\/k/);
    // The key bar stays below the help, and every line keeps to the terminal's width.
    expect(screen.frame()).toMatch(/\? help · q quit/);
    for (const line of screen.frame().split('\n'))
      expect(stringWidth(line)).toBeLessThanOrEqual(80);
    screen.type('k'.repeat(40));
    await until(() => expect(screen.frame()).not.toContain(end));
    screen.unmount();
  });
});
