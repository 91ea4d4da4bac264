import fc from 'fast-check';
import { Box, renderToString } from 'ink';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { type Lang, tr } from '../../src/i18n/lang.js';
import { NarrationView, narrationHeight } from '../../src/ui/components/narration-view.js';
import { Prose } from '../../src/ui/components/prose.js';
import { RecapBox, recapHeight } from '../../src/ui/components/recap-box.js';
import { VerdictLine, verdictHeight } from '../../src/ui/components/verdict-line.js';
import type { ScreenStep as TimelineStep } from '../../src/ui/screen-step.js';
import { wrappedHeight } from '../../src/ui/text-height.js';
import { playLesson } from '../helpers/screen.js';

/** The lines Ink draws for `view` in a column `width` wide (what the screen would get). */
function drawnHeight(view: ReactElement, width: number): number {
  const out = renderToString(
    <Box width={width} flexDirection="column">
      {view}
    </Box>,
    { columns: width },
  );
  return out === '' ? 0 : out.split('\n').length;
}

describe('wrappedHeight: the lines Ink wraps a text into, known before it draws', () => {
  it('counts what Ink draws, for words, long words, CJK, spaces and line breaks', () => {
    const word = fc.constantFrom(
      'a',
      'the',
      'notifications/tools/list_changed',
      'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle',
      '客户端',
      '每个会话都以同样的方式开始',
      '"2.0"',
      '#1234',
    );
    const separator = fc.constantFrom(' ', ' ', '  ', '\n', '，');
    const text = fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 24 }).map((parts) =>
      parts
        .map(([w, s]) => w + s)
        .join('')
        .trimEnd(),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 8, max: 90 }), (t, width) => {
        expect(wrappedHeight(t, width)).toBe(drawnHeight(<Prose>{t}</Prose>, width));
      }),
      { numRuns: 300 },
    );
  });

  it('counts narrow text as wrap-ansi wraps it, without wrapping it (spaces, long words, breaks)', () => {
    const word = fc.oneof(
      fc.constantFrom('', 'a', 'of', 'client', '→', '·', '—', 'listChanged.', 'x'.repeat(23)),
      fc.string({ unit: fc.constantFrom('a', 'b', '-', '.', '│'), maxLength: 70 }),
    );
    const text = fc
      .array(fc.tuple(word, fc.constantFrom(' ', ' ', '  ', '   ', '\n')), { maxLength: 30 })
      .map((parts) => parts.map(([w, s]) => w + s).join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 60 }), (t, width) => {
        const expected =
          t === '' ? 0 : wrapAnsi(t, width, { trim: false, hard: true }).split('\n').length;
        expect(wrappedHeight(t, width)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives nothing a height of 0 and a short line 1', () => {
    expect(wrappedHeight('', 40)).toBe(0);
    expect(wrappedHeight('One tool, weather_current.', 40)).toBe(1);
    expect(wrappedHeight('两个宽字符占四列', 8)).toBe(2);
  });
});

describe('the heights the lesson screen plans with are the ones Ink draws', () => {
  const steps: TimelineStep[] = [];
  const recaps: string[] = [];
  beforeAll(async () => {
    for (const id of ['first-session', 'progress', 'capability-removal']) {
      const { lesson, timeline } = await playLesson(id);
      steps.push(...timeline.steps);
      recaps.push(tr(lesson.scenario.recap, 'en'), tr(lesson.scenario.recap, 'zh'));
    }
  });

  const cases = (['en', 'zh'] as const).flatMap((lang: Lang) =>
    [60, 80, 100, 130].map((width) => ({ lang, width })),
  );

  it.each(cases)(
    'verdict and narration of every lesson step ($lang, $width columns)',
    ({ lang, width }) => {
      for (const step of steps) {
        const violations = step.report?.violations ?? [];
        expect(verdictHeight(violations, lang, width)).toBe(
          drawnHeight(<VerdictLine violations={violations} lang={lang} width={width} />, width),
        );
        const events = step.events.map((e) => tr(e, lang));
        const note = tr(step.note, lang);
        expect(narrationHeight(events, note, width)).toBe(
          drawnHeight(<NarrationView events={events} note={note} width={width} />, width),
        );
      }
    },
  );

  it.each(cases)('recaps ($lang, $width columns)', ({ lang, width }) => {
    for (const recap of recaps)
      expect(recapHeight(recap, lang, width)).toBe(
        drawnHeight(<RecapBox recap={recap} lang={lang} width={width} />, width),
      );
  });
});
