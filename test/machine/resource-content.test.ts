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

// server/resources › Common URI Schemes (custom schemes MUST follow RFC 3986) and the schema's
// format "uri" on every resource's uri.
describe('resource-uri-invalid', () => {
  const answered = (method: string, result: JsonObject, version = '2025-11-25') =>
    session()
      .handshake({ version })
      .client(rpc.request(1, method, method === 'resources/read' ? { uri: URI } : {}))
      .server(rpc.result(1, result));
  const lastOf = (run: ReturnType<ReturnType<typeof answered>['run']>) =>
    run.last.violations.map((v) => ({ rule: v.rule, message: v.message }));

  it.each([
    ['a space', 'file:///project/meeting notes.md', 'the character U+0020 at index 23', '%20'],
    ['a letter beyond ASCII', 'file:///project/café.md', 'the character "é" at index 19', '%C3%A9'],
    ['no scheme', 'project/notes.md', 'it has no scheme', 'notes://'],
    ['a scheme that starts with a digit', '1notes://today', 'its scheme "1notes"', '§ 3.1'],
    ['a % that starts no escape', 'notes://100%', 'the "%" at index 11', '%25'],
  ])('%s: says where, what, and what to write', (_, uri, what, instead) => {
    const run = answered('resources/list', { resources: [{ uri, name: 'notes' }] }).run();
    const [hit] = lastOf(run);
    expect(hit?.rule).toBe('resource-uri-invalid');
    expect(hit?.message).toContain(`/result/resources/0/uri is ${JSON.stringify(uri)}`);
    expect(hit?.message).toContain(what);
    expect(hit?.message).toContain(instead);
  });

  it('takes what RFC 3986 allows: custom schemes, urn:, escapes, IP literals', () => {
    const uris = [
      'demo://resource/static/document/architecture.md',
      'urn:isbn:0451450523',
      'file:///C:/meeting%20notes.md',
      'http://[::1]:8080/notes',
      'mailto:learner@example.com',
      'git+ssh://example.com/repo.git',
    ];
    const resources = uris.map((uri) => ({ uri, name: 'x' }));
    expect(rulesOf(answered('resources/list', { resources }).run())).toEqual([]);
  });

  it('reads resources/read contents, tools/call and prompts/get blocks, and names how many more', () => {
    const read = answered('resources/read', {
      contents: [
        { uri: 'a b', text: '' },
        { uri: 'c d', text: '' },
        { uri: URI, text: '' },
      ],
    }).run();
    expect(lastOf(read)[0]?.message).toContain('/result/contents/0/uri');
    expect(lastOf(read)[0]?.message).toContain('1 more uri of this result is not one either');
    const link = { type: 'resource_link', uri: 'no scheme', name: 'n' };
    const call = answered('tools/call', { content: [{ type: 'text', text: '' }, link] }).run();
    expect(lastOf(call)[0]?.message).toContain('/result/content/1/uri');
    const prompt = answered('prompts/get', {
      messages: [
        { role: 'user', content: { type: 'resource', resource: { uri: 'x y', text: '' } } },
      ],
    }).run();
    expect(lastOf(prompt)[0]?.message).toContain('/result/messages/0/content/resource/uri');
  });

  it('a template’s uriTemplate is RFC 6570, not a URI: not judged', () => {
    const templates = [{ uriTemplate: 'file:///{path}', name: 'files' }];
    expect(
      rulesOf(answered('resources/templates/list', { resourceTemplates: templates }).run()),
    ).toEqual([]);
  });

  it('2025-06-18 and 2026-07-28: invalid-result leaves a bad uri to this rule and still judges the rest', () => {
    const bad = answered(
      'resources/list',
      { resources: [{ uri: 'a b', name: 'x' }] },
      '2025-06-18',
    );
    expect(rulesOf(bad.run())).toEqual(['resource-uri-invalid']);
    const nameless = answered('resources/list', { resources: [{ uri: 'a b' }] }, '2025-06-18');
    expect(rulesOf(nameless.run()).sort()).toEqual(['invalid-result', 'resource-uri-invalid']);
    const modern = session()
      .client(modernRequest(1, 'resources/list'))
      .server(
        modernResult(1, {
          resources: [{ uri: 'file:///a b', name: 'x' }],
          ttlMs: 0,
          cacheScope: 'private',
        }),
      );
    const [hit, ...rest] = modern.run().last.violations;
    expect(hit?.rule).toBe('resource-uri-invalid');
    expect(hit?.spec).toContain('2026-07-28/server/resources › Common URI Schemes');
    expect(rest).toEqual([]);
  });
});
