import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

/**
 * The faults of tool use in sampling (2025-11-25 client/sampling › Message Content Constraints;
 * lesson 6): tool-result-beside-text and tool-use-unanswered, each breaking only its rule, to a
 * client that declared sampling without sampling.tools (the request offers no tools).
 */
const server = { versions: ['2025-11-25', '2025-06-18'], capabilities: { tools: {} } };
const sampler = { versions: ['2025-11-25'], capabilities: { sampling: {} } };

describe('the sampling tool-use faults', () => {
  it.each(['tool-result-beside-text', 'tool-use-unanswered'] as const)(
    '%s breaks only its rule, and the client still answers',
    async (fault) => {
      const steps = await playedSteps(
        lessonOf('2025-11-25', sampler, server, [...HANDSHAKE, { fault }, { client: 'next' }]),
      );
      const played = steps.at(-2);
      expect(played?.notes?.fault).toBe(fault);
      expect((played?.verdict?.violations ?? []).map((v) => v.rule)).toEqual([FAULT_RULES[fault]]);
      expect(rules(steps.slice(0, -2))).toEqual([]);
      expect(rules(steps.slice(-1))).toEqual([]);
      const answer = steps.at(-1)?.message as { result?: { role?: string } } | undefined;
      expect(answer?.result?.role).toBe('assistant');
    },
  );

  it.each([
    ['a client without sampling', { versions: ['2025-11-25'], capabilities: {} }],
    ['a 2025-06-18 session', { versions: ['2025-06-18'], capabilities: { sampling: {} } }],
  ])('cannot be played in %s', async (_, client) => {
    const played = await runScenario(
      lessonOf('2025-11-25', client, server, [...HANDSHAKE, { fault: 'tool-use-unanswered' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) {
      expect(played.error.message).toContain(
        'tool-use-unanswered needs a session that negotiated 2025-11-25',
      );
    }
  });
});

describe('tool-sampling-answered', () => {
  const toolAsk = {
    fault: 'undeclared-request',
    params: {
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: 'Tokyo?' } }],
        maxTokens: 10,
        tools: [{ name: 'weather_current', inputSchema: { type: 'object' } }],
      },
    },
  };

  it('answers a tool-enabled sampling request the client should refuse: only its rule', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', sampler, server, [
        ...HANDSHAKE,
        toolAsk,
        { fault: 'tool-sampling-answered' },
      ]),
    );
    expect(rules(steps.slice(-2, -1))).toEqual(['capability-not-negotiated']);
    expect(rules(steps.slice(-1))).toEqual(['sampling-tools-not-refused']);
  });

  it('without such a request, the correct client refuses it with -32602 and the fault cannot play', async () => {
    const refused = await playedSteps(
      lessonOf('2025-11-25', sampler, server, [...HANDSHAKE, toolAsk, { client: 'next' }]),
    );
    const refusal = refused.at(-1)?.message as { error?: { code?: number } } | undefined;
    expect(refusal?.error?.code).toBe(-32602);
    expect(rules(refused.slice(-1))).toEqual([]);
    const played = await runScenario(
      lessonOf('2025-11-25', sampler, server, [...HANDSHAKE, { fault: 'tool-sampling-answered' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok)
      expect(played.error.message).toContain('tool-sampling-answered needs a pending');
  });
});
