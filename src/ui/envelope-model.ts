import { type Lang, tr } from '../i18n/lang.js';
import type { Annotation } from '../protocol/index.js';
import { type JsonLine, jsonLines, lineOfPointer } from './json-lines.js';

export type Meaning = {
  /** The number shown beside the line it explains and in front of the meaning. */
  readonly n: number;
  readonly pointer: string;
  readonly text: string;
  /** The JSON line the field starts on. */
  readonly line: number;
};

export type EnvelopeModel = {
  readonly lines: readonly JsonLine[];
  /** Meanings in the order of the lines they explain, numbered from 1. */
  readonly meanings: readonly Meaning[];
  /** The lowest meaning number on each annotated line. */
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
  const meanings = located.map(({ a, line }, i) => ({
    n: i + 1,
    pointer: a.pointer,
    text: tr(a.text, lang),
    line,
  }));
  const marks = new Map<number, number>();
  for (const m of meanings) if (!marks.has(m.line)) marks.set(m.line, m.n);
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
  heights: ReadonlyMap<number, number>,
  room: number,
  jsonLines: number,
): Meaning[] {
  const heightOf = (m: Meaning) => heights.get(m.n) ?? 1;
  const total = meanings.reduce((sum, m) => sum + heightOf(m), 0);
  if (jsonLines + total <= room) return [...meanings];
  const budget = Math.max(Math.floor(room * 0.45), room - jsonLines);
  /** JSON lines on screen when the meanings take `used` lines (one line says how many are cut). */
  const visible = (used: number) => (jsonLines <= room - used ? jsonLines : room - used - 1);
  const ranked = [...meanings].sort((a, b) => weight(b) - weight(a) || a.n - b.n);
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
  return chosen.sort((a, b) => a.n - b.n);
}
