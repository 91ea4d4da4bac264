import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { clipUnlessNarrow, isNarrow } from '../../src/ui/clip.js';

describe('narrow text (no clip needed when truncated)', () => {
  it('takes every character it calls narrow to be one column, as Ink measures', () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCodePoint(code);
      if (isNarrow(ch) && stringWidth(ch) !== 1) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('clips CJK, emoji and zero-width characters, not the screen marks', () => {
    expect(clipUnlessNarrow('→/n/space next · ←/p back', '✓ allowed', '│───────▶│ ●○ …')).toBe(
      'visible',
    );
    expect(clipUnlessNarrow('step', '步骤')).toBe('hidden');
    expect(clipUnlessNarrow('ok 🎉')).toBe('hidden');
    expect(clipUnlessNarrow('e\u0301')).toBe('hidden');
  });
});
