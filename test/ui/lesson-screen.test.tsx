import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { ARROW, renderPlayer, type Size, until, widest } from './render-at.js';

const lessons = new Map<string, OpenedLesson>();

beforeAll(async () => {
  for (const id of ['first-session', 'progress', 'capability-removal']) {
    lessons.set(id, await openedLesson(id));
  }
});

function play(id: string, size: Size, options: { lang?: Lang; start?: number } = {}) {
  const lesson = lessons.get(id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  const onStep = vi.fn();
  const onQuit = vi.fn();
  const screen = renderPlayer(lesson, size, {
    lang: options.lang ?? 'en',
    start: options.start ?? 0,
    onStep,
    onQuit,
  });
  return { ...screen, lesson, onStep, onQuit };
}

/** A side's current phase on the strip: `client ● operation`, or lit among all three on wide screens. */
const phase = (side: string, name: string) => new RegExp(`${side} (?:○ \\S+ )*● ${name}`);

/** Every frame drawn at this size fits its width (Ink measures with string-width, so do we). */
function expectFits(screen: ReturnType<typeof play>, size: Size) {
  for (const frame of screen.framesSinceResize()) {
    expect(widest(frame)).toBeLessThanOrEqual(size.columns);
    expect(frame.split('\n').length).toBeLessThan(size.rows);
  }
}

describe.each([60, 80, 100])('the lesson screen at %i columns', (columns) => {
  const size = { columns, rows: 24 };

  it('shows title, step, both phases, the envelope and the narration', async () => {
    const screen = play('first-session', size);
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('The first session');
      expect(frame).toContain('step 1/10');
      expect(frame).toMatch(phase('client', 'initialization'));
      expect(frame).toMatch(phase('server', 'initialization'));
      expect(frame).toContain('"method": "initialize"');
      expect(frame).toContain('Every MCP session starts the same way');
      expect(frame).toContain('✓ allowed by the rules');
      expect(frame).toContain('→/n/space next');
    });
    expectFits(screen, size);
    screen.unmount();
  });

  it('steps with n, a burst of nn, p, arrows, g and G', async () => {
    const screen = play('first-session', size);
    await until(() => expect(screen.frame()).toContain('step 1/10'));
    screen.type('n');
    await until(() => expect(screen.frame()).toContain('step 2/10'));
    expect(screen.frame()).toMatch(phase('client', 'operation'));
    expect(screen.frame()).toMatch(phase('server', 'initialization'));
    screen.type('nn');
    await until(() => expect(screen.frame()).toContain('step 4/10'));
    screen.type('p');
    await until(() => expect(screen.frame()).toContain('step 3/10'));
    screen.type(ARROW.right);
    await until(() => expect(screen.frame()).toContain('step 4/10'));
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('step 10/10'));
    // The recap is at the end of the narration pane: j scrolls past it (a frame a line).
    for (let k = 0; k < 30 && !screen.frame().includes('Recap:'); k++) {
      const before = screen.frame();
      screen.type('j');
      await until(() => expect(screen.frame()).not.toBe(before));
    }
    expect(screen.frame()).toContain('Recap:');
    screen.type('g');
    await until(() => expect(screen.frame()).toContain('step 1/10'));
    expect(screen.frame()).not.toContain('Recap:');
    expect(screen.onStep.mock.calls.map(([i]) => i)).toEqual([0, 1, 3, 2, 3, 9, 0]);
    expectFits(screen, size);
    screen.unmount();
  });
});

