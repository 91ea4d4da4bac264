import { describe, expect, it } from 'vitest';
import { rpc, session } from './session-builder.js';

const URI = 'file:///project/notes.md';
const subscribe = (id: number) => rpc.request(id, 'resources/subscribe', { uri: URI });
const updated = rpc.notification('notifications/resources/updated', { uri: URI });
const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);

/** Resources › Subscriptions: the client subscribes, the server confirms, then updates follow. */
describe('a subscription counts once the server confirmed it', () => {
  it('a subscribe answered with an error subscribed to nothing: a later update is flagged', () => {
    const { last } = session()
      .handshake()
      .client(subscribe(1))
      .server(rpc.error(1, -32002, 'Resource not found'))
      .server(updated)
      .run();
    expect(rules(last.violations)).toEqual(['resource-not-subscribed']);
  });

  it('a subscribe answered with a result: updates are expected', () => {
    const { reports } = session()
      .handshake()
      .client(subscribe(1))
      .server(rpc.result(1, {}))
      .server(updated)
      .run();
    expect(reports.flatMap((r) => r.violations)).toEqual([]);
  });

  it('an update while the subscribe waits for its answer is not flagged', () => {
    // The server may register the subscription and see a change before its response goes out.
    const { reports } = session()
      .handshake()
      .client(subscribe(1))
      .server(updated)
      .server(rpc.result(1, {}))
      .server(updated)
      .run();
    expect(reports.flatMap((r) => r.violations)).toEqual([]);
  });

  it('once that subscribe fails, updates are flagged again', () => {
    const { reports, last } = session()
      .handshake()
      .client(subscribe(1))
      .server(updated)
      .server(rpc.error(1, -32002, 'Resource not found'))
      .server(updated)
      .run();
    expect(reports.slice(0, -1).flatMap((r) => r.violations)).toEqual([]);
    expect(rules(last.violations)).toEqual(['resource-not-subscribed']);
  });

  it('a retry after a failed subscribe counts when it succeeds', () => {
    const { last } = session()
      .handshake()
      .client(subscribe(1))
      .server(rpc.error(1, -32603, 'busy'))
      .client(subscribe(2))
      .server(rpc.result(2, {}))
      .server(updated)
      .run();
    expect(last.violations).toEqual([]);
  });

  it('two subscribes waiting for one URI: updates are expected until both have failed', () => {
    const { reports } = session()
      .handshake()
      .client(subscribe(1))
      .client(subscribe(2))
      .server(rpc.error(1, -32603, 'busy'))
      .server(updated)
      .server(rpc.error(2, -32603, 'busy'))
      .server(updated)
      .run();
    expect(reports.map((r) => rules(r.violations)).slice(-3)).toEqual([
      [],
      [],
      ['resource-not-subscribed'],
    ]);
  });
});
