import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTopic } from '../../src/sim/compare/topics.js';
import { CompareApp } from '../../src/ui/compare-app.js';
import { type CompareModel, compareModel } from '../../src/ui/compare-model.js';
import { ARROW, renderAt, until, widest } from './render-at.js';

let en: CompareModel;
let zh: CompareModel;
/** Its last row has a legacy step and no modern one. */
let cancellation: CompareModel;

beforeAll(async () => {
  const played = await openTopic('two-eras');
  if (!played.ok) throw new Error(played.error.message);
  en = compareModel(played.value, 'en');
  zh = compareModel(played.value, 'zh');
  const cancel = await openTopic('cancellation');
  if (!cancel.ok) throw new Error(cancel.error.message);
  cancellation = compareModel(cancel.value, 'en');
});

const lines = (frame: string) => frame.split('\n');

describe('the compare view', () => {
  it('at 120 columns: both eras side by side, the difference above, and they step together', async () => {
    const ui = renderAt(<CompareApp model={en} lang="en" />, { columns: 120, rows: 40 });
    await until(() => expect(ui.frame()).toContain('Row 1 of 13'));
    const first = ui.frame();
    expect(lines(first).length).toBeLessThanOrEqual(40);
    expect(widest(first)).toBeLessThanOrEqual(120);
    expect(first).toContain('Difference: The legacy client opens with initialize');
    // One line holds both columns' titles: they are side by side.
    expect(
      lines(first).some(
        (l) => l.includes('2025-11-25 · handshake era') && l.includes('2026-07-28 · stateless'),
      ),
    ).toBe(true);
    expect(first).toMatch(/"method": "initialize"/);
    expect(first).toMatch(/"method": "server\/discover"/);
    expect(first.match(/✓ allowed by the rules/g)?.length).toBe(2);
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 2 of 13'));
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 3 of 13'));
    // Row 3: initialized has no modern counterpart, and the view says so.
    expect(ui.frame()).toContain('no step on this side');
    ui.type(ARROW.left);
    await until(() => expect(ui.frame()).toContain('Row 2 of 13'));
    ui.type('G');
    await until(() => expect(ui.frame()).toContain('Row 13 of 13'));
    ui.type('g');
    await until(() => expect(ui.frame()).toContain('Row 1 of 13'));
    ui.unmount();
  });

  it('at 80×24 the two sessions alternate: a row’s legacy step, then its modern step, labelled', async () => {
    const ui = renderAt(<CompareApp model={en} lang="en" />, { columns: 80, rows: 24 });
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2025-11-25 · handshake era'));
    const first = ui.frame();
    expect(lines(first).length).toBeLessThanOrEqual(24);
    expect(widest(first)).toBeLessThanOrEqual(80);
    expect(first).not.toContain('server/discover #');
    // What does not fit is counted, not cut silently; j scrolls to it.
    expect(first).toMatch(/↓ \d+ more \(j\)/);
    ui.type('jjjjjjjjjjjjjjjjjjjj');
    await until(() => expect(ui.frame()).toMatch(/↑ \d+ above \(k\)/));
    expect(ui.frame()).toContain('"version": "1.0.0"');
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2026-07-28 · stateless'));
    expect(ui.frame()).toContain('server/discover #server-discover-probe-1');
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 2 of 13 · 2025-11-25'));
    ui.type('p');
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2026-07-28'));
    ui.unmount();
  });

  it('follows a resize: from two columns to alternating and back, on the same row', async () => {
    const ui = renderAt(<CompareApp model={en} lang="en" />, { columns: 120, rows: 40 });
    await until(() => expect(ui.frame()).toContain('Row 1 of 13'));
    ui.type('n');
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 3 of 13'));
    ui.resize({ columns: 80, rows: 24 });
    // Row 3 has no modern step: the narrow view shows the legacy one and says so.
    await until(() => expect(ui.frame()).toContain('Row 3 of 13 · 2025-11-25 · handshake era'));
    expect(ui.frame()).toContain('2026-07-28 · stateless: no step on this side');
    expect(widest(ui.frame())).toBeLessThanOrEqual(80);
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 4 of 13 · 2025-11-25'));
    ui.resize({ columns: 120, rows: 40 });
    await until(() => expect(ui.frame()).not.toContain('Row 4 of 13 · 2025-11-25'));
    expect(ui.frame()).toContain('Row 4 of 13');
    ui.unmount();
  });

  it('scrolled to the bottom, then made taller: k moves up at once (the offset follows the new limit)', async () => {
    const ui = renderAt(<CompareApp model={en} lang="en" />, { columns: 80, rows: 24 });
    await until(() => expect(ui.frame()).toMatch(/↓ \d+ more \(j\)/));
    // Far past the bottom: j stops at the last line.
    ui.type('j'.repeat(40));
    await until(() => expect(ui.frame()).not.toMatch(/↓ \d+ more \(j\)/));
    // Taller: fewer lines are out of sight above, and the limit of the scroll is lower.
    ui.resize({ columns: 80, rows: 26 });
    // Its last row left free (one-row-free.test.tsx).
    await until(() => expect(ui.frame().split('\n').length).toBe(25));
    const bottom = ui.frame();
    expect(bottom).toMatch(/↑ \d+ above \(k\)/);
    // One k shows one more line at the top, and so one line below goes out of sight.
    ui.type('k');
    await until(() => expect(ui.frame()).toMatch(/↓ 2 more \(j\)/));
    expect(ui.frame()).not.toBe(bottom);
    ui.unmount();
  });

  it('in Chinese at 80 columns, the help lists the keys and any key closes it', async () => {
    const ui = renderAt(<CompareApp model={zh} lang="zh" />, { columns: 80, rows: 24 });
    await until(() => expect(ui.frame()).toContain('第 1 行，共 13 行 · 2025-11-25 · 旧时代'));
    expect(widest(ui.frame())).toBeLessThanOrEqual(80);
    expect(ui.frame()).toContain('区别：');
    ui.type('?');
    await until(() => expect(ui.frame()).toContain('按任意键关闭帮助'));
    ui.type('x');
    await until(() => expect(ui.frame()).toContain('第 1 行，共 13 行'));
    // Esc too closes the help (without the help open, Esc and q quit the view).
    ui.type('?');
    await until(() => expect(ui.frame()).toContain('按任意键关闭帮助'));
    ui.type('\u001b');
    await until(() => expect(ui.frame()).toContain('第 1 行，共 13 行'));
    ui.unmount();
  });

  it.each([
    { columns: 80, rows: 24 },
    { columns: 99, rows: 30 },
  ])(
    'stacked at $columns×$rows, a row with no modern step keeps the legacy side on top, as the wide columns do',
    async (size) => {
      const last = cancellation.rows.at(-1);
      expect(last?.legacy).not.toBeNull();
      expect(last?.modern).toBeNull();
      const ui = renderAt(<CompareApp model={cancellation} lang="en" />, size);
      await until(() => expect(ui.frame()).toContain('Row 1 of 7'));
      ui.type('G');
      await until(() => expect(ui.frame()).toContain('Row 7 of 7 · 2025-11-25 · handshake era'));
      const body = lines(ui.frame());
      const legacy = body.findIndex((l) => l.trim() === '2025-11-25 · handshake era');
      const modern = body.findIndex((l) =>
        l.includes('2026-07-28 · stateless: no step on this side'),
      );
      expect(legacy).toBeGreaterThan(0);
      expect(modern).toBeGreaterThan(legacy);
      expect(widest(ui.frame())).toBeLessThanOrEqual(size.columns);
      // Stepping up to it gives the same order.
      ui.type('g');
      await until(() => expect(ui.frame()).toContain('Row 1 of 7'));
      ui.type('nnnnnnnnnnnnnnnnnnnn');
      await until(() => expect(ui.frame()).toContain('Row 7 of 7'));
      const stepped = lines(ui.frame());
      expect(
        stepped.findIndex((l) => l.includes('stateless: no step on this side')),
      ).toBeGreaterThan(stepped.findIndex((l) => l.trim() === '2025-11-25 · handshake era'));
      ui.unmount();
    },
  );

  it('a key pressed as soon as a resize is drawn moves in the new layout: G stacked is the last row’s 2026-07-28 step', async () => {
    const ui = renderAt(<CompareApp model={en} lang="en" />, { columns: 120, rows: 40 });
    await until(() => expect(ui.frame()).toContain('Row 1 of 13'));
    ui.resize({ columns: 80, rows: 24 });
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2025-11-25 · handshake era'));
    ui.type('G');
    await until(() => expect(ui.frame()).toContain('Row 13 of 13 · 2026-07-28 · stateless'));
    ui.resize({ columns: 120, rows: 40 });
    await until(() => expect(ui.frame()).not.toContain('Row 13 of 13 · 2026-07-28'));
    // Side by side, the first row holds both sides: n from row 1 is row 2, not row 1's other side.
    ui.type('g');
    await until(() => expect(ui.frame()).toContain('Row 1 of 13'));
    ui.resize({ columns: 80, rows: 24 });
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2025-11-25'));
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2026-07-28 · stateless'));
    ui.unmount();
  });

  it('n on the last row says it is the last and what to press; the next key clears it', async () => {
    const ui = renderAt(<CompareApp model={en} lang="en" />, { columns: 120, rows: 40 });
    await until(() => expect(ui.frame()).toContain('Row 1 of 13'));
    ui.type('G');
    await until(() => expect(ui.frame()).toContain('Row 13 of 13'));
    expect(ui.frame()).not.toContain('This is the last row');
    ui.type('n');
    await until(() =>
      expect(ui.frame()).toContain(
        '» This is the last row: g goes back to the first row, q quits.',
      ),
    );
    expect(ui.frame()).toContain('Row 13 of 13');
    expect(lines(ui.frame()).length).toBeLessThanOrEqual(40);
    ui.type('k');
    await until(() => expect(ui.frame()).not.toContain('This is the last row'));
    ui.type('g');
    await until(() => expect(ui.frame()).toContain('Row 1 of 13'));
    ui.type('p');
    await until(() => expect(ui.frame()).toContain('» This is the first row: n or → moves on.'));
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 2 of 13'));
    expect(ui.frame()).not.toContain('This is the first row');
    ui.unmount();
  });

  it.each([
    {
      lang: 'en',
      first: 'Row 1 of 13 · 2025-11-25',
      last: 'Row 13 of 13 · 2026-07-28',
      said: '» This is the last row’s last step: g goes back to the first row, q quits.',
    },
    {
      lang: 'zh',
      first: '第 1 行，共 13 行 · 2025-11-25',
      last: '第 13 行，共 13 行 · 2026-07-28',
      said: '» 这是最后一行的最后一步：g 回到第一行，q 退出。',
    },
  ] as const)(
    'stacked at 80×24 ($lang), n on the last step says so, within the screen',
    async ({ lang, first, last, said }) => {
      const ui = renderAt(<CompareApp model={lang === 'en' ? en : zh} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      await until(() => expect(ui.frame()).toContain(first));
      ui.type('G');
      await until(() => expect(ui.frame()).toContain(last));
      // A burst past the end moves nothing either.
      ui.type('nn');
      await until(() => expect(ui.frame()).toContain(said));
      expect(ui.frame()).toContain(last);
      expect(lines(ui.frame()).length).toBeLessThanOrEqual(24);
      expect(widest(ui.frame())).toBeLessThanOrEqual(80);
      ui.type('g');
      await until(() => expect(ui.frame()).toContain(first));
      expect(ui.frame()).not.toContain(said);
      ui.unmount();
    },
  );

  it('q with the help open closes the help and leaves the view running; a second q quits', async () => {
    const ui = renderAt(<CompareApp model={en} lang="en" />, { columns: 80, rows: 24 });
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2025-11-25'));
    const listening = () => ui.stdin.listenerCount('readable') > 0;
    expect(listening()).toBe(true);
    ui.type('?');
    await until(() => expect(ui.frame()).toContain('any key closes this help'));
    ui.type('q');
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2025-11-25'));
    expect(listening()).toBe(true);
    ui.type('n');
    await until(() => expect(ui.frame()).toContain('Row 1 of 13 · 2026-07-28'));
    ui.type('q');
    await until(() => expect(listening()).toBe(false));
    ui.unmount();
  });

  it.each([
    {
      lang: 'en',
      keys: ['→/n/space', '←/p', 'g/G', '↓/j ↑/k', 'q/Esc'],
      first: 'first/last row',
    },
    {
      lang: 'zh',
      keys: ['→/n/空格', '←/p', 'g/G', '↓/j ↑/k', 'q/Esc'],
      first: '第一行 / 最后一行',
    },
  ] as const)(
    'the help ($lang) names the keys as the lesson’s help does, and g/G by rows',
    async ({ lang, keys, first }) => {
      for (const size of [
        { columns: 80, rows: 24 },
        { columns: 120, rows: 40 },
      ]) {
        const ui = renderAt(<CompareApp model={lang === 'en' ? en : zh} lang={lang} />, size);
        await until(() => expect(ui.frame()).toContain(lang === 'en' ? 'Row 1 of 13' : '第 1 行'));
        // The key bar names g/G by rows too, and still fits q at 80 columns.
        expect(lines(ui.frame()).at(-1)).toContain(`g/G ${first}`);
        expect(lines(ui.frame()).at(-1)).toContain(lang === 'en' ? 'q quit' : 'q 退出');
        ui.type('?');
        await until(() => expect(ui.frame()).toContain(lang === 'en' ? 'Keys' : '按键'));
        const help = lines(ui.frame());
        for (const k of keys) expect(help.some((l) => l.startsWith(`${k} `))).toBe(true);
        expect(ui.frame()).not.toContain('n space');
        expect(help.find((l) => l.startsWith('g/G'))).toContain(first);
        expect(widest(ui.frame())).toBeLessThanOrEqual(size.columns);
        ui.unmount();
      }
    },
  );

  it.each([
    {
      lang: 'en',
      said: '→ Learn it in a lesson: mcp-sim lesson two-eras',
      row: 'Row 13 of 13',
    },
    { lang: 'zh', said: '→ 在课程中学习：mcp-sim lesson two-eras', row: '第 13 行，共 13 行' },
  ] as const)(
    'the last row ($lang) names the lesson that teaches the topic, as a command; no other row does',
    async ({ lang, said, row }) => {
      for (const size of [
        { columns: 80, rows: 24 },
        { columns: 120, rows: 40 },
      ]) {
        const ui = renderAt(<CompareApp model={lang === 'en' ? en : zh} lang={lang} />, size);
        await until(() => expect(ui.frame()).toContain(lang === 'en' ? 'Row 1 of 13' : '第 1 行'));
        expect(ui.frame()).not.toContain('mcp-sim lesson');
        ui.type('G');
        await until(() => expect(ui.frame()).toContain(row));
        expect(ui.frame()).toContain(said);
        expect(lines(ui.frame()).length).toBeLessThanOrEqual(size.rows);
        expect(widest(ui.frame())).toBeLessThanOrEqual(size.columns);
        ui.type('p');
        await until(() => expect(ui.frame()).not.toContain(said));
        ui.unmount();
      }
    },
  );

  it('two lessons for a topic wrap within 80 columns, every command whole', async () => {
    const played = await openTopic('versions');
    if (!played.ok) throw new Error(played.error.message);
    const model = compareModel(played.value, 'en');
    expect(model.lessons).toEqual(['version-negotiation', 'versions-without-negotiation']);
    const ui = renderAt(<CompareApp model={model} lang="en" />, { columns: 80, rows: 24 });
    await until(() => expect(ui.frame()).toContain('Row 1 of'));
    ui.type('G');
    await until(() => expect(ui.frame()).toContain('Learn it in a lesson:'));
    const shown = lines(ui.frame());
    expect(shown.some((l) => l.includes('mcp-sim lesson version-negotiation'))).toBe(true);
    expect(shown.some((l) => l.includes('mcp-sim lesson versions-without-negotiation'))).toBe(true);
    expect(lines(ui.frame()).length).toBeLessThanOrEqual(24);
    expect(widest(ui.frame())).toBeLessThanOrEqual(80);
    ui.unmount();
  });

  it('the help in Chinese breaks its text between characters, not only at its few spaces', async () => {
    const size = { columns: 60, rows: 20 };
    const ui = renderAt(<CompareApp model={zh} lang="zh" />, size);
    await until(() => expect(ui.frame()).toContain('第 1 行'));
    ui.type('?');
    await until(() => expect(ui.frame()).toContain('按任意键关闭帮助'));
    const help = lines(ui.frame());
    const from = help.findIndex((l) => l.startsWith('两个会话一起前进'));
    const to = help.findIndex((l) => l.startsWith('按任意键关闭帮助'));
    const about = help.slice(from, to);
    expect(about.join('')).toContain('终端窄于 100 列时');
    // Each line is full: the next one's first character would not have fitted after it (Ink
    // wrapping at spaces left "…终端窄于 100" short, with "列时，两个会话交替显示：…" below).
    const room = size.columns - 1;
    for (let i = 0; i + 1 < about.length; i++) {
      // What the next line starts with: one Chinese character, or a word ("2026-07-28") and its space.
      const next = /^(?:\p{Script=Han}|[^\s\p{Script=Han}]+)/u.exec(about[i + 1] ?? '')?.[0] ?? '';
      const gap = /\p{Script=Han}/u.test(next) ? 0 : 1;
      expect(stringWidth(about[i] ?? '') + gap + stringWidth(next)).toBeGreaterThan(room);
    }
    ui.unmount();
  });
});
