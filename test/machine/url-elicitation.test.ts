import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';
import { inputRequired } from './stream-builder.js';

const ID = '550e8400-e29b-41d4-a716-446655440000';
const URL_ELICITATION: JsonObject = {
  mode: 'url',
  message: 'Connect your account',
  elicitationId: ID,
  url: `https://mcp.example.com/connect?elicitationId=${ID}`,
};
/** A client that can open URLs, and the server's first tools/call. */
const urlClient = () =>
  session()
    .handshake({ client: { elicitation: { url: {} } }, server: { tools: {} } })
    .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }));
const required = (data: JsonObject | undefined): JsonObject => ({
  jsonrpc: '2.0',
  id: 1,
  error: {
    code: -32042,
    message: 'This request requires more information.',
    ...(data ? { data } : {}),
  },
});
const complete = (elicitationId: string) =>
  rpc.notification('notifications/elicitation/complete', { elicitationId });
const rulesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);

describe('url-elicitation-error-invalid (2025-11-25 client/elicitation › URL Elicitation Required Error)', () => {
  it('accepts the spec’s own example', () => {
    expect(rulesOf(urlClient().server(required({ elicitations: [URL_ELICITATION] })))).toEqual([]);
  });

  it('needs data.elicitations, each a URL-mode elicitation with its elicitationId', () => {
    const none = urlClient().server(required(undefined)).run().last.violations;
    expect(none.map((v) => v.rule)).toEqual(['url-elicitation-error-invalid']);
    expect(none[0]?.message).toContain('data');
    expect(none[0]?.spec).toContain(
      '2025-11-25/client/elicitation › URL Elicitation Required Error',
    );
    expect(englishPhrases(none[0]?.messageZh ?? '')).toEqual([]);
    const { elicitationId: _, ...noId } = URL_ELICITATION;
    const missing = urlClient()
      .server(required({ elicitations: [noId] }))
      .run().last.violations;
    expect(missing.map((v) => v.rule)).toEqual(['url-elicitation-error-invalid']);
    expect(missing[0]?.message).toContain('/error/data/elicitations/0/elicitationId');
    const form = urlClient().server(
      required({
        elicitations: [
          { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
        ],
      }),
    );
    expect(rulesOf(form)).toEqual(['url-elicitation-error-invalid']);
  });

  it('judges only 2025-11-25 sessions, where the code exists', () => {
    const old = session()
      .handshake({ version: '2025-06-18', server: { tools: {} } })
      .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
      .server(required(undefined));
    expect(rulesOf(old)).toEqual([]);
  });
});

describe('elicitation-complete-unknown (2025-11-25 client/elicitation › Completion Notifications for URL Mode Elicitation)', () => {
  it('names an elicitationId a URL elicitation established, by request or by -32042', () => {
    const byRequest = urlClient()
      .server(rpc.request(0, 'elicitation/create', URL_ELICITATION))
      .client(rpc.result(0, { action: 'accept' }))
      .server(complete(ID));
    expect(rulesOf(byRequest)).toEqual([]);
    const byError = urlClient()
      .server(required({ elicitations: [URL_ELICITATION] }))
      .server(complete(ID));
    expect(rulesOf(byError)).toEqual([]);
  });

  it('flags an id no URL elicitation established', () => {
    const stray = urlClient().server(complete('nope')).run().last.violations;
    expect(stray.map((v) => v.rule)).toEqual(['elicitation-complete-unknown']);
    expect(stray[0]?.message).toContain('"nope"');
    expect(englishPhrases(stray[0]?.messageZh ?? '')).toEqual([]);
    // A form-mode elicitation has no elicitationId to complete.
    const form = urlClient()
      .server(
        rpc.request(0, 'elicitation/create', {
          mode: 'form',
          message: 'Name?',
          requestedSchema: { type: 'object', properties: {} },
          elicitationId: 'x',
        }),
      )
      .client(rpc.result(0, { action: 'accept', content: {} }))
      .server(complete('x'));
    expect(rulesOf(form)).toEqual(['elicitation-complete-unknown']);
  });
});

describe('url-elicitation-error-undeclared (2025-11-25 client/elicitation › Capabilities)', () => {
  const listed = required({ elicitations: [URL_ELICITATION] });
  const callFrom = (client: JsonObject, version?: string) =>
    session()
      .handshake({ client, server: { tools: {} }, ...(version ? { version } : {}) })
      .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }));

  it('flags -32042 to a client that did not declare elicitation.url, saying what it declared', () => {
    for (const [client, words] of [
      [{ elicitation: {} }, 'form mode only'],
      [{ elicitation: { form: {} } }, 'form mode only'],
      [{ roots: {} }, 'no elicitation at all'],
    ] as const) {
      const found = callFrom(client).server(listed).run().last.violations;
      expect(found.map((v) => v.rule)).toEqual(['url-elicitation-error-undeclared']);
      expect(found[0]?.message).toContain(words);
      expect(found[0]?.spec).toContain('2025-11-25/client/elicitation › Capabilities');
      expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
    }
  });

  it('accepts it for a client that declared URL mode, and judges only 2025-11-25', () => {
    expect(rulesOf(urlClient().server(listed))).toEqual([]);
    expect(rulesOf(callFrom({ elicitation: {} }, '2025-06-18').server(listed))).toEqual([]);
  });
});

