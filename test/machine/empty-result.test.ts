import { describe, expect, it } from 'vitest';
import { rpc, session } from './session-builder.js';

/** The rules the last answer broke, in a 2025-11-25 session after the handshake. */
function answerTo(method: string, params: Record<string, unknown>, result: unknown): string[] {
  const { last } = session()
    .handshake()
    .client(rpc.request(2, method, params))
    .server(rpc.result(2, result as Record<string, unknown>))
    .run();
  return last.violations.map((v) => v.rule);
}

describe('an empty result may carry more (schema.ts: EmptyResult = Result, any object)', () => {
  it('extra keys in the answer to logging/setLevel or resources/subscribe break no rule', () => {
    expect(answerTo('logging/setLevel', { level: 'debug' }, { note: 'ok' })).toEqual([]);
    expect(answerTo('resources/subscribe', { uri: 'file:///a' }, { subscribed: true })).toEqual([]);
  });

  it('ping alone says more: its page requires "an empty response" (ping › Behavior Requirements)', () => {
    // Not the schema's rule (invalid-result): EmptyResult is any Result. The ping page's MUST.
    expect(answerTo('ping', {}, { _meta: { x: 1 }, note: 'ok' })).toEqual([
      'ping-result-not-empty',
    ]);
    expect(answerTo('ping', {}, { _meta: { x: 1 } })).toEqual([]);
  });

  it('but it is still an object: _meta must be one', () => {
    expect(answerTo('ping', {}, { _meta: 'x' })).toEqual(['invalid-result']);
  });
});
