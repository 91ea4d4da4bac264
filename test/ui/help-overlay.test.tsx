import { renderToString } from 'ink';
import stripAnsi from 'strip-ansi';
import { describe, expect, it } from 'vitest';
import { tr } from '../../src/i18n/lang.js';
import { STRINGS, sentences } from '../../src/i18n/strings.js';
import { HelpOverlay } from '../../src/ui/components/help-overlay.js';
import { LEGEND, legendArrow } from '../../src/ui/components/timeline-legend.js';
import { ARROWS, CURRENT_MARK, UNKNOWN_METHOD } from '../../src/ui/sequence-rows.js';
import { SEVERITY_MARK } from '../../src/ui/violation-list.js';

const hints = [{ keys: 'q', text: 'quit', actions: ['quit'] }];

/** The overlay's text lines at `columns`, without its border. */
function linesAt(lang: 'en' | 'zh', columns: number): string[] {
  return stripAnsi(
    renderToString(<HelpOverlay hints={hints} lang={lang} saves width={columns} />, { columns }),
  )
    .split('\n')
    .map((line) => line.replace(/^[│╭╰]\s?|\s?[│╮╯]$/g, '').trim());
}

describe('the help overlay', () => {
  it.each(['en', 'zh'] as const)(
    'says where progress is kept only when it is kept (%s)',
    (lang) => {
      const lesson = renderToString(<HelpOverlay hints={hints} lang={lang} saves width={100} />, {
        columns: 100,
      });
      const recording = renderToString(
        <HelpOverlay hints={hints} lang={lang} saves={false} width={100} />,
        {
          columns: 100,
        },
      );
      expect(lesson).toContain('.mcp-sim/progress.json');
      expect(recording).not.toContain('progress.json');
      expect(recording).toContain(lang === 'en' ? 'referee' : '裁判');
    },
  );

  it('explains every mark a timeline row can show: each arrow, each severity, ›, ? #id', () => {
    const symbols = LEGEND.map(([symbol]) => symbol);
    for (const arrow of Object.values(ARROWS)) expect(symbols).toContain(legendArrow(arrow.right));
    expect(Object.values(ARROWS).map((a) => legendArrow(a.right))).toEqual([
      '──▶',
      '┄┄▶',
      '──✗──▶',
      '··?··▶',
      '✕',
      '──╳',
    ]);
    for (const mark of Object.values(SEVERITY_MARK)) expect(symbols).toContain(mark);
    expect(symbols).toContain(CURRENT_MARK);
    expect(symbols).toContain(`${UNKNOWN_METHOD} #999`);
    // The two severities are told apart without colour.
    expect(SEVERITY_MARK.error).not.toBe(SEVERITY_MARK.warning);
    // The time and summary columns, as a row draws them.
    expect(symbols.some((s) => /^\+\d/.test(s))).toBe(true);
    expect(symbols.some((s) => s.startsWith('· '))).toBe(true);
  });

  describe.each(['en', 'zh'] as const)('the legend (%s)', (lang) => {
    const items = LEGEND.map(([symbol, meaning]) => `${symbol} ${tr(STRINGS[meaning], lang)}`);

    it('separates its items with something other than the summary column’s “·”', () => {
      const text = linesAt(lang, 400).join('');
      expect(text).not.toContain('· · ');
      expect(text).toContain(`${items.at(-2)}${tr(STRINGS.legendSeparator, lang)}${items.at(-1)}`);
    });

    it.each([60, 64, 70, 76, 80, 90, 100, 120, 160])(
      'keeps each mark on one line with its meaning at %i columns',
      (columns) => {
        const lines = linesAt(lang, columns);
        for (const item of items) {
          expect(
            lines.some((line) => line.includes(item)),
            `${item} at ${columns}:\n${lines.join('\n')}`,
          ).toBe(true);
        }
        // The title stays with the first item.
        expect(
          lines.some((line) =>
            line.includes(sentences(lang, tr(STRINGS.legendTimeline, lang), items[0] ?? '')),
          ),
        ).toBe(true);
      },
    );
  });

  it('in a 2026-07-28 session speaks of _meta, not of a lifecycle or negotiated capabilities', () => {
    for (const lang of ['en', 'zh'] as const) {
      const text = renderToString(
        <HelpOverlay hints={hints} lang={lang} saves modern width={400} />,
        {
          columns: 400,
        },
      );
      expect(text).toContain(tr(STRINGS.helpModern, lang));
      expect(text).not.toContain(tr(STRINGS.help, lang));
    }
    expect(tr(STRINGS.helpModern, 'en')).not.toMatch(/lifecycle|negotiated/);
  });

  it('joins Chinese sentences without a space, English ones with one', () => {
    const zh = linesAt('zh', 400).join('');
    expect(zh).toContain(`${tr(STRINGS.help, 'zh')}${tr(STRINGS.helpSaved, 'zh')}`);
    expect(zh).not.toMatch(/。 /);
    expect(linesAt('en', 400).join('')).toContain(
      `${tr(STRINGS.help, 'en')} ${tr(STRINGS.helpSaved, 'en')}`,
    );
    expect(sentences('zh', '一。', '', '二。')).toBe('一。二。');
    expect(sentences('en', 'One.', '', 'Two.')).toBe('One. Two.');
  });
});
