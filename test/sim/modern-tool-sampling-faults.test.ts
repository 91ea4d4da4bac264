import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { brokenRules, faultsOfLesson, lessonOf, playedSteps } from '../helpers/lesson-scenario.js';

/**
 * Tool-enabled sampling a 2026-07-28 request did not declare (lesson 25): the server's round
 * offers tools in its sampling request all the same (tool-sampling-undeclared,
 * client-capability-not-declared; client/sampling › Tools in Sampling), and a client answers it in
 * a retry where it MUST refuse it (tool-sampling-answered's modern branch,
 * sampling-tools-not-refused; schema › CreateMessageRequestParams). Each breaks only its rule.
 */
const MODERN = ['2026-07-28'];
const client = { era: 'modern', versions: MODERN, capabilities: { sampling: {} } };
const server = {
  era: 'modern',
  versions: MODERN,
  capabilities: { tools: {} },
  tools: ['summarize_text'],
};
const summarize = (capabilities?: object) => ({
  client: {
    request: 'tools/call',
    params: {
      name: 'summarize_text',
      arguments: { text: 'Rain in Lisbon, sun in Tokyo.' },
      ...(capabilities
        ? { _meta: { 'io.modelcontextprotocol/clientCapabilities': capabilities } }
        : {}),
    },
  },
});
const modern = (steps: readonly object[]) => lessonOf('2026-07-28', client, server, steps);
const failure = async (steps: readonly object[]) => {
  const played = await runScenario(modern(steps));
  if (played.ok) throw new Error('the fault played');
  return played.error.message;
};

type Wire = { id?: unknown; result?: Record<string, unknown>; params?: Record<string, unknown> };
type Sampling = { params: { tools?: { name: string }[]; toolChoice?: unknown } };
const wire = (step: { message: unknown } | undefined): Wire => (step?.message ?? {}) as Wire;
const asked = (round: Wire) =>
  ((round.result?.inputRequests ?? {}) as Record<string, Sampling>).summary?.params;

describe('tool-enabled sampling a 2026-07-28 request did not declare', () => {
  it('lesson multi-round-trip plays both, each breaking only its rule', async () => {
    const steps = await faultsOfLesson('multi-round-trip');
    const named = ['tool-sampling-undeclared', 'tool-sampling-answered'];
    expect(steps.filter((s) => s.fault !== null && named.includes(s.fault))).toEqual([
      { fault: 'tool-sampling-undeclared', rules: ['client-capability-not-declared'] },
      { fault: 'tool-sampling-answered', rules: ['sampling-tools-not-refused'] },
    ]);
  });

  it('the round offers the weather tool; the retry answers it with a new id and the state echoed', async () => {
    const steps = await playedSteps(
      modern([
        summarize(),
        { fault: 'tool-sampling-undeclared' },
        { fault: 'tool-sampling-answered' },
        { server: 'next' },
      ]),
    );
    expect(steps.map((s) => brokenRules([s]))).toEqual([
      [],
      ['client-capability-not-declared'],
      ['sampling-tools-not-refused'],
      [],
    ]);
    const round = wire(steps[1]);
    expect(asked(round)?.tools?.map((t) => t.name)).toEqual(['weather_current']);
    expect(asked(round)?.toolChoice).toEqual({ mode: 'auto' });
    expect(round.result?.resultType).toBe('input_required');
    const retry = wire(steps[2]);
    expect(retry.id).toBe(2);
    expect(retry.params?.requestState).toBe(round.result?.requestState);
    expect(retry.params?.arguments).toEqual({ text: 'Rain in Lisbon, sun in Tokyo.' });
    expect(retry.params?.inputResponses).toMatchObject({
      summary: { role: 'assistant', content: { type: 'text' }, stopReason: 'endTurn' },
    });
    // The server's seal accepts the state the shadow sealed: the call completes.
    expect(wire(steps[3]).result?.resultType).toBe('complete');
  });

  it('params.mode sets the toolChoice; under "required" the model answers with a tool use, still only its rule', async () => {
    const steps = await playedSteps(
      modern([
        summarize(),
        { fault: 'tool-sampling-undeclared', params: { mode: 'required' } },
        { fault: 'tool-sampling-answered' },
      ]),
    );
    const round = wire(steps[1]);
    expect(asked(round)?.toolChoice).toEqual({ mode: 'required' });
    expect(brokenRules(steps.slice(1))).toEqual([
      'client-capability-not-declared',
      'sampling-tools-not-refused',
    ]);
    expect(JSON.stringify(wire(steps[2]).params?.inputResponses)).toContain('tool_use');
  });

  it('each says what it needs when the session has none', async () => {
    // No call pending, a call that declared sampling.tools, a bad mode.
    expect(await failure([{ fault: 'tool-sampling-undeclared' }])).toMatch(
      /tool-sampling-undeclared needs, in 2026-07-28, a pending call .* without sampling\.tools/,
    );
    expect(
      await failure([
        summarize({ sampling: { tools: {} } }),
        { fault: 'tool-sampling-undeclared' },
      ]),
    ).toMatch(/needs, in 2026-07-28, a pending call/);
    expect(
      await failure([summarize(), { fault: 'tool-sampling-undeclared', params: { mode: 'any' } }]),
    ).toBe(
      'tool-sampling-undeclared: params.mode is the toolChoice mode, "auto", "none" or "required", not "any"',
    );
    // No round, an honest round without tools, a round already retried.
    const needs =
      /tool-sampling-answered needs, in 2026-07-28, the server's latest input_required round to offer tools/;
    expect(await failure([{ fault: 'tool-sampling-answered' }])).toMatch(needs);
    expect(
      await failure([summarize(), { server: 'next' }, { fault: 'tool-sampling-answered' }]),
    ).toMatch(needs);
    expect(
      await failure([
        summarize(),
        { fault: 'tool-sampling-undeclared' },
        { fault: 'tool-sampling-answered' },
        { fault: 'tool-sampling-answered' },
      ]),
    ).toMatch(needs);
  });
});
