import { type Lang, tr } from '../i18n/lang.js';
import { LIVE_STRINGS } from '../i18n/live-strings.js';
import { type Binding, type KeyHint, keyHints, LESSON_KEYS } from './keymap.js';
import type { LiveAction } from './live-view.js';

/** DESIGN.md's keys, plus `s` for the next session; `q` stops the server too. */
export const LIVE_KEYS = [
  ...LESSON_KEYS,
  { action: 'session', keys: ['s'], hint: null },
] as const satisfies readonly Binding<LiveAction>[];

/** The key bar: the lesson keys, with `s session` before `q quit`. */
export function liveHints(lang: Lang): KeyHint<LiveAction>[] {
  const hints: KeyHint<LiveAction>[] = keyHints(LESSON_KEYS, lang);
  const session = {
    keys: 's',
    text: tr(LIVE_STRINGS.keySession, lang),
    actions: ['session'] as const,
  };
  return [...hints.slice(0, -1), session, ...hints.slice(-1)];
}
