import type { Key } from 'ink';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import {
  cursorAt,
  cursorWindow,
  type EditorState,
  editKey,
  editorOf,
  editorText,
} from '../../src/ui/text-editor.js';

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};
const press = (editor: EditorState, name: keyof Key | string, view = 3): EditorState =>
  name in NO_KEY
    ? editKey(editor, '', { ...NO_KEY, [name]: true }, view)
    : editKey(editor, name, NO_KEY, view);
const keys = (editor: EditorState, ...names: string[]) =>
  names.reduce((e, n) => press(e, n), editor);

describe('the sandbox’s JSON editor', () => {
  const start = editorOf('{\n  "id": 1,\n  "method": "ping"\n}');

  it('moves by character and line, keeping the column where the line allows it', () => {
    const e = keys(start, 'downArrow', 'end');
    expect([e.row, e.col]).toEqual([1, 10]);
    expect([keys(e, 'downArrow').row, keys(e, 'downArrow').col]).toEqual([2, 10]);
    expect(keys(e, 'downArrow', 'downArrow').col).toBe(1); // "}" is one character long
    expect(keys(e, 'rightArrow')).toMatchObject({ row: 2, col: 0 }); // past the end: next line
    expect(keys(start, 'leftArrow', 'upArrow')).toMatchObject({ row: 0, col: 0 }); // nowhere to go
    expect(keys(e, 'home')).toMatchObject({ row: 1, col: 0 });
  });

  it('inserts what is typed at the cursor; Backspace deletes, and at a line start joins lines', () => {
    const typed = keys(start, 'downArrow', 'end', 'leftArrow', '2');
    expect(editorText(typed)).toBe('{\n  "id": 12,\n  "method": "ping"\n}');
    const joined = keys(start, 'downArrow', 'home', 'backspace');
    expect(joined).toMatchObject({ row: 0, col: 1 });
    expect(editorText(joined)).toBe('{  "id": 1,\n  "method": "ping"\n}');
    // The Backspace key most terminals send, which Ink reports as Delete, deletes backwards too.
    expect(editorText(keys(start, 'downArrow', 'end', 'delete'))).toContain('"id": 1\n');
  });

  it('a paste keeps its line breaks as lines, and its Backspace bytes delete', () => {
    const pasted = editKey(start, '"a": true,\r\n  \u007f\u007f"b"', NO_KEY, 3);
    expect(editorText(pasted)).toBe('"a": true,\n"b"{\n  "id": 1,\n  "method": "ping"\n}');
    expect(pasted).toMatchObject({ row: 1, col: 3 });
  });

  it('deletes a character outside the BMP whole, and moves over it as one', () => {
    const e = editorOf('"😀"');
    const end = keys(e, 'end');
    expect(keys(end, 'leftArrow').col).toBe(3);
    expect(keys(end, 'leftArrow', 'leftArrow').col).toBe(1);
    expect(editorText(keys(end, 'leftArrow', 'backspace'))).toBe('""');
  });

  it('scrolls only as far as the cursor needs, and puts the cursor at an offset', () => {
    const long = editorOf(Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n'));
    const down = keys(long, 'downArrow', 'downArrow', 'downArrow');
    expect(down).toMatchObject({ row: 3, top: 1 });
    expect(keys(down, 'upArrow', 'upArrow')).toMatchObject({ row: 1, top: 1 });
    expect(cursorAt(long, 'line 0\nline 1\nli'.length, 3)).toMatchObject({
      row: 2,
      col: 2,
      top: 0,
    });
    expect(cursorAt(long, 1000, 3)).toMatchObject({ row: 9, col: 6, top: 7 });
    expect(keys(long, 'pageDown')).toMatchObject({ row: 2 });
  });

  it('leaves Enter and Esc to the screen', () => {
    expect(press(start, 'return')).toBe(start);
    expect(press(start, 'escape')).toBe(start);
  });
});

describe('the line with the cursor, fitted to the screen', () => {
  // What the editor drew before it counted columns: right for a line of one-column characters.
  const byCodeUnits = (line: string, col: number, width: number) => {
    const start = Math.max(0, col - (width - 2));
    const shown = line.slice(start, start + width - 1);
    const at = col - start;
    const more = start + width - 1 < line.length;
    return {
      head: (start > 0 ? '…' : '') + shown.slice(start > 0 ? 1 : 0, at),
      at: shown[at] ?? ' ',
      tail: more ? `${shown.slice(at + 1, -1)}…` : shown.slice(at + 1),
    };
  };

  it('scrolls a line of ASCII as before, wherever the cursor is', () => {
    const line = '    "clientInfo": { "name": "learner-client", "version": "1.0.0" }, "x": 12345';
    for (const width of [8, 20, 40, 80, 120]) {
      for (let col = 0; col <= line.length; col++) {
        expect(cursorWindow(line, col, width)).toEqual(byCodeUnits(line, col, width));
      }
    }
  });

  it('counts a Chinese character as two columns, so the cursor stays on screen', () => {
    const line = `      "version": "${'中文'.repeat(30)}"`;
    for (const width of [20, 40, 80]) {
      for (let col = 0; col <= line.length; col++) {
        const { head, at, tail } = cursorWindow(line, col, width);
        expect(stringWidth(head + at + tail)).toBeLessThanOrEqual(width);
        expect(at).toBe(line[col] ?? ' ');
      }
    }
    // The end of the line: what comes before the cursor is the line's end, cut on the left.
    const end = cursorWindow(line, line.length, 80);
    expect(end.head.startsWith('…')).toBe(true);
    expect(`${end.head}${end.at}`).toMatch(/中文"\s$/);
    // The old count by code units put the cursor past the edge of an 80-column screen.
    const old = byCodeUnits(line, line.length, 80);
    expect(stringWidth(old.head)).toBeGreaterThan(80);
  });
});
