import { type Lang, tr } from '../i18n/lang.js';
import type { Annotation } from '../protocol/index.js';
import { breakCjk } from './cjk-lines.js';
import { type JsonLine, jsonLines, lineOfPointer } from './json-lines.js';
import { wrappedHeight } from './text-height.js';

export type Meaning = {
  /**
   * The number shown beside the line it explains and in front of the meaning. It numbers the
   * line, not the meaning: fields written on one line (a small object inline) share its number.
   */
  readonly n: number;
  readonly pointer: string;
  readonly text: string;
  /** The JSON line the field starts on. */
  readonly line: number;
};

export type EnvelopeModel = {
  readonly lines: readonly JsonLine[];
  /** Meanings in the order of the lines they explain; each annotated line numbered from 1. */
  readonly meanings: readonly Meaning[];
  /** The number of each annotated line, as its meanings show it. */
  readonly marks: ReadonlyMap<number, number>;
};

export const EMPTY_MODEL: EnvelopeModel = { lines: [], meanings: [], marks: new Map() };

export function envelopeModel(
  message: unknown,
  annotations: readonly Annotation[],
  lang: Lang,
  inlineWidth: number,
): EnvelopeModel {
  const lines = jsonLines(message, { inlineWidth });
  const located = annotations
    .map((a, order) => ({ a, order, line: lineOfPointer(lines, a.pointer) }))
    .sort((x, y) => x.line - y.line || x.order - y.order);
  const marks = new Map<number, number>();
  for (const { line } of located) if (!marks.has(line)) marks.set(line, marks.size + 1);
  const meanings = located.map(({ a, line }) => ({
    n: marks.get(line) ?? 0,
    pointer: a.pointer,
    text: tr(a.text, lang),
    line,
  }));
  return { lines, meanings, marks };
}

/** How telling a meaning is: the envelope boilerplate least, the deepest fields most. */
function weight(m: Meaning): number {
  if (m.pointer === '/jsonrpc') return 0;
  if (m.pointer === '/id' || m.pointer === '/method') return 1;
  return m.pointer.split('/').length;
}

/**
 * The meanings to list, given the height each takes on screen (measured: a meaning wraps). All of
 * them when the JSON and every meaning fit in `room`; otherwise the most telling ones, within
 * about half the room, and only for fields still on screen above them (the JSON is cut at the
 * end, the more so the more meanings there are). Returned in line order.
 */
export function fitMeanings(
  meanings: readonly Meaning[],
  heights: ReadonlyMap<Meaning, number>,
  room: number,
  jsonLines: number,
): Meaning[] {
  const heightOf = (m: Meaning) => heights.get(m) ?? 1;
  const total = meanings.reduce((sum, m) => sum + heightOf(m), 0);
  if (jsonLines + total <= room) return [...meanings];
  const budget = Math.max(Math.floor(room * 0.45), room - jsonLines);
  /** JSON lines on screen when the meanings take `used` lines (one line says how many are cut). */
  const visible = (used: number) => (jsonLines <= room - used ? jsonLines : room - used - 1);
  // A stable sort: equally telling meanings keep their order.
  const ranked = [...meanings].sort((a, b) => weight(b) - weight(a));
  const chosen: Meaning[] = [];
  let used = 0;
  for (const m of ranked) {
    const after = used + heightOf(m);
    const jsonFits = jsonLines + after <= room;
    // The envelope's own fields (jsonrpc, id, method) are explained only while nothing is cut.
    if (weight(m) <= 1 && !jsonFits) continue;
    if (after > budget && !jsonFits) continue;
    if (![...chosen, m].every((c) => c.line < visible(after))) continue;
    chosen.push(m);
    used = after;
  }
  return meanings.filter((m) => chosen.includes(m));
}

/** What the envelope block shows in a given height: which meanings, how many JSON lines. */
export type EnvelopeFit = {
  /** The meanings listed, in line order. */
  readonly meanings: readonly Meaning[];
  /** Meanings left out, counted in the title. */
  readonly hidden: number;
  /** Everything fits: the block takes its natural height, spare lines go below it. */
  readonly settled: boolean;
  /** JSON lines shown; the last line the block can show says how many more there are. */
  readonly shown: number;
  readonly more: number;
  /** Columns of the gutter that numbers annotated lines and meanings. */
  readonly gutter: number;
};

/** Lines the block needs to show everything (title, JSON, a line per meaning). */
export function envelopeLines(model: EnvelopeModel): number {
  return 1 + model.lines.length + model.meanings.length;
}

/**
 * Fits the envelope block (title, JSON, meanings) into `height` lines of `width` columns. A
 * meaning wraps beside the gutter, so its height comes from its text; the JSON takes what the
 * meanings leave, and is cut at the end when it does not fit.
 */
export function fitEnvelope(model: EnvelopeModel, height: number, width: number): EnvelopeFit {
  const room = Math.max(0, height - 1);
  const all = model.meanings.length;
  const gutter = all > 0 ? String(model.marks.size).length + 1 : 0;
  const heights = new Map(
    model.meanings.map((m) => [
      m,
      wrappedHeight(breakCjk(`${m.pointer} ${m.text}`, width - gutter), width - gutter),
    ]),
  );
  const meanings = fitMeanings(model.meanings, heights, room, model.lines.length);
  const used = meanings.reduce((sum, m) => sum + (heights.get(m) ?? 1), 0);
  const settled = model.lines.length + used <= room;
  // Not settled: the block has its height, and the JSON box gets what the meanings leave.
  const json = Math.max(0, room - used);
  const shown = settled || model.lines.length <= json ? model.lines.length : Math.max(0, json - 1);
  return {
    meanings,
    hidden: all - meanings.length,
    settled,
    shown,
    more: model.lines.length - shown,
    gutter,
  };
}
