// A progress message is the sender's text, not the interface's: the field's meaning says why a
// Chinese screen shows the simulated tool's English `step 1 of 5` as it was sent.
import { describe, expect, it } from 'vitest';
import { annotate } from '../../src/protocol/fields.js';

describe('a progress notification’s message', () => {
  it('is explained as the sender’s own words, shown as sent, in both languages', () => {
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'progress-2', progress: 1, total: 5, message: 'step 1 of 5' },
    };
    // The handshake era's page; fields-by-revision checks the 2026-07-28 one.
    const meaning = annotate(progress, 'notifications/progress', '2025-11-25').find(
      (a) => a.pointer === '/params/message',
    );
    expect(meaning?.text.en).toMatch(/shown as sent/);
    expect(meaning?.text.en).toContain('basic/utilities/progress');
    expect(meaning?.text.zh).toMatch(/照原样显示/);
    expect(meaning?.text.zh).toContain('basic/utilities/progress');
  });
});
