import { describe, expect, it } from 'vitest';
import { withExactIds } from '../../src/protocol/exact-ids.js';

const BIG = '123456789012345678901';
const read = (text: string) => withExactIds(text, JSON.parse(text)) as Record<string, unknown>;
const streamOf = (m: Record<string, unknown>) =>
  ((m.result as Record<string, unknown>)._meta as Record<string, unknown>)[
    'io.modelcontextprotocol/subscriptionId'
  ];

// A listen's graceful end names its stream in result._meta (2026-07-28 subscriptions › Graceful
// Closure): that id is read exactly, as the request's id and a notification's are.
describe('a listen result’s subscriptionId past 2^53 − 1', () => {
  it('is read exactly when the response’s own id is past it too', () => {
    const m = read(
      `{"jsonrpc":"2.0","id":${BIG},"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/subscriptionId":${BIG}}}}`,
    );
    expect(m.id).toBe(BigInt(BIG));
    expect(streamOf(m)).toBe(BigInt(BIG));
  });

  it('is read exactly when only it is (a result naming another stream than its id)', () => {
    const m = read(
      `{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/subscriptionId":${BIG}}}}`,
    );
    expect(streamOf(m)).toBe(BigInt(BIG));
  });
});
