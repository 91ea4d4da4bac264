import { describe, expect, it } from 'vitest';
import { rpc, session } from './session-builder.js';

/**
 * A client that initializes again after a successful handshake, reusing the id of its first
 * initialize (seen driving `serve` by hand on stdio). The server refuses the second one; that
 * refusal answers the second initialize, not the handshake that already succeeded. The referee
 * took it for a refused handshake before: every later request was initialize-not-first and the
 * next notifications/initialized initialized-before-result, though the session went on operating.
 */
describe('a second initialize with the id of the first, refused', () => {
  const run = () =>
    session()
      .handshake({ id: 1 })
      .initialize({ id: 1 })
      .server(rpc.error(1, -32600, 'Invalid Request: the session is already initialized'))
      .initialized()
      .client(rpc.request(2, 'tools/list'))
      .server(rpc.result(2, { tools: [] }))
      .run();

  it('is judged as itself; the session stays operating, and what follows breaks no rule', () => {
    const { reports } = run();
    const rules = reports.map((r) => r.violations.map((v) => v.rule));
    expect(rules).toEqual([
      [],
      [],
      [],
      ['duplicate-initialize', 'duplicate-request-id'],
      [],
      [],
      [],
      [],
    ]);
    expect(reports.slice(3).map((r) => r.phase)).toEqual(Array(5).fill('operation'));
  });
});
