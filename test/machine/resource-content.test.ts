import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { MODERN, modernRequest, modernResult } from './modern-builder.js';
import { URI } from './rule-cases.js';
import { rpc, session } from './session-builder.js';

const EMBEDDED = {
  type: 'resource',
  resource: { uri: URI, mimeType: 'text/markdown', text: '# Notes' },
};
const rulesOf = (run: { reports: readonly { violations: readonly { rule: string }[] }[] }) =>
  run.reports.flatMap((r) => r.violations.map((v) => v.rule));

// server/tools › Embedded Resources (2025-06-18, 2025-11-25, 2026-07-28): servers that use
// embedded resources SHOULD implement the resources capability.
describe('embedded-resource-without-capability', () => {
  const call = (version: string, server: JsonObject, result: JsonObject, method = 'tools/call') =>
    session()
      .handshake({ version, server })
      .client(rpc.request(1, method, { name: 'notes', arguments: {} }))
      .server(rpc.result(1, result));

  it('names the block and where the capabilities were declared', () => {
    const [hit] = call(
      '2025-06-18',
      { tools: {} },
      { content: [{ type: 'text', text: 'x' }, EMBEDDED] },
    ).run().last.violations;
    expect(hit?.rule).toBe('embedded-resource-without-capability');
    expect(hit?.severity).toBe('warning');
    expect(hit?.message).toContain('/result/content/1');
    expect(hit?.message).toContain('at initialize');
    expect(hit?.messageZh).toContain('/result/content/1');
  });

  it('2025-03-26 is not judged: its tools page only says resources MAY be embedded', () => {
    const run = call('2025-03-26', { tools: {} }, { content: [EMBEDDED] }).run();
    expect(rulesOf(run)).not.toContain('embedded-resource-without-capability');
  });

  it('a resource link is no embedded resource, and prompts/get is not judged (its page asks nothing of the capability)', () => {
    const link = { type: 'resource_link', uri: URI, name: 'notes' };
    expect(rulesOf(call('2025-11-25', { tools: {} }, { content: [link] }).run())).toEqual([]);
    const prompt = {
      messages: [{ role: 'user', content: EMBEDDED }],
    };
    const run = call('2025-11-25', { prompts: {} }, prompt, 'prompts/get').run();
    expect(rulesOf(run)).not.toContain('embedded-resource-without-capability');
  });

  it('2026-07-28: judged against the capabilities of server/discover, and not before it', () => {
    const discover = (capabilities: JsonObject) =>
      session()
        .client(modernRequest('probe', 'server/discover'))
        .server(
          modernResult('probe', {
            supportedVersions: [MODERN],
            capabilities,
            ttlMs: 0,
            cacheScope: 'private',
          }),
        );
    const toolCall = (builder: ReturnType<typeof session>) =>
      builder
        .client(modernRequest(1, 'tools/call', { name: 'notes', arguments: {} }))
        .server(modernResult(1, { content: [EMBEDDED] }));
    const [hit] = toolCall(discover({ tools: {} })).run().last.violations;
    expect(hit?.rule).toBe('embedded-resource-without-capability');
    expect(hit?.message).toContain('server/discover');
    expect(hit?.spec).toContain('2026-07-28/server/tools › Embedded Resources');
    expect(rulesOf(toolCall(discover({ tools: {}, resources: {} })).run())).toEqual([]);
    expect(rulesOf(toolCall(session()).run())).not.toContain(
      'embedded-resource-without-capability',
    );
  });
});
