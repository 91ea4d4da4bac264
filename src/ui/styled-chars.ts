import {
  styledCharsFromTokens as fromTokens,
  type StyledChar,
  styledCharsToString,
  type Token,
  tokenize as tokenizeLine,
} from '@alcalzone/ansi-tokenize';
import { BoundedMap } from './bounded-map.js';

export { styledCharsToString };

// Lines Ink has split into styled characters lately, newest last. Ink does this for every line of
// every frame and forgets it after the frame; a step mostly redraws lines it drew a moment ago.
const recent = new BoundedMap<string, Token[]>(500);
const styled = new WeakMap<Token[], StyledChar[]>();

/** @alcalzone/ansi-tokenize's `tokenize`, remembering the last five hundred lines. */
export function tokenize(line: string, endChar?: number): Token[] {
  if (endChar !== undefined) return tokenizeLine(line, endChar);
  const known = recent.get(line);
  if (known !== undefined) {
    recent.delete(line);
    recent.set(line, known);
    return known;
  }
  const tokens = tokenizeLine(line);
  recent.set(line, tokens);
  return tokens;
}

/**
 * @alcalzone/ansi-tokenize's `styledCharsFromTokens`, remembered for the token lists `tokenize`
 * remembers. Ink only reads what it gets (it copies characters into its frame's cells), so one
 * answer can serve every frame that draws the line. The build gives Ink's Output this module in
 * place of the library (scripts/bundle-plugins.mjs); a test holds it to the library's answers.
 */
export function styledCharsFromTokens(tokens: Token[]): StyledChar[] {
  let chars = styled.get(tokens);
  if (chars === undefined) {
    chars = fromTokens(tokens);
    styled.set(tokens, chars);
  }
  return chars;
}
