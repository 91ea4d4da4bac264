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
