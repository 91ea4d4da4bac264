import { beforeAll, describe, expect, it } from 'vitest';
import { type Lang, tr } from '../../src/i18n/lang.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { meaningRows } from '../../src/ui/components/field-tree-view.js';
import type { EnvelopeRow } from '../../src/ui/envelope-model.js';
import { type FoldState, fieldNodes, treeLines, windowTop } from '../../src/ui/field-tree.js';
import { moveCursor } from '../../src/ui/field-tree-moves.js';
import { CHROME, paneRows, planPanes } from '../../src/ui/layout.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { fitScreen, type ScreenFit } from '../../src/ui/screen-fit.js';
import type { ScreenStep } from '../../src/ui/screen-step.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

const SIZE = { columns: 80, rows: 24 } as const;
const lessons = new Map<string, OpenedLesson>();

beforeAll(async () => {
  for (const { id } of loadLessons(LESSONS_DIR).lessons) {
    lessons.set(id, await openedLesson(id));
  }
});

/** Every JSON pointer of a value, walked on its own (not with the code under test). */
function pointers(value: unknown, at = ''): string[] {
  if (value === null || typeof value !== 'object') return [at];
  const keys = Array.isArray(value) ? value.map((_, i) => String(i)) : Object.keys(value);
  return [
    at,
    ...keys.flatMap((k) =>
      pointers(
        (value as Record<string, unknown>)[k],
        `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      ),
    ),
  ];
}

/**
 * What the keys cannot bring on screen at this step, in words: a field the tree's cursor (↓ from
 * the top, the tree opened unfolded) never reaches or never shows, a meaning the envelope pane
 * does not list or cannot scroll to, a gutter number with no meaning, the step's own meanings
 * not first. Empty when everything is reachable.
 */
function unreachable(step: ScreenStep, fit: ScreenFit, lang: Lang): string[] {
  const problems: string[] = [];
  const rows = fit.envelope;
  const meaningsListed = rows.flatMap((r) => (r.kind === 'meaning' ? [r.meaning] : []));
  // Every meaning of the step, in the pane.
  for (const a of step.annotations) {
    const listed = meaningsListed.find((m) => m.pointer === a.pointer);
    if (!listed || listed.text !== tr(a.text, lang))
      problems.push(`meaning ${a.pointer} not listed`);
  }
  // The pane scrolls to its very last line.
  const total = rows.reduce((n, r) => n + r.height, 0);
  const window = paneRows(fit.plan.heights.envelope);
  if (fit.lines.envelope !== total || fit.max.envelope < total - window) {
    problems.push(`envelope pane stops ${total - window - fit.max.envelope} lines short`);
  }
  // Every gutter number has its meaning; every meaning's number is beside a line.
  const marks = new Set(
    rows.flatMap((r) => (r.kind === 'json' && r.mark !== null ? [r.mark] : [])),
  );
  const numbers = new Set(meaningsListed.map((m) => m.n));
  for (const n of marks) if (!numbers.has(n)) problems.push(`gutter ${n} has no meaning`);
  for (const n of numbers) if (!marks.has(n)) problems.push(`meaning ${n} beside no line`);
  // One number, one meaning: no two listed meanings share a number (the field tree's gutter
  // numbers each field by its meaning, so a shared number would repeat there).
  if (numbers.size !== meaningsListed.length) {
    const seenN = new Set<number>();
    for (const m of meaningsListed) {
      if (seenN.has(m.n)) problems.push(`number ${m.n} on two meanings (${m.pointer})`);
      seenN.add(m.n);
    }
  }
  // The lesson's own meanings come first.
  const own = rows.findIndex((r: EnvelopeRow) => r.kind !== 'meaning' || !r.meaning.own);
  const ownCount = meaningsListed.filter((m) => m.own).length;
  if (ownCount !== step.featured.length || (ownCount > 0 && own !== ownCount)) {
    problems.push('the step’s own meanings are not first');
  }
  // The tree: every pointer is a node, and ↓ from the top visits and shows each.
  if (step.message !== null) {
    const nodes = fieldNodes(step.message);
    const lines = treeLines(nodes, new Set(), SIZE.columns - 3);
    const height = SIZE.rows - CHROME;
    const window = height - 1 - meaningRows(meaningsListed, SIZE.columns, height, lang);
    const seen = new Set<string>();
    let tree: FoldState = { folded: new Set(), cursor: '' };
    for (let k = 0; k <= nodes.length; k++) {
      const top = windowTop(lines, tree.cursor, window);
      const at = lines.findIndex((l) => l.pointer === tree.cursor);
      if (at >= top && at < top + window) seen.add(tree.cursor);
      tree = moveCursor(tree, nodes, 1);
    }
    for (const p of pointers(step.message))
      if (!seen.has(p)) problems.push(`field ${p} unreachable`);
  }
  return problems;
}

describe('every step of every lesson, at 80×24', () => {
  it('keeps the panes’ sizes whatever the step', () => {
    const plan = planPanes(SIZE.columns, SIZE.rows);
    for (const lesson of lessons.values()) {
      lesson.steps.forEach((step, index) => {
        const fit = fitScreen({ step, index, recap: null, lang: 'en', ...SIZE, mode: 'lesson' });
        expect(fit.plan).toEqual(plan);
      });
    }
  });

  it.each(['en', 'zh'] as const)(
    'brings every field and every meaning on screen with the keys (%s)',
    (lang) => {
      let steps = 0;
      for (const lesson of lessons.values()) {
        lesson.steps.forEach((step, index) => {
          const last = index === lesson.steps.length - 1;
          const recap = last ? tr(lesson.recap, lang) : null;
          const fit = fitScreen({ step, index, recap, lang, ...SIZE, mode: 'lesson' });
          expect({
            at: `${lesson.id} step ${index + 1}`,
            problems: unreachable(step, fit, lang),
          }).toEqual({ at: `${lesson.id} step ${index + 1}`, problems: [] });
          steps += 1;
        });
      }
      expect(lessons.size).toBe(35);
      expect(steps).toBeGreaterThan(150);
    },
  );

  it('catches a meaning dropped from the pane, a number without its meaning, a pane that stops short', () => {
    const lesson = lessons.get('faults-gallery');
    const index = lesson?.steps.findIndex((s) => s.fault === 'notification-with-id') ?? -1;
    const step = lesson?.steps[index];
    if (!step) throw new Error('no notification-with-id step');
    const fit = fitScreen({ step, index, recap: null, lang: 'en', ...SIZE, mode: 'lesson' });
    expect(unreachable(step, fit, 'en')).toEqual([]);
    const dropped = fit.envelope.filter((r) => r.kind !== 'meaning' || r.meaning.pointer !== '/id');
    expect(unreachable(step, { ...fit, envelope: dropped }, 'en')).toEqual(
      expect.arrayContaining(['meaning /id not listed', 'the step’s own meanings are not first']),
    );
    const unnumbered = fit.envelope.filter(
      (r) => r.kind !== 'meaning' || r.meaning.pointer !== '/jsonrpc',
    );
    expect(unreachable(step, { ...fit, envelope: unnumbered }, 'en')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^gutter \d+ has no meaning$/)]),
    );
    const long = [...fit.envelope, ...fit.envelope, ...fit.envelope];
    const lines = long.reduce((n, r) => n + r.height, 0);
    const stuck = { ...fit, envelope: long, lines: { ...fit.lines, envelope: lines } };
    expect(unreachable(step, stuck, 'en')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^envelope pane stops/)]),
    );
  });
});

describe('real frames at 80×24', () => {
  function play(id: string, start: number) {
    const lesson = lessons.get(id);
    if (!lesson) throw new Error(`no lesson ${id}`);
    return renderPlayer(lesson, SIZE, { start });
  }

  it('shows the lesson’s own meaning at the top of the envelope, then every other by scrolling', async () => {
    const lesson = lessons.get('faults-gallery');
    const index = lesson?.steps.findIndex((s) => s.fault === 'notification-with-id') ?? -1;
    const step = lesson?.steps[index];
    if (!step) throw new Error('no notification-with-id step');
    const screen = play('faults-gallery', index);
    await until(() =>
      expect(screen.frame()).toMatch(/^\d+ \/id The bug: a notification never carries an id\./m),
    );
    screen.type('\t');
    await until(() => expect(screen.frame()).toMatch(/^▶ envelope/m));
    const seen = [screen.frame()];
    for (
      let k = 0;
      k < 40 &&
      / ↓ \d+ more$/m.test(
        screen
          .frame()
          .split('\n')
          .find((l) => l.startsWith('▶')) ?? '',
      );
      k++
    ) {
      const before = screen.frame();
      screen.type('j');
      await until(() => expect(screen.frame()).not.toBe(before));
      seen.push(screen.frame());
    }
    const all = seen.join('\n').replace(/\s+/g, '');
    for (const a of step.annotations) {
      expect(all).toContain(`${a.pointer}${a.text.en}`.replace(/\s+/g, ''));
    }
    screen.unmount();
  });
});
