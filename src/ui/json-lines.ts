import { pointerToken } from '../protocol/json.js';
import { visibleJson } from '../protocol/visible.js';

/** One coloured piece of a pretty-printed JSON line. */
export type JsonTokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'punct';
export type JsonToken = { readonly kind: JsonTokenKind; readonly text: string };

/**
 * One line of pretty-printed JSON. `pointers` are the JSON pointers of the values that start on
 * this line (several when a small object is written inline; none on a closing bracket), so an
 * annotation can find the line it explains.
 */
export type JsonLine = {
  readonly pointers: readonly string[];
  readonly depth: number;
  readonly tokens: readonly JsonToken[];
};

export type JsonLayout = {
  /**
   * Write an object or array on one line when it fits in this many columns (indentation
   * included), as `{ "tools": { "listChanged": true } }`; 0 lays out every value on its own line.
   * Only printable ASCII is inlined, so the length of the text is its width.
   */
  readonly inlineWidth?: number;
  /**
   * Pointers that start a line of their own: an object or array holding one is not written
   * inline (an annotated field keeps its own line, so its own gutter number).
   */
  readonly apart?: ReadonlySet<string>;
};

const punct = (text: string): JsonToken => ({ kind: 'punct', text });
/** A string as JSON, with the controls JSON.stringify leaves raw (DEL, C1, bidi) escaped too. */
const quoted = (text: string) => visibleJson(JSON.stringify(text));
const ASCII = /^[\x20-\x7e]*$/;

function scalar(value: unknown): JsonToken {
  if (value === null || value === undefined) return { kind: 'null', text: 'null' };
  if (typeof value === 'string') return { kind: 'string', text: quoted(value) };
  // A bigint is an id past 2^53 − 1 with the digits the file wrote (withExactIds).
  if (typeof value === 'number' || typeof value === 'bigint') {
    return { kind: 'number', text: String(value) };
  }
  if (typeof value === 'boolean') return { kind: 'boolean', text: String(value) };
  return { kind: 'string', text: visibleJson(JSON.stringify(value) ?? 'null') };
}

/**
 * A scalar as the envelope pane writes it: a string quoted, its controls escaped; a number, or a
 * bigint (an id or a progress token past 2^53 − 1, withExactIds), as its digits. JSON.stringify
 * throws on a bigint.
 */
export const scalarText = (value: unknown): string => scalar(value).text;

function entriesOf(value: object): [string, unknown][] {
  return Array.isArray(value)
    ? value.map((item, i): [string, unknown] => [String(i), item])
    : Object.entries(value as Record<string, unknown>);
}

/**
 * A value on one line: its tokens and the pointers of everything inside it, or null once it
 * would take more than `budget` columns. The budget stops the walk early, so a deeply nested value
 * costs no more than the width it could fill (and recurses no deeper than that width).
 */
function inline(
  value: unknown,
  pointer: string,
  budget: number,
  apart: ReadonlySet<string>,
): { tokens: JsonToken[]; pointers: string[]; width: number } | null {
  if (value === null || typeof value !== 'object') {
    const token = scalar(value);
    return token.text.length > budget
      ? null
      : { tokens: [token], pointers: [pointer], width: token.text.length };
  }
  const isArray = Array.isArray(value);
  const entries = entriesOf(value);
  if (entries.length === 0)
    return { tokens: [punct(isArray ? '[]' : '{}')], pointers: [pointer], width: 2 };
  const tokens: JsonToken[] = [punct(isArray ? '[' : '{ ')];
  const pointers = [pointer];
  let width = isArray ? 2 : 4;
  for (const [i, [key, item]] of entries.entries()) {
    if (i > 0) {
      tokens.push(punct(', '));
      width += 2;
    }
    if (!isArray) {
      const name = quoted(key);
      tokens.push({ kind: 'key', text: name }, punct(': '));
      width += name.length + 2;
    }
    if (width > budget) return null;
    const at = `${pointer}/${pointerToken(key)}`;
    if (apart.has(at)) return null;
    const inner = inline(item, at, budget - width, apart);
    if (inner === null) return null;
    for (const t of inner.tokens) tokens.push(t);
    for (const p of inner.pointers) pointers.push(p);
    width += inner.width;
  }
  tokens.push(punct(isArray ? ']' : ' }'));
  return width > budget ? null : { tokens, pointers, width };
}

