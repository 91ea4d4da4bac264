import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { headerParts } from '../../src/ui/components/header-bar.js';

// The lesson's title is "title · revision"; beside a notice it gives way. Cut inside the revision
// it read "逐个字段看握手 · 2…": a "2…" says nothing. The revision shows whole or not at all.
describe('the header cuts the revision whole, never to a fragment', () => {
  const notice = 'n：下一课——版本协商，以及协商失败怎么办';
  it.each([
    ['逐个字段看握手 · 2025-11-25', notice, 59, '逐个字段看握手…'],
    [
      'The handshake, field by field · 2025-11-25',
      'n: next lesson — Version negotiation',
      75,
      'The handshake, field by field…',
    ],
  ])('%s beside “%s” in %i columns', (title, news, room, shown) => {
    const parts = headerParts(title, news, room);
    expect(parts.title).toBe(shown);
    expect(stringWidth(parts.title) + 3 + stringWidth(parts.notice ?? '')).toBeLessThanOrEqual(
      room,
    );
  });

  it('keeps the revision when it fits, and cuts the title itself when even it does not', () => {
    expect(headerParts('Errors · 2025-11-25', 'n: next', 60).title).toBe('Errors · 2025-11-25');
    const narrow = headerParts(
      'A very long lesson title indeed · 2025-11-25',
      'n: next lesson — x',
      30,
    );
    expect(narrow.title).not.toContain('2025');
    expect(narrow.title.endsWith('…')).toBe(true);
  });
});
