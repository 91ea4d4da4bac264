import stringWidth from 'string-width';
import { headBeforeEllipsis } from '../protocol/text-cut.js';

// Characters that take no column of their own: combining marks, format characters (zero-width
// joiner, variation selectors, bidi marks…). A grapheme made only of these takes no column; every
// other grapheme takes at least one.
const ZERO_WIDTH = /^[\p{M}\p{Cf}]+$/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` cut after the first `columns + 1` graphemes that take a column (zero-width ones before
 * that kept). Ink's `wrap="truncate-end"` measures and slices the whole string, on a cold start the
 * largest part of drawing the menu (docs/benchmarks.md); a line at most `columns` wide shows the
 * same truncated text, ellipsis included, from the bounded string, because what is cut lies past
 * the ellipsis. The cut falls between graphemes, never inside one: an emoji joined by zero-width
 * joiners (👩‍💻‍👩‍💻) is one grapheme and one width to Ink, so cutting it in half would change
 * the line. Not for wrapped text: it only bounds a single truncated line.
 */
export function boundText(text: string, columns: number): string {
  if (text.length <= columns) return text;
  let visible = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    if (ZERO_WIDTH.test(segment)) continue;
    visible += 1;
    if (visible > columns + 1) return text.slice(0, index);
  }
  return text;
}

/**
 * `text` fitted to a line of `width` columns: as it is when it fits, else cut and ended with `…`,
 * all of it within `width`. Ink's `truncate-end` cannot be left to do this for Chinese: it cuts at
 * `width - 1` columns with slice-ansi, which keeps a wide character that straddles the cut, so the
 * `…` lands one column past the edge and is clipped away (`…并在工` with no ellipsis). Here the
 * cut falls between graphemes, one column short if a wide one would straddle it.
 */
export function ellipsize(text: string, width: number): string {
  const { head, cut } = ellipsized(text, width);
  return cut ? `${head}…` : head;
}

/**
 * `ellipsize` in two parts: the text kept, and whether a `…` follows it. A screen that draws the
 * `…` as a text of its own keeps a line of plain ASCII on string-width's fast path (a line with
 * any other character is measured grapheme by grapheme, on every new line Ink lays out).
 */
export function ellipsized(text: string, width: number): { head: string; cut: boolean } {
  const bounded = boundText(text, width);
  if (stringWidth(bounded) <= width) return { head: bounded, cut: false };
  return width < 1
    ? { head: '', cut: false }
    : { head: headBeforeEllipsis(bounded, width), cut: true };
}
