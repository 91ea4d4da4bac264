import { describe, expect, it } from 'vitest';
import { metaKeyIssue } from '../../src/machine/rules/meta-keys.js';
import type { JsonObject } from '../../src/protocol/index.js';
import { discovered, modernRequest, SERVER_INFO_KEY } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';
import { deploy } from './stream-builder.js';

const found = (b: SessionBuilder) => b.run().last.violations;
const rules = (b: SessionBuilder) => found(b).map((v) => v.rule);

describe('_meta key names (basic/index › General fields › _meta, Key name format)', () => {
  it('reads prefix labels and the name as the spec words them', () => {
    for (const key of [
      'progressToken',
      '',
      'io.modelcontextprotocol/related-task',
      'com.example.fastmcp/tags',
      'a/b',
      'x1/n_a.m-e',
      'dev.mcp/x',
      'traceparent',
      'com.example/',
    ])
      expect(metaKeyIssue(key), key).toBeNull();
    for (const key of [
      '_fastmcp',
      'tags_',
      'com.example/_x',
      '1com.example/x',
      'com.example-/x',
      'com..example/x',
      '/x',
      'com.example/a/b',
      'a b',
      'com_example/x',
      'é/x',
    ])
      expect(metaKeyIssue(key), key).not.toBeNull();
  });

  const listed = (meta: JsonObject, extra: JsonObject = {}, version = '2025-11-25') =>
    session()
      .handshake({ version })
      .client(rpc.request(1, 'tools/list'))
      .server(
        rpc.result(1, {
          tools: [{ name: 'weather', inputSchema: { type: 'object' }, _meta: meta, ...extra }],
        }),
      );

  it('finds a bad key on a listed tool, in params._meta and in a content block, saying where', () => {
    const [v] = found(listed({ _fastmcp: { tags: [] } }));
    expect(v?.rule).toBe('meta-key-invalid');
    expect(v?.severity).toBe('error');
    expect(v?.message).toContain('/result/tools/0/_meta/_fastmcp');
    expect(v?.message).toContain('"com.example/fastmcp"');
    expect(v?.messageZh).toContain('/result/tools/0/_meta/_fastmcp');
    expect(v?.spec).toMatch(/^2025-11-25\/basic\/index › General fields \(/);
    const call = session()
      .handshake()
      .client(rpc.request(1, 'tools/call', { name: 'w', arguments: {}, _meta: { 'x/_y': 1 } }));
    expect(rules(call)).toEqual(['meta-key-invalid']);
    const block = session()
      .handshake()
      .client(rpc.request(1, 'tools/call', { name: 'w', arguments: {} }))
      .server(rpc.result(1, { content: [{ type: 'text', text: 'hi', _meta: { '-x': 1 } }] }));
    expect(found(block)[0]?.message).toContain('/result/content/0/_meta/-x');
  });

  it('leaves user data alone: arguments, schemas, structured content, an elicitation’s answers', () => {
    const data = { _meta: { _anything: 1 } };
    expect(
      rules(
        listed(
          {},
          {
            inputSchema: { type: 'object', properties: { _meta: { type: 'object' } }, ...data },
          },
        ),
      ),
    ).toEqual([]);
    const call = session()
      .handshake()
      .client(rpc.request(1, 'tools/call', { name: 'w', arguments: data }))
      .server(
        rpc.result(1, {
          content: [{ type: 'text', text: '{}' }],
          structuredContent: data,
        }),
      );
    expect(rules(call)).toEqual([]);
    const answer = session()
      .handshake({ client: { elicitation: { form: {} } } })
      .server(
        rpc.request(0, 'elicitation/create', {
          message: 'Meta?',
          requestedSchema: { type: 'object', properties: { _meta: { type: 'string' } } },
        }),
      )
      .client(rpc.result(0, { action: 'accept', content: { _meta: 'x' } }));
    expect(rules(answer)).toEqual([]);
  });

  it('judges 2025-06-18 on its own page, and not 2025-03-26, which had no format', () => {
    const [v] = found(listed({ _x: 1 }, {}, '2025-06-18'));
    expect(v?.rule).toBe('meta-key-invalid');
    expect(v?.spec).toMatch(/^2025-06-18\/basic\/index › General fields \(/);
    expect(rules(listed({ _x: 1 }, {}, '2025-03-26'))).toEqual([]);
  });

  it('judges 2026-07-28, citing its page; its own envelope keys are fine', () => {
    const bad = discovered()
      .client(modernRequest(2, 'tools/list'))
      .server(
        rpc.result(2, {
          resultType: 'complete',
          tools: [],
          _meta: { [SERVER_INFO_KEY]: { name: 's', version: '1' }, _fastmcp: {} },
        }),
      );
    const v = found(bad).find((one) => one.rule === 'meta-key-invalid');
    expect(v?.message).toContain('/result/_meta/_fastmcp');
    expect(v?.spec).toMatch(/^2026-07-28\/basic\/index › General fields \(/);
    expect(rules(discovered().client(modernRequest(2, 'tools/list')))).toEqual([]);
  });
});

describe('root URIs (client/roots › Root: a file:// URI)', () => {
  const answered = (uri: unknown, version = '2025-11-25') =>
    session()
      .handshake({ version })
      .server(rpc.request(0, 'roots/list'))
      .client(rpc.result(0, { roots: [{ uri: 'file:///a' }, { uri, name: 'x' }] }));

  it('in every handshake revision, once: invalid-result leaves the scheme to this rule', () => {
    for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
      const violations = found(answered('https://github.com/a/b', version));
      expect(violations.map((v) => v.rule)).toEqual(['root-uri-not-file']);
      expect(violations[0]?.message).toContain('/result/roots/1/uri');
    }
    expect(rules(answered('FILE:///home/a'))).toEqual([]);
    // The rest of the shape is still the schema's.
    expect(rules(answered(42))).toEqual(['invalid-result']);
  });

  it('in 2026-07-28, in the retry’s inputResponses answering the round’s roots/list', () => {
    const round = (uri: string) =>
      discovered()
        .client(deploy(2))
        .server(
          rpc.result(2, {
            resultType: 'input_required',
            inputRequests: { where: { method: 'roots/list' } },
            requestState: 's1',
            _meta: { [SERVER_INFO_KEY]: { name: 's', version: '1' } },
          }),
        )
        .client(deploy(3, { inputResponses: { where: { roots: [{ uri }] } }, requestState: 's1' }));
    const [v] = found(round('http://example.com/repo'));
    expect(v?.rule).toBe('root-uri-not-file');
    expect(v?.message).toContain('/params/inputResponses/where/roots/0/uri');
    expect(v?.spec).toMatch(/^2026-07-28\/client\/roots › Root/);
    expect(rules(round('file:///repo'))).toEqual([]);
  });
});

describe('URLs in form-mode elicitation (client/elicitation › Safe URL Handling)', () => {
  const form = (params: JsonObject, version = '2025-11-25') =>
    session()
      .handshake({ version, client: { elicitation: version === '2025-11-25' ? { form: {} } : {} } })
      .server(rpc.request(0, 'elicitation/create', params));
  const schema = (field: JsonObject) => ({ type: 'object', properties: { a: field } });

  it('in the message, a field’s title or description, an option’s title: a warning each', () => {
    const violations = found(
      form({
        message: 'See http://example.com/help',
        requestedSchema: {
          type: 'object',
          properties: {
            a: { type: 'string', description: 'Copy it from https://example.com/key.' },
            b: { type: 'string', oneOf: [{ const: 'x', title: 'https://example.com/x' }] },
          },
        },
      }),
    );
    expect(violations.map((v) => [v.rule, v.severity])).toEqual([
      ['elicitation-form-url', 'warning'],
      ['elicitation-form-url', 'warning'],
      ['elicitation-form-url', 'warning'],
    ]);
    expect(violations.map((v) => v.message.match(/\(at ([^)]+)\)/)?.[1])).toEqual([
      '/params/message',
      '/params/requestedSchema/properties/a/description',
      '/params/requestedSchema/properties/b/oneOf/0/title',
    ]);
  });

  it('not a value, not URL mode, not before 2025-11-25 (no Safe URL Handling yet)', () => {
    const site = { type: 'string', format: 'uri', default: 'https://example.com' };
    expect(rules(form({ message: 'Your site?', requestedSchema: schema(site) }))).toEqual([]);
    const url = {
      mode: 'url',
      message: 'Sign in at https://example.com',
      url: 'https://example.com/sign-in',
      elicitationId: 'e1',
    };
    const urlMode = session()
      .handshake({ client: { elicitation: { url: {} } } })
      .server(rpc.request(0, 'elicitation/create', url));
    expect(rules(urlMode)).toEqual([]);
    const old = form(
      { message: 'See https://example.com', requestedSchema: schema({ type: 'string' }) },
      '2025-06-18',
    );
    expect(rules(old)).toEqual([]);
  });

  it('in 2026-07-28, in an input_required round’s form', () => {
    const round = discovered()
      .client(deploy(2))
      .server(
        rpc.result(2, {
          resultType: 'input_required',
          inputRequests: {
            ok: {
              method: 'elicitation/create',
              params: {
                mode: 'form',
                message: 'Read https://example.com/terms first.',
                requestedSchema: schema({ type: 'boolean' }),
              },
            },
          },
          _meta: { [SERVER_INFO_KEY]: { name: 's', version: '1' } },
        }),
      );
    const [v] = found(round);
    expect(v?.rule).toBe('elicitation-form-url');
    expect(v?.message).toContain('/result/inputRequests/ok/params/message');
    expect(v?.spec).toMatch(/^2026-07-28\/client\/elicitation › Safe URL Handling/);
  });
});
