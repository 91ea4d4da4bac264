import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playLesson } from '../helpers/screen.js';

const LESSONS = readdirSync(join(import.meta.dirname, '..', '..', 'lessons'))
  .filter((name) => /^\d\d-/.test(name))
  .map((name) => name.slice(3));

/** `method #id` of every request sent so far, by side (the latest of an id reused). */
function sentBy(
  steps: Awaited<ReturnType<typeof playLesson>>['timeline']['steps'],
  upTo: number,
  requester: 'client' | 'server',
) {
  const direction = requester === 'client' ? 'client->server' : 'server->client';
  const sent = new Set<string>();
  for (const step of steps.slice(0, upTo + 1)) {
    const m = step.message as { id?: unknown; method?: unknown } | null;
    if (step.direction !== direction || !m || typeof m.method !== 'string' || m.id === undefined)
      continue;
    sent.add(`${m.method} #${String(m.id)}`);
  }
  return sent;
}

describe('the peer panels show the requests on the wire, not ones a simulated peer holds back', () => {
  it.each(LESSONS)(
    '%s: every pending, working and asked request has crossed the wire',
    async (id) => {
      const { timeline } = await playLesson(id);
      const steps = timeline.steps;
      steps.forEach((step, i) => {
        const { client, server } = step.peers;
        const byClient = sentBy(steps, i, 'client');
        const byServer = sentBy(steps, i, 'server');
        for (const request of client.pending) expect(byClient, `step ${i + 1}`).toContain(request);
        for (const { method, id } of server.asked)
          expect(byServer, `step ${i + 1}`).toContain(`${method} #${id}`);
        const ids = [...byClient].map((r) => r.slice(r.lastIndexOf('#') + 1));
        for (const working of server.working) expect(ids, `step ${i + 1}`).toContain(working);
      });
    },
  );

  it('lesson 30: the retries the lesson sends broken leave nothing pending behind them', async () => {
    const { timeline } = await playLesson('modern-faults-gallery');
    const last = timeline.steps.at(-1);
    // Only the listen stream the lesson leaves open: no retry the simulated client queued.
    expect(last?.peers.client.pending).toEqual(['subscriptions/listen #24']);
  });
});
