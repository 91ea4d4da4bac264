import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';
import { inputRequired } from './stream-builder.js';

const ID = '550e8400-e29b-41d4-a716-446655440000';
const at = (url: string): JsonObject => ({
  mode: 'url',
  message: 'Connect your account',
  elicitationId: ID,
  url,
});
/** A client that can open URLs, the server's first tools/call, and the server asks at `url`. */
const asked = (url: string) =>
  session()
    .handshake({ client: { elicitation: { url: {} } }, server: { tools: {} } })
    .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
    .server(rpc.request(0, 'elicitation/create', at(url)));
const rulesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);
const HOME = 'https://mcp.example.com/connect';

// 2025-11-25 and 2026-07-28 client/elicitation › Safe URL Handling: servers MUST NOT include
// sensitive information about the end-user in the URL, nor provide a pre-authenticated URL.
describe('elicitation-url-sensitive', () => {
  it('flags a token in the query, at the url, as a warning that says it is a heuristic, in both languages', () => {
    const [hit, ...rest] = asked(`${HOME}?elicitationId=${ID}&token=abc123`).run().last.violations;
    expect(rest).toEqual([]);
    expect(hit?.rule).toBe('elicitation-url-sensitive');
    expect(hit?.severity).toBe('warning');
    expect(hit?.message).toContain('(at /params/url) carries the query key "token"');
    expect(hit?.message).toContain("judges by the keys' names, so this is a warning");
    expect(hit?.message).toContain('only identifies the elicitation (an elicitationId)');
    expect(hit?.spec).toContain('2025-11-25/client/elicitation › Safe URL Handling');
    expect(hit?.messageZh).toContain('查询部分的键 "token"');
    expect(englishPhrases(hit?.messageZh ?? '')).toEqual([]);
  });

  it('reads keys in any case, with - for _, in the query and the fragment, and a password in the userinfo', () => {
    for (const url of [
      `${HOME}?Access-Token=x`,
      `${HOME}?API_KEY=x`,
      `${HOME}?code=x&state=y`,
      `${HOME}?session=x`,
      `${HOME}#id_token=x`,
      `${HOME}#state=y&auth=x`,
      'https://alice:s3cret@mcp.example.com/connect',
    ]) {
      expect(rulesOf(asked(url)), url).toEqual(['elicitation-url-sensitive']);
    }
    const both = asked(`${HOME}?password=a#secret=b`).run().last.violations;
    expect(both[0]?.message).toContain('the query key "password", the fragment key "secret"');
  });

  it('accepts an elicitationId, other keys, an empty value, a fragment with no keys, and a broken URL', () => {
    for (const url of [
      `${HOME}?elicitationId=${ID}`,
      `${HOME}?state=xyz&lang=en`,
      `${HOME}?tokenizer=bpe&keyboard=dvorak`,
      `${HOME}?token=`,
      `${HOME}#token`,
      'https://alice@mcp.example.com/connect',
    ]) {
      expect(rulesOf(asked(url)), url).toEqual([]);
    }
    expect(rulesOf(asked('not a url?token=x'))).toEqual(['invalid-params']);
  });

  it('judges the URL-mode elicitations of a -32042 error', () => {
    const run = session()
      .handshake({ client: { elicitation: { url: {} } }, server: { tools: {} } })
      .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
      .server({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32042,
          message: 'This request requires more information.',
          data: { elicitations: [at(HOME), at(`${HOME}?session=s-42`)] },
        },
      })
      .run();
    const [hit] = run.last.violations;
    expect(hit?.rule).toBe('elicitation-url-sensitive');
    expect(hit?.message).toContain('/error/data/elicitations/1/url');
  });

  it('judges the URL-mode input requests of a 2026-07-28 input_required round', () => {
    const round = (url: string) =>
      discovered()
        .client(
          modernRequest(
            1,
            'tools/call',
            { name: 'deploy', arguments: {} },
            { capabilities: { elicitation: { url: {} } } },
          ),
        )
        .server(
          inputRequired(1, {
            inputRequests: {
              login: {
                method: 'elicitation/create',
                params: { mode: 'url', message: 'Sign in', url },
              },
            },
            requestState: 'deploy:v1',
          }),
        );
    const [hit] = round('https://accounts.example.com/login?access_token=x').run().last.violations;
    expect(hit?.rule).toBe('elicitation-url-sensitive');
    expect(hit?.message).toContain('/result/inputRequests/login/params/url');
    expect(hit?.spec).toContain('2026-07-28/client/elicitation › Safe URL Handling');
    // 2026-07-28 changelog › Minor changes 11 removed URL mode's elicitationId: the advice may
    // not send the server to a field that no longer exists.
    expect(hit?.message).not.toContain('(an elicitationId)');
    expect(hit?.message).toContain('2026-07-28 has no elicitationId');
    expect(hit?.message).toContain('requestState');
    expect(hit?.messageZh).toContain('requestState');
    expect(englishPhrases(hit?.messageZh ?? '')).toEqual([]);
    expect(rulesOf(round('https://accounts.example.com/login'))).toEqual([]);
  });

  it('does not judge a form-mode elicitation', () => {
    const form = session()
      .handshake({ client: { elicitation: { form: {} } }, server: { tools: {} } })
      .server(
        rpc.request(0, 'elicitation/create', {
          message: 'Your city?',
          requestedSchema: { type: 'object', properties: { city: { type: 'string' } } },
        }),
      );
    expect(rulesOf(form)).toEqual([]);
  });
});
