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

describe('tool-choice-ignored (2025-11-25 client/sampling › Tool Choice Modes)', () => {
  const toolSampler = { versions: ['2025-11-25'], capabilities: { sampling: { tools: {} } } };
  const asked = (mode: string) => ({
    server: {
      request: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: 'Warm in Lisbon?' } }],
        maxTokens: 100,
        tools: [{ name: 'weather_current', inputSchema: { type: 'object' } }],
        toolChoice: { mode },
      },
    },
  });
  const play = (mode: string, last: object) =>
    playedSteps(lessonOf('2025-11-25', toolSampler, server, [...HANDSHAKE, asked(mode), last]));

  it.each([
    ['none', 'a tool_use of the offered tool', 'toolUse'],
    ['required', 'the model’s text', 'endTurn'],
  ])('under "%s" the client answers with %s, breaking only the rule', async (mode, _, stop) => {
    const steps = await play(mode, { fault: 'tool-choice-ignored' });
    expect(rules(steps.slice(0, -1))).toEqual([]);
    expect(rules(steps.slice(-1))).toEqual(['sampling-tool-choice-ignored']);
    const answer = steps.at(-1)?.message as { result?: { stopReason?: string } } | undefined;
    expect(answer?.result?.stopReason).toBe(stop);
  });

  it('the honest client honours both modes: text under "none", a tool use under "required"', async () => {
    for (const [mode, stop] of [
      ['none', 'endTurn'],
      ['required', 'toolUse'],
    ] as const) {
      const steps = await play(mode, { client: 'next' });
      expect(rules(steps)).toEqual([]);
      const answer = steps.at(-1)?.message as { result?: { stopReason?: string } } | undefined;
      expect(answer?.result?.stopReason).toBe(stop);
    }
  });

  it('cannot be played to a client without sampling.tools', async () => {
    const played = await runScenario(
      lessonOf('2025-11-25', sampler, server, [
        ...HANDSHAKE,
        asked('none'),
        { fault: 'tool-choice-ignored' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('declared sampling.tools');
  });
});

describe('the tool-use faults in 2026-07-28: the input_required round asks for the conversation', () => {
  const modernServer = {
    era: 'modern',
    versions: ['2026-07-28'],
    capabilities: { tools: {} },
    tools: ['summarize_text'],
  };
  const modernClient = { era: 'modern', versions: ['2026-07-28'], capabilities: { sampling: {} } };
  const summarize = {
    client: {
      request: 'tools/call',
      params: { name: 'summarize_text', arguments: { text: 'Rain.' } },
    },
  };

  it.each(['tool-result-beside-text', 'tool-use-unanswered'] as const)(
    '%s replaces the round the server had scheduled, and the retry is clean',
    async (fault) => {
      const steps = await playedSteps(
        lessonOf('2026-07-28', modernClient, modernServer, [
          summarize,
          { fault },
          { client: 'next' },
          { server: 'next' },
        ]),
      );
      const round = steps.at(-3);
      expect(round?.notes?.fault).toBe(fault);
      expect((round?.verdict?.violations ?? []).map((v) => v.rule)).toEqual([FAULT_RULES[fault]]);
      expect(rules([...steps.slice(0, -3), ...steps.slice(-2)])).toEqual([]);
    },
  );

  it('cannot be played without a round that asks for sampling', async () => {
    const played = await runScenario(
      lessonOf('2026-07-28', modernClient, modernServer, [{ fault: 'tool-use-unanswered' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok)
      expect(played.error.message).toContain('input_required round that asks for sampling');
  });
});
