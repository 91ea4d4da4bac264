import { describe, expect, it } from 'vitest';
import { rpc, session } from './session-builder.js';

/**
 * What the 2025-11-25 lifecycle's sentences say, and no more (a fidelity audit of the handshake
 * era's rules): each case below was judged otherwise before.
 */
const found = (b: ReturnType<typeof session>) =>
  b.run().last.violations.map((v) => `${v.rule}:${v.severity}`);

describe('initialize MUST be the first interaction (basic/lifecycle › Initialization)', () => {
  it('a ping before any initialize is not the first interaction the spec asks for', () => {
    expect(found(session().client(rpc.request(1, 'ping')))).toEqual(['initialize-not-first:error']);
    expect(found(session().server(rpc.request(1, 'ping')))).toEqual(['initialize-not-first:error']);
  });

  it('a ping while initialize waits for its answer is fine ("other than pings")', () => {
    expect(found(session().initialize().client(rpc.request(1, 'ping')))).toEqual([]);
  });
});

describe('resource-not-subscribed says what the client holds, not what it ever did', () => {
  it('after an unsubscribe the update names no subscription the client holds', () => {
    const uri = 'file:///a';
    const s = session()
      .handshake({
        server: { resources: { subscribe: true } },
      })
      .client(rpc.request(1, 'resources/subscribe', { uri }))
      .server(rpc.result(1))
      .client(rpc.request(2, 'resources/unsubscribe', { uri }))
      .server(rpc.result(2))
      .server(rpc.notification('notifications/resources/updated', { uri }));
    const [finding] = s.run().last.violations;
    expect([finding?.rule, finding?.severity]).toEqual(['resource-not-subscribed', 'warning']);
    expect(finding?.message).toContain('holds no subscription');
    expect(finding?.message).not.toContain('never subscribed');
    // The spec page and its section, as every rule cites one (the sentence is the schema page's,
    // under notifications/resources/updated), not the schema's source file.
    expect(finding?.spec).toMatch(/^2025-11-25\/schema › notifications\/resources\/updated \(/);
  });
});

describe('early traffic is a SHOULD NOT about requests', () => {
  it('the findings say should, never only … may', () => {
    const early = session()
      .initialize({ server: { tools: { listChanged: true } } })
      .server(
        rpc.result(0, {
          protocolVersion: '2025-11-25',
          capabilities: { tools: { listChanged: true } },
          serverInfo: { name: 's', version: '1' },
        }),
      )
      .server(rpc.notification('notifications/tools/list_changed'));
    const [finding] = early.run().last.violations;
    expect(finding?.rule).toBe('notification-before-initialized');
    expect(finding?.message).toContain('should send no requests other than pings and logging');
    expect(finding?.message).not.toMatch(/only \w+ may go first/);
  });
});
