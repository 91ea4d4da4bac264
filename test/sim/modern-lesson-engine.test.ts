import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { modernLesson, playedSteps } from '../helpers/modern-lesson.js';

const sent = (steps: Awaited<ReturnType<typeof playedSteps>>) =>
  steps.map((s) => s.message as { method?: string; params?: { _meta?: object } });
const META = 'io.modelcontextprotocol/protocolVersion';

describe('lessons of the 2026-07-28 era', () => {
  it('a client that probes turns modern once server/discover is answered, not before', async () => {
    const steps = await playedSteps(
      modernLesson(
        { versions: ['2026-07-28'] },
        { era: 'dual', versions: ['2026-07-28', '2025-11-25'] },
        [
          { client: 'discover' },
          { server: 'next' },
          { client: { request: 'tools/list' } },
          { server: 'next' },
        ],
      ),
    );
    const messages = sent(steps);
    expect(messages[0]?.method).toBe('server/discover');
    expect(messages[2]?.params?._meta).toMatchObject({ [META]: '2026-07-28' });
    expect(steps.flatMap((s) => s.verdict?.violations ?? [])).toEqual([]);
  });

  it('a probe refused with an error leaves the client in the handshake era', async () => {
    const steps = await playedSteps(
      modernLesson({ versions: ['2026-07-28', '2025-11-25'] }, { era: 'legacy' }, [
        { client: 'discover' },
        { server: 'next' },
        { client: { initialize: { version: '2025-11-25' } } },
        { server: 'next' },
      ]),
    );
    // This legacy server answers a request before initialize with -32600 (others say -32601).
    expect(steps[1]?.message).toHaveProperty('error.code');
    expect(sent(steps)[2]?.method).toBe('initialize');
    expect(sent(steps)[2]?.params?._meta).toBeUndefined();
  });

  it('a modern client sends the envelope from its first request; listen and end-listen', async () => {
    const steps = await playedSteps(
      modernLesson(
        { era: 'modern', versions: ['2026-07-28'] },
        { era: 'modern', versions: ['2026-07-28'] },
        [
          { client: { request: 'tools/list' } },
          { server: 'next' },
          { client: { listen: { toolsListChanged: true } } },
          { server: 'next' },
          { client: { 'end-listen': 'latest' } },
        ],
      ),
    );
    const messages = sent(steps);
    expect(messages[0]?.params?._meta).toMatchObject({ [META]: '2026-07-28' });
    expect(messages[2]?.method).toBe('subscriptions/listen');
    expect(messages[3]?.method).toBe('notifications/subscriptions/acknowledged');
    expect(messages[4]?.method).toBe('notifications/cancelled');
    expect(steps.flatMap((s) => s.verdict?.violations ?? [])).toEqual([]);
  });

  it('end-listen without an open stream is the lesson author’s mistake, named', async () => {
    const played = await runScenario(
      modernLesson({ era: 'modern', versions: ['2026-07-28'] }, { era: 'modern' }, [
        { client: { 'end-listen': 'latest' } },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toMatch(/no open listen stream/);
  });
});
