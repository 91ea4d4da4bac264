import stringWidth from 'string-width';
import { pointerToken } from '../protocol/json.js';
import { visibleJson } from '../protocol/visible.js';
import { cutColumns, LONG_LINE } from './column-cut.js';
import type { JsonTokenKind } from './json-lines.js';

/**
 * The envelope as a tree of fields (`e`): one node per JSON value, in document order, named by
 * its JSON pointer. Pure data: the view draws `treeLines`, the inspect machine moves the cursor,
 * folds and searches with the functions below.
 */
export type FieldNode = {
  readonly pointer: string;
  /** The enclosing object's or array's pointer; null for the whole message. */
  readonly parent: string | null;
  readonly depth: number;
  /** `"key"` in an object, `[i]` in an array, null for the whole message. */
  readonly label: string | null;
  readonly kind: 'object' | 'array' | 'value';
  /** A value's JSON text and colour role; a container's is empty. */
  readonly text: string;
  readonly role: JsonTokenKind;
  /** Fields or items inside (0 for a value). */
  readonly size: number;
};

export type FoldState = {
  /** Pointers of the folded objects and arrays. */
  readonly folded: ReadonlySet<string>;
  /** The pointer of the field the cursor is on. */
  readonly cursor: string;
};

function valueText(value: unknown): { text: string; role: JsonTokenKind } {
  if (value === null || value === undefined) return { text: 'null', role: 'null' };
  // A bigint is an id past 2^53 − 1 with the digits the file wrote (withExactIds).
  if (typeof value === 'number' || typeof value === 'bigint') {
    return { text: String(value), role: 'number' };
  }
  if (typeof value === 'boolean') return { text: String(value), role: 'boolean' };
  return { text: visibleJson(JSON.stringify(value) ?? 'null'), role: 'string' };
}

/** Every value of the message, parents before children (a walk with its own stack: any depth). */
export function fieldNodes(message: unknown): FieldNode[] {
  const out: FieldNode[] = [];
  type Task = {
    v: unknown;
    pointer: string;
    parent: string | null;
    depth: number;
    label: string | null;
  };
  const tasks: Task[] = [{ v: message, pointer: '', parent: null, depth: 0, label: null }];
  for (let t = tasks.pop(); t !== undefined; t = tasks.pop()) {
    const { v, pointer, parent, depth, label } = t;
    if (v === null || typeof v !== 'object') {
      out.push({ pointer, parent, depth, label, kind: 'value', ...valueText(v), size: 0 });
      continue;
    }
    const isArray = Array.isArray(v);
    const entries: [string, unknown][] = isArray
      ? v.map((item, i): [string, unknown] => [String(i), item])
      : Object.entries(v as Record<string, unknown>);
    out.push({
      pointer,
      parent,
      depth,
      label,
      kind: isArray ? 'array' : 'object',
      text: '',
      role: 'punct',
      size: entries.length,
    });
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string, unknown];
      tasks.push({
        v: item,
        pointer: `${pointer}/${pointerToken(key)}`,
        parent: pointer,
        depth: depth + 1,
        label: isArray ? `[${key}]` : visibleJson(JSON.stringify(key)),
      });
    }
  }
  return out;
}

/** The nodes on screen: those with no folded object or array above them. */
export function shownNodes(nodes: readonly FieldNode[], folded: ReadonlySet<string>): FieldNode[] {
  if (folded.size === 0) return [...nodes];
  const out: FieldNode[] = [];
  let hiddenBelow: number | null = null;
  for (const node of nodes) {
    if (hiddenBelow !== null && node.depth > hiddenBelow) continue;
    hiddenBelow = null;
    out.push(node);
    if (node.kind !== 'value' && folded.has(node.pointer)) hiddenBelow = node.depth;
  }
  return out;
}

