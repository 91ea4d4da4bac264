import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import {
  faultsOfLesson,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

/**
 * sampling-tool-choice-ignored in 2026-07-28 (client/sampling › Tool Choice Modes): the server's
 * round offers tools under a toolChoice (`do: {offer-tools}`), and the fault tool-choice-ignored
 * sends the client's retry with an answer that ignores it.
 */
describe('tool-choice-ignored in 2026-07-28', () => {
  it('lesson multi-round-trip plays it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('multi-round-trip');
    const played = steps.filter((s) => s.fault === 'tool-choice-ignored');
    expect(played).toEqual([
      { fault: 'tool-choice-ignored', rules: ['sampling-tool-choice-ignored'] },
    ]);
  });

  const modern = { era: 'modern', versions: ['2026-07-28'] };
  const server = { ...modern, capabilities: { tools: {} }, tools: ['summarize_text'] };
  const summarize = (capabilities?: object) => ({
    client: {
      request: 'tools/call',
      params: {
        name: 'summarize_text',
        arguments: { text: 'Rain.' },
        ...(capabilities
          ? { _meta: { 'io.modelcontextprotocol/clientCapabilities': capabilities } }
          : {}),
      },
    },
  });
  type Round = { result: { inputRequests: { summary: { params: Record<string, unknown> } } } };
  const roundParams = (steps: readonly { message: unknown }[], at: number) => {
    const round = steps.at(at)?.message as Round | undefined;
    return round ? round.result.inputRequests.summary.params : {};
  };

  it('offer-tools puts the weather tool and the toolChoice into the next sampling round of a request that declared sampling.tools; the client, by that request’s capabilities, honours it', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', { ...modern, capabilities: { sampling: {} } }, server, [
        { do: { 'offer-tools': 'required' } },
        summarize({ sampling: { tools: {} } }),
        { server: 'next' },
        { client: 'next' },
        { server: 'next' },
      ]),
    );
    const params = roundParams(steps, -3);
    expect(params.toolChoice).toEqual({ mode: 'required' });
    expect((params.tools as { name: string }[]).map((t) => t.name)).toEqual(['weather_current']);
    // The client declared sampling {} in its config, sampling.tools in this request: it answers
    // (with a tool use, as "required" asks) instead of refusing the round.
    const retry = steps.at(-2)?.message as {
      params: { inputResponses: { summary: { stopReason: string } } };
    };
    expect(retry.params.inputResponses.summary.stopReason).toBe('toolUse');
    expect(rules(steps)).toEqual([]);
  });

  it('a request without sampling.tools gets the usual round, and the fault then cannot be played', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', { ...modern, capabilities: { sampling: {} } }, server, [
        { do: { 'offer-tools': 'none' } },
        summarize(),
        { server: 'next' },
      ]),
    );
    expect(roundParams(steps, -1).toolChoice).toBeUndefined();
    const played = await runScenario(
      lessonOf('2026-07-28', { ...modern, capabilities: { sampling: {} } }, server, [
        { do: { 'offer-tools': 'none' } },
        summarize(),
        { server: 'next' },
        { fault: 'tool-choice-ignored' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok)
      expect(played.error.message).toContain('tool-choice-ignored needs, in 2026-07-28');
  });
});
