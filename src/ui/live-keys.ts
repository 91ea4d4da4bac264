import { type Lang, tr } from '../i18n/lang.js';
import { LIVE_STRINGS } from '../i18n/live-strings.js';
import { type Binding, type KeyHint, keyHints, LESSON_KEYS } from './keymap.js';
import type { LiveAction } from './live-view.js';

/** The lesson keys but the violation list's: a session still going has no whole list yet. */
const STEP_KEYS = LESSON_KEYS.filter(
  (b) => b.action !== 'violations' && b.action !== 'nextBroken' && b.action !== 'prevBroken',
);

/** DESIGN.md's keys, plus `s` for the next session; `q` stops the server too. */
export const LIVE_KEYS = [
  ...STEP_KEYS,
  { action: 'session', keys: ['s'], hint: null },
] as const satisfies readonly Binding<LiveAction>[];

/** The key bar: the lesson keys, with `s session` before `q quit`. */
export function liveHints(lang: Lang): KeyHint<LiveAction>[] {
  const hints: KeyHint<LiveAction>[] = keyHints(STEP_KEYS, lang);
  const session = {
    keys: 's',
    text: tr(LIVE_STRINGS.keySession, lang),
    actions: ['session'] as const,
  };
  const quit = hints.findIndex((h) => h.actions.includes('quit'));
  return [...hints.slice(0, quit), session, ...hints.slice(quit)];
}
