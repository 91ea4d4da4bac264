import { describe, expect, it } from 'vitest';
import { rpc, session } from './session-builder.js';

/** The rules a notifications/cancelled without requestId breaks, in a session of `version`. */
function bareCancel(version: string): string[] {
  const { last } = session()
    .handshake({ version })
    .client(rpc.request(1, 'tools/list'))
    .client(rpc.notification('notifications/cancelled', { reason: 'the user gave up' }))
    .run();
  return last.violations.map((v) => v.rule);
}

describe('a cancellation that names no request', () => {
  it('2025-11-25, where requestId became optional: the schema’s own MUST, named', () => {
    expect(bareCancel('2025-11-25')).toEqual(['cancel-without-request-id']);
  });

  it('before it, where the schema requires requestId: invalid-params says it, once', () => {
    for (const version of ['2024-11-05', '2025-03-26', '2025-06-18']) {
      expect(bareCancel(version), version).toEqual(['invalid-params']);
    }
  });
});
