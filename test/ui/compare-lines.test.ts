import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { wrapTo } from '../../src/ui/compare-lines.js';

describe('the compare view wraps prose the way each language is set', () => {
  it('breaks Chinese between characters, not only at spaces: no line is left short', () => {
    const text =
      '区别：旧时代的客户端以 initialize 开场：为整个连接提出一次版本和能力。新时代的客户端可以直接问 server/discover。';
    const lines = wrapTo(text, 40);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    for (const line of lines.slice(0, -1)) {
      expect(stringWidth(line)).toBeLessThanOrEqual(40);
      // Before, wrap-ansi moved "开场：为整个…" whole to the next line after "initialize".
      expect(stringWidth(line)).toBeGreaterThanOrEqual(40 - 'server/discover'.length);
    }
  });

  it('keeps indented JSON lines as they are', () => {
    expect(wrapTo('  "id": 1,', 40, true)).toEqual(['  "id": 1,']);
  });
});
