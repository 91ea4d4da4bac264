import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import { BoundedMap } from './bounded-map.js';
import { SIMPLE_WIDTH_RANGES } from './width-table.js';

type Options = Parameters<typeof stringWidth>[1];

/** The width string-width gives a code point of the table, or 0 when it is not in it. */
function tableWidth(codePoint: number): number {
  let low = 0;
  let high = SIMPLE_WIDTH_RANGES.length / 3 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = middle * 3;
    if (codePoint < (SIMPLE_WIDTH_RANGES[at] ?? 0)) high = middle - 1;
    else if (codePoint > (SIMPLE_WIDTH_RANGES[at + 1] ?? 0)) low = middle + 1;
    else return SIMPLE_WIDTH_RANGES[at + 2] ?? 0;
  }
  return 0;
}

/**
 * The width of a string without ANSI codes in which every character is printable ASCII or in the
 * table of code points that stand alone (width-table.ts), or -1 for any other string.
 */
function simpleWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) {
      width += 1;
      continue;
    }
    const cells = code < 0xa0 ? 0 : tableWidth(code); // surrogates are not in the table
    if (cells === 0) return -1;
    width += cells;
  }
  return width;
}

// Widths string-width worked out the slow way, for the short texts Ink asks about again and
// again (one character at a time when it draws a frame); the newest 4096.
const measured = new BoundedMap<string, number>(4096);

/**
 * string-width's answer, without its slow path when it is not needed: a terminal frame is mostly
 * ASCII, box drawing and CJK, whose widths are in a table made from string-width itself
 * (scripts/gen-width-table.ts; a test checks every code point of it and random strings of them).
 * The slow path segments graphemes and compiles Unicode property expressions, which costs tens
 * of milliseconds the first time and a few on every frame. The build gives Ink this function in
 * place of string-width (scripts/bundle-plugins.mjs).
 */
export default function textWidth(text: string, options?: Options): number {
  if (options !== undefined && Object.keys(options).length > 0) return stringWidth(text, options);
  if (typeof text !== 'string' || text.length === 0) return 0;
  // string-width strips ANSI codes the same way before it measures
  const plain = text.includes('\u001B') || text.includes('\u009B') ? stripAnsi(text) : text;
  const simple = simpleWidth(plain);
  if (simple >= 0) return simple;
  if (plain.length > 16) return stringWidth(plain);
  let width = measured.get(plain);
  if (width === undefined) {
    width = stringWidth(plain);
    measured.set(plain, width);
  }
  return width;
}
