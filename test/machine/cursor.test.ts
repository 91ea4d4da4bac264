import { describe, expect, it } from 'vitest';
import { FORGOTTEN_IDS } from '../../src/machine/ledger.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { hs } from './rule-cases.js';
import { rpc } from './session-builder.js';

// 2025-11-25 server/utilities/pagination › Implementation Guidelines: cursors are opaque.
describe('cursor-not-issued', () => {
  const rulesOfLast = (b: ReturnType<typeof hs>) => b.run().last.violations.map((v) => v.rule);

  it('a cursor handed out for another list is not this list’s: the finding names where it came from', () => {
    const session = hs()
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [], nextCursor: 'c2' }))
      .client(rpc.request(2, 'prompts/list', { cursor: 'c2' }));
    const [hit] = session.run().last.violations;
    expect(hit?.rule).toBe('cursor-not-issued');
    expect(hit?.message).toContain('handed out for tools/list, not for prompts/list');
  });

  it('the same nextCursor may be sent again (a page asked for twice), and an empty one is a cursor', () => {
    const session = hs()
      .client(rpc.request(1, 'resources/list'))
      .server(rpc.result(1, { resources: [], nextCursor: '' }))
      .client(rpc.request(2, 'resources/list', { cursor: '' }))
      .server(rpc.result(2, { resources: [] }))
      .client(rpc.request(3, 'resources/list', { cursor: '' }));
    expect(session.run().reports.flatMap((r) => r.violations)).toEqual([]);
  });

  it('the server asking for the client’s tasks follows the same rule', () => {
    const session = hs().server(rpc.request(1, 'tasks/list', { cursor: 'made-up' }));
    expect(rulesOfLast(session)).toContain('cursor-not-issued');
  });

  it('2026-07-28 is not judged: it has no sessions, and its guidelines drop “across sessions”', () => {
    const session = discovered()
      .client(modernRequest(1, 'tools/list', { cursor: 'kept-from-yesterday' }))
      .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' }));
    expect(session.run().reports.flatMap((r) => r.violations.map((v) => v.rule))).not.toContain(
      'cursor-not-issued',
    );
  });

  it('keeps the newest FORGOTTEN_IDS cursors of a list, and then does not call an unknown one made up', () => {
    const pages = FORGOTTEN_IDS + 1;
    const session = hs();
    for (let i = 1; i <= pages; i++) {
      session
        .client(rpc.request(i, 'tools/list', i === 1 ? {} : { cursor: `c${i - 1}` }))
        .server(rpc.result(i, { tools: [], nextCursor: `c${i}` }));
    }
    const early = hs()
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [], nextCursor: 'c1' }))
      .client(rpc.request(2, 'tools/list', { cursor: 'made-up' }));
    expect(rulesOfLast(early)).toContain('cursor-not-issued');
    const { referee, last } = session
      .client(rpc.request(pages + 1, 'tools/list', { cursor: 'c1' }))
      .run();
    const { ledger } = referee.snapshot().context;
    expect(ledger.cursors.get('server tools/list')?.size).toBe(FORGOTTEN_IDS);
    expect(last.violations.map((v) => v.rule)).not.toContain('cursor-not-issued');
  });
});
