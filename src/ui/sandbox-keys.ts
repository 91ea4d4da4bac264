import { type Lang, tr } from '../i18n/lang.js';
import { SANDBOX_STRINGS } from '../i18n/sandbox-strings.js';
import type { Binding, KeyHint } from './keymap.js';

export type SandboxAction =
  | 'up'
  | 'down'
  | 'send'
  | 'edit'
  | 'inspect'
  | 'history'
  | 'help'
  | 'close'
  | 'quit';

/** The sandbox's list keys; in the form and the editor only Esc is read (the rest is typing). */
export const SANDBOX_KEYS = [
  { action: 'up', keys: ['up', 'k'], hint: null },
  { action: 'down', keys: ['down', 'j'], hint: null },
  { action: 'send', keys: ['enter'], hint: null },
  { action: 'edit', keys: ['e', 'E'], hint: null },
  { action: 'inspect', keys: ['i'], hint: null },
  { action: 'history', keys: ['h', 'tab'], hint: null },
  { action: 'help', keys: ['?'], hint: null },
  { action: 'close', keys: ['escape'], hint: null },
  { action: 'quit', keys: ['q'], hint: null },
] as const satisfies readonly Binding<SandboxAction>[];

/** The key bar while the history has the focus. */
export function sandboxHistoryHints(lang: Lang): KeyHint<SandboxAction>[] {
  const hint = (keys: string, text: keyof typeof SANDBOX_STRINGS, actions: SandboxAction[]) => ({
    keys,
    text: tr(SANDBOX_STRINGS[text], lang),
    actions,
  });
  return [
    hint('↑/↓', 'keyMoveHistory', ['up', 'down']),
    hint(lang === 'zh' ? '回车/i' : 'Enter/i', 'keyInspect', ['send', 'inspect']),
    hint('h/q/Esc', 'keyBackToList', ['history', 'close', 'quit']),
  ];
}

/**
 * The key bar under the list. ? comes third: a narrow bar keeps its first hints and ends with `…`,
 * and the help, which lists every key, must stay one key away (at 60 columns it was cut).
 */
export function sandboxHints(lang: Lang): KeyHint<SandboxAction>[] {
  const hint = (keys: string, text: keyof typeof SANDBOX_STRINGS, actions: SandboxAction[]) => ({
    keys,
    text: tr(SANDBOX_STRINGS[text], lang),
    actions,
  });
  return [
    hint('↑/↓', 'keyMove', ['up', 'down']),
    hint(lang === 'zh' ? '回车' : 'Enter', 'keySend', ['send']),
    hint('?', 'keyHelp', ['help']),
    hint('e', 'keyEdit', ['edit']),
    hint('i', 'keyInspect', ['inspect']),
    hint('h', 'keyHistory', ['history']),
    hint('q', 'keyQuit', ['quit']),
  ];
}
