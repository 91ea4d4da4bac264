import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import { LessonPlayer } from '../../src/ui/lesson-player.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { ARROW, renderAt, renderPlayer, type Size, until, widest } from './render-at.js';

const lessons = new Map<string, OpenedLesson>();

beforeAll(async () => {
  for (const id of ['first-session', 'faults-gallery', 'modern-faults-gallery']) {
    lessons.set(id, await openedLesson(id));
  }
});

function play(id: string, size: Size, start = 0, lang: Lang = 'en') {
  const lesson = lessons.get(id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  const onQuit = vi.fn();
  const screen = renderPlayer(lesson, size, { lang, start, onQuit });
  return { ...screen, lesson, onQuit };
}

const PAGE = { down: '\u001b[6~', up: '\u001b[5~' } as const;
const SHIFT_TAB = '\u001b[Z';

/** The title of the focused pane, from its ▶ (side by side, the envelope's is mid-line). */
function focused(frame: string): string {
  for (const line of frame.split('\n')) {
    const title = /(?:^|\s)(▶(?: |C {8}S).*)$/.exec(line)?.[1];
    if (title) return title;
  }
  return '';
}
const below = (frame: string) => Number(/ ↓ (\d+) more$/.exec(focused(frame))?.[1] ?? 0);

/** Where each pane's title line is: the panes' places on the screen. */
function paneTitles(frame: string): number[] {
  const lines = frame.split('\n');
  return lines.flatMap((line, i) =>
    /(^|\s)[▶ ] (envelope ·|no envelope ·|narration( ↓| ↑|$))|^[▶ ]C {8}S timeline/.test(line)
      ? [i]
      : [],
  );
}

const SIZES = [
  { columns: 60, rows: 20 },
  { columns: 80, rows: 24 },
  { columns: 100, rows: 30 },
  { columns: 160, rows: 40 },
] as const;

describe.each(SIZES)('the panes at $columns×$rows', (size) => {
  it('moves the focus with Tab (and back with Shift+Tab), marked ▶ and not by colour alone', async () => {
    const screen = play('first-session', size, 1);
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ narration/));
    screen.type('\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ envelope · server → client/));
    screen.type('\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶C {8}S timeline/));
    screen.type('\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ narration/));
    screen.type(SHIFT_TAB);
    await until(() => expect(focused(screen.frame())).toMatch(/^▶C {8}S timeline/));
    // One pane has the focus at a time.
    expect(screen.frame().match(/(^|\s)▶[ C]/gm)).toHaveLength(1);
    screen.unmount();
  });

  it('moves the focus to the narration on the last step, in place: j reads the recap at once', async () => {
    const screen = play('first-session', size, 1);
    await until(() => expect(screen.frame().split('\n')).toHaveLength(size.rows - 1));
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ narration/));
    const places = paneTitles(screen.frame());
    screen.type('\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ envelope/));
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('step 10/10'));
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ narration/));
    // Only the focus moved: every pane is where it was.
    expect(paneTitles(screen.frame())).toEqual(places);
    const more = below(screen.frame());
    if (more > 0) {
      screen.type('j');
      await until(() => expect(focused(screen.frame())).toMatch(/^▶ narration ↑ 1 above/));
    }
    // Back one step, the focus stays on the narration.
    screen.type('p');
    await until(() => expect(screen.frame()).toContain('step 9/10'));
    expect(focused(screen.frame())).toMatch(/^▶ narration/);
    screen.unmount();
  });

  it.each(['en', 'zh'] as const)(
    'keeps the lesson’s title in the header on the last step, beside the next lesson (%s)',
    async (lang) => {
      const lesson = lessons.get('first-session') as OpenedLesson;
      const screen = renderAt(
        <LessonPlayer
          lesson={lesson}
          lang={lang}
          start={9}
          autoplay={null}
          onStep={vi.fn()}
          onQuit={vi.fn()}
          quitHint="keyMenu"
          next={{ title: { en: 'JSON-RPC envelopes', zh: 'JSON-RPC 信封' } }}
          onNext={vi.fn()}
        />,
        size,
      );
      await until(() => expect(screen.frame().split('\n')).toHaveLength(size.rows - 1));
      const title = lesson.title[lang];
      await until(() => expect(screen.frame().split('\n')[0]).toContain('» '));
      const header = screen.frame().split('\n')[0] ?? '';
      // The title whole, or its start cut with …, before the notice.
      const shown = /^mcp-sim · (.+?) · » /.exec(header)?.[1] ?? '';
      expect(shown.length).toBeGreaterThan(2);
      if (shown.endsWith('…')) expect(title.startsWith(shown.slice(0, -1))).toBe(true);
      else expect(shown.startsWith(title)).toBe(true);
      expect(header).toMatch(lang === 'en' ? /step 10\/10$/ : /步骤 10\/10$/);
      expect(widest(header)).toBeLessThanOrEqual(size.columns);
      screen.unmount();
    },
  );

  it('wraps a long string of the envelope under its field, never back at column 0', async () => {
    // Side by side (from 120 columns) the envelope starts mid-line: checked below 120.
    if (size.columns >= 120) return;
    // Step 5: tools/list's result, whose descriptions are longer than the pane is wide.
    const screen = play('first-session', size, 4);
    await until(() => expect(screen.frame()).toContain('step 5/10'));
    screen.type('\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ envelope/));
    const seen: string[] = [screen.frame()];
    for (let k = 0; k < 80 && below(screen.frame()) > 0; k++) {
      screen.type('j');
      const before = seen.at(-1);
      await until(() => expect(screen.frame()).not.toBe(before));
      seen.push(screen.frame());
    }
    // A frame with the description's first line and the line after it, both in the pane.
    const pair = seen
      .map((f) => f.split('\n'))
      .flatMap((rows) => {
        const i = rows.findIndex((l) => l.includes('"description": "Gets the current'));
        const next = rows[i + 1];
        return i >= 0 && next !== undefined && !/narration/.test(next) ? [[rows[i], next]] : [];
      })[0];
    expect(pair).toBeDefined();
    const [head = '', next = ''] = pair ?? [];
    // The string goes on on the next line, at least as far in as its field.
    expect(head).not.toMatch(/",?$/);
    const field = head.indexOf('"description"');
    const text = /[^ ]/.exec(next)?.index ?? 0;
    expect(text).toBeGreaterThanOrEqual(field);
    screen.unmount();
  });

  it('ends the key bar with a whole hint (then … if more follow), and names Tab and e where there is room', async () => {
    const screen = play('first-session', size, 1);
    await until(() => expect(screen.frame().split('\n')).toHaveLength(size.rows - 1));
    const bar = screen.frame().split('\n').at(-1) ?? '';
    expect(bar).toMatch(/^→\/n\/space next · .*[a-z]( …)?$/);
    expect(bar.replace(/ …$/, '')).not.toContain('…');
    // From 80 columns on, Tab and e stay (an envelope longer than its pane is read with them);
    // first/last and the violations give way first.
    if (size.columns >= 80) expect(bar).toContain(' · Tab pane · e fields');
    if (size.columns >= 160) expect(bar).toMatch(/ · v violations · g\/G first\/last$/);
    screen.unmount();
  });

  it('keeps Tab and e in the Chinese key bar too', async () => {
    const screen = play('first-session', size, 1, 'zh');
    await until(() => expect(screen.frame().split('\n')).toHaveLength(size.rows - 1));
    const bar = screen.frame().split('\n').at(-1) ?? '';
    expect(bar).toMatch(/^→\/n\/空格 下一步 · /);
    if (size.columns >= 80) expect(bar).toContain(' · Tab 切换窗格 · e 字段树');
    expect(widest(screen.frame())).toBeLessThanOrEqual(size.columns);
    screen.unmount();
  });

  it('scrolls the envelope with j/k and PgDn/PgUp, and says how much more there is', async () => {
    const screen = play('first-session', size, 4);
    screen.type('\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ envelope/));
    const first = below(screen.frame());
    expect(first).toBeGreaterThan(0);
    screen.type('j');
    await until(() => expect(below(screen.frame())).toBe(first - 1));
    screen.type(PAGE.down);
    await until(() => expect(below(screen.frame())).toBeLessThan(first - 1));
    screen.type('j'.repeat(first));
    await until(() => expect(focused(screen.frame())).toMatch(/ ↑ \d+ above$/));
    screen.type(PAGE.up.repeat(1) + 'k'.repeat(first));
    await until(() => expect(below(screen.frame())).toBe(first));
    screen.unmount();
  });

  it('shows every value of a long envelope whole, a line at a time, long strings wrapped', async () => {
    const screen = play('first-session', size, 4);
    screen.type('\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ envelope/));
    const seen = [screen.frame()];
    while (below(screen.frame()) > 0) {
      const before = screen.frame();
      screen.type('j');
      await until(() => expect(screen.frame()).not.toBe(before));
      seen.push(screen.frame());
    }
    const squash = (text: string) => text.replace(/\s+/g, '');
    // The envelope pane's lines in a frame: below its title, from its title's column, down to the
    // narration's title. Each j brings one more line at the bottom: the first frame's lines and
    // then each frame's last one are the whole envelope (a value that wraps to more lines than
    // the pane has is read across frames).
    const paneLines = (frame: string) => {
      const rows = frame.split('\n');
      const top = rows.findIndex((l) => /▶ envelope/.test(l));
      const column = rows[top]?.indexOf('▶ envelope') ?? 0;
      const end = rows.findIndex((l, i) => i > top && /^[▶ ] narration/.test(l));
      return rows.slice(top + 1, end).map((l) => l.slice(column));
    };
    const content = [...paneLines(seen[0] ?? ''), ...seen.slice(1).map((f) => paneLines(f).at(-1))];
    const all = squash(content.join('\n'));
    const values = (v: unknown): string[] =>
      v !== null && typeof v === 'object' ? Object.values(v).flatMap(values) : [JSON.stringify(v)];
    const message = screen.lesson.steps[4]?.message;
    expect(values(message).some((v) => v.length > size.columns)).toBe(true);
    for (const value of values(message)) expect(all).toContain(squash(value));
    // The meanings after the JSON, to the last one: the pane's height counts every wrapped line.
    for (const a of screen.lesson.steps[4]?.annotations ?? []) {
      expect(all).toContain(squash(`${a.pointer} ${a.text.en}`));
    }
    for (const frame of seen) expect(widest(frame)).toBeLessThanOrEqual(size.columns);
    screen.unmount();
  });

  it('scrolls the timeline back to the first message and forward to the step on screen', async () => {
    // A lesson with more messages than the timeline has rows at every size (its split gives the
    // timeline the rows the narration leaves: faults-gallery's 20 fit at 160×40).
    const screen = play('modern-faults-gallery', size, 29);
    const first = /│───────▶│ +tools\/list #1(?!\d)/;
    screen.type('\t\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶C {8}S timeline ↑ \d+ above/));
    expect(screen.frame()).not.toMatch(first);
    screen.type('k'.repeat(60));
    await until(() => expect(focused(screen.frame())).toMatch(/^▶C {8}S timeline ↓ \d+ more/));
    expect(screen.frame()).toMatch(first);
    screen.type('j'.repeat(60));
    await until(() => expect(focused(screen.frame())).toMatch(/^▶C {8}S timeline ↑ \d+ above/));
    expect(screen.frame()).toMatch(/›│◀───✗───│ ✗ resources\/read #15/);
    screen.unmount();
  });

  it('keeps every pane in its place and size from step to step', async () => {
    const screen = play('faults-gallery', size);
    const count = screen.lesson.steps.length;
    await until(() => expect(screen.frame().split('\n')).toHaveLength(size.rows - 1));
    const places = paneTitles(screen.frame());
    // Side by side from 120 columns, the timeline's and the envelope's titles share a line.
    expect(places).toHaveLength(size.columns >= 120 ? 2 : 3);
    for (let k = 2; k <= count; k++) {
      screen.type('n');
      await until(() => expect(screen.frame()).toContain(`step ${k}/${count}`));
      expect(paneTitles(screen.frame())).toEqual(places);
    }
    for (const frame of screen.framesSinceResize()) {
      expect(widest(frame)).toBeLessThanOrEqual(size.columns);
      expect(frame.split('\n')).toHaveLength(size.rows - 1);
    }
    screen.unmount();
  });

  it('opens the envelope as a field tree with e: fold, unfold, find, and back with q', async () => {
    const screen = play('first-session', size, 0);
    await until(() => expect(screen.frame()).toContain('step 1/10'));
    screen.type('e');
    await until(() =>
      expect(focused(screen.frame())).toMatch(/^▶ fields · envelope · client → server/),
    );
    // The tree's own keys in the key bar's place; the header keeps the lesson's title.
    const lines = screen.frame().split('\n');
    expect(lines.at(-1)).toMatch(/q\/Esc/);
    expect(lines[0]).toMatch(/^mcp-sim · The first session/);
    // Unfolded, the cursor on the whole message; the meaning area names the field.
    expect(screen.frame()).toMatch(/^ *›▾ \{$/m);
    expect(screen.frame()).toContain('"clientInfo": {');
    // The root has no note of its own, and no fields above it to point at.
    expect(screen.frame()).toContain('The whole envelope');
    expect(screen.frame()).not.toContain('see the fields above it');
    // One number, one meaning: no number repeats in the tree's gutter (capabilities and
    // capabilities/elicitation each have their own).
    const gutter = screen
      .frame()
      .split('\n')
      .slice(1, -1)
      .flatMap((l) => /^(\d+) +[ ›]/.exec(l)?.slice(1, 2) ?? []);
    expect(gutter.length).toBeGreaterThan(1);
    expect(new Set(gutter).size).toBe(gutter.length);
    screen.type('jj');
    await until(() => expect(screen.frame()).toMatch(/^\d* *› +"id": 1$/m));
    expect(screen.frame()).toMatch(/^\d+ \/id$/m);
    screen.type('jj');
    await until(() => expect(screen.frame()).toMatch(/› +▾ "params": \{$/m));
    screen.type(ARROW.left);
    await until(() => expect(screen.frame()).toMatch(/› +▸ "params": \{…3\}$/m));
    expect(screen.frame()).not.toContain('"clientInfo"');
    screen.type(ARROW.right);
    await until(() => expect(screen.frame()).toContain('"clientInfo": {'));
    screen.type('\r');
    await until(() => expect(screen.frame()).toMatch(/▸ "params": \{…3\}$/m));
    // Finding a field unfolds what is above it.
    screen.type('/elicit');
    await until(() => expect(screen.frame()).toContain('Find: elicit▏'));
    screen.type('\r');
    await until(() => expect(screen.frame()).toMatch(/› +"elicitation": \{\}$/m));
    expect(screen.frame()).toMatch(/^\d+ \/params\/capabilities\/elicitation$/m);
    expect(screen.frame()).toContain('Can ask');
    // n with a single match says so, rather than nothing; with several it counts them.
    expect(screen.frame()).toContain('The only match: “elicit”');
    screen.type('n');
    await until(() => expect(screen.frame()).toContain('The only match: “elicit”'));
    screen.type('/client\r');
    const count = /(\d) of (\d): “client” · n next/;
    await until(() => expect(screen.frame()).toMatch(count));
    const [, first, of] = count.exec(screen.frame()) ?? [];
    expect(Number(of)).toBeGreaterThan(1);
    screen.type('n');
    const second = (Number(first) % Number(of)) + 1;
    await until(() => expect(screen.frame()).toContain(`${second} of ${of}: “client”`));
    screen.type('j');
    await until(() => expect(screen.frame()).not.toContain('“client”'));
    // A burst of Backspaces erases what was typed (they were dropped as unknown keys).
    screen.type('/elicitxx');
    await until(() => expect(screen.frame()).toContain('Find: elicitxx▏'));
    screen.type('\u007f\u007f');
    await until(() => expect(screen.frame()).toContain('Find: elicit▏'));
    screen.type('\u001b');
    await until(() => expect(screen.frame()).not.toContain('Find:'));
    screen.type('/nowhere\r');
    await until(() => expect(screen.frame()).toContain('No field holds “nowhere”.'));
    screen.type('q');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ narration/));
    expect(screen.frame()).toContain('step 1/10');
    expect(screen.onQuit).not.toHaveBeenCalled();
    for (const frame of screen.framesSinceResize()) {
      expect(widest(frame)).toBeLessThanOrEqual(size.columns);
    }
    screen.unmount();
  });
});

describe('the field tree and bursts of keys', () => {
  it('opens on the step a burst went to ("ne"), and q q closes it, then quits', async () => {
    const screen = play('first-session', { columns: 80, rows: 24 }, 0);
    await until(() => expect(screen.frame().split('\n')).toHaveLength(23));
    screen.type('ne');
    await until(() =>
      expect(focused(screen.frame())).toMatch(/^▶ fields · envelope · server → client/),
    );
    expect(screen.frame()).toContain('step 2/10');
    screen.type('qq');
    await until(() => expect(screen.onQuit).toHaveBeenCalledTimes(1));
    screen.unmount();
  });
});

describe('the field tree in Chinese', () => {
  it('keeps its columns and shows the meaning in Chinese', async () => {
    const size = { columns: 60, rows: 20 };
    // The last step: notifications/initialized with an id, whose /id has the lesson's own meaning.
    const last = lessons
      .get('faults-gallery')
      ?.steps.findIndex((s) => s.fault === 'notification-with-id');
    if (last === undefined || last < 0) throw new Error('no notification-with-id step');
    const screen = play('faults-gallery', size, last, 'zh');
    screen.type('e');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ 字段 · 消息/));
    screen.type('/id\r');
    await until(() => expect(screen.frame()).toContain('问题所在'));
    expect(screen.frame()).toMatch(/第 \d 个，共 \d 个：“id”|唯一的匹配：“id”/);
    for (const frame of screen.framesSinceResize()) {
      expect(widest(frame)).toBeLessThanOrEqual(size.columns);
    }
    screen.type('\u001b');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ 说明/));
    screen.unmount();
  });
});

