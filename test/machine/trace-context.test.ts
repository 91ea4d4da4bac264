import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, session } from './session-builder.js';

const VALID = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** The rules a modern tools/list carrying `meta` breaks. */
function requestWith(meta: JsonObject): string[] {
  const { last } = discovered()
    .client(modernRequest(1, 'tools/list', {}, { meta }))
    .run();
  return last.violations.map((v) => v.rule);
}

describe('trace context in _meta (2026-07-28 basic/index › General fields)', () => {
  it('a valid traceparent, tracestate and baggage pass', () => {
    expect(
      requestWith({
        traceparent: VALID,
        tracestate: 'rojo=00f067aa0ba902b7, congo=t61rcWkgMzE',
        baggage: 'userId=alice, serverNode=DF%2028;prop, isProduction=false',
      }),
    ).toEqual([]);
    // A later version may add fields after the flags.
    expect(requestWith({ traceparent: `cc${VALID.slice(2)}-what-the-future-adds` })).toEqual([]);
  });

  it.each([
    ['a bare trace-id', '4bf92f3577b34da6a3ce929d0e0e4736'],
    ['uppercase hex', VALID.toUpperCase()],
    ['version ff', `ff${VALID.slice(2)}`],
    ['version 00 with more after the flags', `${VALID}-00`],
    ['an all-zero trace-id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['an all-zero parent-id', `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`],
    ['a number', 42],
  ])('a traceparent that is %s is flagged', (_why, traceparent) => {
    expect(requestWith({ traceparent })).toEqual(['trace-context-invalid']);
  });

  it('a malformed tracestate or baggage is flagged, each key once', () => {
    const { last } = discovered()
      .client(
        modernRequest(
          1,
          'tools/list',
          {},
          { meta: { tracestate: 'Rojo=00f067aa0ba902b7', baggage: 'user id=alice' } },
        ),
      )
      .run();
    expect(last.violations.map((v) => v.rule)).toEqual([
      'trace-context-invalid',
      'trace-context-invalid',
    ]);
    expect(last.violations[0]?.message).toContain('tracestate');
    expect(last.violations[1]?.message).toContain('baggage');
  });

  it('is judged on the server’s results and notifications too', () => {
    const result = modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' });
    const body = result.result as JsonObject;
    const bad = { ...body, _meta: { ...(body._meta as JsonObject), traceparent: 'abc' } };
    const { last } = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(rpc.result(1, bad))
      .run();
    expect(last.violations.map((v) => v.rule)).toEqual(['trace-context-invalid']);
  });

  it('the handshake era reserves no such key: not judged there', () => {
    const { last } = session()
      .handshake({ version: '2025-11-25' })
      .client(rpc.request(1, 'tools/list', { _meta: { traceparent: 'abc' } }))
      .run();
    expect(last.violations).toEqual([]);
  });
});
