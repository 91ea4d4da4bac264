import { type Lang, tr } from '../i18n/lang.js';
import { BoundedMap } from '../protocol/bounded-map.js';
import { narrationHeight } from './components/narration-view.js';
import { recapHeight } from './components/recap-box.js';
import { verdictHeight } from './components/verdict-line.js';
import {
  EMPTY_MODEL,
  type EnvelopeModel,
  type EnvelopeRow,
  envelopeModel,
  envelopeRows,
} from './envelope-model.js';
import { httpRequestLines } from './http-lines.js';
import { type SCROLL_BY, scrollLines } from './keymap.js';
import {
  maxScroll,
  type PaneName,
  type PaneNeeds,
  type PanePlan,
  paneRows,
  planPanes,
} from './layout.js';
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
  /**
   * All the lesson's steps, when known from the start (not a live session, whose steps keep
   * coming): the split between panes is then decided from them as a whole (`lessonNeeds`).
   */
  readonly steps?: readonly ScreenStep[];
};

export type ScreenFit = {
  readonly plan: PanePlan;
  readonly model: EnvelopeModel;
  /** The envelope pane's content: meanings and JSON lines, each with its height. */
  readonly envelope: readonly EnvelopeRow[];
  /** Lines each pane's content takes in full. */
  readonly lines: Readonly<Record<PaneName, number>>;
  /** How many lines each pane can be scrolled: 0 when its content fits. */
  readonly max: Readonly<Record<PaneName, number>>;
};

type Fitted = { readonly model: EnvelopeModel; readonly rows: readonly EnvelopeRow[] };

/**
 * One envelope model per step, language and width: the screen and the keys both need it. Only the
 * steps seen last are kept: a 10,000-message transcript stays in memory, and a model kept for every
 * step ever shown would grow with each one (docs/benchmarks.md, memory).
 */
const models = new BoundedMap<ScreenStep, Map<string, Fitted>>(16);
const NOTHING: Fitted = { model: EMPTY_MODEL, rows: [] };

function fittedOf(step: ScreenStep, lang: Lang, width: number): Fitted {
  // A closed transport sends no envelope: an empty model, the title says what happened.
  if (step.message === null) return NOTHING;
  let known = models.get(step);
  if (!known) {
    known = new Map();
    models.set(step, known);
  }
  const key = `${lang}:${width}`;
  let fitted = known.get(key);
  if (!fitted) {
    const model = envelopeModel(step.message, step.annotations, step.featured, lang, width - 4);
    const http = step.headers ? httpRequestLines(step.headers) : [];
    fitted = { model, rows: envelopeRows(model, width, http) };
    known.set(key, fitted);
  }
  return fitted;
}

/**
 * Steps measured to decide a lesson's split: the lessons have a few dozen. A longer transcript
 * keeps the split from the terminal's size alone, rather than lay out every envelope it holds.
 */
const MEASURED_STEPS = 120;
const needsOf = new WeakMap<readonly ScreenStep[], Map<string, PaneNeeds | null>>();

/**
 * The most lines each pane holds at any step of `steps` (the recap left out: it scrolls, see
 * `PaneNeeds`), at the widths the terminal gives each pane; null for a transcript too long to
 * measure. Kept per steps, language and width.
 */
export function lessonNeeds(
  steps: readonly ScreenStep[],
  lang: Lang,
  columns: number,
  rows: number,
): PaneNeeds | null {
  if (steps.length > MEASURED_STEPS) return null;
  const { widths } = planPanes(columns, rows);
  let known = needsOf.get(steps);
  if (!known) {
    known = new Map();
    needsOf.set(steps, known);
  }
  const key = `${lang}:${widths.text}:${widths.envelope}`;
  let needs = known.get(key);
  if (needs === undefined) {
    let text = 0;
    let envelope = 0;
    for (const step of steps) {
      text = Math.max(text, textHeight(step, null, lang, widths.text, 'lesson'));
      if (step.message === null) continue;
      // Not kept in `models`: that holds the steps seen last, which this would push out.
      const model = envelopeModel(
        step.message,
        step.annotations,
        step.featured,
        lang,
        widths.envelope - 4,
      );
      const http = step.headers ? httpRequestLines(step.headers) : [];
      const lines = envelopeRows(model, widths.envelope, http).reduce((n, r) => n + r.height, 0);
      envelope = Math.max(envelope, lines);
    }
    needs = { text, envelope, timeline: steps.length };
    known.set(key, needs);
  }
  return needs;
}

/** Lines the step's text takes: progress, verdict, narration, recap. */
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
 * The lesson screen at one step: the panes' sizes (from the terminal and the lesson's steps as a
 * whole, the same at every step, see `planPanes`), what each holds, and how far each can scroll
 * to show the rest.
 */
export function fitScreen(input: ScreenFitInput): ScreenFit {
  const { step, index, recap, lang, columns, rows, mode, steps } = input;
  const needs = steps ? lessonNeeds(steps, lang, columns, rows) : null;
  const plan = planPanes(columns, rows, needs ?? undefined);
  const { model, rows: envelope } = fittedOf(step, lang, plan.widths.envelope);
  const lines = {
    text: textHeight(step, recap, lang, plan.widths.text, mode),
    envelope: envelope.reduce((n, row) => n + row.height, 0),
    // The diagram's rows up to the step on screen.
    timeline: index + 1,
  };
  return {
    plan,
    model,
    envelope,
    lines,
    max: {
      text: maxScroll(lines.text, plan.heights.text),
      envelope: maxScroll(lines.envelope, plan.heights.envelope),
      timeline: maxScroll(lines.timeline, plan.heights.timeline),
    },
  };
}

/**
 * How a scrolling key moves the pane with the focus, and how far that pane can go. The timeline's
 * offset counts rows back from the step on screen, so `↓` brings it forward (the offset down).
 */
export function paneMove(
  fit: ScreenFit,
  focus: PaneName,
  action: keyof typeof SCROLL_BY,
): readonly [delta: number, max: number] {
  const lines = scrollLines(action, paneRows(fit.plan.heights[focus]));
  return [focus === 'timeline' ? -lines : lines, fit.max[focus]];
}
