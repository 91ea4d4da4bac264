import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { MenuScreen } from '../../src/ui/components/menu-screen.js';
import { keyHints, MENU_KEYS } from '../../src/ui/keymap.js';
import { menuData } from '../../src/ui/menu-items.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { renderAt, renderPlayer, type Size, until, widest } from './render-at.js';

const opened = new Map<string, Promise<OpenedLesson>>();

function lesson(id: string): Promise<OpenedLesson> {
  let known = opened.get(id);
  if (!known) {
    known = openedLesson(id);
    opened.set(id, known);
  }
  return known;
}

async function play(id: string, size: Size, start: number, lang: Lang = 'en') {
  const opened = await lesson(id);
  const screen = renderPlayer(opened, size, {
    lang,
    start: start < 0 ? opened.steps.length + start : start,
  });
  // Drawn again at this size (the fake terminal starts at 100×24, so no size here is that one).
  expect(size).not.toEqual({ columns: 100, rows: 24 });
  await until(() => expect(screen.framesSinceResize().length).toBeGreaterThan(0));
  expect(screen.frame().split('\n')).toHaveLength(size.rows - 1);
  return { ...screen, lesson: opened };
}

/** Text without its wrapping: no spaces, line ends or the bars that mark a callout or the recap. */
const squash = (text: string) => text.replace(/[\s┃]/g, '');

/** The frame shows `text` whole (however it wraps). */
function showsWhole(frame: string, text: string): boolean {
  return squash(frame).includes(squash(text));
}

const SIZES = {
  60: { columns: 60, rows: 20 },
  80: { columns: 80, rows: 24 },
  100: { columns: 100, rows: 30 },
};

/** The scroll note in the title of the focused pane (`▶`): lines below, or above at the end. */
function focusedNote(frame: string): { below: number; above: number } {
  const title = frame.split('\n').find((l) => l.startsWith('▶')) ?? '';
  return {
    below: Number(/ ↓ \D*(\d+)\D*$/.exec(title)?.[1] ?? 0),
    above: Number(/ ↑ \D*(\d+)\D*$/.exec(title)?.[1] ?? 0),
  };
}

type Screen = Awaited<ReturnType<typeof play>>;

/** Presses `key` once a frame until the focused pane has nothing more below: every frame seen. */
async function scrollToEnd(screen: Screen, key = 'j'): Promise<string[]> {
  const seen = [screen.frame()];
  for (let k = 0; k < 200 && focusedNote(screen.frame()).below > 0; k++) {
    const before = screen.frame();
    screen.type(key);
    await until(() => expect(screen.frame()).not.toBe(before));
    seen.push(screen.frame());
  }
  return seen;
}

describe.each([60, 80, 100] as const)('step text that does not fit, at %i columns', (columns) => {
  const size = SIZES[columns];

  it.each(['en', 'zh'] as const)(
    'scrolls the narration pane to the end of the recap with j and back with k (%s)',
    async (lang) => {
      const screen = await play('capability-lab', size, -1, lang);
      const recap = screen.lesson.recap[lang];
      const frame = screen.frame();
      const below = lang === 'en' ? /^▶ narration ↓ \d+ more$/m : /^▶ 说明 ↓ 还有 \d+ 行$/m;
      const above = lang === 'en' ? /^▶ narration ↑ \d+ above$/m : /^▶ 说明 ↑ 上面 \d+ 行$/m;
      expect(frame).toMatch(below);
      expect(showsWhole(frame, recap)).toBe(false);
      const seen = await scrollToEnd(screen);
      expect(screen.frame()).toMatch(above);
      // Line by line, the whole recap came by.
      expect(showsWhole(squash(seen.join('')), squash(recap).slice(-30))).toBe(true);
      screen.type('k'.repeat(seen.length + 5));
      // Back at the top: the step as it opened.
      await until(() => expect(screen.frame()).toBe(frame));
      for (const f of screen.framesSinceResize()) {
        expect(widest(f)).toBeLessThanOrEqual(size.columns);
        expect(f.split('\n').length).toBeLessThan(size.rows);
      }
      screen.unmount();
    },
  );

  it('scrolls a long narration with the arrows, line by line, and starts each step at its top', async () => {
    const screen = await play('client-primitives', size, 16);
    const first = focusedNote(screen.frame()).below;
    if (first === 0) {
      // The pane has the room (100×30): the narration shows whole, nothing to scroll.
      expect(showsWhole(screen.frame(), screen.lesson.steps[16]?.note.en ?? '')).toBe(true);
      screen.unmount();
      return;
    }
    screen.type('\u001b[B');
    await until(() => expect(focusedNote(screen.frame()).below).toBe(first - 1));
    await scrollToEnd(screen);
    screen.type('\u001b[A');
    await until(() => expect(focusedNote(screen.frame()).below).toBe(1));
    screen.type('n');
    // Step 18 of 42: lesson 14 goes on with URL-mode elicitation, roots and their faults after it.
    await until(() => expect(screen.frame()).toContain('step 18/42'));
    // The next step opens at the top of each pane.
    expect(focusedNote(screen.frame()).above).toBe(0);
    expect(screen.frame()).toMatch(/^▶ narration/m);
    screen.unmount();
  });

  it('names the keys in the help, which keeps every key whole on the smallest screen', async () => {
    for (const rows of [size.rows, 16]) {
      const screen = await play('first-session', { columns, rows }, 0);
      screen.type('?');
      await until(() => expect(screen.frame()).toContain('Keys · ?, Esc or q closes this help'));
      const frame = screen.frame();
      for (const key of [
        /│ →\/n\/space +next +│/,
        /│ ←\/p +back +│/,
        /│ g\/G +first\/last +│/,
        /│ \? +help +│/,
        /│ q +quit +│/,
        /│ ↓\/j ↑\/k +scroll the focused pane; PgDn\/PgUp a page +│/,
      ]) {
        expect(frame).toMatch(key);
      }
      if (rows > 16) {
        expect(frame).toMatch(/│ Tab +focus the next pane/);
        expect(frame).toMatch(/│ e +the envelope as a field tree/);
      }
      screen.unmount();
    }
  });
});