describe('elicitation-id-reused (2025-11-25 client/elicitation › URL Mode Elicitation Requests)', () => {
  const again = (id: string): JsonObject => ({
    ...URL_ELICITATION,
    elicitationId: id,
    url: `https://mcp.example.com/connect?elicitationId=${id}`,
  });

  it('flags a completed elicitation’s id given to a new elicitation, by request or by -32042', () => {
    const byRequest = urlClient()
      .server(rpc.request(0, 'elicitation/create', URL_ELICITATION))
      .client(rpc.result(0, { action: 'accept' }))
      .server(complete(ID))
      .server(rpc.request(5, 'elicitation/create', URL_ELICITATION))
      .run().last.violations;
    expect(byRequest.map((v) => v.rule)).toEqual(['elicitation-id-reused']);
    expect(byRequest[0]?.message).toContain(
      `URL-mode elicitation/create #5 names elicitationId "${ID}"`,
    );
    expect(englishPhrases(byRequest[0]?.messageZh ?? '')).toEqual([]);
    const byError = urlClient()
      .server(rpc.request(0, 'elicitation/create', URL_ELICITATION))
      .client(rpc.result(0, { action: 'accept' }))
      .server(complete(ID))
      .server(required({ elicitations: [again('other'), URL_ELICITATION] }))
      .run().last.violations;
    expect(byError.map((v) => v.rule)).toEqual(['elicitation-id-reused']);
    expect(byError[0]?.message).toContain('-32042 error #1');
    expect(byError[0]?.message).not.toContain('"other"');
  });

  it('accepts the same id again while its elicitation is still open, and a fresh id after completion', () => {
    // A retry refused again before the user finished: the same elicitation, listed again.
    const pending = urlClient()
      .server(required({ elicitations: [URL_ELICITATION] }))
      .client(rpc.request(2, 'tools/call', { name: 'pay', arguments: {} }))
      .server({ ...required({ elicitations: [URL_ELICITATION] }), id: 2 });
    expect(rulesOf(pending)).toEqual([]);
    const fresh = urlClient()
      .server(required({ elicitations: [URL_ELICITATION] }))
      .server(complete(ID))
      .server(rpc.request(0, 'elicitation/create', again('e-2')));
    expect(rulesOf(fresh)).toEqual([]);
    // A completion of an id never established completes nothing.
    const stray = urlClient()
      .server(complete(ID))
      .server(rpc.request(0, 'elicitation/create', URL_ELICITATION));
    expect(rulesOf(stray)).toEqual([]);
  });
});

