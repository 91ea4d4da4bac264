export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

export type Bilingual = { readonly en: string; readonly zh: string };

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'zh';
}

/**
 * The learner's language: this run's `--lang`, then the choice remembered from an earlier
 * `--lang` (only an explicit one: see `chosenLang`), then LC_ALL / LC_MESSAGES / LANG.
 */
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

/**
 * The language a progress file remembers as chosen: its `lang` only when `langChosen` is true.
 * A `lang` without the mark (written by mcp-sim before it kept the two apart, whichever language
 * the run happened to show) is not a choice, so it never hides the locale.
 */
export function chosenLang(saved: {
  readonly lang?: Lang | undefined;
  readonly langChosen?: unknown;
}): Lang | undefined {
  return saved.langChosen === true ? saved.lang : undefined;
}

/** A value for a `{name}` placeholder: the same in both languages, or its own in each. */
export type Fill = string | number | Bilingual;

/**
 * The one accessor for bilingual text: `text` in `lang`, its `{name}` placeholders filled from
 * `values` (a name without a value stays as written; a value is inserted as is, `$&` included).
 * Tables of fixed strings (STRINGS, LIVE_STRINGS, SERVE_STRINGS) are read through it too:
 * `tr(STRINGS.appTitle, lang)`, `tr(SERVE_STRINGS.listening, lang, { url, stop })`.
 */
export function tr(text: Bilingual, lang: Lang, values?: Readonly<Record<string, Fill>>): string {
  const template = text[lang];
  if (values === undefined) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

/**
 * `text` with its placeholders filled in both languages, for a line whose reader picks the
 * language later (the server's log): `tr` for each of them.
 */
export function filled(text: Bilingual, values?: Readonly<Record<string, Fill>>): Bilingual {
  return { en: tr(text, 'en', values), zh: tr(text, 'zh', values) };
}

/**
 * `n` things in English, singular or plural ("1 line", "2 lines"); `many` when the plural is not
 * `one` + "s". Chinese needs no such form: its templates write the number and a measure word.
 */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What follows a label: `: ` in English, the full-width `：` (no space after it) in Chinese. */
export function labelColon(lang: Lang): string {
  return lang === 'zh' ? '：' : ': ';
}
