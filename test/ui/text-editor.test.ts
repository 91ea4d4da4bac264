import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import {
  cursorAt,
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
