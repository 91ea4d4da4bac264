import { type Lang, tr } from '../i18n/lang.js';
import { BoundedMap } from './bounded-map.js';
import { narrationHeight } from './components/narration-view.js';
import { recapHeight } from './components/recap-box.js';
import { verdictHeight } from './components/verdict-line.js';
import { EMPTY_MODEL, type EnvelopeModel, envelopeLines, envelopeModel } from './envelope-model.js';
import { ENVELOPE_FLOOR, type MiddlePlan, planMiddle, WIDE_COLUMNS } from './layout.js';
import type { ScreenMode } from './screen-mode.js';
import type { ScreenStep } from './screen-step.js';

export type ScreenFitInput = {
  readonly step: ScreenStep;
  /** The step's place in the lesson: the timeline can show as many messages as came so far. */
  readonly index: number;
  readonly recap: string | null;
  readonly lang: Lang;
  readonly columns: number;
  readonly rows: number;
  readonly mode: ScreenMode;
};

export type ScreenFit = {
  readonly wide: boolean;
  readonly timelineWidth: number;
  readonly envelopeWidth: number;
  /** Blank lines between the blocks (tall terminals only). */
  readonly gap: number;
  readonly model: EnvelopeModel;
  readonly plan: MiddlePlan;
  /** Lines the step's text (progress, verdict, narration, recap) takes in full. */
  readonly textLines: number;
  /**
   * Lines the step's text gets: all it takes, or, on a screen too short for it, what the envelope
   * leaves, the last of them saying how much more there is to scroll to.
   */
  readonly textRows: number;
  /** How many lines the text can be scrolled: 0 when it fits. */
  readonly maxScroll: number;
};

/** Lines of the screen that are not the body: header, phases, key bar, and one kept free. */
const CHROME = 4;

/**
 * One envelope model per step, language and width: the screen and the keys both need it. Only the
 * steps seen last are kept: a 10,000-message transcript stays in memory, and a model kept for every
 * step ever shown would grow with each one (docs/benchmarks.md, memory).
 */
const models = new BoundedMap<ScreenStep, Map<string, EnvelopeModel>>(16);

function modelOf(step: ScreenStep, lang: Lang, width: number): EnvelopeModel {
  // A closed transport sends no envelope: an empty model, the title says what happened.
  if (step.message === null) return EMPTY_MODEL;
  let known = models.get(step);
  if (!known) {
    known = new Map();
    models.set(step, known);
  }
  const key = `${lang}:${width}`;
  let model = known.get(key);
  if (!model) {
    model = envelopeModel(step.message, step.annotations, lang, width);
    known.set(key, model);
  }
  return model;
}

/** Lines the step's text below the envelope takes: progress, verdict, narration, recap. */
export function textHeight(
  step: ScreenStep,
  recap: string | null,
  lang: Lang,
  width: number,
  mode: ScreenMode,
): number {
  return (
    (step.report?.progress ? 1 : 0) +
    verdictHeight(step.report?.violations ?? [], lang, width) +
    narrationHeight(
      step.events.map((e) => tr(e, lang)),
      tr(step.note, lang),
      width,
    ) +
    (recap !== null ? recapHeight(recap, lang, width, mode) : 0)
  );
}

/**
 * How the lesson screen shares its height. The step's text comes first: the peers and the
 * timeline give way to it, and the envelope shrinks down to a few lines (ENVELOPE_FLOOR). On a
 * screen too short even then, the text keeps what the envelope leaves and scrolls, its last
 * line saying how many more lines there are: nothing is ever cut without saying so.
 */
export function fitScreen(input: ScreenFitInput): ScreenFit {
  const { step, index, recap, lang, columns, rows, mode } = input;
  const wide = columns >= WIDE_COLUMNS;
  const timelineWidth = Math.min(48, Math.floor(columns * 0.4));
  // Side by side, the envelope gets what the timeline (and the space after it) leaves.
  const envelopeWidth = wide ? columns - timelineWidth - 1 : columns;
  const gap = rows >= 30 ? 1 : 0;
  const model = modelOf(step, lang, (wide ? columns - timelineWidth : columns) - 4);
  const textLines = textHeight(step, recap, lang, columns, mode);
  const body = rows - CHROME - 2 * gap;
  const floor = Math.min(envelopeLines(model), ENVELOPE_FLOOR);
  const middle = Math.max(body - textLines, floor);
  const room = Math.max(2, body - middle);
  const fits = textLines <= room;
  const plan = planMiddle({
    height: middle,
    wide,
    envelopeLines: envelopeLines(model),
    messages: index + 1,
  });
  return {
    wide,
    timelineWidth,
    envelopeWidth,
    gap,
    model,
    plan,
    textLines,
    textRows: fits ? textLines : room,
    // The last row is the "more" line, so a window shows one row less than it has.
    maxScroll: fits ? 0 : textLines - (room - 1),
  };
}