describe('what the lesson screen tells the learner', () => {
  it('names the broken rule, its message and spec section (lesson 3, undeclared notification)', async () => {
    const screen = play('capability-removal', { columns: 80, rows: 24 });
    screen.type('G');
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('step 8/8');
      // The fault (undeclared-notification) named by the rule the referee reported, as `v` lists it.
      expect(frame).toContain('fault: capability-not-negotiated');
      expect(frame).toContain('✗ rule broken: capability-not-negotiated');
      expect(frame).toContain('"method": "notifications/tools/list_changed"');
    });
    screen.type('jj');
    await until(() => expect(screen.frame()).toContain('§ 2025-11-25/basic/lifecycle › Operation'));
    screen.type('j'.repeat(30));
    await until(() => expect(screen.frame()).toContain('End of lesson · Recap:'));
    expectFits(screen, { columns: 80, rows: 24 });
    screen.unmount();
  });

  it('shows a progress bar with token and value/total (lesson 2, second progress step)', async () => {
    const screen = play('progress', { columns: 80, rows: 24 }, { start: 5 });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('step 6/12');
      expect(frame).toMatch(/progress token "progress-2" .*█.*░.* 2\/4 step 2 of 4/);
    });
    screen.type('p');
    await until(() => expect(screen.frame()).toMatch(/ 1\/4 step 1 of 4/));
    screen.type('pp');
    await until(() => expect(screen.frame()).toContain('step 3/12'));
    expect(screen.frame()).not.toContain('progress token');
    screen.unmount();
  });

  it('speaks Chinese with --lang zh and keeps its columns', async () => {
    const size = { columns: 60, rows: 24 };
    const screen = play('first-session', size, { lang: 'zh' });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('第一次会话');
      expect(frame).toContain('步骤 1/10');
      expect(frame).toMatch(phase('客户端', '初始化'));
      expect(frame).toContain('每个 MCP 会话都以同样的方式开始');
      expect(frame).toContain('→/n/空格 下一步');
    });
    screen.type('n');
    await until(() => expect(screen.frame()).toContain('服务器支持 2025-11-25'));
    expectFits(screen, size);
    screen.unmount();
  });

  it.each([
    ['first-session', 60],
    ['first-session', 80],
    ['capability-removal', 60],
  ] as const)(
    'keeps every Chinese frame of %s within %i columns, step by step',
    async (id, columns) => {
      // Cut on a wide character, Ink's truncation comes out a column too wide; the views clip it.
      const size = { columns, rows: 24 };
      const screen = play(id, size, { lang: 'zh' });
      const count = screen.lesson.steps.length;
      for (let k = 1; k <= count; k++) {
        await until(() => expect(screen.frame()).toContain(`步骤 ${k}/${count}`));
        if (k < count) screen.type('n');
      }
      expectFits(screen, size);
      screen.unmount();
    },
  );

  it('marks annotated fields and lists their meanings by JSON pointer', async () => {
    const screen = play('first-session', { columns: 100, rows: 40 }, { start: 1 });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toMatch(/^3 +"protocolVersion": "2025-11-25",$/m);
    });
    // The meanings below the JSON: Tab to the envelope, then scroll it.
    screen.type('\t');
    await until(() => expect(screen.frame()).toMatch(/^▶ envelope/m));
    screen.type('j'.repeat(30));
    await until(() => {
      const frame = screen.frame();
      expect(frame).toMatch(/^3 \/result\/protocolVersion The revision the server chose/m);
      expect(frame).toContain('/result/capabilities/tools/listChanged Will announce changes');
    });
    screen.unmount();
  });

  it('says "↓ n more" in a pane’s title and keeps everything else on a small screen', async () => {
    const size = { columns: 60, rows: 16 };
    const screen = play('first-session', size, { start: 4 });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toMatch(/^ {2}envelope · .* ↓ \d+ more$/m);
      expect(frame).toContain('step 5/10');
      expect(frame).toContain('✓ allowed');
      expect(frame).toContain('One tool, weather_current.');
      expect(frame).toContain('? help');
    });
    expectFits(screen, size);
    screen.unmount();
  });

  it('follows a resize, side by side from 120 columns', async () => {
    const screen = play('first-session', { columns: 80, rows: 24 }, { start: 3 });
    await until(() => expect(screen.frame()).toContain('step 4/10'));
    screen.resize({ columns: 130, rows: 40 });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toMatch(/ C {8}S timeline +envelope · client → server · request/);
      expect(frame).toContain('╭');
      expect(frame).toMatch(/›│───────▶│ {3}tools\/list #2/);
    });
    expectFits(screen, { columns: 130, rows: 40 });
    screen.unmount();
  });

  it('shows a closed transport as a step without an envelope', async () => {
    const lesson = lessons.get('first-session');
    const last = lesson?.steps[9];
    if (!lesson || !last) throw new Error('no step 10 of the first session');
    const closed = {
      ...last,
      direction: 'client->server' as const,
      message: null,
      report: null,
      closedBy: 'client' as const,
    };
    lessons.set('closing', {
      ...lesson,
      id: 'closing',
      steps: [...lesson.steps.slice(0, 9), closed],
    });
    const screen = play('closing', { columns: 80, rows: 24 }, { start: 9 });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('step 10/10');
      expect(frame).toContain('no envelope · the client closes the transport');
      expect(frame).toContain('›│✕       │   the client closes the transport');
      expect(frame).toContain('✓ allowed by the rules');
    });
    screen.unmount();
  });

  it('opens help with ? and closes it with Esc; q asks to quit', async () => {
    const screen = play('first-session', { columns: 80, rows: 24 });
    screen.type('?');
    await until(() => expect(screen.frame()).toContain('?, Esc or q closes this help'));
    screen.type('\u001b');
    await until(() => expect(screen.frame()).not.toContain('closes this help'));
    screen.type('q');
    await until(() => expect(screen.onQuit).toHaveBeenCalledOnce());
    screen.unmount();
  });

  it.each([
    ['en', '?, Esc or q closes this help'],
    ['zh', '按 ?、Esc 或 q 关闭帮助'],
  ] as const)(
    'q with the help open closes the help; a second q quits (%s)',
    async (lang, close) => {
      const screen = play('first-session', { columns: 80, rows: 24 }, { lang });
      screen.type('?');
      await until(() => expect(screen.frame()).toContain(close));
      screen.type('q');
      await until(() => expect(screen.frame()).not.toContain(close));
      expect(screen.onQuit).not.toHaveBeenCalled();
      // ? then q in one burst: the help opens and closes, nothing quits.
      screen.type('?q');
      await until(() => expect(screen.frame()).toContain(lang === 'en' ? 'step 1/' : '步骤 1/'));
      expect(screen.frame()).not.toContain(close);
      expect(screen.onQuit).not.toHaveBeenCalled();
      screen.type('q');
      await until(() => expect(screen.onQuit).toHaveBeenCalledOnce());
      screen.unmount();
    },
  );
});
