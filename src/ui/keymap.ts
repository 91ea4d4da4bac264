import type { Key } from 'ink';
import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS, type StringKey } from '../i18n/strings.js';

/** A key as the tables name it: an arrow, enter, escape, space, or the character typed. */
export type KeyName =
  | 'right'
  | 'left'
  | 'up'
  | 'down'
  | 'enter'
  | 'escape'
  | 'space'
  | 'tab'
  | 'backtab'
  | 'pagedown'
  | 'pageup'
  | 'backspace'
  | 'home'
  | 'end'
  | (string & {});

export type Binding<Action extends string> = {
  readonly action: Action;
  readonly keys: readonly KeyName[];
  /** What the key bar says for it; bindings with the same hint share one entry. `null`: not shown. */
  readonly hint: StringKey | null;
};

export type LessonAction =
  | 'next'
  | 'prev'
  | 'first'
  | 'last'
  | 'scrollDown'
  | 'scrollUp'
  | 'pageDown'
  | 'pageUp'
  | 'focus'
  | 'focusBack'
  | 'inspect'
  | 'help'
  | 'closeHelp'
  | 'violations'
  | 'nextBroken'
  | 'prevBroken'
  | 'jump'
  | 'quit';
/** Keys while the violation list (`v`) is open. */
export type ListAction = 'up' | 'down' | 'choose' | 'close';
/** Keys while the field tree (`e`) is open. */
export type TreeAction =
  | 'up'
  | 'down'
  | 'pageDown'
  | 'pageUp'
  | 'fold'
  | 'unfold'
  | 'toggle'
  | 'search'
  | 'findNext'
  | 'close';
export type MenuAction = 'up' | 'down' | 'first' | 'last' | 'open' | 'quit';

/** DESIGN.md › Keys in every interactive view. */
export const LESSON_KEYS = [
  { action: 'next', keys: ['right', 'n', 'space'], hint: 'keyNext' },
  { action: 'prev', keys: ['left', 'p'], hint: 'keyBack' },
  // The focused pane, when its content does not fit; the key bar has no room, the help and the
  // pane's title ("↓ 3 more") say so.
  { action: 'scrollDown', keys: ['down', 'j'], hint: null },
  { action: 'scrollUp', keys: ['up', 'k'], hint: null },
  { action: 'pageDown', keys: ['pagedown'], hint: null },
  { action: 'pageUp', keys: ['pageup'], hint: null },
  { action: 'help', keys: ['?'], hint: 'keyHelp' },
  { action: 'closeHelp', keys: ['escape'], hint: null },
  { action: 'quit', keys: ['q'], hint: 'keyQuit' },
  // The panes and the field tree next: an envelope or a narration longer than its pane is read
  // with them, so a narrow bar (80 columns) keeps `Tab` and `e` and cuts what follows.
  { action: 'focus', keys: ['tab'], hint: 'keyFocus' },
  { action: 'focusBack', keys: ['backtab'], hint: null },
  { action: 'inspect', keys: ['e'], hint: 'keyInspect' },
  // The violations (`]`/`[` are in the help: brokenHint), then first/last, which a narrow bar
  // cuts first (the help lists them all).
  { action: 'violations', keys: ['v'], hint: 'keyViolations' },
  { action: 'first', keys: ['g'], hint: 'keyFirstLast' },
  { action: 'last', keys: ['G'], hint: 'keyFirstLast' },
  { action: 'nextBroken', keys: [']'], hint: null },
  { action: 'prevBroken', keys: ['['], hint: null },
  // `:` then a step number and Enter (the help says so: jumpHint).
  { action: 'jump', keys: [':'], hint: null },
] as const satisfies readonly Binding<LessonAction>[];

/** The violation list's keys: `q` and Esc close the list, they do not quit. */
export const LIST_KEYS = [
  // Drawn in the key bar while the list is open: "↑/↓/j/k choose · Enter go to its step · q/Esc/v close".
  { action: 'up', keys: ['up'], hint: 'keyChoose' },
  { action: 'down', keys: ['down', 'j'], hint: 'keyChoose' },
  { action: 'up', keys: ['k'], hint: 'keyChoose' },
  { action: 'choose', keys: ['enter'], hint: 'keyGoTo' },
  { action: 'close', keys: ['q', 'escape', 'v'], hint: 'keyClose' },
] as const satisfies readonly Binding<ListAction>[];

/** The field tree's keys: `q` and Esc go back to the lesson, they do not quit. */
export const TREE_KEYS = [
  { action: 'up', keys: ['up', 'k'], hint: null },
  { action: 'down', keys: ['down', 'j'], hint: null },
  { action: 'pageDown', keys: ['pagedown'], hint: null },
  { action: 'pageUp', keys: ['pageup'], hint: null },
  { action: 'fold', keys: ['left', 'h'], hint: null },
  { action: 'unfold', keys: ['right', 'l'], hint: null },
  { action: 'toggle', keys: ['enter', 'space'], hint: null },
  { action: 'search', keys: ['/'], hint: null },
  { action: 'findNext', keys: ['n'], hint: null },
  { action: 'close', keys: ['q', 'escape', 'e'], hint: null },
] as const satisfies readonly Binding<TreeAction>[];

