import type { Lang } from '../i18n/lang.js';
import type { Violation } from './rules.js';

// On its own, with nothing but types imported: the screens show a violation's spec section without
// loading the rule table (and, through it, the SDK's schemas) before a lesson's first frame.

/** A violation's spec reference in `lang`. */
export function specText(v: Violation, lang: Lang): string {
  return lang === 'zh' ? v.specZh : v.spec;
}
