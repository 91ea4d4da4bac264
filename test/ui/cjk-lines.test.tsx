import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { breakCjk } from '../../src/ui/cjk-lines.js';
import { NarrationView } from '../../src/ui/components/narration-view.js';
import { RecapBox } from '../../src/ui/components/recap-box.js';
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
