import { describe, expect, it } from 'vitest';
import { type Lang, tr } from '../../src/i18n/lang.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { RECAP_ROWS } from '../../src/ui/layout.js';
import { fitScreen } from '../../src/ui/screen-fit.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, type Size, until } from './render-at.js';

/** Every step of a lesson as the screen draws it at `size`, stepped through with `n`. */
async function everyStep(id: string, size: Size, lang: Lang): Promise<string[]> {
  const lesson = await openedLesson(id);
  const screen = renderPlayer(lesson, size, { lang });
  const count = lesson.steps.length;
  const frames: string[] = [];
  for (let i = 1; i <= count; i++) {
    await until(() => expect(screen.frame()).toContain(`step ${i}/${count}`));
    await until(() => expect(screen.frame().split('\n')).toHaveLength(size.rows - 1));
    frames.push(screen.frame());
    if (i < count) screen.type('n');
  }
  screen.unmount();
  return frames;
}

const TEXT_TITLE = /^[▶ ] (narration|说明)/;

/** Where the narration pane starts, and its rows (the title's excluded; the key bar follows). */
function narrationRows(frame: string): { at: number; rows: string[] } {
  const lines = frame.split('\n');
  const at = lines.findIndex((l) => TEXT_TITLE.test(l));
  return { at, rows: lines.slice(at + 1, -1) };
}

/** The envelope pane's title says lines are out of sight. */
const envelopeCut = (frame: string) => frame.split('\n').some((l) => /(envelope|信封).*↓/.test(l));

describe('the split between the narration and the envelope, decided once per lesson', () => {
  it.each([
    ['tools', { columns: 120, rows: 40 }],
    ['tools', { columns: 160, rows: 45 }],
    ['discover-and-envelope', { columns: 120, rows: 40 }],
    ['list-changed', { columns: 120, rows: 40 }],
  ] as const)(
    '%s at %o: no narration row stays empty in every step while an envelope is cut',
    async (id, size) => {
      const frames = await everyStep(id, size, 'en');
      const panes = frames.map(narrationRows);
      // Steady: the narration pane starts on the same line, with as many rows, at every step.
      expect(new Set(panes.map((p) => p.at)).size).toBe(1);
      expect(panes[0]?.at).toBeGreaterThan(0);
      expect(frames.some(envelopeCut)).toBe(true);
      // The last step's recap scrolls in its pane (the step opens focused there): past the
      // narration and the first RECAP_ROWS rows, its rows count as empty.
      const last = panes.at(-1)?.rows ?? [];
      const found = last.findIndex((row) => row.startsWith('┃'));
      const recapAt = Math.max(RECAP_ROWS, found < 0 ? last.length : found);
      const steps = [
        ...panes.slice(0, -1),
        { rows: last.map((row, i) => (i >= recapAt ? '' : row)) },
      ];
      const height = last.length;
      const emptyEverywhere = Array.from({ length: height }, (_, row) => row).filter((row) =>
        steps.every((p) => (p.rows[row] ?? '').trim() === ''),
      );
      expect(emptyEverywhere).toEqual([]);
    },
    60_000,
  );
});

describe('the lesson’s split never shows a step less than the terminal’s alone', () => {
  const ids = loadLessons(LESSONS_DIR).lessons.map((l) => l.id);
  it.each([
    { columns: 80, rows: 24 },
    { columns: 100, rows: 30 },
    { columns: 120, rows: 40 },
  ])(
    'at %o, in every lesson, in English and Chinese',
    async (size) => {
      for (const id of ids) {
        const { steps, recap } = await openedLesson(id);
        for (const lang of ['en', 'zh'] as const) {
          steps.forEach((step, index) => {
            const last = index === steps.length - 1;
            const input = { step, index, recap: last ? tr(recap, lang) : null, lang, ...size };
            const alone = fitScreen({ ...input, mode: 'lesson' });
            const whole = fitScreen({ ...input, mode: 'lesson', steps });
            const at = `${id} step ${index + 1} (${lang})`;
            expect({ at, envelope: whole.max.envelope <= alone.max.envelope }).toEqual({
              at,
              envelope: true,
            });
            // The recap may scroll where it did not (the last step opens focused on it), except
            // on the smallest screen usual, where nothing gets worse.
            if (!last || size.columns === 80) {
              expect({ at, text: whole.max.text <= alone.max.text }).toEqual({ at, text: true });
            }
          });
        }
      }
    },
    120_000,
  );
});
