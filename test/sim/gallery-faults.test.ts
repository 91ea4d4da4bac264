import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

/**
 * The handshake-era faults of the faults gallery (lesson 19): duplicate-response (basic/index ›
 * Responses, JSON-RPC 2.0 § 5), cancel-unknown-request (cancellation › Behavior Requirements) and
 * duplicate-progress-token (progress › Progress Flow); each breaks only its rule.
 */

const server = {
  versions: ['2025-11-25'],
  capabilities: { tools: {} },
  tools: ['weather_current', 'long_running_task'],
};
const client = { versions: ['2025-11-25'], capabilities: {} };
const weather = {
  client: {
    request: 'tools/call',
    params: { name: 'weather_current', arguments: { location: 'Oslo' } },
  },
};
const slow = {
  client: {
    request: 'tools/call',
    params: { name: 'long_running_task', arguments: { steps: 4, delayMs: 500 } },
    progress: true,
  },
};
const lesson = (steps: readonly object[]) =>
  lessonOf('2025-11-25', client, server, [...HANDSHAKE, ...steps]);
const play = (steps: readonly object[]) => playedSteps(lesson(steps));

// biome-ignore lint/suspicious/noExplicitAny: the envelopes' shapes are what the test checks.
const sent = (step: Step | undefined) => step?.message as Record<string, any>;

const CASES = {
  'duplicate-response': [weather, { server: 'next' }],
  'cancel-unknown-request': [],
  'duplicate-progress-token': [slow],
  'wrong-direction': [],
} as const;

describe('the faults gallery faults', () => {
  it.each(Object.entries(CASES))('%s breaks only its rule', async (fault, setup) => {
    const steps = await play([...setup, { fault }]);
    const last = steps.at(-1);
    expect(last?.notes?.fault).toBe(fault);
    const rule = FAULT_RULES[fault as keyof typeof CASES];
    expect((last?.verdict?.violations ?? []).map((v) => v.rule)).toEqual([rule]);
    expect(rules(steps.slice(0, -1))).toEqual([]);
  });

  it('duplicate-response repeats the latest answer to a client request, not one to a cancelled request', async () => {
    const steps = await play([
      weather,
      { server: 'next' },
      slow,
      { client: { cancel: 'latest' } },
      { fault: 'duplicate-response' },
    ]);
    expect(sent(steps.at(-1))).toEqual(sent(steps[4]));
    expect(sent(steps.at(-1)).id).toBe(2);
  });

  it('duplicate-progress-token calls a tool with the token of the request in flight', async () => {
    const steps = await play([slow, { fault: 'duplicate-progress-token' }, { server: 'next' }]);
    expect(sent(steps[4]).params._meta.progressToken).toBe('progress-2');
    expect(sent(steps[4]).id).toBe(3);
    expect(sent(steps[5]).id).toBe(3);
    expect(rules(steps.slice(5))).toEqual([]);
  });

  it('cancel-unknown-request names requestId, and the server ignores it', async () => {
    const steps = await play([
      { fault: 'cancel-unknown-request', params: { requestId: 'nope' } },
      weather,
      { server: 'next' },
    ]);
    expect(sent(steps[3]).params.requestId).toBe('nope');
    expect(sent(steps[5]).id).toBe(2);
    expect(rules(steps.slice(4))).toEqual([]);
  });

  it('wrong-direction: the server asks for tools/list, which the client answers -32601', async () => {
    const steps = await play([{ fault: 'wrong-direction' }, { client: 'next' }]);
    expect(sent(steps[3])).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(sent(steps[4]).id).toBe(1);
    expect(sent(steps[4]).error.code).toBe(-32601);
    expect(rules(steps.slice(4))).toEqual([]);
  });

  it.each([
    ['duplicate-response', [], 'duplicate-response needs a client request the server has answered'],
    [
      'duplicate-progress-token',
      [weather],
      'duplicate-progress-token needs a request with a progress token',
    ],
    [
      'cancel-unknown-request',
      [weather],
      'cancel-unknown-request: the client did send a request with id 2',
    ],
  ] as const)('%s cannot be played without what it works on', async (fault, setup, message) => {
    const params = fault === 'cancel-unknown-request' ? { params: { requestId: 2 } } : {};
    // Before any answer (the handshake's is one): only a request still waiting.
    const steps =
      fault === 'duplicate-response' ? [{ client: 'initialize' }] : [...HANDSHAKE, ...setup];
    const played = await runScenario(
      lessonOf('2025-11-25', client, server, [...steps, { fault, ...params }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain(message);
  });
});
