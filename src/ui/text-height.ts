import wrapAnsi from 'wrap-ansi';
import { BoundedMap } from '../protocol/bounded-map.js';
import { isNarrow } from './clip.js';

/**
 * Wrapping with wrap-ansi is slow (a width per word); the same sentences come back step after step.
 * Bounded: a long session brings new sentences (ids, numbers) at every step.
 */
const known = new BoundedMap<string, number>(2000);

/**
 * The lines a text takes on screen when Ink wraps it at `width` columns (`<Text wrap="wrap">`, as
 * Prose does): Ink itself calls wrap-ansi with these options (hard, untrimmed), so the count is
 * Ink's, CJK included (two columns a character). Knowing it from the text lets the screen be laid
 * out in one render instead of measuring what Ink drew and rendering again.
 */
export function wrappedHeight(text: string, width: number): number {
  if (text === '') return 0;
  if (width < 1) return text.split('\n').length;
  if (isNarrow(text.replaceAll('\n', '')) && text.normalize() === text)
    return text.split('\n').reduce((n, line) => n + narrowLineRows(line, width), 0);
  const key = `${width}:${text}`;
  let height = known.get(key);
  if (height === undefined) {
    height = wrapAnsi(text, width, { trim: false, hard: true }).split('\n').length;
    known.set(key, height);
  }
  return height;
}

/**
 * The rows wrap-ansi (hard, untrimmed) makes of one line whose every character is one column:
 * its algorithm step for step, counting rows instead of building them. Spaces stay where they
 * are (a space that ends up first on a row is kept), a word longer than the width is broken.
 */
export function narrowLineRows(line: string, width: number): number {
  let rows = 1;
  let row = 0; // columns used on the current row
  line.split(' ').forEach((word, index) => {
    if (index !== 0) {
      if (row >= width) {
        rows += 1;
        row = 0;
      }
      row += 1; // the space before the word
    }
    const length = word.length;
    if (length > width) {
      // Starts on a fresh row when that breaks it fewer times.
      const breaksHere = 1 + Math.floor((length - (width - row) - 1) / width);
      const breaksNext = Math.floor((length - 1) / width);
      if (breaksNext < breaksHere) {
        rows += 1;
        row = 0;
      }
      [rows, row] = breakWord(rows, row, length, width);
      return;
    }
    if (row + length > width && row > 0 && length > 0) {
      rows += 1;
      row = 0;
    }
    row += length;
  });
  return rows;
}

/** A word of `length` one-column characters broken across rows, from `row` columns in. */
function breakWord(rows: number, row: number, length: number, width: number): [number, number] {
  let visible = row;
  for (let i = 0; i < length; i++) {
    if (visible + 1 > width) {
      rows += 1;
      visible = 0;
    }
    visible += 1;
    if (visible === width && i < length - 1) {
      rows += 1;
      visible = 0;
    }
  }
  return [rows, visible];
}