describe('a line scrolled out of the narration pane stays out (Ink does not intersect nested clips)', () => {
  it.each(['en', 'zh'] as const)(
    'the verdict line scrolled above the pane is not drawn over its title (%s)',
    async (lang) => {
      const screen = play('first-session', { columns: 80, rows: 24 }, 9, lang);
      const title = lang === 'en' ? '▶ narration' : '▶ 说明';
      await until(() => expect(focused(screen.frame())).toMatch(new RegExp(`^${title}`)));
      screen.type('j');
      const above = lang === 'en' ? '↑ 1 above' : '↑ 上面 1 行';
      await until(() => expect(screen.frame()).toContain(above));
      const row =
        screen
          .frame()
          .split('\n')
          .find((l) => l.includes(above)) ?? '';
      expect(row.startsWith(title)).toBe(true);
      const allowed = lang === 'en' ? '✓ allowed by the rules' : '✓ 符合规则';
      expect(screen.frame()).not.toContain(allowed);
      screen.unmount();
    },
  );
});

describe('the panes after a resize', () => {
  it('scrolled to the end, then made taller: k moves the pane at once', async () => {
    const screen = play('first-session', { columns: 100, rows: 24 }, 4);
    screen.type('\t');
    await until(() => expect(focused(screen.frame())).toMatch(/^▶ envelope/));
    screen.type('j'.repeat(60));
    await until(() => expect(focused(screen.frame())).toMatch(/ ↑ \d+ above$/));
    screen.resize({ columns: 100, rows: 27 });
    await until(() => expect(screen.frame().split('\n')).toHaveLength(26));
    const above = (frame: string) => Number(/ ↑ (\d+) above$/.exec(focused(frame))?.[1] ?? 0);
    const top = above(screen.frame());
    expect(top).toBeGreaterThan(1);
    // One line back from the end: one line is out of sight below.
    screen.type('k');
    await until(() => expect(below(screen.frame())).toBe(1));
    screen.unmount();
  });
});
