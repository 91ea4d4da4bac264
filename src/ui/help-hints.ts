import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import { type KeyHint, keyLabel, LESSON_KEYS, type LessonAction } from './keymap.js';

// The help's lines for keys the key bar has no room for, named from the key table (keymap.ts).

/** The keys bound to `action`, as the help writes them ("↓/j"). */
const keysOf = (action: LessonAction, lang: Lang) =>
  LESSON_KEYS.filter((b) => b.action === action)
    .flatMap((b) => b.keys.map((k) => keyLabel(k, lang)))
    .join('/');

/** The help's line for the keys that jump between the steps that break a rule: "]/[". */
export function brokenHint(lang: Lang): KeyHint<LessonAction> {
  return { keys: ']/[', text: tr(STRINGS.keyBroken, lang), actions: ['nextBroken', 'prevBroken'] };
}

/** The help's line for the keys that scroll the focused pane: "↓/j ↑/k", and a page. */
export function scrollHint(lang: Lang): KeyHint<LessonAction> {
  return {
    keys: `${keysOf('scrollDown', lang)} ${keysOf('scrollUp', lang)}`,
    text: tr(STRINGS.keyScroll, lang, {
      page: `${keysOf('pageDown', lang)}/${keysOf('pageUp', lang)}`,
    }),
    actions: ['scrollDown', 'scrollUp', 'pageDown', 'pageUp'],
  };
}

/** The help's lines for the panes and the field tree: Tab and `e`. */
export function paneHints(lang: Lang): KeyHint<LessonAction>[] {
  return [
    { keys: keysOf('focus', lang), text: tr(STRINGS.keyFocusHelp, lang), actions: ['focus'] },
    { keys: keysOf('inspect', lang), text: tr(STRINGS.keyInspectHelp, lang), actions: ['inspect'] },
  ];
}

/** The help's lines for `:` + a number + Enter, and for space pausing an autoplaying lesson. */
export function flowHints(lang: Lang): KeyHint<LessonAction>[] {
  return [
    {
      keys: `:N ${tr(STRINGS.keyEnter, lang)}`,
      text: tr(STRINGS.keyJump, lang),
      actions: ['jump'],
    },
    { keys: tr(STRINGS.keySpace, lang), text: tr(STRINGS.keyPause, lang), actions: [] },
  ];
}
