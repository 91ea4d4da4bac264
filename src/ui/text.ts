import { fillIn, type Lang } from '../i18n/lang.js';
import { type StringKey, s } from '../i18n/strings.js';

/** A fixed string with its `{name}` placeholders filled in. */
export function sf(
  key: StringKey,
  lang: Lang,
  values: Readonly<Record<string, string | number>>,
): string {
  return fillIn(s(key, lang), (name) => (name in values ? String(values[name]) : undefined));
}
