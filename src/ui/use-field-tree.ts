import { useMachine } from '@xstate/react';
import { useCallback } from 'react';
import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import { type FieldNode, type FoldState, fieldNodes } from './field-tree.js';
import { type InspectEvent, inspectMachine } from './inspect-machine.js';
import { actionsFor, type KeyName, TREE_KEYS, type TreeAction } from './keymap.js';

export type FieldTree = {
  /** The tree to draw, while it is open: the step it is open on, its fields, fold and cursor. */
  readonly tree: {
    readonly step: number;
    readonly nodes: readonly FieldNode[];
    readonly state: FoldState;
  } | null;
  /** The tree is open now (the actor's state: keys of one burst after `e` go to the tree). */
  readonly isOpen: () => boolean;
  /**
   * `e`: opens the tree on a step's envelope (nothing to open for a step without one), the cursor
   * on the field `at` (a finding's pointer) when given.
   */
  readonly open: (step: number, message: unknown, at?: string) => void;
  /** One key while the tree is open; `page` is how many fields a page moves. */
  readonly key: (name: KeyName, page: number) => void;
  /** The line in place of the key bar: the tree's keys, the search being typed, or a miss. */
  readonly status: (lang: Lang) => string;
};

const EVENTS = {
  up: { type: 'MOVE', by: -1 },
  down: { type: 'MOVE', by: 1 },
  fold: { type: 'FOLD' },
  unfold: { type: 'UNFOLD' },
  toggle: { type: 'TOGGLE' },
  search: { type: 'SEARCH' },
  findNext: { type: 'FIND_NEXT' },
  close: { type: 'CLOSE' },
} as const satisfies Record<Exclude<TreeAction, 'pageDown' | 'pageUp'>, InspectEvent>;

/** What a key types into the search: the character, or a space. */
const typed = (name: KeyName) => (name === 'space' ? ' ' : name.length === 1 ? name : null);

/** The field tree (`e`) as the lesson player uses it: its machine, its keys, its status line. */
export function useFieldTree(): FieldTree {
  const [snapshot, send, actor] = useMachine(inspectMachine);
  const { step, nodes, tree, typed: typing, query, missed, hit } = snapshot.context;
  const open = useCallback(
    (step: number, message: unknown, at?: string) => {
      if (message !== null && message !== undefined) {
        send({
          type: 'OPEN',
          step,
          nodes: fieldNodes(message),
          ...(at === undefined ? {} : { at }),
        });
      }
    },
    [send],
  );
  const key = useCallback(
    (name: KeyName, page: number) => {
      // The actor's state, not the drawn one: a burst ("/id\r") types after the `/` it holds.
      if (actor.getSnapshot().matches('searching')) {
        if (name === 'enter') send({ type: 'FIND' });
        else if (name === 'escape') send({ type: 'CANCEL' });
        else if (name === 'backspace') send({ type: 'ERASE' });
        else {
          const text = typed(name);
          if (text !== null) send({ type: 'TYPE', text });
        }
        return;
      }
      const [action] = actionsFor(TREE_KEYS, [name]);
      if (action === 'pageDown' || action === 'pageUp') {
        send({ type: 'MOVE', by: action === 'pageDown' ? page : -page });
      } else if (action !== undefined) send(EVENTS[action]);
    },
    [actor, send],
  );
  const status = (lang: Lang) => {
    if (typing !== null) return tr(STRINGS.treeFind, lang, { typed: typing });
    if (missed) return tr(STRINGS.treeMissed, lang, { query });
    if (hit !== null) {
      return hit.of === 1
        ? tr(STRINGS.treeOnlyMatch, lang, { query })
        : tr(STRINGS.treeMatch, lang, { query, at: hit.at, of: hit.of });
    }
    return tr(STRINGS.treeKeys, lang);
  };
  return {
    tree: snapshot.matches('closed') ? null : { step, nodes, state: tree },
    isOpen: () => !actor.getSnapshot().matches('closed'),
    open,
    key,
    status,
  };
}
