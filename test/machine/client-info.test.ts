import { describe, expect, it } from 'vitest';
import { CAPS_KEY, discovered, INFO_KEY, modernRequest, modernResult } from './modern-builder.js';
import { rpc, session } from './session-builder.js';

const rulesOf = (run: { reports: readonly { violations: readonly { rule: string }[] }[] }) =>
  run.reports.flatMap((r) => r.violations.map((v) => v.rule));

// 2026-07-28 basic/index › General fields: clients SHOULD include
// io.modelcontextprotocol/clientInfo on every request, unless specifically configured not to.
describe('client-info-missing', () => {
  it('names the pointer and what to send, in both languages, as a warning', () => {
    const [hit] = discovered()
      .client(modernRequest(1, 'tools/list', {}, { without: [INFO_KEY] }))
      .run().last.violations;
    expect(hit?.rule).toBe('client-info-missing');
    expect(hit?.severity).toBe('warning');
    expect(hit?.message).toContain('/params/_meta/io.modelcontextprotocol~1clientInfo is missing');
    expect(hit?.message).toContain('"name"');
    expect(hit?.messageZh).toContain('/params/_meta/io.modelcontextprotocol~1clientInfo 缺失');
  });

  it('judges server/discover too; a clientInfo that is no object is the schema’s alone', () => {
    const probe = session()
      .client(modernRequest('probe', 'server/discover', {}, { without: [INFO_KEY] }))
      .run();
    expect(rulesOf(probe)).toEqual(['client-info-missing']);
    const run = discovered()
      .client(modernRequest(1, 'tools/list', {}, { meta: { [INFO_KEY]: 'cli 1.0' } }))
      .run();
    expect(rulesOf(run)).toEqual(['invalid-params']);
  });

  it('leaves a request without a required key to request-meta-missing alone', () => {
    const run = discovered()
      .client(modernRequest(1, 'tools/list', {}, { without: [CAPS_KEY, INFO_KEY] }))
      .run();
    expect(rulesOf(run)).toEqual(['request-meta-missing']);
  });

  it('is not judged in the handshake era, where initialize names the client once', () => {
    const run = session()
      .handshake({ server: { tools: {} } })
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [] }))
      .run();
    expect(rulesOf(run)).toEqual([]);
  });

  it('a full envelope is clean', () => {
    const run = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' }))
      .run();
    expect(rulesOf(run)).toEqual([]);
  });
});
