import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { fitFacts } from '../../src/ui/components/peer-panels.js';
import type { PeerFact } from '../../src/ui/peer-facts.js';

const fact = (short: string, value: string): PeerFact => ({
  label: short,
  short,
  value,
  warn: false,
  empty: false,
});
/** The line as the compact panel draws it. */
const line = (label: string, fit: ReturnType<typeof fitFacts>) =>
  `${label} ${fit.facts.map((f, i) => `${i > 0 ? ' · ' : ''}${f.short} ${f.value}`).join('')}${fit.cut ? '…' : ''}`;

describe('a compact peer line fitted to its width', () => {
  const zh = [
    fact('版本', '2026-07-28（逐个请求）'),
    fact('能力', 'roots, sampling, elicitation.form'),
    fact('信息', 'learner-client 1.0.0'),
  ];

  it('in Chinese: cut on a wide character, it ends with … and takes at most the width', () => {
    for (const width of [30, 41, 52, 60, 79]) {
      const fit = fitFacts('客户端', zh, width);
      const text = line('客户端', fit);
      expect(fit.cut, `${width}`).toBe(true);
      expect(stringWidth(text), text).toBeLessThanOrEqual(width);
      expect(text.endsWith('…')).toBe(true);
    }
  });

  it('a line that fits is drawn whole, with no …', () => {
    const fit = fitFacts('客户端', zh, 200);
    expect(fit).toEqual({ facts: zh, cut: false });
  });
});
