import { COMPARE_STRINGS } from '../i18n/compare-strings.js';
import { type Lang, tr } from '../i18n/lang.js';
import type { Binding, KeyHint } from './keymap.js';

export type CompareAction =
  | 'next'
  | 'prev'
  | 'first'
  | 'last'
  | 'scrollDown'
  | 'scrollUp'
  | 'help'
  | 'quit';

/** The compare view's keys (DESIGN.md › keys in every interactive view, plus j/k to scroll). */
export const COMPARE_KEYS = [
  { action: 'next', keys: ['right', 'n', 'space'], hint: null },
  { action: 'prev', keys: ['left', 'p'], hint: null },
  { action: 'first', keys: ['g'], hint: null },
  { action: 'last', keys: ['G'], hint: null },
  { action: 'scrollDown', keys: ['down', 'j'], hint: null },
  { action: 'scrollUp', keys: ['up', 'k'], hint: null },
  { action: 'help', keys: ['?'], hint: null },
  { action: 'quit', keys: ['q', 'escape'], hint: null },
] as const satisfies readonly Binding<CompareAction>[];

/** The key bar: `next row` side by side, `next step` when the two sessions alternate. */
export function compareHints(lang: Lang, wide: boolean): KeyHint<CompareAction>[] {
  const hint = (keys: string, text: keyof typeof COMPARE_STRINGS, actions: CompareAction[]) => ({
    keys,
    text: tr(COMPARE_STRINGS[text], lang),
    actions,
  });
  return [
    hint('→ n', wide ? 'keyNext' : 'keyNextNarrow', ['next']),
    hint('← p', wide ? 'keyBack' : 'keyBackNarrow', ['prev']),
    hint('g/G', 'keyFirstLast', ['first', 'last']),
    hint('j/k', 'keyScroll', ['scrollDown', 'scrollUp']),
    hint('?', 'keyHelp', ['help']),
    hint('q', 'keyQuit', ['quit']),
  ];
}
