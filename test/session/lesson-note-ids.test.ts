import { describe, expect, it } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { jsonSteps, lessonJson } from '../../src/ui/handout.js';

/**
 * A note that names the id of its own step's message says the id the screen shows. Lesson 30 once
 * said "Both carry id 17" and "Its id, 27" over messages #19 and #29, left from a renumbering.
 * Only phrasings that point at the step's own message are held to it: "Its id, N", "carry id N",
 * "stream N", "#N", "…, id N" (a new request, id N), and their Chinese counterparts; a note may
 * name an earlier request in other words ("request 1 is finished").
 */
const OWN_ID = {
  en: [/Its id, (\d+)/g, /carry id (\d+)/g, /\bstream (\d+)/g, /#(\d+)\b/g, /, id (\d+)\b/g],
  zh: [/id 都是 (\d+)/g, /它的 id (\d+)/g, /流 (\d+)/g, /#(\d+)\b/g],
} as const;

/** The ids a step's message shows: its own, the request it cancels, its stream, its progress token's number. */
function idsOf(message: unknown): number[] {
  if (message === null || typeof message !== 'object') return [];
  const m = message as { id?: unknown; params?: Record<string, unknown> };
  const params = m.params ?? {};
  const meta = (params._meta ?? {}) as Record<string, unknown>;
  const token = String(params.progressToken ?? '').match(/(\d+)$/)?.[1];
  return [m.id, params.requestId, meta['io.modelcontextprotocol/subscriptionId'], token]
    .map((v) => (typeof v === 'string' ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

const ids = loadLessons().lessons.map((l) => l.id);

describe('a note names the id its own step shows (lessons, en and zh)', () => {
  it.each(ids)('%s', async (id) => {
    const { lesson, timeline } = await playLesson(id);
    const steps = { steps: jsonSteps(timeline.steps) };
    const wrong: string[] = [];
    for (const lang of ['en', 'zh'] as const) {
      const json = lessonJson(lesson, steps, lang);
      json.steps.forEach((step, i) => {
        const shown = idsOf(step.message);
        for (const pattern of OWN_ID[lang]) {
          for (const match of String(step.note ?? '').matchAll(pattern)) {
            const named = Number(match[1]);
            if (!shown.includes(named)) {
              wrong.push(`${lang} step ${i + 1}: "${match[0]}" but the message shows ${shown}`);
            }
          }
        }
      });
    }
    expect(wrong).toEqual([]);
  });
});
