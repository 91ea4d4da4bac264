import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

const MODERN_PEER = { era: 'modern', versions: ['2026-07-28'] };
const SERVER = { ...MODERN_PEER, capabilities: { tools: {} }, tools: ['weather_current'] };

/** 2026-07-28 basic/index › General fields: clientInfo on every request (a SHOULD). */
describe('request-without-client-info', () => {
  it('lesson discover-and-envelope plays it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('discover-and-envelope');
    const at = steps.findIndex((s) => s.fault === 'request-without-client-info');
    expect(steps[at]).toEqual({
      fault: 'request-without-client-info',
      rules: [FAULT_RULES['request-without-client-info']],
    });
    // The server's answer to it is clean.
    expect(steps[at + 1]?.rules).toEqual([]);
  });

  it('keeps the required keys and params.params, drops clientInfo; the server answers', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', MODERN_PEER, SERVER, [
        { client: 'discover' },
        { server: 'next' },
        {
          fault: 'request-without-client-info',
          params: {
            method: 'tools/call',
            params: { name: 'weather_current', arguments: { location: 'Paris' } },
          },
        },
        { server: 'next' },
      ]),
    );
    const sent = steps.at(-2)?.message as { method: string; params: Record<string, unknown> };
    expect(sent.method).toBe('tools/call');
    expect(sent.params.name).toBe('weather_current');
    expect(Object.keys(sent.params._meta as object).sort()).toEqual([
      'io.modelcontextprotocol/clientCapabilities',
      'io.modelcontextprotocol/protocolVersion',
    ]);
    expect(rules(steps)).toEqual(['client-info-missing']);
  });

  it('needs a client of 2026-07-28', async () => {
    const played = await runScenario(
      lessonOf('2025-11-25', { versions: ['2025-11-25'] }, { versions: ['2025-11-25'] }, [
        { fault: 'request-without-client-info' },
      ]),
    );
    expect(played.ok).toBe(false);
  });
});
