import { stripVTControlCharacters } from 'node:util';
import { Box } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { JsonLineView } from '../../src/ui/components/json-line-view.js';
import { envelopeModel, envelopeRows, linePieces } from '../../src/ui/envelope-model.js';
import { lineBody } from '../../src/ui/json-lines.js';
import { Themed } from '../../src/ui/themed.js';

/**
 * A body a client POSTs to `serve --http --ui` can hold a string of megabytes (a curl of a file, a
 * base64 image). Given to Ink as one line, a 100 kB string took 30 s of wrap-ansi per frame, and
 * the server, on the same thread, answered no HTTP meanwhile (a 3 MB body: never).
 */
describe('the envelope pane cuts a long JSON line into screen lines itself', () => {
  const big = { jsonrpc: '2.0', id: 1, method: 'ping', params: { blob: 'B'.repeat(100_000) } };

  it('a 100 kB string: rows of one line each, the first numbered, together the whole line', () => {
    const model = envelopeModel(
      big,
      [{ pointer: '/params/blob', text: { en: 'the blob', zh: '数据' } }],
      [],
      'en',
      0,
    );
    const rows = envelopeRows(model, 100);
    const json = rows.filter((r) => r.kind === 'json');
    expect(json.every((r) => r.height === 1)).toBe(true);
    const blobLine = model.lines.find((l) => l.pointers.includes('/params/blob'));
    if (!blobLine) throw new Error('no blob line');
    const pieces = json.filter((r) => r.kind === 'json' && r.line.depth === blobLine.depth);
    expect(pieces.map((r) => (r.kind === 'json' ? lineBody(r.line) : '')).join('')).toBe(
      lineBody(blobLine),
    );
    // The gutter number stays on the line the field starts on, once.
    expect(json.filter((r) => r.kind === 'json' && r.mark !== null)).toHaveLength(1);
    // 100 columns, a gutter of 2, an indent of 4: 94 a line.
    expect(pieces).toHaveLength(Math.ceil(lineBody(blobLine).length / 94));
  });

  it('a wide character never straddles the edge; colours (token kinds) are kept', () => {
    const line = {
      pointers: ['/a'],
      depth: 0,
      tokens: [
        { kind: 'key' as const, text: '"a"' },
        { kind: 'punct' as const, text: ': ' },
        { kind: 'string' as const, text: `"${'字'.repeat(3000)}"` },
      ],
    };
    const pieces = linePieces(line, 9);
    expect(pieces[0]?.tokens.map((t) => t.kind)).toEqual(['key', 'punct', 'string']);
    expect(pieces[0]?.tokens.map((t) => t.text).join('')).toBe('"a": "字');
    expect(pieces[1]?.tokens.map((t) => t.text).join('')).toBe('字字字字');
    expect(pieces.slice(1).every((p) => p.pointers.length === 0)).toBe(true);
    expect(pieces.map(lineBody).join('')).toBe(lineBody(line));
  });

  it('drawn piece by piece, the screen shows what Ink drew of the whole line', () => {
    const line = {
      pointers: ['/x'],
      depth: 1,
      tokens: [
        { kind: 'key' as const, text: '"x"' },
        { kind: 'punct' as const, text: ': ' },
        { kind: 'string' as const, text: `"${'0123456789'.repeat(250)}"` },
      ],
    };
    const draw = (el: React.ReactElement) => {
      const out = render(
        <Themed colour={false}>
          <Box width={60} flexDirection="column">
            <Box flexDirection="column" flexShrink={0}>
              {el}
            </Box>
          </Box>
        </Themed>,
      );
      const text = stripVTControlCharacters(out.lastFrame() ?? '');
      out.unmount();
      return text;
    };
    const whole = draw(<JsonLineView line={line} mark={1} gutter={2} width={60} />);
    const cut = linePieces(line, 56).map((piece, i) =>
      draw(<JsonLineView line={piece} mark={i === 0 ? 1 : null} gutter={2} width={60} piece />),
    );
    expect(cut.join('\n')).toBe(whole);
  });
});
