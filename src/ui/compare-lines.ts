import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { COMPARE_STRINGS } from '../i18n/compare-strings.js';
import { type Lang, tr } from '../i18n/lang.js';
import { visibleJson } from '../protocol/index.js';
import { breakCjk } from './cjk-lines.js';
import type { CompareCell, CompareModel, CompareRow } from './compare-model.js';
import type { Role } from './theme.js';

/** One screen line of the compare view, already wrapped to its column's width. */
export type CompareLine = {
  readonly text: string;
  readonly role: Role | null;
  readonly bold?: boolean;
  readonly dim?: boolean;
};

/**
 * Wraps text to `width` columns (hard: a long JSON string is cut across lines, never lost). Prose
 * is trimmed at the breaks; a JSON line keeps its indentation.
 */
export function wrapTo(text: string, width: number, keepIndent = false): string[] {
  // Prose is broken the way Chinese is set (between characters, not only at spaces); indented JSON
  // keeps its lines and wraps only what is too long.
  const set = keepIndent ? text : breakCjk(text, Math.max(1, width));
  return wrapAnsi(set, Math.max(1, width), { hard: true, trim: !keepIndent }).split('\n');
}

/**
 * Pieces (commands) joined by spaces into lines of `width`, none broken across two: a piece starts
 * a new line, indented by `indent`, when it does not fit after the one before; one wider than a
 * line is wrapped as prose.
 */
export function wrapWhole(pieces: readonly string[], width: number, indent = '  '): string[] {
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && stringWidth(`${last} ${piece}`) <= width) {
      lines[lines.length - 1] = `${last} ${piece}`;
    } else {
      const start = last === undefined ? piece : `${indent}${piece}`;
      lines.push(...(stringWidth(start) <= width ? [start] : wrapTo(start, width)));
    }
  }
  return lines;
}

function block(
  text: string,
  width: number,
  role: Role | null,
  extra: Omit<CompareLine, 'text' | 'role'> = {},
  keepIndent = false,
): CompareLine[] {
  return wrapTo(text, width, keepIndent).map((line) => ({ text: line, role, ...extra }));
}

/**
 * One side of a row as lines: its era's title, silent events before the step, the step's heading,
 * the referee's verdict and the topic's note, then the envelope as indented JSON.
 */
export function cellLines(
  model: CompareModel,
  row: CompareRow,
  side: 'legacy' | 'modern',
  width: number,
  lang: Lang,
): CompareLine[] {
  const cell: CompareCell | null = row[side];
  const title = block(model.sides[side], width, side === 'legacy' ? 'initialization' : 'ok', {
    bold: true,
  });
  if (!cell)
    return [
      ...title,
      ...block(`— ${tr(COMPARE_STRINGS.noStep, lang)}`, width, null, { dim: true }),
    ];
  const out: CompareLine[] = [
    ...title,
    // What happened just before the step (a tool added…), in the order it happened.
    ...cell.events.flatMap((e) => block(e, width, null, { dim: true })),
    ...block(
      `${tr(COMPARE_STRINGS.stepOf, lang, { n: cell.number })} · ${cell.heading}`,
      width,
      cell.step.direction === 'client->server' ? 'client' : 'server',
      { bold: true },
    ),
    ...cell.verdict.flatMap((v) => block(v.text, width, v.ok ? 'ok' : 'error')),
    ...(cell.note ? block(cell.note, width, null) : []),
  ];
  if (cell.message !== null) {
    const json = visibleJson(JSON.stringify(cell.message, null, 2));
    for (const line of json.split('\n')) {
      // A long line goes on under its own indentation, so the nesting stays readable.
      const indent = (/^ */.exec(line)?.[0] ?? '').slice(0, Math.max(0, width - 20));
      for (const piece of wrapTo(line.slice(indent.length), width - indent.length, true))
        out.push({ text: `${indent}${piece}`, role: null });
    }
  }
  return out;
}
