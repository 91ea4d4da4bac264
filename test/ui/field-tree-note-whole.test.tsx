import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { FieldTreeView } from '../../src/ui/components/field-tree-view.js';
import type { Meaning } from '../../src/ui/envelope-model.js';
import { fieldNodes } from '../../src/ui/field-tree.js';
import { renderAt } from './render-at.js';

const MESSAGE = { jsonrpc: '2.0', id: 7, method: 'ping', params: { _meta: { a: 1 }, list: [1] } };
const nodes = fieldNodes(MESSAGE);
// One short meaning: the meaning area is sized by the envelope's meanings (one line of text).
const meanings = new Map<string, Meaning>([
  ['/method', { n: 1, pointer: '/method', text: 'Asks: are you there?' } as Meaning],
]);

/** The meaning area's text (the lines below the pointer line) with the cursor on `cursor`. */
function note(cursor: string, folded: string[], lang: 'en' | 'zh', columns = 60) {
  const app = renderAt(
    <FieldTreeView
      title="envelope"
      nodes={nodes}
      tree={{ cursor, folded: new Set(folded) }}
      meanings={meanings}
      lang={lang}
      height={16}
      width={columns}
    />,
    { columns, rows: 20 },
  );
  const frame = app.frame();
  app.unmount();
  const lines = frame.split('\n');
  const at = lines.findIndex((l) => l.trimEnd() === (cursor === '' ? '/' : cursor));
  // The pointer line is there, right above the note.
  expect(at, frame).toBeGreaterThan(0);
  return lines
    .slice(at + 1)
    .map((l) => l.trimEnd())
    .filter(Boolean);
}

describe('the field tree’s note on a field with none is shown whole', () => {
  it.each([
    ['', [], 'en', 'The whole envelope: each of its fields, below, says what it means.'],
    [
      '/params',
      [],
      'en',
      'No note for this field as a whole: the fields inside it, below, say what it holds.',
    ],
  ] as const)('at 60 columns, %s (%s)', (cursor, folded, lang, text) => {
    const shown = note(cursor, [...folded], lang);
    expect(shown.join(' ')).toBe(text);
    for (const line of shown) expect(stringWidth(line)).toBeLessThanOrEqual(60);
  });

  it('a folded field says how to open it, not that its fields are below (en and zh)', () => {
    expect(note('/params', ['/params'], 'en').join(' ')).toBe(
      'No note for this field as a whole: it is folded; → or Enter opens it, and the fields inside it say what it holds.',
    );
    expect(note('/params', ['/params'], 'zh').join('')).toBe(
      '这个字段整体没有说明：它已折叠，按 → 或回车展开，里面的各个字段说明了它装着什么。',
    );
    expect(note('/params/list', ['/params/list'], 'en').join(' ')).toMatch(
      /^No note for this list as a whole: it is folded; → or Enter opens it, and the items inside/,
    );
  });
});
