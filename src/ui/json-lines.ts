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
};

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const punct = (text: string): JsonToken => ({ kind: 'punct', text });
const ASCII = /^[\x20-\x7e]*$/;

function scalar(value: unknown): JsonToken {
  if (value === null || value === undefined) return { kind: 'null', text: 'null' };
  if (typeof value === 'string') return { kind: 'string', text: JSON.stringify(value) };
  if (typeof value === 'number') return { kind: 'number', text: String(value) };
  if (typeof value === 'boolean') return { kind: 'boolean', text: String(value) };
  return { kind: 'string', text: JSON.stringify(value) ?? 'null' };
}

function entriesOf(value: object): [string, unknown][] {
  return Array.isArray(value)
    ? value.map((item, i): [string, unknown] => [String(i), item])
    : Object.entries(value as Record<string, unknown>);
}

/** A value on one line: its tokens and the pointers of everything inside it. */
function inline(value: unknown, pointer: string): { tokens: JsonToken[]; pointers: string[] } {
  if (value === null || typeof value !== 'object')
    return { tokens: [scalar(value)], pointers: [pointer] };
  const isArray = Array.isArray(value);
  const entries = entriesOf(value);
  if (entries.length === 0) return { tokens: [punct(isArray ? '[]' : '{}')], pointers: [pointer] };
  const tokens: JsonToken[] = [punct(isArray ? '[' : '{ ')];
  const pointers = [pointer];
  entries.forEach(([key, item], i) => {
    if (i > 0) tokens.push(punct(', '));
    if (!isArray) tokens.push({ kind: 'key', text: JSON.stringify(key) }, punct(': '));
    const inner = inline(item, `${pointer}/${escapePointer(key)}`);
    tokens.push(...inner.tokens);
    pointers.push(...inner.pointers);
  });
  tokens.push(punct(isArray ? ']' : ' }'));
  return { tokens, pointers };
}

/** Pretty-prints a JSON value, two spaces per level, optionally with small objects inline. */
export function jsonLines(value: unknown, layout: JsonLayout = {}): JsonLine[] {
  const width = layout.inlineWidth ?? 0;
  const out: JsonLine[] = [];
  const emit = (v: unknown, pointer: string, depth: number, key: string | null, comma: boolean) => {
    const head: JsonToken[] =
      key === null ? [] : [{ kind: 'key', text: JSON.stringify(key) }, punct(': ')];
    const tail = comma ? [punct(',')] : [];
    if (v === null || typeof v !== 'object') {
      out.push({ pointers: [pointer], depth, tokens: [...head, scalar(v), ...tail] });
      return;
    }
    if (depth > 0 && width > 0) {
      const one = inline(v, pointer);
      const tokens = [...head, ...one.tokens, ...tail];
      const text = tokens.map((t) => t.text).join('');
      if (ASCII.test(text) && depth * 2 + text.length <= width) {
        out.push({ pointers: one.pointers, depth, tokens });
        return;
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
      return;
    }
    out.push({ pointers: [pointer], depth, tokens: [...head, punct(isArray ? '[' : '{')] });
    entries.forEach(([k, item], i) => {
      emit(
        item,
        `${pointer}/${escapePointer(k)}`,
        depth + 1,
        isArray ? null : k,
        i < entries.length - 1,
      );
    });
    out.push({ pointers: [], depth, tokens: [punct(isArray ? ']' : '}'), ...tail] });
  };
  emit(value, '', 0, null, false);
  return out;
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
