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
