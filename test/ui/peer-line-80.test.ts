import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { tr } from '../../src/i18n/lang.js';
import { STRINGS } from '../../src/i18n/strings.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { capabilityPaths } from '../../src/ui/capability-paths.js';
import { compactFacts } from '../../src/ui/components/peer-panels.js';
import { peerFacts } from '../../src/ui/peer-facts.js';
import { clientRequestLabel } from '../../src/ui/sequence-rows.js';
import { playLesson } from '../helpers/screen.js';

/** The compact line as the panel draws it. */
const line = (label: string, fit: ReturnType<typeof compactFacts>) =>
  `${label} ${fit.facts.map((f, i) => `${i > 0 ? ' · ' : ''}${f.short} ${f.value}`).join('')}${fit.cut ? '…' : ''}`;

describe('the one-line peer summary at 80 columns (80×24) keeps what a learner needs', () => {
  const ids = loadLessons(LESSONS_DIR).lessons.map((l) => l.id);
  it.each(ids)(
    '%s: every declared capability is named or counted, the request in flight before the tools',
    async (id) => {
      const { timeline } = await playLesson(id);
      const steps = timeline.steps;
      for (const lang of ['en', 'zh'] as const) {
        steps.forEach((step, index) => {
          for (const side of ['client', 'server'] as const) {
            const label = tr(STRINGS[side], lang);
            const fit = compactFacts(step.peers, side, lang, 80, (id) =>
              clientRequestLabel(steps, index, id),
            );
            const text = line(label, fit);
            const at = `${id} step ${index + 1} ${side} (${lang}): ${text}`;
            const modern = step.peers.modern?.[side].capabilities;
            const caps = capabilityPaths(
              step.peers.modern ? (modern ?? {}) : step.peers[side].capabilities,
            );
            const missing = [...new Set(caps.map((p) => p.split('.')[0] ?? p))].filter(
              (name) => !new RegExp(`(^|[ ,])${name}([.,…]|$| )`).test(text),
            );
            // Fewer capabilities (`tools.*, resources.* +3`) only to keep the work in flight on
            // the line: those left out are counted.
            const told = fit.facts.find((f) => f.caps);
            const more = Number(/ \+(\d+)$/.exec(told?.value ?? '')?.[1] ?? 0);
            expect({ at, missing: missing.length }).toEqual({ at, missing: more });
            if (more > 0) {
              expect({ at, work: fit.facts.some((f) => f.work) }).toEqual({ at, work: true });
            }
            const work =
              side === 'client'
                ? step.peers.client.pending[0]
                : step.peers.server.working[0] !== undefined
                  ? clientRequestLabel(steps, index, step.peers.server.working[0])
                  : undefined;
            // Capabilities are told short only when they would not fit whole even with the tools
            // (drawn last) left out: the tools give way before any capability's name is shortened.
            const capsFact = peerFacts(step.peers, side, lang).find((f) => f.caps);
            if (capsFact && told && told.value !== capsFact.value) {
              const major = compactFacts(step.peers, side, lang, 10_000, (id) =>
                clientRequestLabel(steps, index, id),
              ).facts.filter((f) => !f.minor);
              const whole = line(label, { facts: major, cut: false });
              // With a column for the … that says the tools are left out.
              const dots = fit.facts.length < peerFacts(step.peers, side, lang).length ? 1 : 0;
              expect({ at, whole, fits: stringWidth(whole) <= 80 - dots }).toEqual({
                at,
                whole,
                fits: false,
              });
            }
            // The tools give way first: while they are on the line, the request is there whole.
            if (work !== undefined && fit.facts.some((f) => f.minor)) {
              expect({ at, work: text.includes(work) }).toEqual({ at, work: true });
            }
          }
        });
      }
    },
  );
});
