import wrapAnsi from 'wrap-ansi';
import { isNarrow } from './clip.js';

/** Wrapping is slow (a width per word) and the same sentences come back step after step. */
const known = new Map<string, number>();
const KNOWN_MAX = 2000;

/**
 * The lines a text takes on screen when Ink wraps it at `width` columns (`<Text wrap="wrap">`, as
 * Prose does): Ink itself calls wrap-ansi with these options (hard, untrimmed), so the count is
 * Ink's, CJK included (two columns a character). Knowing it from the text lets the screen be laid
 * out in one render instead of measuring what Ink drew and rendering again.
 */
export function wrappedHeight(text: string, width: number): number {
  if (text === '') return 0;
  if (width < 1) return text.split('\n').length;
  // One column a character, and it fits: nothing to wrap.
  if (text.length <= width && isNarrow(text)) return 1;
  const key = `${width}:${text}`;
  let height = known.get(key);
  if (height === undefined) {
    height = wrapAnsi(text, width, { trim: false, hard: true }).split('\n').length;
    // Bounded: a long session brings new sentences (ids, numbers) at every step.
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(key, height);
  }
  return height;
}
