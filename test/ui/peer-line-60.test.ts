import { describe, expect, it } from 'vitest';
import { tr } from '../../src/i18n/lang.js';
import { STRINGS } from '../../src/i18n/strings.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { compactFacts } from '../../src/ui/components/peer-panels.js';
import { clientRequestLabel } from '../../src/ui/sequence-rows.js';
import { playLesson } from '../helpers/screen.js';

/** The compact line as the panel draws it. */
const line = (label: string, fit: ReturnType<typeof compactFacts>) =>
  `${label} ${fit.facts.map((f, i) => `${i > 0 ? ' · ' : ''}${f.short} ${f.value}`).join('')}${fit.cut ? '…' : ''}`;

// At 60 columns a peer line cannot hold every fact, but the request in flight, which is what
// changes from step to step, keeps at least the start of its name: the facts that stay the same
// (capabilities, a modern session's unsaid revision) give way first.
describe('the one-line peer summary at 60 columns keeps the work in flight', () => {
  const ids = loadLessons(LESSONS_DIR).lessons.map((l) => l.id);
  it.each(ids)('%s: every step names the request each side waits for', async (id) => {
    const { timeline } = await playLesson(id);
    const steps = timeline.steps;
    for (const lang of ['en', 'zh'] as const) {
      steps.forEach((step, index) => {
        for (const side of ['client', 'server'] as const) {
          const work =
            side === 'client'
              ? step.peers.client.pending[0]
              : step.peers.server.working[0] !== undefined
                ? clientRequestLabel(steps, index, step.peers.server.working[0])
                : undefined;
          if (work === undefined) continue;
          const fit = compactFacts(step.peers, side, lang, 60, (id) =>
            clientRequestLabel(steps, index, id),
          );
          const text = line(tr(STRINGS[side], lang), fit);
          const label = tr(side === 'client' ? STRINGS.pending : STRINGS.working, lang);
          const at = `${id} step ${index + 1} ${side} (${lang}): ${text}`;
          expect(text, at).toContain(`${label} ${work.slice(0, 6)}`);
        }
      });
    }
  });
});
