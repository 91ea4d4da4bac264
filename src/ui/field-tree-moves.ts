import { readablePointer } from '../protocol/json.js';
import { type FieldNode, type FoldState, shownNodes } from './field-tree.js';

// What the field tree's keys do to its state (fold, cursor, search): pure, for the inspect machine.

/** Moves the cursor `delta` fields up or down among the shown ones, stopping at the ends. */
export function moveCursor(
  state: FoldState,
  nodes: readonly FieldNode[],
  delta: number,
): FoldState {
  const shown = shownNodes(nodes, state.folded);
  const at = Math.max(
    0,
    shown.findIndex((n) => n.pointer === state.cursor),
  );
  const to = shown[Math.max(0, Math.min(shown.length - 1, at + delta))];
  return to ? { ...state, cursor: to.pointer } : state;
}

const nodeAt = (nodes: readonly FieldNode[], pointer: string) =>
  nodes.find((n) => n.pointer === pointer);

/** `←`: folds the open object or array under the cursor, or else goes to its parent. */
export function foldOrParent(state: FoldState, nodes: readonly FieldNode[]): FoldState {
  const node = nodeAt(nodes, state.cursor);
  if (!node) return state;
  if (node.kind !== 'value' && node.size > 0 && !state.folded.has(node.pointer)) {
    return { ...state, folded: new Set([...state.folded, node.pointer]) };
  }
  return node.parent === null ? state : { ...state, cursor: node.parent };
}

/** `→`: unfolds the folded object or array under the cursor, or else goes to its first field. */
export function unfoldOrChild(state: FoldState, nodes: readonly FieldNode[]): FoldState {
  const node = nodeAt(nodes, state.cursor);
  if (!node || node.kind === 'value' || node.size === 0) return state;
  if (state.folded.has(node.pointer))
    return { ...state, folded: without(state.folded, [node.pointer]) };
  return moveCursor(state, nodes, 1);
}

/** Enter: folds or unfolds the object or array under the cursor. */
export function toggleFold(state: FoldState, nodes: readonly FieldNode[]): FoldState {
  const node = nodeAt(nodes, state.cursor);
  if (!node || node.kind === 'value' || node.size === 0) return state;
  return state.folded.has(node.pointer)
    ? { ...state, folded: without(state.folded, [node.pointer]) }
    : { ...state, folded: new Set([...state.folded, node.pointer]) };
}

function without(set: ReadonlySet<string>, drop: readonly string[]): Set<string> {
  const out = new Set(set);
  for (const d of drop) out.delete(d);
  return out;
}

/** Pointers of the fields whose name, pointer or value holds `query` (any case), in order. */
export function searchMatches(nodes: readonly FieldNode[], query: string): string[] {
  const q = query.toLowerCase();
  if (q === '') return [];
  return nodes
    .filter((n) =>
      `${n.pointer}\n${readablePointer(n.pointer)}\n${n.label ?? ''}\n${n.text}`
        .toLowerCase()
        .includes(q),
    )
    .map((n) => n.pointer);
}

/**
 * The first match after the cursor (from the top again after the last), with everything above it
 * unfolded so it shows; the state unchanged when nothing matches.
 */
export function nextMatch(
  state: FoldState,
  nodes: readonly FieldNode[],
  query: string,
  fromCursor: boolean,
): FoldState {
  const matches = searchMatches(nodes, query);
  if (matches.length === 0) return state;
  const order = nodes.map((n) => n.pointer);
  const at = order.indexOf(state.cursor);
  const after = matches.find((p) => order.indexOf(p) > at || (!fromCursor && p === state.cursor));
  const to = after ?? (matches[0] as string);
  const above: string[] = [];
  for (
    let p = nodeAt(nodes, to)?.parent ?? null;
    p !== null;
    p = nodeAt(nodes, p)?.parent ?? null
  ) {
    above.push(p);
  }
  return { folded: without(state.folded, above), cursor: to };
}
