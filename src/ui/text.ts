import { type Fill, type Lang, tr } from '../i18n/lang.js';
import { STRINGS, type StringKey } from '../i18n/strings.js';

/** @deprecated Use `tr(STRINGS[key], lang, values)` (src/i18n/lang.ts), the one accessor. */
export const sf = (key: StringKey, lang: Lang, values: Readonly<Record<string, Fill>>) =>
  tr(STRINGS[key], lang, values);
