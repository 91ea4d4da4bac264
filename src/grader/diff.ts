import type { Bilingual } from '../i18n/lang.js';
import { isObject, pointerToken } from '../protocol/json.js';

export type Difference = {
  /** JSON pointer to where the two differ ("" is the whole value). */
  readonly pointer: string;
  readonly expected: unknown;
  readonly seen: unknown;
};

/** A value that stands for "any value of this shape" in an expected envelope. */
export type Matcher = {
  readonly $any: 'number' | 'string' | 'value';
  /** What the value stands for, said in the diff instead of "any number". */
  readonly $note?: Bilingual;
};
export const any = (type: Matcher['$any'], note?: Bilingual): Matcher =>
  note === undefined ? { $any: type } : { $any: type, $note: note };

const isMatcher = (v: unknown): v is Matcher =>
  typeof v === 'object' && v !== null && typeof (v as Matcher).$any === 'string';

/**
 * Where a value differs from what was expected, key by key (a structural diff, not a line diff):
 * a missing key, an extra key, a different value. Matchers stand for "any number" and the like.
 */
export function diffJson(expected: unknown, seen: unknown, pointer = ''): Difference[] {
  if (isMatcher(expected)) {
    const ok = expected.$any === 'value' ? seen !== undefined : typeof seen === expected.$any;
    return ok ? [] : [{ pointer, expected, seen }];
  }
  if (Array.isArray(expected) && Array.isArray(seen)) {
    const out: Difference[] = [];
    for (let i = 0; i < Math.max(expected.length, seen.length); i++) {
      out.push(...diffJson(expected[i], seen[i], `${pointer}/${i}`));
    }
    return out;
  }
  if (isObject(expected) && isObject(seen)) {
    const out: Difference[] = [];
    for (const key of new Set([...Object.keys(expected), ...Object.keys(seen)])) {
      out.push(...diffJson(expected[key], seen[key], `${pointer}/${pointerToken(key)}`));
    }
    return out;
  }
  return Object.is(expected, seen) || JSON.stringify(expected) === JSON.stringify(seen)
    ? []
    : [{ pointer, expected, seen }];
}

function show(value: unknown): string {
  if (value === undefined) return '(missing)';
  if (isMatcher(value)) return value.$note?.en ?? `any ${value.$any}`;
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function showZh(value: unknown): string {
  if (value === undefined) return '（缺失）';
  if (isMatcher(value)) return value.$note?.zh ?? `任意 ${value.$any}`;
  return show(value);
}

/** The differences as lines: `/params/progress: expected 3, saw 2`. */
export function formatDiff(differences: readonly Difference[], limit = 6): Bilingual {
  const shown = differences.slice(0, limit);
  const more = differences.length - shown.length;
  const en = shown.map(
    (d) => `  ${d.pointer || '(whole value)'}: expected ${show(d.expected)}, saw ${show(d.seen)}`,
  );
  const zh = shown.map(
    (d) => `  ${d.pointer || '（整个值）'}：期望 ${showZh(d.expected)}，实际 ${showZh(d.seen)}`,
  );
  if (more > 0) {
    en.push(`  … and ${more} more`);
    zh.push(`  …… 另有 ${more} 处`);
  }
  return { en: en.join('\n'), zh: zh.join('\n') };
}

/** Two bilingual texts one after the other, one per line. */
export function lines(...parts: Bilingual[]): Bilingual {
  return {
    en: parts
      .map((p) => p.en)
      .filter(Boolean)
      .join('\n'),
    zh: parts
      .map((p) => p.zh)
      .filter(Boolean)
      .join('\n'),
  };
}

export const same = (text: string): Bilingual => ({ en: text, zh: text });

/** The longest line a check's message keeps, and how many lines it keeps. */
export const MESSAGE_LINE_LIMIT = 1000;
export const MESSAGE_LINES_LIMIT = 80;

/**
 * A check's message with every line cut to `MESSAGE_LINE_LIMIT` characters and the whole to
 * `MESSAGE_LINES_LIMIT` lines, each cut saying how much it left out. Rubrics quote what the
 * learner's code returned or sent; a 900 000-character string must not make the report (text,
 * --json, Classroom) megabytes long.
 */
export function clipMessage(message: Bilingual): Bilingual {
  const clip = (text: string, more: (n: number) => string, moreLines: (n: number) => string) => {
    const all = text.split('\n');
    const kept = all.slice(0, MESSAGE_LINES_LIMIT).map((line) => {
      if (line.length <= MESSAGE_LINE_LIMIT) return line;
      const tail = more(line.length);
      const room = Math.max(0, MESSAGE_LINE_LIMIT - tail.length - 1);
      return `${line.slice(0, room)}…${more(line.length - room)}`;
    });
    if (all.length > kept.length) kept.push(moreLines(all.length - kept.length));
    return kept.join('\n');
  };
  return {
    en: clip(
      message.en,
      (n) => ` (${n} more characters not shown)`,
      (n) => `… (${n} more lines not shown)`,
    ),
    zh: clip(
      message.zh,
      (n) => `（另有 ${n} 个字符未显示）`,
      (n) => `……（另有 ${n} 行未显示）`,
    ),
  };
}