/** One screen line of the tree: a node's first line, or the rest of a long value, wrapped. */
export type TreeLine = {
  readonly pointer: string;
  /** The node's first line (fold mark and label), or a continuation of its value. */
  readonly first: boolean;
  /** Columns before the text. */
  readonly indent: number;
  /** Fold mark (`▾` open, `▸` folded, or empty), label and value, each with its role. */
  readonly mark: string;
  readonly label: string;
  readonly text: string;
  readonly role: JsonTokenKind;
};

/**
 * Text broken into pieces of at most `first` columns, then `rest` columns, after a space where
 * there is one in the piece (else anywhere, as in a long URL or Chinese): never cut. No piece
 * after the first starts with a space where that can be helped: when the space itself overflows,
 * the word before it goes down with it ("aaa ", "bbb ccc"), since the space must stay somewhere.
 */
export function wrapColumns(text: string, first: number, rest: number): string[] {
  const pieces: string[] = [];
  let piece: string[] = [];
  let used = 0;
  let room = Math.max(1, first);
  for (const char of text) {
    const w = stringWidth(char);
    if (used + w > room && piece.length > 0) {
      room = Math.max(1, rest);
      const space = piece.lastIndexOf(' ');
      let carry = space > 0 ? piece.slice(space + 1) : [];
      let carried = carry.reduce((n, c) => n + stringWidth(c), 0);
      if (carried + w > room) [carry, carried] = [[], 0];
      pieces.push(piece.slice(0, piece.length - carry.length).join(''));
      piece = carry;
      used = carried;
    }
    piece.push(char);
    used += w;
  }
  pieces.push(piece.join(''));
  return pieces;
}

function summary(node: FieldNode, folded: boolean): string {
  if (node.kind === 'value') return node.text;
  const [open, close] = node.kind === 'array' ? ['[', ']'] : ['{', '}'];
  if (node.size === 0) return `${open}${close}`;
  return folded ? `${open}…${node.size}${close}` : open;
}

/** The lines of the shown nodes at `width` columns: a long value wraps under its label. */
export function treeLines(
  shown: readonly FieldNode[],
  folded: ReadonlySet<string>,
  width: number,
): TreeLine[] {
  const out: TreeLine[] = [];
  for (const node of shown) {
    const isFolded = folded.has(node.pointer);
    const mark = node.kind === 'value' || node.size === 0 ? '  ' : isFolded ? '▸ ' : '▾ ';
    const label = node.label === null ? '' : `${node.label}: `;
    const indent = node.depth * 2;
    const head = indent + 2 + stringWidth(label);
    const text = summary(node, isFolded);
    // A value too long for the line goes on below its label, two columns in. A long one (a
    // pasted file) is cut where its lines are full, as the envelope pane cuts it, never measured
    // whole: string-width segments a text in time that grows faster than the text.
    const under = indent + 4;
    const long = text.length > LONG_LINE;
    const cut = long ? cutColumns : wrapColumns;
    const fitsBeside =
      (!long && head + stringWidth(text) <= width) || width - head >= width - under;
    const pieces = fitsBeside
      ? cut(text, width - head, width - under)
      : ['', ...cut(text, width - under, width - under)];
    pieces.forEach((piece, i) => {
      out.push(
        i === 0
          ? {
              pointer: node.pointer,
              first: true,
              indent,
              mark,
              label,
              text: piece,
              role: node.role,
            }
          : {
              pointer: node.pointer,
              first: false,
              indent: under,
              mark: '',
              label: '',
              text: piece,
              role: node.role,
            },
      );
    });
  }
  return out;
}

/**
 * The first line a window of `height` lines shows: the cursor a third of the way down (so what
 * follows it shows too), all of its lines when they fit, never past the end.
 */
export function windowTop(lines: readonly TreeLine[], cursor: string, height: number): number {
  const first = lines.findIndex((l) => l.pointer === cursor);
  if (first < 0 || height <= 0 || lines.length <= height) return 0;
  let last = first;
  while (lines[last + 1]?.pointer === cursor && lines[last + 1]?.first === false) last += 1;
  let top = first - Math.floor(height / 3);
  if (last >= top + height) top = last - height + 1;
  return Math.max(0, Math.min(top, first, lines.length - height));
}
