import { describe, expect, it } from 'vitest';
import { cancel } from './rule-cases.js';
import { session } from './session-builder.js';

/**
 * 2025-11-25 basic/utilities/cancellation › Behavior Requirements: "The initialize request MUST NOT
 * be cancelled by clients". The cancellation is the client's error (cancel-initialize); it cancels
 * nothing, so the server's answer to initialize is the one it owes, not an answer after a
 * cancellation, and the handshake goes on from it.
 */
describe('a cancellation of initialize cancels nothing', () => {
  const cancelled = () => session().initialize().client(cancel(0));

  it('is flagged itself', () => {
    expect(
      cancelled()
        .run()
        .last.violations.map((v) => v.rule),
    ).toEqual(['cancel-initialize']);
  });

  it('leaves the answer to initialize unflagged and the handshake going on', () => {
    const run = cancelled().initializeResult().initialized().run();
    expect(run.reports.slice(2).flatMap((r) => r.violations.map((v) => v.rule))).toEqual([]);
  });
});
