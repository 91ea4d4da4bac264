import stringWidth from 'string-width';
import { isNarrow } from './clip.js';

/**
 * A text longer than this (a base64 blob, a pasted file, a body a client POSTed to see what
 * happens) is cut into screen lines by `cutColumns` rather than wrapped: by Ink in the envelope
 * pane (a 100 kB string took 30 s of wrap-ansi per frame, and `serve --ui` stopped answering HTTP
 * while it drew), by `wrapColumns` in the field tree (a width measured per character: 3 MB of
 * Chinese took minutes).
 */
export const LONG_LINE = 2000;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Code units segmented at a time. Intl.Segmenter's time on one string grows much faster than the
 * string (Node 20: 40,000 Chinese characters 0.3 s, 80,000 over two minutes), so a long text is
 * segmented a window at a time, which keeps it in proportion (80,000 in 70 ms).
 */
const WINDOW = 1024;

/**
 * The graphemes of `text`, in order, with where each starts, segmented a window at a time. A
 * window's last grapheme may go on past it, so unless the text ends there it is segmented again
 * at the start of the next window; a window that is one grapheme (a thousand combining marks) is
 * taken as it is.
 */
function* graphemesOf(text: string): Generator<{ segment: string; index: number }> {
  let start = 0;
  while (start < text.length) {
    const end = Math.min(text.length, start + WINDOW);
    let held: { segment: string; index: number } | null = null;
    for (const { segment, index } of graphemes.segment(text.slice(start, end))) {
      if (held !== null) yield held;
      held = { segment, index: start + index };
    }
    if (held === null) return;
    if (end === text.length || held.index === start) {
      yield held;
      start = end;
    } else start = held.index;
  }
}

/**
 * `text` as screen lines: pieces of at most `columns` columns, the first at most `first` (what is
 * left of a line already begun), cut where a line is full, as Ink breaks a word longer than the
 * line (a space is no break point here). A wide character that would straddle the edge goes to
 * the next piece, unless it starts a line. The first piece may be empty (the line was full).
 * Narrow text is cut by length; the width of each distinct grapheme is measured once.
 */
export function cutColumns(text: string, first: number, columns: number): string[] {
  const width = Math.max(1, columns);
  if (isNarrow(text)) {
    const pieces = [text.slice(0, Math.max(0, first))];
    for (let at = pieces[0]?.length ?? 0; at < text.length; at += width) {
      pieces.push(text.slice(at, at + width));
    }
    return pieces;
  }
  const widths = new Map<string, number>();
  const pieces: string[] = [];
  let from = 0;
  let room = first;
  // A line begun before this text (first < columns) already holds something.
  let begun = first < width;
  for (const { segment, index } of graphemesOf(text)) {
    let w = widths.get(segment);
    if (w === undefined) {
      w = stringWidth(segment);
      widths.set(segment, w);
    }
    if (w > room && (index > from || begun)) {
      pieces.push(text.slice(from, index));
      from = index;
      room = width;
      begun = false;
    }
    room -= w;
  }
  pieces.push(text.slice(from));
  return pieces;
}