describe('elicitation-url-not-https (client/elicitation › Safe URL Handling, both eras)', () => {
  const at = (url: string): JsonObject => ({ ...URL_ELICITATION, url });
  const asked = (url: string) => urlClient().server(rpc.request(0, 'elicitation/create', at(url)));

  it('flags a plain-http url to a host off this machine, in a request and in a -32042 error', () => {
    const plain = asked('http://mcp.example.com/connect').run().last.violations;
    expect(plain.map((v) => v.rule)).toEqual(['elicitation-url-not-https']);
    expect(plain[0]?.severity).toBe('warning');
    expect(plain[0]?.message).toContain(
      '"http://mcp.example.com/connect" (at /params/url) uses http:',
    );
    expect(plain[0]?.spec).toContain('2025-11-25/client/elicitation › Safe URL Handling');
    expect(englishPhrases(plain[0]?.messageZh ?? '')).toEqual([]);
    const listed = urlClient()
      .server(
        required({ elicitations: [at('https://ok.example.com/'), at('http://10.0.0.5/pay')] }),
      )
      .run().last.violations;
    expect(listed.map((v) => v.rule)).toEqual(['elicitation-url-not-https']);
    expect(listed[0]?.message).toContain('/error/data/elicitations/1/url');
  });

  it('accepts https, a loopback host (development), and leaves a broken URL to the schema', () => {
    for (const url of [
      'https://mcp.example.com/connect',
      'http://localhost:3000/connect',
      'http://127.0.0.1:8080/connect',
      'http://[::1]:8080/connect',
      'http://app.localhost/connect',
    ]) {
      expect(rulesOf(asked(url)), url).toEqual([]);
    }
    expect(rulesOf(asked('not a url'))).toEqual(['invalid-params']);
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
    const plain = round('http://accounts.example.com/login').run().last.violations;
    expect(plain.map((v) => v.rule)).toEqual(['elicitation-url-not-https']);
    expect(plain[0]?.message).toContain('/result/inputRequests/login/params/url');
    expect(plain[0]?.spec).toContain('2026-07-28/client/elicitation › Safe URL Handling');
    expect(rulesOf(round('https://accounts.example.com/login'))).toEqual([]);
  });
});

describe('capability-not-negotiated for an elicitation mode the client did not declare (2025-11-25 client/elicitation › Capabilities)', () => {
  const ask = (client: JsonObject, params: JsonObject) =>
    session()
      .handshake({ client, server: { tools: {} } })
      .server(rpc.request(7, 'elicitation/create', params))
      .run().last.violations;
  const FORM: JsonObject = {
    message: 'Name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  };

  it('a URL-mode request to a form-only client cites the elicitation page, in both languages', () => {
    const found = ask({ elicitation: { form: {} } }, URL_ELICITATION);
    expect(found.map((v) => v.rule)).toEqual(['capability-not-negotiated']);
    expect(found[0]?.spec).toContain('2025-11-25/client/elicitation › Capabilities');
    expect(found[0]?.message).toContain('URL mode');
    expect(found[0]?.message).toContain('MUST NOT send elicitation requests in a mode');
    expect(found[0]?.messageZh).toContain('URL 模式');
    expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
  });

  it('a form-mode request to a URL-only client does too', () => {
    const found = ask({ elicitation: { url: {} } }, FORM);
    expect(found.map((v) => v.rule)).toEqual(['capability-not-negotiated']);
    expect(found[0]?.spec).toContain('2025-11-25/client/elicitation › Capabilities');
    expect(found[0]?.messageZh).toContain('表单模式');
  });

  it('a client without elicitation at all: the lifecycle’s rule, as before', () => {
    // Both elicitation and elicitation.url are missing: a finding for each, as before.
    const found = ask({}, URL_ELICITATION);
    expect(found.length).toBeGreaterThan(0);
    for (const v of found) {
      expect(v.rule).toBe('capability-not-negotiated');
      expect(v.spec).toContain('2025-11-25/basic/lifecycle › Operation');
    }
  });
});
