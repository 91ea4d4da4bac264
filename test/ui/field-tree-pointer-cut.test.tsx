import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { FieldTreeView } from '../../src/ui/components/field-tree-view.js';
import type { Meaning } from '../../src/ui/envelope-model.js';
import { fieldNodes } from '../../src/ui/field-tree.js';
import { renderAt } from './render-at.js';

// A 2026-07-28 request: its _meta keys hold "/" and are long, so the pointer of a field below one
// is wider than the meaning area at 60 columns.
const MESSAGE = {
  jsonrpc: '2.0',
  id: 3,
  method: 'tools/list',
  params: {
    _meta: {
      'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: true } },
    },
  },
};
const CURSOR = '/params/_meta/io.modelcontextprotocol~1clientCapabilities/roots/listChanged';

function frameAt(columns: number): string {
  const app = renderAt(
    <FieldTreeView
      title="envelope"
      nodes={fieldNodes(MESSAGE)}
      tree={{ cursor: CURSOR, folded: new Set() }}
      meanings={new Map<string, Meaning>()}
      lang="en"
      height={16}
      width={columns}
    />,
    { columns, rows: 20 },
  );
  const frame = app.frame();
  app.unmount();
  return frame;
}

describe('the field tree’s pointer line, too long for its width', () => {
  it('keeps the field’s own name at its end and cuts in the middle (60 columns)', () => {
    const lines = frameAt(60).split('\n');
    const line = lines.find((l) => l.startsWith('/params/'));
    expect(line, lines.join('\n')).toBeDefined();
    const shown = (line ?? '').trimEnd();
    expect(shown).toMatch(/…/);
    expect(shown.endsWith('/listChanged')).toBe(true);
    expect(stringWidth(shown)).toBeLessThanOrEqual(60);
  });

  it('is whole where it fits (160 columns)', () => {
    expect(frameAt(160)).toContain('/roots/listChanged');
    expect(frameAt(160)).not.toMatch(/\/params\/[^\n]*…/);
  });
});
