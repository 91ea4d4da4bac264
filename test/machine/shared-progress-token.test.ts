import { describe, expect, it } from 'vitest';
import { cancel, hs, progress, slowCall, toolResult } from './rule-cases.js';
import type { SessionBuilder } from './session-builder.js';

const rulesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);
const messagesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.message);
/** Two requests of the client in flight that handed out the same token (itself an error). */
const shared = () => hs().client(slowCall(1, 'job')).client(slowCall(2, 'job'));

describe('a progress token two requests in flight share (duplicate-progress-token)', () => {
  it('is flagged where the second request hands it out', () => {
    expect(rulesOf(shared())).toEqual(['duplicate-progress-token']);
  });

  it('still belongs to the request in flight when the other is cancelled or answered', () => {
    // #1 cancelled: #2 still holds the token, so its progress is no progress after cancellation.
    expect(rulesOf(shared().client(cancel(1)).server(progress('job', 0.5)))).toEqual([]);
    // #2 cancelled, #1 still waits: the same.
    expect(rulesOf(shared().client(cancel(2)).server(progress('job', 0.5)))).toEqual([]);
    // #2 answered, #1 still waits: no progress after completion.
    expect(rulesOf(shared().server(toolResult(2)).server(progress('job', 0.5)))).toEqual([]);
    expect(rulesOf(shared().server(toolResult(1)).server(progress('job', 0.5)))).toEqual([]);
  });

  it('names the request that really ended once both have', () => {
    const both = shared().client(cancel(2)).client(cancel(1)).server(progress('job', 0.5));
    expect(rulesOf(both)).toEqual(['progress-after-cancellation']);
    expect(messagesOf(both)[0]).toContain('#1');
    const answered = shared().client(cancel(1)).server(toolResult(2)).server(progress('job', 0.5));
    expect(rulesOf(answered)).toEqual(['progress-after-completion']);
    expect(messagesOf(answered)[0]).toContain('#2');
  });

  it('keeps how far each request had got', () => {
    // #1 reached 0.5; #2 took the token over and then was answered: #1's next progress must pass 0.5.
    const back = hs()
      .client(slowCall(1, 'job'))
      .server(progress('job', 0.5))
      .client(slowCall(2, 'job'))
      .server(toolResult(2))
      .server(progress('job', 0.25));
    expect(rulesOf(back)).toEqual(['progress-not-increasing']);
  });
});
