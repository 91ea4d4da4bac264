import { describe, expect, it } from 'vitest';
import { secretFields } from '../../src/protocol/form-secrets.js';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest } from './modern-builder.js';
import { rpc, session } from './session-builder.js';
import { inputRequired } from './stream-builder.js';

/**
 * elicitation-form-asks-secret: client/elicitation › Form Mode Security (2025-11-25, 2026-07-28),
 * › User Interaction Model (2025-06-18): a server MUST NOT ask for passwords, API keys, access
 * tokens or payment credentials in form mode.
 */

const form = (properties: JsonObject, mode?: string): JsonObject => ({
  ...(mode ? { mode } : {}),
  message: 'Connect your account.',
  requestedSchema: { type: 'object', properties },
});
const ask = (params: JsonObject, version = '2025-11-25') =>
  session()
    .handshake({
      version,
      client: { elicitation: version === '2025-11-25' ? { form: {}, url: {} } : {} },
      server: { tools: {} },
    })
    .client(rpc.request(1, 'tools/call', { name: 'connect_account', arguments: {} }))
    .server(rpc.request(0, 'elicitation/create', params))
    .run().last.violations;

describe('which fields read as secrets', () => {
  const keys = (properties: JsonObject) => secretFields({ properties }).map((f) => f.kind);

  it('reads names, titles and descriptions, however the name is written', () => {
    expect(keys({ password: { type: 'string' } })).toEqual(['password']);
    expect(keys({ apiKey: {}, api_key: {}, 'API-Key': {} })).toEqual([
      'api key',
      'api key',
      'api key',
    ]);
    expect(keys({ value: { type: 'string', title: 'GitHub personal access token' } })).toEqual([
      'access token',
    ]);
    expect(keys({ token: { type: 'string' } })).toEqual(['access token']);
    expect(keys({ card: { type: 'string', description: 'Your credit card number' } })).toEqual([
      'payment credential',
    ]);
    expect(keys({ cvv: { type: 'string' } })).toEqual(['payment credential']);
    expect(keys({ mima: { type: 'string', title: '邮箱密码' } })).toEqual(['password']);
  });

  it('leaves alone what the page allows, and words that only look alike', () => {
    expect(
      keys({
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        username: { type: 'string' },
        maxTokens: { type: 'integer' },
        tokenCount: { type: 'integer' },
        pinned: { type: 'boolean' },
        passenger: { type: 'string' },
        keyboard: { type: 'string', title: 'Keyboard layout' },
      }),
    ).toEqual([]);
    expect(secretFields(null)).toEqual([]);
    expect(secretFields({ properties: 'password' })).toEqual([]);
  });

  it('leaves alone a secret the text tells the user not to give (server-everything 2.0.0’s "integer" field)', () => {
    // @modelcontextprotocol/server-everything's trigger-elicitation-request, as it crossed the
    // wire to connect --url on 2026-12-06: a warning that the form does not want a pin is no ask.
    expect(
      keys({
        integer: {
          title: 'Integer',
          type: 'integer',
          description:
            'Your favorite integer (do not give us your phone number, pin, or other sensitive info)',
        },
        note: {
          type: 'string',
          description: "Anything else? Don't paste API keys or passwords here.",
        },
        never: { type: 'string', description: 'We never ask for your password.' },
      }),
    ).toEqual([]);
    // Only what comes after the negation, in its clause, is set aside.
    expect(keys({ code: { type: 'string', description: 'Your PIN (not your password)' } })).toEqual(
      ['password'],
    );
    expect(
      keys({ login: { type: 'string', description: 'A password that does not contain spaces' } }),
    ).toEqual(['password']);
    expect(keys({ pin: { type: 'string', description: 'Do not share it with anyone' } })).toEqual([
      'password',
    ]);
    expect(
      keys({ v: { type: 'string', title: 'No password needed; enter your API key' } }),
    ).toEqual(['api key']);
  });

  it('says what gave each field away: its name first, then its title, then its description', () => {
    const fields = secretFields({
      properties: {
        password: { title: 'Password' },
        value: { title: 'API key', description: 'the password' },
        other: { description: 'Your bank card number' },
      },
    });
    expect(fields.map((f) => [f.key, f.source, f.kind])).toEqual([
      ['password', 'key', 'password'],
      ['value', 'title', 'api key'],
      ['other', 'description', 'payment credential'],
    ]);
  });

  it('points at the field, escaping its key', () => {
    expect(secretFields({ properties: { 'a/password': {} } })[0]?.pointer).toBe(
      '/properties/a~1password',
    );
  });
});

describe('elicitation-form-asks-secret in the handshake era', () => {
  it('warns on a form asking for a password, with where and why, in both languages', () => {
    const found = ask(form({ email: { type: 'string' }, password: { type: 'string' } }, 'form'));
    expect(found.map((v) => v.rule)).toEqual(['elicitation-form-asks-secret']);
    expect(found[0]?.severity).toBe('warning');
    expect(found[0]?.message).toContain(
      'asks in form mode for "password" (at /params/requestedSchema/properties/password), which by its name is a password',
    );
    expect(found[0]?.messageZh).toContain('从它的名称看是密码');
    expect(found[0]?.spec).toContain('2025-11-25/client/elicitation › Form Mode Security');
    expect(found[0]?.messageZh).toContain('密码');
    expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
  });

  it('judges a request without mode as form mode, and leaves URL mode alone', () => {
    expect(ask(form({ apiKey: { type: 'string' } })).map((v) => v.rule)).toEqual([
      'elicitation-form-asks-secret',
    ]);
    const url = {
      mode: 'url',
      message: 'Enter your API key on our page.',
      elicitationId: 'key-1',
      url: 'https://mcp.example.com/key?elicitationId=key-1',
    };
    expect(ask(url)).toEqual([]);
  });

  it('in 2025-06-18 cites the sentence that revision had', () => {
    const found = ask(form({ password: { type: 'string' } }), '2025-06-18');
    expect(found.map((v) => v.rule)).toEqual(['elicitation-form-asks-secret']);
    expect(found[0]?.spec).toContain('2025-06-18/client/elicitation › User Interaction Model');
  });
});

describe('elicitation-form-asks-secret in 2026-07-28', () => {
  const round = (properties: JsonObject) =>
    discovered()
      .client(
        modernRequest(
          1,
          'tools/call',
          { name: 'deploy', arguments: {} },
          { capabilities: { elicitation: { form: {} } } },
        ),
      )
      .server(
        inputRequired(1, {
          inputRequests: {
            login: { method: 'elicitation/create', params: form(properties, 'form') },
          },
          requestState: 'deploy:v1',
        }),
      )
      .run().last.violations;

  it('judges the form-mode input requests of an input_required round', () => {
    const found = round({ deployToken: { type: 'string', title: 'Deploy access token' } });
    expect(found.map((v) => v.rule)).toEqual(['elicitation-form-asks-secret']);
    expect(found[0]?.message).toContain(
      '/result/inputRequests/login/params/requestedSchema/properties/deployToken',
    );
    expect(found[0]?.spec).toContain('2026-07-28/client/elicitation › Form Mode Security');
    expect(round({ environment: { type: 'string', enum: ['staging', 'production'] } })).toEqual([]);
  });
});
