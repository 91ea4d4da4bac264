import { describe, expect, it } from 'vitest';
import { SimClient } from '../../src/sim/client/sim-client.js';
import { clientConfigSchema } from '../../src/sim/scenario/schema.js';

type Msg = Record<string, unknown>;

/**
 * 2025-11-25 client/elicitation › URL Elicitation Required Error and › Completion Notifications:
 * a request refused with -32042 may be retried once the elicitations the error lists are complete;
 * the client MUST ignore a completion it does not know or already had.
 */

const client = (elicitation: Msg = { form: {}, url: {} }) =>
  new SimClient(
    clientConfigSchema.parse({
      capabilities: { elicitation },
      elicitation: { action: 'accept' },
    }),
  );

const required = (id: number, ...elicitationIds: string[]) => ({
  jsonrpc: '2.0',
  id,
  error: {
    code: -32042,
    message: 'This request requires more information.',
    data: {
      elicitations: elicitationIds.map((elicitationId) => ({
        mode: 'url',
        elicitationId,
        url: `https://example.com/connect?elicitationId=${elicitationId}`,
        message: 'Sign in',
      })),
    },
  },
});

const complete = (elicitationId: string) => ({
  jsonrpc: '2.0',
  method: 'notifications/elicitation/complete',
  params: { elicitationId },
});

const CALL = { name: 'connect_account', arguments: { service: 'calendar' } };

describe('the simulated client retries a request after -32042 once its elicitations complete', () => {
  it('retries the original request as a new request with a new id, once', () => {
    const c = client();
    expect(c.request('tools/call', CALL).id).toBe(1);
    c.receive(required(1, 'e-1'), 1);
    // Nothing goes out before the completion.
    expect(c.next()).toBeUndefined();
    c.receive(complete('e-1'), 2);
    const retry = c.next()?.message as Msg;
    expect(retry).toEqual({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: CALL });
    expect(c.isPending(2)).toBe(true);
    // The same completion again names an already-completed id: ignored.
    c.receive(complete('e-1'), 3);
    expect(c.next()).toBeUndefined();
    // The retry refused again is not retried again.
    c.receive(required(2, 'e-2'), 4);
    c.receive(complete('e-2'), 5);
    expect(c.next()).toBeUndefined();
  });

  it('waits for every elicitation the error lists; an unknown one is ignored', () => {
    const c = client();
    c.request('tools/call', CALL);
    c.receive(required(1, 'e-1', 'e-2'), 1);
    c.receive(complete('e-9'), 2);
    c.receive(complete('e-1'), 3);
    expect(c.next()).toBeUndefined();
    c.receive(complete('e-2'), 4);
    expect(c.next()?.message).toMatchObject({ id: 2, method: 'tools/call', params: CALL });
  });

  it('a retried request with a progress token gets a token of its own', () => {
    const c = client();
    const first = c.request('tools/call', CALL, { progress: true });
    expect(first.params).toMatchObject({ _meta: { progressToken: 'progress-1' } });
    c.receive(required(1, 'e-1'), 1);
    c.receive(complete('e-1'), 2);
    expect(c.next()?.message).toMatchObject({
      id: 2,
      params: { ...CALL, _meta: { progressToken: 'progress-2' } },
    });
  });

  it('a client that did not declare elicitation.url does not wait for the completion', () => {
    const c = client({ form: {} });
    c.request('tools/call', CALL);
    c.receive(required(1, 'e-1'), 1);
    c.receive(complete('e-1'), 2);
    expect(c.next()).toBeUndefined();
  });
});
