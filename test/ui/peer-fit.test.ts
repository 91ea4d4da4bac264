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

describe('a compact peer line too long for its width', () => {
  const tools = ['weather_current', 'long_running_task', 'calculator_arithmetic'];
  const en = [
    fact('v', '2026-07-28 (per request)'),
    fact('caps', 'elicitation.form'),
    { ...fact('tools', tools.join(', ')), brief: 'weather_current +2' },
    { ...fact('pending', 'tools/call #2, tools/call #3'), brief: 'tools/call #2 +1', work: true },
  ];

  it('tells a long list short before it cuts anything, the work in flight last', () => {
    const want =
      'client v 2026-07-28 (per request) · caps elicitation.form · tools weather_current +2 · pending tools/call #2, tools/call #3';
    const fit = fitFacts('client', en, stringWidth(want));
    expect(line('client', fit)).toBe(want);
    expect(fit.cut).toBe(false);
  });

  it('tells the work in flight short too when the line is narrower still', () => {
    const want =
      'client v 2026-07-28 (per request) · caps elicitation.form · tools weather_current +2 · pending tools/call #2 +1';
    const fit = fitFacts('client', en, stringWidth(want));
    expect(line('client', fit)).toBe(want);
    // And narrower again: cut, with …, as before.
    expect(fitFacts('client', en, stringWidth(want) - 5).cut).toBe(true);
  });

  it('cuts a value one column too long with room for its …, the cut not ending in a space', () => {
    const facts = [
      fact('v', '2025-11-25'),
      { ...fact('working', 'initialize #1'), work: true },
      fact('tools', 'weather_current'),
    ];
    // `initialize #1` is one column wider than what is left before the `…` (a fact follows it).
    const width = stringWidth('server v 2025-11-25 · working initialize #1');
    const text = line('server', fitFacts('server', facts, width));
    expect(stringWidth(text), text).toBeLessThanOrEqual(width);
    expect(text).toBe('server v 2025-11-25 · working initialize #…');
    // A column less, and the cut falls after a space: the … follows the word.
    expect(line('server', fitFacts('server', facts, width - 1))).toBe(
      'server v 2025-11-25 · working initialize…',
    );
  });

  it('leaves out a fact that would show too little to tell anything', () => {
    const fit = fitFacts(
      'client',
      [fact('v', '2026-07-28'), fact('info', 'learner-client 1.0.0')],
      22,
    );
    expect(line('client', fit)).toBe('client v 2026-07-28…');
  });
});
