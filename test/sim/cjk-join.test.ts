import { describe, expect, it } from 'vitest';
import { joinCjk } from '../../src/sim/scenario/schema.js';

describe('joinCjk: the spaces YAML folds into Chinese text', () => {
  it('drops them between Chinese characters, and beside full-width punctuation even next to a Latin word', () => {
    expect(joinCjk('握手 之后')).toBe('握手之后');
    expect(joinCjk('ping（没有替代）、 logging/setLevel')).toBe(
      'ping（没有替代）、logging/setLevel',
    );
    expect(joinCjk('内容。 promptsListChanged')).toBe('内容。promptsListChanged');
    expect(joinCjk('对 tools/call 返回')).toBe('对 tools/call 返回');
  });
});
