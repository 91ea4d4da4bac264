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
 * Responses, JSON-RPC 2.0 § 5), cancel-unknown-request (cancellation › Behavior Requirements),
 * duplicate-progress-token (progress › Progress Flow), params-off-schema and result-off-schema
 * (the schema), malformed-tool-name (server/tools › Tool Names), big-progress-token (JSON's
 * interoperable integers); and method-from-later-revision (lifecycle › Operation, lesson 5); each
 * breaks only its rule.
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
  'params-off-schema': [],
  'result-off-schema': [weather],
  'malformed-tool-name': [{ client: { request: 'tools/list' } }],
  'big-progress-token': [],
} as const;

/** A session settled on 2025-06-18 (lesson 5's): the client offers 2025-11-25 too. */
const downgraded = (steps: readonly object[]) =>
  playedSteps(
    lessonOf(
      '2025-06-18',
      { versions: ['2025-11-25', '2025-06-18'], capabilities: {} },
      { ...server, versions: ['2025-06-18'] },
      [...HANDSHAKE, ...steps],
    ),
  );

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

  it('params-off-schema: a tools/call without a name, which the server answers -32602', async () => {
    const steps = await play([{ fault: 'params-off-schema' }, { server: 'next' }]);
    expect(sent(steps[3])).toEqual({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { arguments: { location: 'Paris' } },
    });
    expect(sent(steps[4]).id).toBe(2);
    expect(sent(steps[4]).error.code).toBe(-32602);
    expect(rules(steps.slice(4))).toEqual([]);
  });

  it('params-off-schema sends params.method with params.params', async () => {
    const steps = await play([
      { fault: 'params-off-schema', params: { method: 'tools/list', params: { cursor: 5 } } },
    ]);
    expect(sent(steps[3]).method).toBe('tools/list');
    expect(steps[3]?.verdict?.violations.map((v) => v.message)).toEqual([
      expect.stringContaining('/params/cursor'),
    ]);
  });

  it('result-off-schema: the scheduled tools/call result without content, sent in its place', async () => {
    const paris = {
      client: {
        request: 'tools/call',
        params: { name: 'weather_current', arguments: { location: 'Paris' } },
      },
    };
    const steps = await play([paris, { fault: 'result-off-schema' }]);
    const result = sent(steps[4]).result;
    expect(sent(steps[4]).id).toBe(2);
    expect(result).not.toHaveProperty('content');
    expect(result.structuredContent.location).toBe('Paris');
    // The scheduled answer went instead of it: nothing else is left to send.
    const more = await runScenario(
      lesson([weather, { fault: 'result-off-schema' }, { server: 'next' }]),
    );
    expect(more.ok).toBe(false);
    if (!more.ok) expect(more.error.message).toContain('nothing to send');
  });

  it('result-off-schema leaves out params.field', async () => {
    const steps = await play([
      { client: { request: 'tools/list' } },
      { fault: 'result-off-schema', params: { field: 'tools' } },
    ]);
    expect(sent(steps[4]).result).toEqual({});
    expect(rules(steps)).toEqual(['invalid-result']);
  });

  it('malformed-tool-name renames the first tool of the scheduled list, keeping the rest', async () => {
    const steps = await play([
      { client: { request: 'tools/list' } },
      { fault: 'malformed-tool-name' },
      { client: { request: 'tools/list' } },
      { fault: 'malformed-tool-name', params: { name: 'long_running_task' } },
    ]);
    const names = (step: Step | undefined) =>
      sent(step).result.tools.map((t: { name: string }) => t.name);
    expect(names(steps[4])).toEqual(['weather current', 'long_running_task']);
    // A name another tool has: unique no more.
    expect(names(steps[6])).toEqual(['long_running_task', 'long_running_task']);
    expect(steps[6]?.verdict?.violations.map((v) => v.rule)).toEqual(['tool-name-format']);
    expect(steps[6]?.verdict?.violations[0]?.message).toContain('appears twice');
  });

  it('big-progress-token: 2^53 + 1 exactly, on a quick call the server answers without progress', async () => {
    const steps = await play([{ fault: 'big-progress-token' }, { server: 'next' }]);
    expect(sent(steps[3]).params._meta.progressToken).toBe(9007199254740993n);
    expect(steps[3]?.verdict?.violations[0]?.message).toContain(
      'progress token 9007199254740993 is beyond 2^53 − 1',
    );
    expect(sent(steps[4]).id).toBe(2);
    expect(rules(steps.slice(4))).toEqual([]);
  });

  it('method-from-later-revision: tasks/list in a 2025-06-18 session, answered -32601', async () => {
    const steps = await downgraded([{ fault: 'method-from-later-revision' }, { server: 'next' }]);
    expect(sent(steps[1]).result.protocolVersion).toBe('2025-06-18');
    expect(sent(steps[3])).toEqual({ jsonrpc: '2.0', id: 2, method: 'tasks/list' });
    expect(steps[3]?.verdict?.violations.map((v) => v.rule)).toEqual(['method-not-in-version']);
    expect(sent(steps[4]).error.code).toBe(-32601);
    expect(rules(steps.slice(4))).toEqual([]);
  });

  it.each([
    ['tasks/list', 'method-from-later-revision: tasks/list must be an MCP method that 2025-11-25'],
    ['weather/forecast', 'weather/forecast must be an MCP method that 2025-11-25'],
  ])('method-from-later-revision refuses %s in a 2025-11-25 session', async (method, message) => {
    const played = await runScenario(
      lessonOf('2025-11-25', client, server, [
        ...HANDSHAKE,
        { fault: 'method-from-later-revision', params: { method } },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain(message);
  });

  it.each([
    ['duplicate-response', [], 'duplicate-response needs a client request the server has answered'],
    [
      'result-off-schema',
      [{ client: 'ping' }, { server: 'next' }],
      'result-off-schema needs a pending client request the server has a result for',
    ],
    [
      'malformed-tool-name',
      [weather],
      'malformed-tool-name needs a pending tools/list whose answer lists at least one tool',
    ],
    [
      'method-from-later-revision',
      [],
      'method-from-later-revision needs a session whose initialize was answered',
    ],
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
      fault === 'duplicate-response' || fault === 'method-from-later-revision'
        ? [{ client: 'initialize' }]
        : [...HANDSHAKE, ...setup];
    const played = await runScenario(
      lessonOf('2025-11-25', client, server, [...steps, { fault, ...params }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain(message);
  });
});
