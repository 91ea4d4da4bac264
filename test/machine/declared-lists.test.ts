import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { discovered, MODERN, modernRequest, modernResult } from './modern-builder.js';
import { initializeRequest, rpc, session } from './session-builder.js';

const rulesOf = (run: { reports: readonly { violations: readonly { rule: string }[] }[] }) =>
  run.reports.flatMap((r) => r.violations.map((v) => v.rule));
const notFound = (id: number) => rpc.error(id, -32601, 'Method not found');

/** A modern session whose server/discover result declares `capabilities` (or none at all). */
function discoveredWith(capabilities: JsonObject | undefined) {
  return session()
    .client(modernRequest('probe', 'server/discover'))
    .server(
      modernResult('probe', {
        supportedVersions: [MODERN],
        ...(capabilities === undefined ? {} : { capabilities }),
        ttlMs: 0,
        cacheScope: 'private',
      }),
    );
}

// 2026-07-28 server/tools, server/prompts, server/resources › Capabilities: a server that declares
// the capability MUST respond to its list request with the set currently available (MAY be empty).
describe('declared-list-not-served', () => {
  it('points at /error/code and says what to do, in both languages, as an error', () => {
    const [hit] = discovered().client(modernRequest(1, 'tools/list')).server(notFound(1)).run()
      .last.violations;
    expect(hit?.rule).toBe('declared-list-not-served');
    expect(hit?.severity).toBe('error');
    expect(hit?.message).toContain(
      'tools/list #1 is answered -32601 (Method not found) at /error/code',
    );
    expect(hit?.message).toContain('"tools": []');
    expect(hit?.messageZh).toContain('-32601（方法不存在，见 /error/code）');
    expect(hit?.messageZh).toContain('不要声明 tools 能力');
  });

  it('judges resources/list too', () => {
    const run = discovered().client(modernRequest(1, 'resources/list')).server(notFound(1)).run();
    expect(rulesOf(run)).toEqual(['declared-list-not-served']);
  });

  it('does not judge a capability the server did not declare, nor a discover without capabilities', () => {
    const undeclared = discoveredWith({ tools: {} })
      .client(modernRequest(1, 'resources/list'))
      .server(notFound(1))
      .run();
    expect(rulesOf(undeclared)).not.toContain('declared-list-not-served');
    const nothing = discoveredWith(undefined)
      .client(modernRequest(1, 'tools/list'))
      .server(notFound(1))
      .run();
    expect(rulesOf(nothing)).not.toContain('declared-list-not-served');
  });

  it('is not judged before server/discover', () => {
    const run = session().client(modernRequest(1, 'tools/list')).server(notFound(1)).run();
    expect(rulesOf(run)).not.toContain('declared-list-not-served');
  });

  it('judges no other code (an invalid cursor gets -32602) and no other method', () => {
    const cursor = discovered()
      .client(modernRequest(1, 'tools/list', { cursor: 'stale' }))
      .server(rpc.error(1, -32602, 'Invalid cursor'))
      .run();
    expect(rulesOf(cursor)).not.toContain('declared-list-not-served');
    const template = discovered()
      .client(modernRequest(1, 'resources/templates/list'))
      .server(notFound(1))
      .run();
    expect(rulesOf(template)).not.toContain('declared-list-not-served');
  });

  it('leaves a request the server must refuse to the rules of that refusal', () => {
    const unserved = discovered()
      .client(modernRequest(1, 'tools/list', {}, { version: '2025-11-25' }))
      .server(notFound(1))
      .run();
    expect(rulesOf(unserved)).toEqual(['version-not-refused']);
    const bare = discovered().client(rpc.request(1, 'tools/list')).server(notFound(1)).run();
    expect(rulesOf(bare)).not.toContain('declared-list-not-served');
  });

  it('is not a rule of the handshake era (2025-11-25 does not say it)', () => {
    const run = session()
      .client(initializeRequest())
      .server(
        rpc.result(0, {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 's', version: '1' },
        }),
      )
      .client(rpc.notification('notifications/initialized'))
      .client(rpc.request(1, 'tools/list'))
      .server(notFound(1))
      .run();
    expect(rulesOf(run)).not.toContain('declared-list-not-served');
  });
});
