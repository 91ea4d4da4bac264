import type { Key } from 'ink';
import stringWidth from 'string-width';

/**
 * A small multi-line text editor's state and keys, for the sandbox's JSON editor: lines, a cursor
 * (line and UTF-16 offset in it) and the first line shown. Pure: the screen draws a state, and
 * each key makes the next one. Enter and Esc are not editing keys here: the screen reads them
 * (Enter sends the envelope; JSON needs no line breaks of its own, a paste brings its own).
 */
export type EditorState = {
  readonly lines: readonly string[];
  readonly row: number;
  readonly col: number;
  /** The first line in view. */
  readonly top: number;
};

export function editorOf(text: string): EditorState {
  return { lines: text.split(/\r\n|\r|\n/), row: 0, col: 0, top: 0 };
}

export const editorText = (editor: EditorState): string => editor.lines.join('\n');

/** The cursor at an offset of the editor's text (as `editorText` joins it), scrolled into view. */
export function cursorAt(editor: EditorState, offset: number, view: number): EditorState {
  let left = Math.max(0, offset);
  for (let row = 0; row < editor.lines.length; row++) {
    const length = editor.lines[row]?.length ?? 0;
    if (left <= length || row === editor.lines.length - 1) {
      return inView({ ...editor, row, col: Math.min(left, length) }, view);
    }
    left -= length + 1;
  }
  return editor;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** One character back from `col` (a surrogate pair is one character). */
function before(line: string, col: number): number {
  if (col <= 0) return 0;
  return col >= 2 && isLow(line.charCodeAt(col - 1)) && isHigh(line.charCodeAt(col - 2))
    ? col - 2
    : col - 1;
}

/** One character on from `col`. */
function after(line: string, col: number): number {
  if (col >= line.length) return line.length;
  return isHigh(line.charCodeAt(col)) && isLow(line.charCodeAt(col + 1)) ? col + 2 : col + 1;
}

/** The first line shown moves as little as it must for the cursor's line to be in view. */
function inView(editor: EditorState, view: number): EditorState {
  const rows = Math.max(1, view);
  const top = Math.min(editor.row, Math.max(editor.top, editor.row - rows + 1));
  return top === editor.top ? editor : { ...editor, top };
}

function moveTo(editor: EditorState, row: number, col: number): EditorState {
  const r = Math.max(0, Math.min(editor.lines.length - 1, row));
  const length = editor.lines[r]?.length ?? 0;
  return { ...editor, row: r, col: Math.max(0, Math.min(length, col)) };
}

/** `text` typed or pasted at the cursor; the line breaks of a paste become lines. */
function insert(editor: EditorState, text: string): EditorState {
  const line = editor.lines[editor.row] ?? '';
  const head = line.slice(0, editor.col);
  const tail = line.slice(editor.col);
  const pieces = text.split(/\r\n|\r|\n/);
  const last = pieces.length - 1;
  const added = pieces.map((piece, i) => (i === 0 ? head : '') + piece + (i === last ? tail : ''));
  const lines = [
    ...editor.lines.slice(0, editor.row),
    ...added,
    ...editor.lines.slice(editor.row + 1),
  ];
  const col = (last === 0 ? head.length : 0) + (pieces[last]?.length ?? 0);
  return { ...editor, lines, row: editor.row + last, col };
}

/** The character before the cursor deleted; at the start of a line, the line joins the one above. */
function deleteBack(editor: EditorState): EditorState {
  const line = editor.lines[editor.row] ?? '';
  if (editor.col > 0) {
    const from = before(line, editor.col);
    const lines = editor.lines.with(editor.row, line.slice(0, from) + line.slice(editor.col));
    return { ...editor, lines, col: from };
  }
  if (editor.row === 0) return editor;
  const above = editor.lines[editor.row - 1] ?? '';
  const lines = [
    ...editor.lines.slice(0, editor.row - 1),
    above + line,
    ...editor.lines.slice(editor.row + 1),
  ];
  return { ...editor, lines, row: editor.row - 1, col: above.length };
}

/**
 * The state after one key. `view` is how many lines the screen shows (for PgUp/PgDn and for
 * keeping the cursor in view). Backspace and Delete both delete backwards: most terminals send
 * the same byte for the Backspace key that Ink reports as Delete.
 */
export function editKey(editor: EditorState, input: string, key: Key, view: number): EditorState {
  const line = editor.lines[editor.row] ?? '';
  let next = editor;
  if (key.leftArrow) {
    next =
      editor.col > 0
        ? { ...editor, col: before(line, editor.col) }
        : editor.row > 0
          ? moveTo(editor, editor.row - 1, Number.POSITIVE_INFINITY)
          : editor;
  } else if (key.rightArrow) {
    next =
      editor.col < line.length
        ? { ...editor, col: after(line, editor.col) }
        : editor.row < editor.lines.length - 1
          ? moveTo(editor, editor.row + 1, 0)
          : editor;
  } else if (key.upArrow) next = moveTo(editor, editor.row - 1, editor.col);
  else if (key.downArrow) next = moveTo(editor, editor.row + 1, editor.col);
  else if (key.pageUp) next = moveTo(editor, editor.row - Math.max(1, view - 1), editor.col);
  else if (key.pageDown) next = moveTo(editor, editor.row + Math.max(1, view - 1), editor.col);
  else if (key.home || (key.ctrl && input === 'a')) next = { ...editor, col: 0 };
  else if (key.end || (key.ctrl && input === 'e')) next = { ...editor, col: line.length };
  else if (key.backspace || key.delete) next = deleteBack(editor);
  else if (key.tab) next = insert(editor, '  ');
  else if (key.return || key.escape || key.ctrl || key.meta) return editor;
  else next = typed(editor, input);
  return inView(next, view);
}

/**
 * Text typed or pasted. Ink gives a paste, or keys typed faster than it reads them, as one string;
 * the Backspace bytes in it delete and its line breaks start lines. Every other character, a
 * control character too, is inserted as it is: JSON.parse and the editor's error name it.
 */
function typed(editor: EditorState, input: string): EditorState {
  let next = editor;
  let run = '';
  const flush = () => {
    if (run !== '') next = insert(next, run);
    run = '';
  };
  for (const ch of input) {
    if (ch === '\u007f' || ch === '\b') {
      flush();
      next = deleteBack(next);
    } else if (ch === '\t') run += '  ';
    else run += ch;
  }
  flush();
  return next;
}

/** The line with the cursor as drawn: the text before the cursor, the cursor's cell, the rest. */
export type CursorWindow = { readonly head: string; readonly at: string; readonly tail: string };

/**
 * The part of the cursor's line that fits `width` columns with the cursor on it: scrolled sideways
 * as little as the cursor needs, a `…` in place of the first character shown when the line goes on
 * to the left, and of the last when it goes on to the right. Columns are counted as the terminal
 * counts them (string-width: a Chinese character takes two), so a line of wide characters never
 * pushes the cursor past the edge. The cursor's cell is a space at the end of the line.
 */
export function cursorWindow(line: string, col: number, width: number): CursorWindow {
  const budget = width - 1;
  // The editor's characters (code points, as the cursor moves), each with its columns.
  const cells: { readonly text: string; readonly from: number; readonly w: number }[] = [];
  for (let from = 0; from < line.length; ) {
    const text = String.fromCodePoint(line.codePointAt(from) ?? 0);
    cells.push({ text, from, w: stringWidth(text) });
    from += text.length;
  }
  const found = cells.findIndex((cell) => cell.from >= col);
  const cursor = found < 0 ? cells.length : found;
  let used = cells[cursor]?.w ?? 1;
  let start = cursor;
  while (start > 0 && used + (cells[start - 1]?.w ?? 0) <= budget) {
    start -= 1;
    used += cells[start]?.w ?? 0;
  }
  let end = start;
  for (let shown = 0; end < cells.length && shown + (cells[end]?.w ?? 0) <= budget; end++) {
    shown += cells[end]?.w ?? 0;
  }
  const join = (from: number, to: number) =>
    cells
      .slice(from, to)
      .map((cell) => cell.text)
      .join('');
  const left = start > 0 && start < cursor;
  const right = end < cells.length;
  return {
    head: (left ? '…' : '') + join(left ? start + 1 : start, cursor),
    at: cells[cursor]?.text ?? ' ',
    tail: right ? `${join(cursor + 1, Math.max(cursor + 1, end - 1))}…` : join(cursor + 1, end),
  };
}
