import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import textWidth from '../../src/ui/text-width.js';
import { SIMPLE_WIDTH_RANGES } from '../../src/ui/width-table.js';
import { simpleWidthRanges } from '../../src/ui/width-table-gen.js';

/** Every code point of the table, as [code point, width]. */
function tableEntries(): [number, number][] {
  const entries: [number, number][] = [];
  for (let i = 0; i < SIMPLE_WIDTH_RANGES.length; i += 3) {
    const [first = 0, last = 0, width = 0] = SIMPLE_WIDTH_RANGES.subarray(i, i + 3);
    for (let cp = first; cp <= last; cp++) entries.push([cp, width]);
  }
  return entries;
}

const table = tableEntries();
const fromTable = fc.constantFrom(...table.map(([cp]) => String.fromCodePoint(cp)));
// What else a terminal frame holds: ASCII, colour codes, and characters the table leaves to
// string-width (combining marks, emoji and their joiners, jamo, controls, astral CJK).
const ascii = fc.string({ unit: 'grapheme-ascii', maxLength: 4 });
const ansi = fc.constantFrom('\u001B[1m', '\u001B[22m', '\u001B[31m', '\u001B[39m', '\u009B2m');
const other = fc.constantFrom(
  '\u0301',
  '\u200D',
  '\uFE0F',
  '\u1100',
  '\u1161',
  '\u11A8',
  '\t',
  '\n',
  '\u0000',
  '\u00AD',
  '🎉',
  '👩‍💻',
  '🇨🇳',
  '1\u20E3',
  '𠀋',
  '\uD800',
  '\uFF9E',
  'ﾞ',
  '\u0E33',
  'क्',
);

describe('textWidth (string-width without its slow path)', () => {
  it('has a table made from the installed string-width', () => {
    expect([...SIMPLE_WIDTH_RANGES], 'run `npx tsx scripts/gen-width-table.ts`').toEqual(
      simpleWidthRanges(),
    );
  });

  it('gives every code point of the table the width string-width gives it', () => {
    const wrong = table.filter(([cp, width]) => {
      const char = String.fromCodePoint(cp);
      return textWidth(char) !== width || stringWidth(char) !== width;
    });
    expect(wrong.map(([cp]) => cp.toString(16))).toEqual([]);
    // and the table covers what a frame is made of
    for (const char of '│─╭╮╰╯▶●○…·→←✓✗步骤课程结束：，。（）「」ａ') {
      expect(
        table.some(([cp]) => cp === char.codePointAt(0)),
        char,
      ).toBe(true);
    }
  });

  it('agrees with string-width on any mix of table characters, ASCII, ANSI codes and the rest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fromTable, fromTable, ascii, ansi, other), { maxLength: 24 }),
        (parts) => {
          const text = parts.join('');
          expect(textWidth(text)).toBe(stringWidth(text));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees on the cases that go the slow way, and passes options through', () => {
    for (const text of [
      'e\u0301',
      '👩‍💻 done',
      '\u001B[1m步骤\u001B[22m',
      '한글',
      '\u1100\u1161',
      '',
      '\t',
    ]) {
      expect(textWidth(text), JSON.stringify(text)).toBe(stringWidth(text));
      expect(textWidth(text), 'a second time, remembered').toBe(stringWidth(text));
    }
    expect(textWidth('…±', { ambiguousIsNarrow: false })).toBe(4);
    expect(textWidth('\u001B[1m', { countAnsiEscapeCodes: true })).toBe(
      stringWidth('\u001B[1m', { countAnsiEscapeCodes: true }),
    );
  });
});
