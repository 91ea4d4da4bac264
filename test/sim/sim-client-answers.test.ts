import { describe, expect, it } from 'vitest';
import { SimClient } from '../../src/sim/client/sim-client.js';
import { clientConfigSchema } from '../../src/sim/scenario/schema.js';

type Msg = Record<string, unknown>;

/** What a handshake-era client answers to one request of the server. */
function answer(capabilities: Msg, method: string, params: Msg = {}): Msg | undefined {
  const client = new SimClient(
    clientConfigSchema.parse({
      capabilities,
      elicitation: { action: 'accept', content: { rating: 5 } },
    }),
  );
  client.receive({ jsonrpc: '2.0', id: 7, method, params }, 0);
  return client.next()?.message as Msg | undefined;
}

const URL_MODE = {
  mode: 'url',
  message: 'Sign in to continue',
  url: 'https://example.com/login',
  elicitationId: 'e-1',
};
const FORM_MODE = {
  message: 'Rate it',
  requestedSchema: { type: 'object', properties: { rating: { type: 'number' } } },
};

describe('the simulated client answers what it declared, and refuses the rest as the spec says', () => {
  it('an elicitation mode it did not declare gets -32602 (2025-11-25 client/elicitation › Error Handling)', () => {
    expect(answer({ elicitation: {} }, 'elicitation/create', URL_MODE)).toMatchObject({
      id: 7,
      error: { code: -32602 },
    });
    expect(answer({ elicitation: { form: {} } }, 'elicitation/create', URL_MODE)).toMatchObject({
      error: { code: -32602 },
    });
  });

  it('URL mode, declared: the user consents, and no content comes back', () => {
    const reply = answer({ elicitation: { url: {} } }, 'elicitation/create', URL_MODE);
    expect(reply).toMatchObject({ id: 7, result: { action: 'accept' } });
    expect(((reply?.result ?? {}) as Msg).content).toBeUndefined();
  });

  it('form mode, declared (an empty elicitation object is form mode): the content comes back', () => {
    expect(answer({ elicitation: {} }, 'elicitation/create', FORM_MODE)).toMatchObject({
      result: { action: 'accept', content: { rating: 5 } },
    });
  });

  it('form mode: answers that do not fit the requestedSchema are not sent; the form is dismissed (client/elicitation › Form Mode Security)', () => {
    // The scripted user's { rating: 5 } misses the required email; a validating client cannot
    // submit that form, so the user leaves it: cancel, with no content.
    const email = {
      message: 'Your email?',
      requestedSchema: {
        type: 'object',
        properties: { email: { type: 'string', format: 'email' } },
        required: ['email'],
      },
    };
    const missing = answer({ elicitation: {} }, 'elicitation/create', email);
    expect(missing).toEqual({ jsonrpc: '2.0', id: 7, result: { action: 'cancel' } });
    const low = {
      message: 'Rate it',
      requestedSchema: { type: 'object', properties: { rating: { type: 'integer', maximum: 3 } } },
    };
    expect(answer({ elicitation: {} }, 'elicitation/create', low)).toMatchObject({
      result: { action: 'cancel' },
    });
    // Answers that fit are sent as they are.
    const fits = { ...low, requestedSchema: { ...low.requestedSchema, required: ['rating'] } };
    fits.requestedSchema.properties.rating.maximum = 5;
    expect(answer({ elicitation: {} }, 'elicitation/create', fits)).toMatchObject({
      result: { action: 'accept', content: { rating: 5 } },
    });
  });

  it('no elicitation at all, or no roots: -32601, as for any method it does not know', () => {
    expect(answer({}, 'elicitation/create', FORM_MODE)).toMatchObject({
      error: { code: -32601 },
    });
    expect(answer({}, 'roots/list')).toMatchObject({ error: { code: -32601 } });
    expect(answer({ roots: {} }, 'roots/list')).toMatchObject({
      result: { roots: expect.any(Array) },
    });
  });

  it('sampling with tools from a client without sampling.tools is refused with -32602', () => {
    const params = {
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
      maxTokens: 10,
      tools: [{ name: 'x', inputSchema: { type: 'object' } }],
    };
    expect(answer({ sampling: {} }, 'sampling/createMessage', params)).toMatchObject({
      error: { code: -32602 },
    });
    expect(answer({ sampling: { tools: {} } }, 'sampling/createMessage', params)).toMatchObject({
      result: { role: 'assistant' },
    });
  });
});
