import { describe, expect, it } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import type { Step } from '../../src/session/index.js';
import { listTopics, playTopic, SIDES } from '../../src/sim/compare/topics.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';

/**
 * A learner follows the requests by their ids ("the client's next request, id 5"): each side of
 * every lesson and compare topic numbers its requests 1, 2, 3… in the order they go on the wire.
 * JSON-RPC does not ask for that, but a retry is a new request with a new id (2026-07-28
 * basic/patterns/mrtr › Client Requirements (Basic Workflow): the ids MUST differ; the retry after
 * -32022 of basic/versioning › Protocol Version Negotiation is a new request too): it gets its id
 * when it is sent, not when the client decides to send it.
 *
 * The exceptions, each a fault about ids, which keep their id out of the count:
 */
const ID_FAULTS: Readonly<Record<string, string>> = {
  'reuse-id': 'repeats the id of the request before it (JSON-RPC: ids are unique)',
  'null-id': 'sends a request with id null',
  'retry-with-original-id': 'retries with the id of the request that got the round',
};

/** Ids that are not numbers by design: the dual-era probe's (a string, as the SDK's is). */
const isProbeId = (message: Record<string, unknown>) =>
  message.method === 'server/discover' &&
  typeof message.id === 'string' &&
  /^server-discover-probe-\d+$/.test(message.id);

type Finding = string;

/** Where a side's request ids in wire order do not go up by one (fault exceptions aside). */
function idGaps(steps: readonly Step[]): Finding[] {
  const found: Finding[] = [];
  for (const side of ['client->server', 'server->client'] as const) {
    let last = 0;
    for (const step of steps) {
      if (step.kind !== 'message' || step.direction !== side) continue;
      const messages = Array.isArray(step.message) ? step.message : [step.message];
      for (const message of messages as Array<Record<string, unknown> | null>) {
        if (message === null || typeof message !== 'object') continue;
        if (typeof message.method !== 'string' || !('id' in message)) continue;
        const fault = step.notes?.fault ?? null;
        if (fault !== null && fault in ID_FAULTS) continue;
        if (isProbeId(message)) continue;
        const where = `step ${step.index + 1} (${side.split('->')[0]} ${message.method})`;
        if (message.id !== last + 1)
          found.push(`${where}: id ${JSON.stringify(message.id)}, expected ${last + 1}`);
        if (typeof message.id === 'number') last = message.id;
      }
    }
  }
  return found;
}

describe('request ids follow the wire: each side counts 1, 2, 3… (faults about ids excepted)', () => {
  it.each(loadLessons().lessons.map((l) => l.id))('lesson %s', async (id) => {
    const { timeline } = await playLesson(id);
    expect(idGaps(timeline.steps)).toEqual([]);
  });

  it.each(listTopics().map((t) => (t.ok ? t.value.id : String(t.error.file))))(
    'compare %s',
    async (id) => {
      const loaded = listTopics().find((t) => t.ok && t.value.id === id);
      if (!loaded?.ok) throw new Error(`topic ${id} does not load`);
      const played = await playTopic(loaded.value);
      if (!played.ok) throw new Error(played.error.message);
      for (const side of SIDES) expect(idGaps(played.value[side])).toEqual([]);
    },
  );

  it('the check sees a gap, a repeat and an id out of order, and lets the named faults pass', () => {
    const step = (index: number, id: unknown, fault: string | null = null) =>
      ({
        index,
        kind: 'message',
        direction: 'client->server',
        message: { jsonrpc: '2.0', id, method: 'tools/list' },
        notes: { fault },
      }) as unknown as Step;
    expect(idGaps([step(0, 1), step(1, 3)])).toEqual([
      'step 2 (client tools/list): id 3, expected 2',
    ]);
    expect(idGaps([step(0, 1), step(1, 1)])).toHaveLength(1);
    expect(idGaps([step(0, 2), step(1, 1)])).toHaveLength(2);
    expect(
      idGaps([step(0, 1), step(1, 1, 'reuse-id'), step(2, null, 'null-id'), step(3, 2)]),
    ).toEqual([]);
  });
});
