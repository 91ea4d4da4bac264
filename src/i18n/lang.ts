export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

export type Bilingual = { readonly en: string; readonly zh: string };

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'zh';
}

/** The learner's language: an explicit choice, then the remembered one, then LC_ALL / LANG. */
export function detectLang(
  explicit: string | undefined,
  remembered: Lang | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Lang {
  if (isLang(explicit)) return explicit;
  if (remembered) return remembered;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh/i.test(locale) ? 'zh' : 'en';
}

export function tr(text: Bilingual, lang: Lang): string {
  return text[lang];
}

/** What follows a label: `: ` in English, the full-width `：` (no space after it) in Chinese. */
export function labelColon(lang: Lang): string {
  return lang === 'zh' ? '：' : ': ';
}

/** A template with its `{name}` placeholders filled in; a name without a value stays as written. */
export function fillIn(template: string, value: (name: string) => string | undefined): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => value(name) ?? whole);
}
