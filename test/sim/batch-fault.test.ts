import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import { lessonOf, playedSteps } from '../helpers/lesson-scenario.js';

/**
 * initialize-in-batch (2025-03-26 basic/lifecycle › Initialization: the initialize request MUST
 * NOT be part of a JSON-RPC batch): the client's initialize goes out as a batch of one.
 */
const server = {
  versions: ['2025-03-26'],
  capabilities: { tools: {} },
  tools: ['weather_current'],
};
const client = (version: string) => ({ versions: [version], capabilities: {} });

describe('the fault initialize-in-batch', () => {
  it('breaks only its rule; the server reads the batch as serve does and answers it as one array', async () => {
    expect(FAULT_RULES['initialize-in-batch']).toBe('initialize-in-batch');
    const steps = await playedSteps(
      lessonOf('2025-03-26', client('2025-03-26'), server, [
        { fault: 'initialize-in-batch' },
        { server: 'next' },
        { client: 'initialized' },
        { client: { request: 'tools/list' } },
        { server: 'next' },
      ]),
    );
    const [batch, answer, initialized, list, tools] = steps;
    expect(batch?.batch).toEqual({ index: 0, size: 1 });
    expect(batch?.message).toMatchObject({ id: 1, method: 'initialize' });
    expect(batch?.verdict?.violations.map((v) => [v.rule, v.severity])).toEqual([
      ['initialize-in-batch', 'error'],
    ]);
    // Servers MUST accept batches (2025-03-26 basic/index › Batching): the answer is an array too.
    expect(answer?.batch).toEqual({ index: 0, size: 1 });
    expect(answer?.message).toMatchObject({ id: 1, result: { protocolVersion: '2025-03-26' } });
    expect(list?.message).toMatchObject({ id: 2, method: 'tools/list' });
    for (const step of [answer, initialized, list, tools])
      expect(step?.verdict?.violations).toEqual([]);
    expect(tools?.notes?.peers?.client.pending).toEqual([]);
  });

  it('cannot be played by a client of another revision, nor after initialize', async () => {
    const other = await runScenario(
      lessonOf('2025-11-25', client('2025-11-25'), server, [{ fault: 'initialize-in-batch' }]),
    );
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error.message).toMatch(/first version is 2025-03-26/);
    const late = await runScenario(
      lessonOf('2025-03-26', client('2025-03-26'), server, [
        { client: 'initialize' },
        { fault: 'initialize-in-batch' },
      ]),
    );
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error).toMatchObject({ step: 1 });
  });
});
