import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

const URL_MODE: JsonObject = {
  mode: 'url',
  message: 'Connect your account',
  elicitationId: 'e-1',
  url: 'https://mcp.example.com/connect?elicitationId=e-1',
};
const FORM_MODE: JsonObject = {
  message: 'Which name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
};
const asked = (client: JsonObject, params: JsonObject, version = '2025-11-25') =>
  session()
    .handshake({ version, client, server: { tools: {} } })
    .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
    .server(rpc.request(0, 'elicitation/create', params));
const last = (b: SessionBuilder) => b.run().last.violations;

describe('elicitation-mode-not-refused (2025-11-25 client/elicitation › Error Handling)', () => {
  it('a URL-mode request to a form-only client must be refused with -32602', () => {
    const formOnly = { elicitation: { form: {} } };
    expect(last(asked(formOnly, URL_MODE).client(rpc.error(0, -32602, 'no url mode')))).toEqual([]);
    const wrongCode = last(asked(formOnly, URL_MODE).client(rpc.error(0, -32601, 'nope')));
    expect(wrongCode.map((v) => [v.rule, v.severity])).toEqual([
      ['elicitation-mode-not-refused', 'error'],
    ]);
    expect(wrongCode[0]?.message).toContain('error -32601');
    expect(englishPhrases(wrongCode[0]?.messageZh ?? '')).toEqual([]);
  });

  it('a form-mode request (no mode: form) to a URL-only client, answered with a result', () => {
    const urlOnly = { elicitation: { url: {} } };
    const found = last(asked(urlOnly, FORM_MODE).client(rpc.result(0, { action: 'decline' })));
    expect(found.map((v) => v.rule)).toEqual(['elicitation-mode-not-refused']);
    expect(found[0]?.message).toContain('form mode');
    // elicitation: {} is form mode only (client/elicitation › Capabilities).
    const empty = asked({ elicitation: {} }, URL_MODE).client(rpc.result(0, { action: 'accept' }));
    expect(last(empty).map((v) => v.rule)).toEqual(['elicitation-mode-not-refused']);
  });

  it('not for a client without elicitation, nor before 2025-11-25 brought modes', () => {
    const none = asked({ roots: {} }, FORM_MODE).client(rpc.error(0, -32601, 'Method not found'));
    expect(last(none)).toEqual([]);
    const early = asked({ elicitation: {} }, FORM_MODE, '2025-06-18').client(
      rpc.result(0, { action: 'decline' }),
    );
    expect(last(early)).toEqual([]);
  });
});