describe('every lesson’s last step can be read to its end', () => {
  // Each lesson in both languages and at both sizes, the pairs taking turns from lesson to lesson
  // (English at 80×24 and Chinese at 60×20, then the other way round): every recap is read in each
  // language and at each size, and each language at each size in half the course.
  const cases = loadLessons(LESSONS_DIR).lessons.map((l, i) => {
    const turn = i % 2 === 0;
    const runs: Array<[Lang, Size]> = [
      ['en', turn ? SIZES[80] : SIZES[60]],
      ['zh', turn ? SIZES[60] : SIZES[80]],
    ];
    const name = runs.map(([lang, size]) => `${lang} at ${size.columns}×${size.rows}`).join(', ');
    return [l.id, name, runs] as const;
  });
  it.each(cases)('%s, %s', async (id, _, runs) => {
    for (const [lang, size] of runs) {
      const screen = await play(id, size, -1, lang);
      screen.type('j'.repeat(80));
      const recap = screen.lesson.recap[lang];
      await until(() => {
        expect(focusedNote(screen.frame()).below).toBe(0);
        expect(showsWhole(screen.frame(), squash(recap).slice(-30))).toBe(true);
      });
      screen.unmount();
    }
  });
});

/** The numbers beside the JSON lines, and the numbers in front of the meanings. */
function numbers(frames: readonly string[]) {
  const gutter = new Set<string>();
  const listed = new Set<string>();
  for (const frame of frames) {
    for (const line of frame.split('\n')) {
      const json = /^(\d+) +["{[\]}]/.exec(line);
      if (json?.[1]) gutter.add(json[1]);
      const meaning = /^(\d+) +\//.exec(line);
      if (meaning?.[1]) listed.add(meaning[1]);
    }
  }
  return { gutter, listed };
}

/** Tab to the envelope pane, then scroll it to its end: every frame on the way. */
async function wholeEnvelope(screen: Screen): Promise<string[]> {
  screen.type('\t');
  await until(() => expect(screen.frame()).toMatch(/^▶ (envelope|no envelope)/m));
  return scrollToEnd(screen);
}

describe.each([60, 80, 100] as const)('field meanings at %i columns', (columns) => {
  const size = SIZES[columns];

  it.each([
    ['first-session', 0],
    ['first-session', 1],
    ['progress', 11],
  ] as const)(
    'every number beside the envelope has its meaning in the pane (%s, step %i)',
    async (id, index) => {
      const screen = await play(id, size, index);
      const { gutter, listed } = numbers(await wholeEnvelope(screen));
      expect(listed.size).toBeGreaterThan(0);
      expect([...listed].sort()).toEqual([...gutter].sort());
      screen.unmount();
    },
  );

  it('gives each annotated field its own line and number, and starts every meaning with a capital', async () => {
    const screen = await play('first-session', { columns, rows: 40 }, 0);
    const frames = await wholeEnvelope(screen);
    const all = frames.join('\n');
    // capabilities and capabilities/elicitation both have a meaning: not folded onto one line.
    expect(all).not.toContain('"capabilities": { "elicitation": {} }');
    const numberOf = (text: string) =>
      /^(\d+) /.exec(all.split('\n').find((l) => l.includes(text)) ?? '')?.[1];
    const parent = numberOf('"capabilities": {');
    const child = numberOf('"elicitation": {}');
    expect(parent).toBeDefined();
    expect(child).toBeDefined();
    expect(child).not.toBe(parent);
    expect(all).toMatch(new RegExp(`^${parent} +/params/capabilities [A-Z]`, 'm'));
    expect(all).toMatch(new RegExp(`^${child} +/params/capabilities/elicitation Can ask`, 'm'));
    for (const meaning of all.matchAll(/^\d+ +\/\S+ (\S)/gm)) {
      expect(meaning[1]).not.toMatch(/[a-z]/);
    }
    screen.unmount();
  });

  it('writes a key holding / as the key, in quotes, not as a JSON-Pointer escape (~1)', async () => {
    const screen = await play('versions-without-negotiation', SIZES[columns], 2);
    const all = (await wholeEnvelope(screen)).join('\n');
    expect(squash(all)).toContain(
      squash('/params/_meta/"io.modelcontextprotocol/protocolVersion"'),
    );
    expect(all).not.toContain('~1');
    // The field tree's meaning area names the field the same way.
    screen.type('e/protocolVersion\r');
    await until(() =>
      expect(screen.frame()).toMatch(
        /^\d+ \/params\/_meta\/"io\.modelcontextprotocol\/protocolVersion"$/m,
      ),
    );
    expect(screen.frame()).not.toContain('~1');
    screen.unmount();
  });

  it('shows the HTTP request a POSTed envelope came with, above its JSON (lesson modern-http)', async () => {
    const opened = await lesson('modern-http');
    const index = opened.steps.findIndex((s) => s.fault === 'mismatched-headers');
    const step = opened.steps[index];
    expect(step?.headers?.['mcp-name']).toBe('db_query');
    const screen = await play('modern-http', SIZES[columns], index);
    const all = (await wholeEnvelope(screen)).join('\n');
    const post = all.indexOf('POST /mcp');
    expect(post).toBeGreaterThan(-1);
    expect(all).toContain('Mcp-Name: db_query');
    expect(all).toContain('MCP-Protocol-Version: 2026-07-28');
    expect(post).toBeLessThan(all.indexOf('"jsonrpc"'));
    screen.unmount();
  });

  it('keeps the fault’s name whole in the envelope’s title, and never hides a meaning', async () => {
    const opened = await lesson('progress');
    const index = opened.steps.findIndex((s) => s.fault === 'progress-after-completion');
    const screen = await play('progress', SIZES[columns], index);
    const title = screen
      .frame()
      .split('\n')
      .find((l) => l.includes(' · fault: '));
    expect(title).toMatch(/ · fault: progress-after-completion( ↓ \d+ more)?$/);
    expect(screen.frame()).not.toContain('hidden');
    screen.unmount();
  });
});

describe.each([60, 80, 100])('the menu at %i columns', (columns) => {
  it('starts every title in one column, for one- and two-digit numbers, one line a lesson', async () => {
    const menu = menuData(loadLessons(LESSONS_DIR), { lessons: {} }, 'en');
    expect(menu.lessons.length).toBeGreaterThanOrEqual(10);
    const screen = renderAt(
      <MenuScreen
        menu={menu}
        selected={11}
        loading={false}
        notice={null}
        hints={keyHints(MENU_KEYS, 'en')}
        lang="en"
        rows={80}
        columns={columns}
      />,
      { columns, rows: 80 },
    );
    await until(() => expect(screen.frame()).toContain('12. '));
    const lines = screen.frame().split('\n');
    const starts = new Set<number>();
    let checked = 0;
    lines.forEach((line, i) => {
      const title = /^[› ] +\d+\. /.exec(line);
      if (!title) return;
      starts.add(title[0].length);
      // The next line is the next lesson (or the end of the list): the goal is not repeated there.
      expect(/^[› ] +\d+\. /.test(lines[i + 1] ?? '') || checked === menu.lessons.length - 1).toBe(
        true,
      );
      checked += 1;
    });
    expect(checked).toBe(menu.lessons.length);
    expect([...starts]).toHaveLength(1);
    screen.unmount();
  });
});
