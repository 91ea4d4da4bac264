import { assign, setup } from 'xstate';
import { nearestPresent } from '../protocol/json.js';
import type { FieldNode, FoldState } from './field-tree.js';
import {
  foldOrParent,
  moveCursor,
  nextMatch,
  searchMatches,
  toggleFold,
  unfoldOrChild,
} from './field-tree-moves.js';

export type InspectContext = {
  /** The step whose envelope is open (its meanings and title go with it). */
  readonly step: number;
  /** The envelope's fields, in order (empty while closed). */
  readonly nodes: readonly FieldNode[];
  readonly tree: FoldState;
  /** What the learner is typing after `/`, or null when not searching. */
  readonly typed: string | null;
  /** The last search run, for `n`. */
  readonly query: string;
  /** The last search found nothing (the screen says so until the next key). */
  readonly missed: boolean;
  /** Where the last search (or `n`) landed among its matches, 1-based, until the next key. */
  readonly hit: { readonly at: number; readonly of: number } | null;
};

export type InspectEvent =
  | {
      type: 'OPEN';
      readonly step: number;
      readonly nodes: readonly FieldNode[];
      /** The field to put the cursor on (a finding's), when it is one of `nodes`. */
      readonly at?: string;
    }
  | { type: 'CLOSE' }
  | { type: 'MOVE'; readonly by: number }
  | { type: 'FOLD' }
  | { type: 'UNFOLD' }
  | { type: 'TOGGLE' }
  | { type: 'SEARCH' }
  | { type: 'TYPE'; readonly text: string }
  | { type: 'ERASE' }
  | { type: 'FIND' }
  | { type: 'CANCEL' }
  | { type: 'FIND_NEXT' };

const CLOSED: InspectContext = {
  step: 0,
  nodes: [],
  tree: { folded: new Set(), cursor: '' },
  typed: null,
  query: '',
  missed: false,
  hit: null,
};

/** The tree moved by `f`, and a failed search's notice forgotten. */
function moved(
  context: InspectContext,
  f: (tree: FoldState, nodes: readonly FieldNode[]) => FoldState,
): Partial<InspectContext> {
  return { tree: f(context.tree, context.nodes), missed: false, hit: null };
}

function found(context: InspectContext, query: string, fromCursor: boolean) {
  const tree = nextMatch(context.tree, context.nodes, query, fromCursor);
  const matches = searchMatches(context.nodes, query);
  const at = matches.indexOf(tree.cursor);
  // Said even when `n` cannot move (a single match): "1 of 1", never nothing.
  const hit = matches.length > 0 && at >= 0 ? { at: at + 1, of: matches.length } : null;
  return { tree, query, typed: null, missed: hit === null && query !== '', hit };
}

/**
 * The field tree (`e`): closed, or open on one envelope, browsing or typing a search. It opens
 * unfolded with the cursor on the field the verdict's first finding names, else on the whole
 * message, and stays on that envelope until it closes.
 */
export const inspectMachine = setup({
  types: { context: {} as InspectContext, events: {} as InspectEvent },
  actions: {
    open: assign(({ event }) => {
      if (event.type !== 'OPEN') return {};
      const { step, nodes, at } = event;
      // Unfolded, so any field is on screen: the cursor may start on a finding's (a missing
      // field's: on the object that lacks it).
      const present = new Set(nodes.map((n) => n.pointer));
      const cursor = nearestPresent(at ?? '', (p) => present.has(p));
      return { ...CLOSED, step, nodes, tree: { folded: new Set<string>(), cursor } };
    }),
    close: assign(() => CLOSED),
    move: assign(({ context, event }) => ({
      tree:
        event.type === 'MOVE' ? moveCursor(context.tree, context.nodes, event.by) : context.tree,
      missed: false,
      hit: null,
    })),
    fold: assign(({ context }) => moved(context, foldOrParent)),
    unfold: assign(({ context }) => moved(context, unfoldOrChild)),
    toggle: assign(({ context }) => moved(context, toggleFold)),
    startTyping: assign({ typed: '', missed: false, hit: null }),
    type: assign({
      typed: ({ context, event }) =>
        event.type === 'TYPE' ? `${context.typed ?? ''}${event.text}` : context.typed,
    }),
    erase: assign({ typed: ({ context }) => (context.typed ?? '').slice(0, -1) }),
    find: assign(({ context }) => found(context, context.typed ?? '', false)),
    findNext: assign(({ context }) => found(context, context.query, true)),
    cancel: assign({ typed: null }),
  },
}).createMachine({
  id: 'inspect',
  context: CLOSED,
  initial: 'closed',
  states: {
    closed: {
      description: 'The lesson screen shows; `e` opens the current envelope as a tree.',
      on: { OPEN: { target: 'browsing', actions: 'open' } },
    },
    browsing: {
      description: 'The cursor moves field by field; objects and arrays fold and unfold.',
      on: {
        CLOSE: { target: 'closed', actions: 'close' },
        MOVE: { actions: 'move' },
        FOLD: { actions: 'fold' },
        UNFOLD: { actions: 'unfold' },
        TOGGLE: { actions: 'toggle' },
        SEARCH: { target: 'searching', actions: 'startTyping' },
        FIND_NEXT: { actions: 'findNext' },
      },
    },
    searching: {
      description: 'The learner types what to find after `/`; Enter finds it, Esc gives up.',
      on: {
        TYPE: { actions: 'type' },
        ERASE: { actions: 'erase' },
        FIND: { target: 'browsing', actions: 'find' },
        CANCEL: { target: 'browsing', actions: 'cancel' },
      },
    },
  },
});
