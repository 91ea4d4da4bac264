import { describe, expect, it } from 'vitest';
import { SimServer } from '../../src/sim/server/sim-server.js';
import { lessonOf, playedSteps } from '../helpers/lesson-scenario.js';

/**
 * A 2025-03-26 batch holding initialize, put on the wire as a raw line (`do: {raw: …}`): the
 * session log reads it (its initialize offers 2025-03-26), so the simulated server reads it too,
 * as `serve` on stdio and the fault initialize-in-batch do, and answers it with an array, one
 * answer per request with that request's id (JSON-RPC 2.0 › Batch). Before, the raw line got one
 * -32600 without an id, which no 2025-03-26 JSON-RPC error may be (its schema requires the id).
 */
const initialize = (version: string) => ({
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: {
    protocolVersion: version,
    capabilities: {},
    clientInfo: { name: 'learner-client', version: '1.0.0' },
  },
});
const line = (version: string) =>
  JSON.stringify([
    initialize(version),
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 'ping', method: 'ping' },
  ]);
const server = {
  versions: ['2025-03-26'],
  capabilities: { tools: {} },
  tools: ['weather_current'],
};
const client = { versions: ['2025-03-26'], capabilities: {} };

describe('a raw line holding a 2025-03-26 batch with initialize', () => {
  it('is answered with an array, one answer per request, each with its id', async () => {
    const steps = await playedSteps(
      lessonOf('2025-03-26', client, server, [
        { do: { raw: line('2025-03-26') } },
        { server: 'next' },
        { client: { request: 'tools/list' } },
        { server: 'next' },
      ]),
    );
    const answers = steps.filter((s) => s.direction === 'server->client');
    expect(answers.map((s) => s.batch)).toEqual([
      { index: 0, size: 2 },
      { index: 1, size: 2 },
      null,
    ]);
    expect(answers[0]?.message).toMatchObject({
      id: 'init',
      result: { protocolVersion: '2025-03-26' },
    });
    expect(answers[1]?.message).toMatchObject({ id: 'ping', result: {} });
    // Only the client's faults: the answers are valid and the session goes on.
    expect(
      steps.flatMap((s) => (s.verdict?.violations ?? []).map((v) => `${s.index}:${v.rule}`)),
    ).toEqual(['0:initialize-in-batch', '1:initialized-before-result']);
  });

  it('is read by the server as the session log reads it: only when its initialize offers 2025-03-26', () => {
    const config = {
      name: 'weather-server',
      version: '1.0.0',
      versions: ['2025-03-26', '2024-11-05'],
      capabilities: { tools: {} },
      tools: ['weather_current'] as const,
    };
    const sim = new SimServer(config);
    sim.receiveRaw(line('2025-03-26'), 0);
    // An answer kept for its batch's answer is not sent on its own (null): the array comes next.
    expect(sim.take()).toBe(null);
    const item = sim.take();
    const answers = Array.isArray(item?.message) ? item.message : [];
    expect(answers.map((m) => m.id)).toEqual(['init', 'ping']);
    // A batch whose initialize offers 2024-11-05 cannot be read (that revision has no batches).
    const old = new SimServer(config);
    old.receiveRaw(line('2024-11-05'), 0);
    expect(old.take()?.message).toMatchObject({ error: { code: -32600 } });
    expect(old.negotiatedVersion).toBe(null);
  });
});
