import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { cutColumns } from '../../src/ui/column-cut.js';
import { linePieces } from '../../src/ui/envelope-model.js';
import { fieldNodes, treeLines } from '../../src/ui/field-tree.js';
import { lineBody } from '../../src/ui/json-lines.js';

/**
 * A body of megabytes POSTed to `serve --http --ui` (a pasted file): the field tree (`e`) measured
 * its value character by character with string-width (3 MB of ASCII: 0.6 s; of Chinese: minutes),
 * and the envelope pane segmented it whole with Intl.Segmenter, whose time grows much faster than
 * the text (80,000 Chinese characters: over two minutes). Both now cut it with `cutColumns`.
 */
describe('a long value is cut into screen lines promptly, by one model', () => {
  const chinese = '模型上下文协议的消息'.repeat(20_000);

  it('the field tree: 200,000 Chinese characters, every line within the width, none lost', () => {
    const nodes = fieldNodes({ text: chinese });
    const start = performance.now();
    const lines = treeLines(nodes, new Set(), 80);
    expect(performance.now() - start).toBeLessThan(4000);
    const value = lines.filter((l) => l.pointer === '/text');
    expect(value.map((l) => l.text).join('')).toBe(JSON.stringify(chinese));
    for (const line of value) expect(line.indent + stringWidth(line.text)).toBeLessThanOrEqual(80);
  }, 20_000);

  it('the envelope pane: 100,000 Chinese characters on one JSON line', () => {
    const text = JSON.stringify(chinese.slice(0, 100_000));
    const line = { pointers: ['/a'], depth: 1, tokens: [{ kind: 'string' as const, text }] };
    const start = performance.now();
    const pieces = linePieces(line, 50);
    expect(performance.now() - start).toBeLessThan(4000);
    expect(pieces.map(lineBody).join('')).toBe(text);
    expect(pieces.every((p) => stringWidth(lineBody(p)) <= 50)).toBe(true);
  }, 20_000);

  it('the field tree cuts a long value where its lines are full, as the envelope pane does', () => {
    const words = 'lorem ipsum dolor sit amet '.repeat(200);
    const lines = treeLines(fieldNodes({ words }), new Set(), 61);
    const value = lines.filter((l) => l.pointer === '/words' && l.text !== '');
    // At depth 1, under its label (2 + 4 columns in): 55 columns a line, all but the last full.
    expect(value.slice(0, -1).every((l) => l.text.length === 55)).toBe(true);
    expect(value.map((l) => l.text).join('')).toBe(JSON.stringify(words));
  });

  it('never splits a grapheme, even where the text is segmented a window at a time', () => {
    // The joined emoji straddles the segmenter's first window (1024 code units).
    const text = `${'字'.repeat(1022)}👩‍💻${'字'.repeat(3000)}`;
    const pieces = cutColumns(text, 7, 7);
    expect(pieces.join('')).toBe(text);
    expect(pieces.some((p) => p.includes('👩‍💻'))).toBe(true);
    expect(pieces.every((p) => stringWidth(p) <= 7)).toBe(true);
    // A line already begun (3 of 7 columns left): a wide character that would straddle moves on.
    expect(cutColumns('字字字', 3, 4)).toEqual(['字', '字字']);
    expect(cutColumns('abcdefg', 3, 4)).toEqual(['abc', 'defg']);
    expect(cutColumns('abc', 0, 4)).toEqual(['', 'abc']);
  });
});
