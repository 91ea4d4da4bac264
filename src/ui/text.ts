import type { Lang } from '../i18n/lang.js';
import { type StringKey, s } from '../i18n/strings.js';

/** A fixed string with its `{name}` placeholders filled in. */
export function sf(
  key: StringKey,
  lang: Lang,
  values: Readonly<Record<string, string | number>>,
): string {
  return s(key, lang).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
