import stringWidth from 'string-width';
import { type Lang, tr } from '../i18n/lang.js';
import type { Annotation } from '../protocol/index.js';
import { readablePointer } from '../protocol/json.js';
import { breakCjk } from './cjk-lines.js';
import { cutColumns, LONG_LINE } from './column-cut.js';
import {
  type JsonLine,
  type JsonToken,
  jsonLines,
  lineBody,
  lineIndent,
  lineOfPointer,
} from './json-lines.js';
import { wrappedHeight } from './text-height.js';

export type Meaning = {
  /**
   * The number shown in front of the meaning and beside the line it explains: one number, one
   * meaning. An annotated field starts a line of its own (never inside a small object written
   * inline), so no two meanings share a line or a number.
   */
  readonly n: number;
  readonly pointer: string;
  readonly text: string;
  /** The JSON line the field starts on. */
  readonly line: number;
  /** The lesson gives this meaning itself, for this step: it is listed first. */
  readonly own: boolean;
};

export type EnvelopeModel = {
  readonly lines: readonly JsonLine[];
  /** Meanings in the order of the lines they explain, numbered from 1. */
  readonly meanings: readonly Meaning[];
  /**
   * The number each annotated line shows in its gutter: its meaning's. (A meaning whose field
   * the message lacks is placed at its closest ancestor's line; a line that already carries a
   * meaning shows the first one's number, never two numbers for one meaning.)
   */
  readonly marks: ReadonlyMap<number, number>;
};

export const EMPTY_MODEL: EnvelopeModel = { lines: [], meanings: [], marks: new Map() };

export function envelopeModel(
  message: unknown,
  annotations: readonly Annotation[],
  featured: readonly string[],
  lang: Lang,
  inlineWidth: number,
): EnvelopeModel {
  const apart = new Set(annotations.map((a) => a.pointer));
  const lines = jsonLines(message, { inlineWidth, apart });
  const located = annotations
    .map((a, order) => ({ a, order, line: lineOfPointer(lines, a.pointer) }))
    .sort((x, y) => x.line - y.line || x.order - y.order);
  const meanings = located.map(({ a, line }, i) => ({
    n: i + 1,
    pointer: a.pointer,
    text: tr(a.text, lang),
    line,
    own: featured.includes(a.pointer),
  }));
  const marks = new Map<number, number>();
  for (const m of meanings) if (!marks.has(m.line)) marks.set(m.line, m.n);
  return { lines, meanings, marks };
}

/**
 * One line or more of the envelope pane: a meaning (it wraps), a line of the HTTP request the
 * envelope was POSTed with (when its source knew the headers), or a line of the JSON.
 */
export type EnvelopeRow =
  | { readonly kind: 'meaning'; readonly meaning: Meaning; readonly height: number }
  | { readonly kind: 'http'; readonly text: string; readonly height: number }
  | {
      readonly kind: 'json';
      readonly line: JsonLine;
      /** The number of the meanings it carries, in the gutter. */
      readonly mark: number | null;
      readonly height: number;
      /**
       * One screen line of a long JSON line (see `LONG_LINE`), cut by the model: it fits, so Ink
       * wraps nothing and carries no space over; a space it starts with is the value's own.
       */
      readonly piece?: true;
    };

/** Columns of the gutter that numbers annotated lines and meanings. */
export function gutterOf(model: EnvelopeModel): number {
  return model.meanings.length > 0 ? String(model.meanings.length).length + 1 : 0;
}

/** A meaning as one text: its pointer (as the screen shows it), then what it says. */
export const meaningText = (m: Meaning) => `${readablePointer(m.pointer)} ${m.text}`;

/**
 * Everything the envelope pane holds, in order, with the lines each takes at `width` columns:
 * the step's own meanings first (what the lesson points at), then the HTTP request line and
 * headers when there are any (`http`), then the JSON (a long line wraps, never cut: past `LONG_LINE`
 * characters, into the screen lines `linePieces` cuts), then every
 * other meaning. Nothing is left out: what does not fit is scrolled to, so every number in the
 * gutter has its meaning in the pane.
 */
export function envelopeRows(
  model: EnvelopeModel,
  width: number,
  http: readonly string[] = [],
): EnvelopeRow[] {
  const gutter = gutterOf(model);
  const inner = Math.max(1, width - gutter);
  const meaning = (m: Meaning): EnvelopeRow => ({
    kind: 'meaning',
    meaning: m,
    height: Math.max(1, wrappedHeight(breakCjk(meaningText(m), inner), inner)),
  });
  return [
    ...model.meanings.filter((m) => m.own).map(meaning),
    ...http.map(
      (text): EnvelopeRow => ({
        kind: 'http',
        text,
        height: Math.max(1, wrappedHeight(text, inner)),
      }),
    ),
    ...model.lines.flatMap((line, i): EnvelopeRow[] => {
      const mark = model.marks.get(i) ?? null;
      // Wrapped within the columns right of its indent: it goes on under its field.
      const columns = Math.max(1, inner - lineIndent(line, inner));
      const body = lineBody(line);
      if (body.length > LONG_LINE) {
        return linePieces(line, columns).map((piece, at) => ({
          kind: 'json',
          line: piece,
          mark: at === 0 ? mark : null,
          height: 1,
          piece: true,
        }));
      }
      return [{ kind: 'json', line, mark, height: Math.max(1, wrappedHeight(body, columns)) }];
    }),
    ...model.meanings.filter((m) => !m.own).map(meaning),
  ];
}

/**
 * A long line as screen lines of `columns`: its tokens (colours kept) cut where a line is full by
 * `cutColumns`, as the field tree cuts a long value. The first piece keeps the line's pointers;
 * all keep its depth (its indent).
 */
export function linePieces(line: JsonLine, columns: number): JsonLine[] {
  const pieces: JsonToken[][] = [[]];
  let used = 0;
  for (const token of line.tokens) {
    const cut = cutColumns(token.text, columns - used, columns);
    cut.forEach((text, at) => {
      if (at > 0) {
        pieces.push([]);
        used = 0;
      }
      if (text !== '') pieces[pieces.length - 1]?.push({ kind: token.kind, text });
    });
    used += stringWidth(cut.at(-1) ?? '');
  }
  return pieces.map((tokens, at) => ({
    pointers: at === 0 ? line.pointers : [],
    depth: line.depth,
    tokens,
  }));
}

/** The rows a window of `height` lines, `scroll` lines down, shows, and how far the first is cut. */
export function rowWindow<Row extends { readonly height: number }>(
  rows: readonly Row[],
  scroll: number,
  height: number,
): { readonly rows: readonly Row[]; readonly from: number; readonly shift: number } {
  let top = 0;
  let from = 0;
  while (from < rows.length && top + (rows[from]?.height ?? 1) <= scroll) {
    top += rows[from]?.height ?? 1;
    from += 1;
  }
  let to = from;
  let bottom = top;
  while (to < rows.length && bottom < scroll + height) {
    bottom += rows[to]?.height ?? 1;
    to += 1;
  }
  return { rows: rows.slice(from, to), from, shift: scroll - top };
}
