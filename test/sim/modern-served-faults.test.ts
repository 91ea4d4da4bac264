import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { scenarioSchema } from '../../src/sim/scenario/schema.js';

/**
 * Two handshake-era faults played by a 2026-07-28 server (lessons 28 and 30): the request it
 * should have refused with -32602 is served with the answer the server builds for it with the
 * flaw taken out, so it carries resultType and serverInfo and breaks only the rule it is about.
 */
const note = { en: 'n', zh: '注' };
const MODERN = ['2026-07-28'];
const peers = {
  client: { era: 'modern', versions: MODERN, capabilities: {} },
  server: {
    era: 'modern',
    versions: MODERN,
    capabilities: { tools: {}, prompts: {}, logging: {} },
    tools: ['weather_current'],
  },
};

const play = (steps: readonly object[]) =>
  runScenario(
    scenarioSchema.parse({
      title: note,
      goal: note,
      recap: note,
      revision: '2026-07-28',
      ...peers,
      steps: [{ client: { request: 'tools/list' } }, { server: 'next' }, ...steps].map((s) => ({
        ...s,
        note,
      })),
    }),
  );

const verbose = {
  fault: 'params-off-schema',
  params: {
    method: 'tools/call',
    params: {
      name: 'weather_current',
      arguments: { location: 'Lisbon' },
      _meta: { 'io.modelcontextprotocol/logLevel': 'verbose' },
    },
  },
};

describe('handshake-era faults a 2026-07-28 server plays', () => {
  it('invalid-log-level-accepted serves the call with an unknown logLevel: log-level-not-refused only', async () => {
    const played = await play([verbose, { fault: 'invalid-log-level-accepted' }]);
    if (!played.ok) throw new Error(played.error.message);
    const last = played.value.steps.at(-1);
    expect(last?.verdict?.violations.map((v) => v.rule)).toEqual(['log-level-not-refused']);
    const result = (last?.message as { result?: Record<string, unknown> } | undefined)?.result;
    // The weather the server serves for Lisbon, shaped as every 2026-07-28 result is.
    expect(result).toMatchObject({ resultType: 'complete' });
    expect(result?.isError).not.toBe(true);
    expect(JSON.stringify(result?.content)).toContain('Lisbon');
    expect(result?._meta).toHaveProperty(['io.modelcontextprotocol/serverInfo']);
  });

  it('prompt-served-without-argument fills explain_sql with nothing: prompt-arguments-not-refused only', async () => {
    const played = await play([
      { client: { request: 'prompts/list' } },
      { server: 'next' },
      { client: { request: 'prompts/get', params: { name: 'explain_sql', arguments: {} } } },
      { fault: 'prompt-served-without-argument' },
    ]);
    if (!played.ok) throw new Error(played.error.message);
    const last = played.value.steps.at(-1);
    expect(last?.verdict?.violations.map((v) => v.rule)).toEqual(['prompt-arguments-not-refused']);
    expect(last?.message).toMatchObject({
      result: {
        resultType: 'complete',
        messages: [{ content: { text: 'Explain step by step what this SQL does:\n' } }],
      },
    });
  });

  it('each says what it needs when the session has no request to serve', async () => {
    const log = await play([{ fault: 'invalid-log-level-accepted' }]);
    expect(log.ok).toBe(false);
    if (!log.ok) expect(log.error.message).toMatch(/_meta logLevel is no level/);
    // A request with a good level is refused by nobody: nothing to serve either.
    const good = await play([
      { client: { request: 'tools/call', params: { name: 'weather_current', arguments: {} } } },
      { fault: 'invalid-log-level-accepted' },
    ]);
    expect(good.ok).toBe(false);
    const prompt = await play([{ fault: 'prompt-served-without-argument' }]);
    expect(prompt.ok).toBe(false);
    if (!prompt.ok) expect(prompt.error.message).toMatch(/needs a prompts\/get/);
  });
});