export const MENU_KEYS = [
  { action: 'up', keys: ['up'], hint: 'keyChoose' },
  { action: 'down', keys: ['down'], hint: 'keyChoose' },
  { action: 'up', keys: ['k'], hint: null },
  { action: 'down', keys: ['j'], hint: null },
  { action: 'open', keys: ['enter'], hint: 'keyOpen' },
  { action: 'quit', keys: ['q'], hint: 'keyQuit' },
  // First and last lesson, after q: a narrow bar cuts them first.
  { action: 'first', keys: ['g', 'home'], hint: 'keyFirstLast' },
  { action: 'last', keys: ['G', 'end'], hint: 'keyFirstLast' },
] as const satisfies readonly Binding<MenuAction>[];

/** Which way, and how many lines (a page: `PAGE`), each scrolling action moves a pane. */
export const SCROLL_BY = {
  scrollDown: 1,
  scrollUp: -1,
  pageDown: 'page',
  pageUp: '-page',
} as const satisfies Partial<Record<LessonAction, number | 'page' | '-page'>>;

/** Lines a scrolling action moves a window of `rows` lines: a page keeps one line in view. */
export function scrollLines(action: keyof typeof SCROLL_BY, rows: number): number {
  const by = SCROLL_BY[action];
  const page = Math.max(1, rows - 1);
  return by === 'page' ? page : by === '-page' ? -page : by;
}

export const isScroll = (action: string): action is keyof typeof SCROLL_BY => action in SCROLL_BY;

/**
 * The keys in one input event. Ink hands over a burst of typed keys ("nn", a paste, tmux
 * send-keys) as one string, so every character counts; arrows and enter come one per event.
 * Backspace held down comes as such a burst of DEL (or BS) bytes, which Ink reads as no key.
 */
export function keyNames(
  input: string,
  key: Pick<
    Key,
    'rightArrow' | 'leftArrow' | 'upArrow' | 'downArrow' | 'return' | 'escape' | 'ctrl'
  > &
    Partial<
      Pick<Key, 'tab' | 'shift' | 'pageUp' | 'pageDown' | 'backspace' | 'delete' | 'home' | 'end'>
    >,
): KeyName[] {
  if (key.tab) return [key.shift ? 'backtab' : 'tab'];
  if (key.pageDown) return ['pagedown'];
  if (key.pageUp) return ['pageup'];
  if (key.home) return ['home'];
  if (key.end) return ['end'];
  if (key.backspace || key.delete) return ['backspace'];
  if (key.rightArrow) return ['right'];
  if (key.leftArrow) return ['left'];
  if (key.upArrow) return ['up'];
  if (key.downArrow) return ['down'];
  if (key.return) return ['enter'];
  if (key.escape) return ['escape'];
  if (key.ctrl) return [];
  return [...input].map((ch) =>
    ch === ' '
      ? 'space'
      : ch === '\r' || ch === '\n'
        ? 'enter'
        : ch === '\t'
          ? 'tab'
          : ch === '\u007f' || ch === '\b'
            ? 'backspace'
            : ch,
  );
}

/** The actions for a list of keys, in order; keys nobody bound are dropped. */
export function actionsFor<Action extends string>(
  table: readonly Binding<Action>[],
  names: readonly KeyName[],
): Action[] {
  return names.flatMap((name) => {
    const binding = table.find((b) => b.keys.includes(name));
    return binding ? [binding.action] : [];
  });
}

const KEY_SYMBOLS: Partial<Record<KeyName, string>> = {
  right: '→',
  left: '←',
  up: '↑',
  down: '↓',
  escape: 'Esc',
  tab: 'Tab',
  backtab: 'Shift+Tab',
  pagedown: 'PgDn',
  pageup: 'PgUp',
  home: 'Home',
  end: 'End',
};
const KEY_WORDS: Partial<Record<KeyName, StringKey>> = { space: 'keySpace', enter: 'keyEnter' };

export function keyLabel(name: KeyName, lang: Lang): string {
  const word = KEY_WORDS[name];
  return word !== undefined ? tr(STRINGS[word], lang) : (KEY_SYMBOLS[name] ?? name);
}

export type KeyHint<Action extends string> = {
  readonly keys: string;
  readonly text: string;
  readonly actions: readonly Action[];
};

/** The key bar's entries: bindings that share a hint become one entry ("g/G first/last"). */
export function keyHints<Action extends string>(
  table: readonly Binding<Action>[],
  lang: Lang,
  rename: Partial<Record<Action, StringKey>> = {},
): KeyHint<Action>[] {
  const hints: { hint: StringKey; keys: string[]; actions: Action[] }[] = [];
  for (const binding of table) {
    const hint = rename[binding.action] ?? binding.hint;
    if (hint === null) continue;
    const last = hints.at(-1);
    const labels = binding.keys.map((k) => keyLabel(k, lang));
    if (last && last.hint === hint) {
      last.keys.push(...labels);
      if (!last.actions.includes(binding.action)) last.actions.push(binding.action);
    } else {
      hints.push({ hint, keys: labels, actions: [binding.action] });
    }
  }
  return hints.map((h) => ({
    keys: h.keys.join('/'),
    text: tr(STRINGS[h.hint], lang),
    actions: h.actions,
  }));
}