type Task =
  | {
      readonly v: unknown;
      readonly pointer: string;
      readonly depth: number;
      readonly key: string | null;
      readonly comma: boolean;
    }
  /** A closing bracket, written once everything inside it is. */
  | { readonly close: JsonLine };

/**
 * Pretty-prints a JSON value, two spaces per level, optionally with small objects inline. The walk
 * keeps its own stack of tasks instead of recursing, so any nesting the reader accepts is printed
 * without overflowing the call stack.
 */
export function jsonLines(value: unknown, layout: JsonLayout = {}): JsonLine[] {
  const width = layout.inlineWidth ?? 0;
  const apart = layout.apart ?? new Set<string>();
  const out: JsonLine[] = [];
  const tasks: Task[] = [{ v: value, pointer: '', depth: 0, key: null, comma: false }];
  for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {
    if ('close' in task) {
      out.push(task.close);
      continue;
    }
    const { v, pointer, depth, key, comma } = task;
    const head: JsonToken[] = key === null ? [] : [{ kind: 'key', text: quoted(key) }, punct(': ')];
    const tail = comma ? [punct(',')] : [];
    if (v === null || typeof v !== 'object') {
      out.push({ pointers: [pointer], depth, tokens: [...head, scalar(v), ...tail] });
      continue;
    }
    if (depth > 0 && width > depth * 2) {
      const one = inline(v, pointer, width - depth * 2, apart);
      const tokens = one === null ? [] : [...head, ...one.tokens, ...tail];
      const text = tokens.map((t) => t.text).join('');
      if (one !== null && ASCII.test(text) && depth * 2 + text.length <= width) {
        out.push({ pointers: one.pointers, depth, tokens });
        continue;
      }
    }
    const isArray = Array.isArray(v);
    const entries = entriesOf(v);
    if (entries.length === 0) {
      out.push({
        pointers: [pointer],
        depth,
        tokens: [...head, punct(isArray ? '[]' : '{}'), ...tail],
      });
      continue;
    }
    out.push({ pointers: [pointer], depth, tokens: [...head, punct(isArray ? '[' : '{')] });
    tasks.push({ close: { pointers: [], depth, tokens: [punct(isArray ? ']' : '}'), ...tail] } });
    // Pushed last to first: the stack hands them back in order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, item] = entries[i] as [string, unknown];
      tasks.push({
        v: item,
        pointer: `${pointer}/${pointerToken(k)}`,
        depth: depth + 1,
        key: isArray ? null : k,
        comma: i < entries.length - 1,
      });
    }
  }
  return out;
}

/**
 * Columns a line is indented by in a pane of `width` columns: two per level, but never so many
 * that fewer than 20 are left for its text (a deep line still shows). A line that wraps goes on
 * at this indent, under its field, never at column 0.
 */
export function lineIndent(line: JsonLine, width: number): number {
  return Math.max(0, Math.min(line.depth * 2, width - 20));
}

/** The plain text of a line, without its indentation. */
export function lineBody(line: JsonLine): string {
  return line.tokens.map((t) => t.text).join('');
}

/** The plain text of a line, with its indentation. */
export function lineText(line: JsonLine): string {
  return `${'  '.repeat(line.depth)}${line.tokens.map((t) => t.text).join('')}`;
}

/** The line each pointer starts on (the first line that covers it, or its closest ancestor's). */
export function lineOfPointer(lines: readonly JsonLine[], pointer: string): number {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const at = lines.findIndex((line) => line.pointers.includes(p));
    if (at >= 0 || p === '') return Math.max(0, at);
  }
}
