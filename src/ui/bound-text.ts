// Characters that take no column of their own: combining marks, format characters (zero-width
// joiner, variation selectors, bidi marks…). Every other character takes at least one.
const ZERO_WIDTH = /^[\p{M}\p{Cf}]$/u;

/**
 * `text` cut after the first `columns + 1` characters that take a column (zero-width ones before
 * that kept). Ink's `wrap="truncate-end"` measures and slices the whole string, on a cold start the
 * largest part of drawing the menu (docs/benchmarks.md); a line at most `columns` wide shows the
 * same truncated text, ellipsis included, from the bounded string, because what is cut lies past
 * the ellipsis. Not for wrapped text: it only bounds a single truncated line.
 */
export function boundText(text: string, columns: number): string {
  if (text.length <= columns) return text;
  let visible = 0;
  let end = 0;
  for (const char of text) {
    if (!ZERO_WIDTH.test(char)) {
      visible += 1;
      if (visible > columns + 1) return text.slice(0, end);
    }
    end += char.length;
  }
  return text;
}
