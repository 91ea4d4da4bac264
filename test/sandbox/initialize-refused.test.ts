import { describe, expect, it } from 'vitest';
import { sandbox } from './helpers.js';

describe('the learner’s server refuses initialize', () => {
  it('the simulated client closes the connection and says why (2025-11-25 basic/lifecycle), instead of waiting for nothing', () => {
    const s = sandbox('legacy', 'server');
    const refuse = s.offers().find((o) => o.kind === 'error');
    if (refuse?.kind !== 'error')
      throw new Error(
        s
          .offers()
          .map((o) => o.key)
          .join(),
      );
    expect(refuse.method).toBe('initialize');
    const steps = s.send(refuse.envelope);
    const close = steps.at(-1);
    expect(close?.kind).toBe('close');
    expect(close?.closedBy).toBe('client');
    expect(close?.notes?.note?.en).toMatch(/refused initialize .*-32\d\d\d/);
    expect(close?.notes?.note?.en).toMatch(/2025-11-25 basic\/lifecycle/);
    expect(close?.notes?.note?.zh).toMatch(/拒绝了 initialize/);
    expect(s.note()?.en).toBe(close?.notes?.note?.en);
    // Nothing the learner's server may send now is allowed: the connection is closed.
    expect(s.offers().every((o) => o.kind === 'transport' || o.blocks.length > 0)).toBe(true);
  });
});
