import fc from 'fast-check';
import { Box, renderToString, Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { boundText, ellipsize, ellipsized } from '../../src/ui/bound-text.js';

const line = (text: string, width: number) =>
  renderToString(
    <Box width={width} overflowX="hidden">
      <Text wrap="truncate-end">{text}</Text>
    </Box>,
    { columns: 200 },
  );

// Letters, CJK, emoji with and without joiners, combining marks, variation selectors.
const piece = fc.constantFrom(
  'a',
  'Z',
  ' ',
  '·',
  '你',
  '好',
  '🙂',
  '👩‍💻',
  'é',
  'e\u0301',
  '\u0301',
  '\u200d',
  '\ufe0f',
  '☺\ufe0f',
  'ｶ',
);

describe('boundText', () => {
  it('leaves short text alone and cuts long text after columns + 1 visible characters', () => {
    expect(boundText('hello', 10)).toBe('hello');
    expect(boundText('abcdefghij', 3)).toBe('abcd');
    expect(boundText('你好你好你好', 2)).toBe('你好你');
    expect(boundText(`ab${'\u0301'.repeat(20)}cdef`, 2)).toBe(`ab${'\u0301'.repeat(20)}c`);
  });

  it('draws exactly what Ink draws from the whole text, at every width', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (parts, width) => {
          const text = parts.join('');
          expect(line(boundText(text, width), width)).toBe(line(text, width));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never cuts inside a grapheme joined by zero-width joiners', () => {
    const joined = ['👩‍💻', '\u200d', '👩‍💻'].join('');
    expect(line(boundText(joined, 2), 2)).toBe(line(joined, 2));
    expect(boundText(`${joined}ab`, 1)).toBe(`${joined}a`);
  });

  it('a bound too small would change the line (the test can fail)', () => {
    const text = 'The first session: watch a client and a server shake hands';
    expect(line(text.slice(0, 10), 20)).not.toBe(line(text, 20));
  });
});

describe('ellipsized', () => {
  it('is ellipsize in two parts: what is kept, and whether a … follows', () => {
    expect(ellipsized('abcdef', 4)).toEqual({ head: 'abc', cut: true });
    expect(ellipsized('abcd', 4)).toEqual({ head: 'abcd', cut: false });
    // A wide character that would straddle the edge is left out: one column short, never over.
    expect(ellipsized('第一次会话', 6)).toEqual({ head: '第一', cut: true });
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (text, width) => {
        const { head, cut } = ellipsized(text, width);
        expect(ellipsize(text, width)).toBe(cut ? `${head}…` : head);
      }),
    );
  });
});
