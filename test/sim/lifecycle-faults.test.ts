import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

/**
 * Lifecycle faults of lesson 20 (2025-11-25 basic/lifecycle › Initialization and › Capability
 * Negotiation): a server's notification before notifications/initialized, and a client's second
 * initialize; each breaks only its rule.
 */

const server = { versions: ['2025-11-25'], capabilities: { tools: { listChanged: true } } };
const client = { versions: ['2025-11-25'], capabilities: { roots: {} } };
const play = (steps: readonly object[]) =>
  playedSteps(lessonOf('2025-11-25', client, server, steps));

// biome-ignore lint/suspicious/noExplicitAny: the envelopes' shapes are what the test checks.
const sent = (step: Step | undefined) => step?.message as Record<string, any>;
const ruleOf = (step: Step | undefined) => (step?.verdict?.violations ?? []).map((v) => v.rule);

describe('notification-before-initialized', () => {
  it.each([
    ['while initialize waits for its answer', [{ client: 'initialize' }]],
    ['after the answer, before notifications/initialized', HANDSHAKE.slice(0, 2)],
  ])('%s: the server’s tools/list_changed breaks only its rule', async (_when, setup) => {
    const steps = await play([...setup, { fault: 'notification-before-initialized' }]);
    expect(sent(steps.at(-1))).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
    });
    expect(ruleOf(steps.at(-1))).toEqual(['notification-before-initialized']);
    expect(rules(steps.slice(0, -1))).toEqual([]);
  });

  it('sends params.method', async () => {
    const steps = await play([
      { client: 'initialize' },
      { fault: 'notification-before-initialized', params: { method: 'notifications/message' } },
    ]);
    expect(sent(steps.at(-1)).method).toBe('notifications/message');
  });

  it('after notifications/initialized it breaks nothing, so a lesson cannot play it there', async () => {
    const played = await runScenario(
      lessonOf('2025-11-25', client, server, [
        ...HANDSHAKE,
        { fault: 'notification-before-initialized' },
      ]),
    );
    // The engine plays it; the step is judged legal (lessons --check reports such a step).
    expect(played.ok).toBe(true);
    if (played.ok) expect(rules(played.value.steps)).toEqual([]);
  });
});

describe('duplicate-initialize', () => {
  it('resends the first initialize with the next id; the server refuses it with -32600', async () => {
    const steps = await play([
      { client: { initialize: { capabilities: { roots: { listChanged: true } } } } },
      { server: 'next' },
      { fault: 'duplicate-initialize' },
      { server: 'next' },
    ]);
    const [first, , second, refusal] = steps.map(sent);
    expect(second?.method).toBe('initialize');
    expect(second?.id).toBe(2);
    expect(second?.params).toEqual(first?.params);
    expect(ruleOf(steps[2])).toEqual(['duplicate-initialize']);
    expect(refusal?.id).toBe(2);
    expect(refusal?.error.code).toBe(-32600);
    expect(rules([steps[0], steps[1], steps[3]] as Step[])).toEqual([]);
  });

  it('while the first is still pending it breaks only its rule too', async () => {
    const steps = await play([{ client: 'initialize' }, { fault: 'duplicate-initialize' }]);
    expect(ruleOf(steps[1])).toEqual(['duplicate-initialize']);
  });

  it('cannot be played before any initialize', async () => {
    const played = await runScenario(
      lessonOf('2025-11-25', client, server, [{ fault: 'duplicate-initialize' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) {
      expect(played.error.message).toContain(
        'duplicate-initialize needs an initialize the client sent earlier',
      );
    }
  });
});

describe('lesson 20 breaks each lifecycle rule it shows exactly once, with its fault', () => {
  it('notification-before-initialized and duplicate-initialize', async () => {
    const steps = await faultsOfLesson('faults-before-the-handshake');
    for (const rule of ['notification-before-initialized', 'duplicate-initialize'] as const) {
      const breaking = steps.filter((s) => s.rules.includes(rule));
      expect(breaking, rule).toEqual([{ fault: rule, rules: [rule] }]);
    }
  });
});

describe('initialized-not-sent', () => {
  it('after the result, before notifications/initialized: tools/list breaks only its rule, and the server answers it', async () => {
    const steps = await play([
      ...HANDSHAKE.slice(0, 2),
      { fault: 'initialized-not-sent' },
      { server: 'next' },
      { client: 'initialized' },
    ]);
    expect(sent(steps[2])).toEqual({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(ruleOf(steps[2])).toEqual(['initialized-not-sent']);
    expect(sent(steps[3]).id).toBe(2);
    expect(sent(steps[3]).result.tools).toBeDefined();
    expect(rules([steps[0], steps[1], steps[3], steps[4]] as Step[])).toEqual([]);
  });

  it('sends params.method', async () => {
    const steps = await play([
      ...HANDSHAKE.slice(0, 2),
      { fault: 'initialized-not-sent', params: { method: 'resources/list' } },
    ]);
    expect(sent(steps.at(-1)).method).toBe('resources/list');
  });

  it('lesson 3 breaks it exactly once, with its fault', async () => {
    const steps = await faultsOfLesson('handshake');
    expect(steps.filter((s) => s.rules.includes('initialized-not-sent'))).toEqual([
      { fault: 'initialized-not-sent', rules: ['initialized-not-sent'] },
    ]);
  });
});

describe('the fault initialized-before-result', () => {
  const server = {
    versions: ['2025-11-25'],
    capabilities: { tools: {} },
    tools: ['weather_current'],
  };
  const client = { versions: ['2025-11-25'], capabilities: {} };

  it('sends notifications/initialized while initialize is unanswered, breaking only that rule; the session then goes on', async () => {
    expect(FAULT_RULES['initialized-before-result']).toBe('initialized-before-result');
    const steps = await playedSteps(
      lessonOf('2025-11-25', client, server, [
        { client: 'initialize' },
        { fault: 'initialized-before-result' },
        { server: 'next' },
        { client: { request: 'tools/list' } },
        { server: 'next' },
      ]),
    );
    const [, early, answer, list, tools] = steps;
    expect(early?.message).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(early?.verdict?.violations.map((v) => [v.rule, v.severity])).toEqual([
      ['initialized-before-result', 'error'],
    ]);
    expect(answer?.message).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
    // initialized went out (too early): the request after the result breaks nothing more.
    expect(list?.message).toMatchObject({ id: 2, method: 'tools/list' });
    for (const step of [answer, list, tools]) expect(step?.verdict?.violations).toEqual([]);
  });

  it('cannot be played without a pending initialize', async () => {
    const before = await runScenario(
      lessonOf('2025-11-25', client, server, [{ fault: 'initialized-before-result' }]),
    );
    expect(before.ok).toBe(false);
    if (!before.ok) expect(before.error.message).toMatch(/pending initialize/);
    const after = await runScenario(
      lessonOf('2025-11-25', client, server, [
        { client: 'initialize' },
        { server: 'next' },
        { fault: 'initialized-before-result' },
      ]),
    );
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.error).toMatchObject({ step: 2 });
  });
});
