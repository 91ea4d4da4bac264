import fc from 'fast-check';
import { renderToString } from 'ink';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import { describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { tr } from '../../src/i18n/lang.js';
import { STRINGS, sentences } from '../../src/i18n/strings.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { breakCjk, breakCjkParts } from '../../src/ui/cjk-lines.js';
import { HelpOverlay } from '../../src/ui/components/help-overlay.js';
import { NarrationView } from '../../src/ui/components/narration-view.js';
import { RecapBox } from '../../src/ui/components/recap-box.js';
import { VerdictLine, verdictHeight } from '../../src/ui/components/verdict-line.js';
import { screenRun } from '../helpers/screen.js';
import { renderAt, until } from './render-at.js';

const CLOSING = '，。、；：！？）」』】》”';

/** Chinese prose with the odd number, name or space in it, as the lessons have. */
const prose = fc
  .array(
    fc.oneof(
      fc.constantFrom(...'客户端服务器发送请求响应通知进度令牌取消能力协商版本'.split('')),
      fc.constantFrom(...CLOSING.split('')),
      fc.constantFrom('（', '“', ' ', ' 2 ', 'tools/list', '-32601', 'notifications/progress'),
    ),
    { minLength: 1, maxLength: 120 },
  )
  .map((parts) => parts.join(''));

describe('breakCjk', () => {
  it('leaves a text without CJK exactly as it was', () => {
    const english = 'A notification: no id, so no answer will ever come.';
    expect(breakCjk(english, 20)).toBe(english);
  });

  it('fills each line before breaking, between characters, never starting one with a closing mark', () => {
    fc.assert(
      fc.property(prose, fc.integer({ min: 12, max: 100 }), (text, width) => {
        fc.pre(/[\u4e00-\u9fff]/.test(text)); // without CJK the text is Ink's to wrap, untouched
        const lines = breakCjk(text, width).split('\n');
        for (const [i, line] of lines.entries()) {
          expect(stringWidth(line), line).toBeLessThanOrEqual(width);
          const next = lines[i + 1];
          if (next === undefined || next === '') continue;
          // Greedy: the next line's first character (with the closing marks riding on it)
          // would not have fitted on this one.
          const first = [...next][0] ?? '';
          if (!/[\u4e00-\u9fff]/.test(first)) continue;
          const unit = /^.[，。、；：！？）」』】》”]*/u.exec(next)?.[0] ?? first;
          if (stringWidth(unit) > width) continue; // cut by columns: it fills from where it is
          expect(stringWidth(line) + stringWidth(unit), `${line} | ${next}`).toBeGreaterThan(width);
          expect(CLOSING.includes(first)).toBe(false);
        }
        // Nothing is lost but the spaces a line break stands in for.
        expect(lines.join('').replaceAll(' ', '')).toBe(text.replaceAll(' ', ''));
        // Ink (wrap-ansi, hard, untrimmed) keeps the lines as they are.
        const joined = lines.join('\n');
        expect(wrapAnsi(joined, width, { trim: false, hard: true })).toBe(joined);
      }),
    );
  });

  it('no longer leaves a short line before a long Chinese run (wrap-ansi breaks only at spaces)', () => {
    const text = '其中 2 条由你的代码发出，裁判逐条检查它们是否遵守协议的规则，并指出每一处违规。';
    const byInk = wrapAnsi(text, 36, { trim: false, hard: true }).split('\n');
    expect(byInk[0]).toBe('其中 2 ');
    const lines = breakCjk(text, 36).split('\n');
    expect(stringWidth(lines[0] ?? '')).toBe(35); // 查 would make 37
    expect(lines.length).toBeLessThanOrEqual(byInk.length);
  });
});

describe('the lesson screen sets Chinese with it', () => {
  const note = '其中 2 条由你的代码发出，裁判逐条检查它们是否遵守协议的规则，并指出每一处违规。';

  it('narration fills its lines', async () => {
    const screen = renderAt(<NarrationView events={[]} note={note} width={36} />, {
      columns: 36,
      rows: 10,
    });
    await until(() =>
      expect(screen.frame().split('\n')[0]).toBe('其中 2 条由你的代码发出，裁判逐条检'),
    );
    screen.unmount();
  });

  it('so does the recap, its head included', async () => {
    const screen = renderAt(<RecapBox recap={note} lang="zh" width={40} />, {
      columns: 40,
      rows: 10,
    });
    await until(() => expect(screen.frame()).toContain('课程结束 · 小结：其中 2 条由你的代码发'));
    const lines = screen.frame().split('\n');
    expect(lines[1]).toMatch(/^┃ 出，裁判/);
    screen.unmount();
  });
});

describe('Chinese everywhere on screen is broken the way the narration is', () => {
  const removal = loadLessons().lessons.find((l) => l.id === 'capability-removal');

  /** Rows of a text block, without the bar / border, each trimmed of its padding. */
  const rowsOf = (frame: string) =>
    frame
      .split('\n')
      .map((line) => line.replace(/^[┃│╭╰]\s?|\s?[│╮╯]$/g, '').replace(/\s+$/, ''))
      .filter((line) => line !== '');

  /**
   * Each row but a paragraph's last is full: what starts the next row (a word of other scripts, or
   * one CJK character with the closing marks that ride with it) did not fit after it. Ink's own
   * wrapping broke only at ASCII spaces and left rows half empty.
   */
  function expectFilled(rows: readonly string[], width: number, lastOf: (row: string) => boolean) {
    rows.forEach((row, i) => {
      const next = rows[i + 1];
      if (next === undefined || lastOf(row)) return;
      const unit = /^(?:[\x21-\x7e]+|.[，。、；：！？）」』】》”]*)/u.exec(next)?.[0] ?? '';
      expect(stringWidth(row) + 1 + stringWidth(unit), `${row}\n${next}`).toBeGreaterThan(width);
    });
  }

  it('breakCjkParts keeps each part apart, line by line', () => {
    const lines = breakCjkParts(
      ['✗ 违反规则：rule-id', ' — ', '服务器没有声明这个能力却发送了通知'],
      20,
    );
    expect(lines.map((l) => l.map(([, t]) => t).join(''))).toEqual(
      breakCjk('✗ 违反规则：rule-id — 服务器没有声明这个能力却发送了通知', 20).split('\n'),
    );
    expect(lines[0]?.[0]).toEqual([0, '✗ 违反规则：rule-id']);
    expect(breakCjkParts(['a', ' b'], 10)).toEqual([
      [
        [0, 'a'],
        [1, ' b'],
      ],
    ]);
  });

  it.each([60, 80])('callouts (%i columns)', async (columns) => {
    if (!removal) throw new Error('no lesson capability-removal');
    const played = await screenRun(removal.scenario);
    if (!played.ok) throw new Error(played.error.message);
    const violations = played.value.steps.flatMap((s) => s.report?.violations ?? []);
    expect(violations.length).toBeGreaterThan(0);
    const frame = stripAnsi(
      renderToString(<VerdictLine violations={violations} lang="zh" width={columns} />, {
        columns,
      }),
    );
    const rows = rowsOf(frame);
    expect(rows.length).toBe(verdictHeight(violations, 'zh', columns));
    // A callout's rows, up to its spec line, are full.
    expectFilled(rows, columns - 2, (row) => rows[rows.indexOf(row) + 1]?.startsWith('§') ?? true);
  });

  it.each([60, 80])('the help overlay (%i columns)', (columns) => {
    const hints = [{ keys: 'q', text: '退出', actions: ['quit'] }];
    const frame = stripAnsi(
      renderToString(<HelpOverlay hints={hints} lang="zh" saves width={columns} />, { columns }),
    );
    const help = sentences('zh', tr(STRINGS.help, 'zh'), tr(STRINGS.helpSaved, 'zh'));
    const rows = rowsOf(frame);
    const start = rows.findIndex((row) => help.startsWith(row));
    const end = rows.findIndex((row) => help.endsWith(row));
    expect(start).toBeGreaterThan(0);
    expectFilled(rows.slice(start, end + 1), columns - 4, () => false);
  });
});
