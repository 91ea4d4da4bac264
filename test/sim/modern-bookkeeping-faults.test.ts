import { describe, expect, it } from 'vitest';
import { brokenRules, lessonOf, playedSteps } from '../helpers/lesson-scenario.js';

// The JSON-RPC bookkeeping faults played by a 2026-07-28 peer: each message is what such a peer
// sends (its envelope on a request, resultType and serverInfo on a result), so the fault breaks
// only its own rule (lesson 34).
const MODERN_PEER = { era: 'modern', versions: ['2026-07-28'] };
const SERVER = {
  ...MODERN_PEER,
  capabilities: { tools: {} },
  tools: ['long_running_task', 'weather_current'],
};
const SLOW = {
  client: {
    request: 'tools/call',
    params: { name: 'long_running_task', arguments: { steps: 3, delayMs: 1000 } },
    progress: true,
  },
};
const play = (steps: readonly object[]) =>
  playedSteps(lessonOf('2026-07-28', MODERN_PEER, SERVER, steps));
const ENVELOPE_KEYS = [
  'io.modelcontextprotocol/clientCapabilities',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/protocolVersion',
];
type Sent = { id: unknown; method?: string; params?: { _meta?: object }; result?: object };
const sent = (steps: Awaited<ReturnType<typeof play>>, at: number) => steps.at(at)?.message as Sent;

describe('reuse-id and null-id in 2026-07-28', () => {
  it('reuse-id sends tools/list with the envelope under the id still in flight', async () => {
    const steps = await play([SLOW, { fault: 'reuse-id' }]);
    const msg = sent(steps, -1);
    expect([msg.id, msg.method]).toEqual([1, 'tools/list']);
    expect(Object.keys(msg.params?._meta ?? {}).sort()).toEqual(ENVELOPE_KEYS);
    expect(brokenRules(steps)).toEqual(['duplicate-request-id']);
  });

  it('null-id sends tools/list with the envelope and id null: only invalid-envelope', async () => {
    const steps = await play([{ fault: 'null-id' }, { server: 'next' }]);
    const msg = sent(steps, 0);
    expect([msg.id, msg.method]).toEqual([null, 'tools/list']);
    expect(Object.keys(msg.params?._meta ?? {}).sort()).toEqual(ENVELOPE_KEYS);
    expect(brokenRules(steps)).toEqual(['invalid-envelope']);
  });

  it('the handshake era keeps its ping', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', {}, { capabilities: {} }, [
        { client: 'initialize' },
        { server: 'next' },
        { client: 'initialized' },
        { fault: 'null-id' },
      ]),
    );
    expect(sent(steps, -1)).toEqual({ jsonrpc: '2.0', id: null, method: 'ping' });
  });
});

describe('answers of a 2026-07-28 server at the wrong time', () => {
  it('response-after-cancellation carries resultType and serverInfo: only its rule', async () => {
    const steps = await play([
      SLOW,
      { server: 'next' },
      { client: { cancel: 'latest', reason: 'Stop' } },
      { fault: 'response-after-cancellation' },
    ]);
    expect(sent(steps, -1).result).toMatchObject({ resultType: 'complete' });
    expect(brokenRules(steps)).toEqual(['response-after-cancellation']);
  });

  it('answer-unknown-id is a complete result for id 999', async () => {
    const steps = await play([{ fault: 'answer-unknown-id' }]);
    expect(sent(steps, -1).result).toMatchObject({ resultType: 'complete' });
    expect(brokenRules(steps)).toEqual(['response-without-request']);
  });

  it('duplicate-response and progress-after-completion: the answered request is forgotten but for its id and token', async () => {
    const steps = await play([
      SLOW,
      { server: 'next' },
      { server: 'next' },
      { server: 'next' },
      { server: 'next' },
      { fault: 'progress-after-completion' },
      { fault: 'duplicate-response' },
    ]);
    expect(sent(steps, -1)).toEqual(sent(steps, -3));
    // The referee forgot the answered request but kept its id and token: each fault breaks the
    // rule it is named for, as in the handshake era.
    expect(steps.slice(-2).map((s) => brokenRules([s]))).toEqual([
      ['progress-after-completion'],
      ['duplicate-response'],
    ]);
  });
});

describe('wrong-direction in 2026-07-28', () => {
  // A server sends no requests in 2026-07-28 (server-request says so), so the wrong side is the
  // client's: a notification only a server sends.
  it('the client sends notifications/tools/list_changed: only wrong-direction', async () => {
    // After an opening request: a first message decides the era, and a notification cannot.
    const steps = await play([
      { client: { request: 'tools/list' } },
      { server: 'next' },
      { fault: 'wrong-direction' },
    ]);
    expect(steps.at(-1)?.direction).toBe('client->server');
    expect(sent(steps, -1)).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(brokenRules(steps)).toEqual(['wrong-direction']);
  });

  it('the handshake era keeps the server’s request', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', {}, { capabilities: {} }, [
        { client: 'initialize' },
        { server: 'next' },
        { client: 'initialized' },
        { fault: 'wrong-direction' },
      ]),
    );
    expect(steps.at(-1)?.direction).toBe('server->client');
    expect(sent(steps, -1)).toMatchObject({ method: 'tools/list' });
  });
});
