import stringWidth from 'string-width';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * What a line cut to `width` columns with an ellipsis keeps of `text`: its longest start that fits
 * `width - 1` columns, leaving one for the `…`. The cut falls between graphemes, one column short
 * when a wide character (Chinese takes two) would straddle it. For the screens (src/ui/bound-text)
 * and the trace table alike, which may not import each other.
 */
export function headBeforeEllipsis(text: string, width: number): string {
  let used = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    const w = stringWidth(segment);
    if (used + w > width - 1) break;
    used += w;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
