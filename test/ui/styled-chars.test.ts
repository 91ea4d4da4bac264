import * as library from '@alcalzone/ansi-tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { styledCharsFromTokens, styledCharsToString, tokenize } from '../../src/ui/styled-chars.js';

const piece = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom(
    '步骤',
    '│─▶',
    '🎉',
    'e\u0301',
    '\u001B[1m',
    '\u001B[22m',
    '\u001B[31m',
    '\u001B[39m',
  ),
  fc.constantFrom(
    '\u001B[38;5;208m',
    '\u001B[0m',
    '\u001B]8;;https://modelcontextprotocol.io\u0007',
    '\u001B]8;;\u0007',
  ),
);

describe('styled characters of a line, remembered (what the build gives Ink’s Output)', () => {
  it('gives the library’s answers for any line of text and colour codes', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const line = parts.join('');
        const chars = styledCharsFromTokens(tokenize(line));
        expect(chars).toEqual(library.styledCharsFromTokens(library.tokenize(line)));
        expect(styledCharsToString(chars)).toBe(library.styledCharsToString(chars));
        // asked again, the same answer
        expect(styledCharsFromTokens(tokenize(line))).toEqual(chars);
      }),
      { numRuns: 2000 },
    );
  });

  it('works a line out once while it is among the last five hundred, then afresh', () => {
    const line = '\u001B[1mstep 3/12\u001B[22m │ initialize → result';
    const first = styledCharsFromTokens(tokenize(line));
    expect(styledCharsFromTokens(tokenize(line))).toBe(first);
    for (let i = 0; i < 499; i++) tokenize(`other line ${i}`);
    expect(styledCharsFromTokens(tokenize(line)), 'used again, so kept').toBe(first);
    for (let i = 0; i < 500; i++) tokenize(`yet another line ${i}`);
    const later = styledCharsFromTokens(tokenize(line));
    expect(later, 'pushed out by five hundred newer lines').not.toBe(first);
    expect(later).toEqual(first);
  });

  it('leaves a tokenize with an end column to the library', () => {
    const line = '\u001B[31mred\u001B[39m and plain';
    expect(tokenize(line, 5)).toEqual(library.tokenize(line, 5));
  });
});
