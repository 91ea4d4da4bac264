import { describe, expect, it } from 'vitest';
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
 * The faults of _meta key names (basic/index › General fields), roots (client/roots › Root) and
 * links in forms (client/elicitation › Safe URL Handling), each breaking only its rule where the
 * course plays it.
 */
describe('meta-key-malformed, root-not-file and link-in-form', () => {
  it.each([
    ['client-primitives', 'root-not-file'],
    ['client-primitives', 'link-in-form'],
    ['faults-gallery', 'meta-key-malformed'],
    ['modern-faults-gallery', 'meta-key-malformed'],
    ['modern-faults-gallery', 'link-in-form'],
    ['multi-round-trip', 'root-not-file'],
  ] as const)('lesson %s plays %s, which breaks only its rule', async (lesson, fault) => {
    const steps = await faultsOfLesson(lesson);
    const played = steps.filter((s) => s.fault === fault);
    expect(played).toEqual([{ fault, rules: [FAULT_RULES[fault]] }]);
  });

  const server = {
    versions: ['2025-11-25'],
    capabilities: { tools: {} },
    tools: ['weather_current'],
  };

  it('meta-key-malformed puts params.key where asked: a tools/list on its first tool, else the result', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', { versions: ['2025-11-25'] }, server, [
        ...HANDSHAKE,
        { client: { request: 'tools/list' } },
        { fault: 'meta-key-malformed', params: { key: 'com.example/-x-' } },
        { client: 'ping' },
        { fault: 'meta-key-malformed' },
      ]),
    );
    const list = steps.at(-3)?.message as { result: { tools: { _meta?: object }[] } };
    expect(list.result.tools[0]?._meta).toEqual({ 'com.example/-x-': { tags: [] } });
    const ping = steps.at(-1)?.message as { result: { _meta?: object } };
    expect(ping.result._meta).toEqual({ _fastmcp: { tags: [] } });
    // A ping's result may carry _meta (ping › Behavior Requirements): only the key is wrong.
    expect(rules(steps)).toEqual(['meta-key-invalid', 'meta-key-invalid']);
  });

  it('root-not-file adds params.uri to the client’s roots', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', { versions: ['2025-11-25'], capabilities: { roots: {} } }, server, [
        ...HANDSHAKE,
        { server: { request: 'roots/list' } },
        { fault: 'root-not-file', params: { uri: 'git@example.com:a/b.git' } },
      ]),
    );
    const answer = steps.at(-1)?.message as { result: { roots: { uri: string }[] } };
    expect(answer.result.roots.at(-1)?.uri).toBe('git@example.com:a/b.git');
    expect(rules(steps)).toEqual(['root-uri-not-file']);
  });

  it('cannot be played without what they change', async () => {
    for (const fault of ['meta-key-malformed', 'root-not-file']) {
      const played = await runScenario(
        lessonOf('2025-11-25', { versions: ['2025-11-25'] }, server, [...HANDSHAKE, { fault }]),
      );
      expect(played.ok).toBe(false);
      if (!played.ok) expect(played.error.message).toContain(`${fault} needs a`);
    }
  });

  it('2026-07-28: root-not-file sends the queued retry with the web root among its inputResponses', async () => {
    const modern = { era: 'modern', versions: ['2026-07-28'] };
    const steps = await playedSteps(
      lessonOf(
        '2026-07-28',
        { ...modern, capabilities: { roots: {} } },
        { ...modern, capabilities: { tools: {} }, tools: ['list_project_roots'] },
        [
          {
            client: {
              request: 'tools/call',
              params: { name: 'list_project_roots', arguments: {} },
            },
          },
          { server: 'next' },
          { fault: 'root-not-file' },
          { server: 'next' },
        ],
      ),
    );
    const retry = steps.at(-2)?.message as {
      params: { inputResponses: Record<string, { roots: { uri: string }[] }> };
    };
    const [answer] = Object.values(retry.params.inputResponses);
    expect(answer?.roots.at(-1)?.uri).toBe('https://github.com/learner/weather-desk');
    expect(rules(steps.slice(-2, -1))).toEqual(['root-uri-not-file']);
    expect(rules([...steps.slice(0, -2), ...steps.slice(-1)])).toEqual([]);
  });
});
