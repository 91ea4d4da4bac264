import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
// zod/mini, not the full zod: a command that finds a progress file reads it before anything else,
// and the full build of zod costs about 70 ms of start-up (docs/benchmarks.md).
import en from 'zod/v4/locales/en.js';
import { type Bilingual, filled } from '../i18n/lang.js';
import { PROGRESS_TYPES, PROGRESS_STRINGS as S } from '../i18n/progress-strings.js';
import { pointerToken } from '../protocol/json.js';
import { jsonErrorOffset, lineAndColumn } from '../protocol/json-error-at.js';
import { reasonOf } from './fs-reason.js';
import type { Progress } from './progress-merge.js';

// The file's validation (zod). progress.ts loads this module only when there is a file to read,
// so a first start (no file yet) never waits for zod.

// The mini build carries no messages of its own; the English ones say what was expected.
z.config(en());

// Loose objects: a field this version does not know is kept, not stripped.
const ENTRY = {
  lessons: z.looseObject({
    finished: z.boolean(),
    lastStep: z.number().check(z.int(), z.minimum(0)),
  }),
  exercises: z.looseObject({ passed: z.boolean(), points: z.number(), maxPoints: z.number() }),
} as const;
const LANG = z.enum(['en', 'zh']);

/**
 * An entry of the file that did not validate: where it was, why (in both languages: the set-aside
 * file keeps the English), and what it held.
 */
export type Aside = { readonly pointer: string; readonly why: Bilingual; readonly value: unknown };

export type DiskProgress =
  | { readonly kind: 'missing' }
  /** There, but it cannot be read (permission denied, a folder): never written over. */
  | { readonly kind: 'unreadable'; readonly why: Bilingual }
  /** Not a progress file at all (not JSON, or JSON but not an object): moved aside whole. */
  | { readonly kind: 'broken'; readonly why: Bilingual }
  | { readonly kind: 'read'; readonly progress: Progress; readonly asides: readonly Aside[] };

/** A text the same in both languages: the system's own reason for a failure. */
const same = (text: string): Bilingual => ({ en: text, zh: text });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kind of a JSON value, as zod names it (`received number`). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Why an entry did not validate: zod's English message (its mini build is configured with the
 * English locale), and the same said in Chinese. The entry was parsed with `reportInput`, so an
 * issue still holds the value it was about.
 */
function issueText(pointer: string, error: z.core.$ZodError): Bilingual {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).map((key) => `/${pointerToken(String(key))}`).join('');
  const at = { pointer: `${pointer}${path}`, message: issue?.message ?? 'invalid' };
  const kind = (name: string): Bilingual => PROGRESS_TYPES[name] ?? { en: name, zh: name };
  switch (issue?.code) {
    case 'invalid_type':
      if (issue.input === undefined) {
        return filled(S.missingField, { ...at, expected: kind(issue.expected) });
      }
      return filled(S.expectedType, {
        ...at,
        expected: kind(issue.expected),
        received: kind(kindOf(issue.input)),
      });
    case 'too_small':
      return filled(S.tooSmall, {
        ...at,
        op: issue.inclusive ? '≥' : '>',
        minimum: String(issue.minimum),
      });
    case 'invalid_value':
      return filled(S.oneOf, {
        ...at,
        values: issue.values.map((v) => JSON.stringify(v)).join('、'),
      });
    default:
      return filled(S.invalid, at);
  }
}

/**
 * Sorts a parsed progress file: what validates is used, each entry that does not (one lesson, one
 * exercise, the `lang` or `langChosen` field, a whole section that is not an object) is set aside on its own, and
 * every field this version does not know is kept as it is.
 */
export function sortProgress(value: Record<string, unknown>): {
  progress: Progress;
  asides: Aside[];
} {
  const progress: Progress = { ...value, lessons: {}, exercises: {} };
  const asides: Aside[] = [];
  if ('lang' in value) {
    const lang = LANG.safeParse(value.lang, { reportInput: true });
    if (lang.success) progress.lang = lang.data;
    else {
      delete progress.lang;
      asides.push({ pointer: '/lang', why: issueText('/lang', lang.error), value: value.lang });
    }
  }
  if ('langChosen' in value && typeof value.langChosen !== 'boolean') {
    delete progress.langChosen;
    asides.push({
      pointer: '/langChosen',
      why: filled(S.expectedBoolean, { pointer: '/langChosen' }),
      value: value.langChosen,
    });
  }
  for (const section of ['lessons', 'exercises'] as const) {
    const entries = value[section] ?? {};
    if (!isRecord(entries)) {
      asides.push({
        pointer: `/${section}`,
        why: filled(S.expectedObject, { pointer: `/${section}` }),
        value: entries,
      });
      continue;
    }
    for (const [id, entry] of Object.entries(entries)) {
      const pointer = `/${section}/${pointerToken(id)}`;
      const parsed = ENTRY[section].safeParse(entry, { reportInput: true });
      if (parsed.success) Object.assign(progress[section], { [id]: parsed.data });
      else asides.push({ pointer, why: issueText(pointer, parsed.error), value: entry });
    }
  }
  return { progress, asides };
}

/** Reads the progress file as it is on disk now. A UTF-8 byte order mark is not an error. */
export function readProgress(file: string): DiskProgress {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Absent (or a part of its path is no folder): a fresh start. Anything else is a file that is
    // there and may hold the learner's progress: a save must not replace what it could not read.
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? S.permissionDenied
        : code === 'EISDIR'
          ? S.isFolder
          : same(reasonOf(error));
    return { kind: 'unreadable', why };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text);
    const reason = (error as Error).message.split('\n')[0] ?? '';
    const why =
      offset === null
        ? filled(S.notJson, { reason })
        : filled(S.notJsonAt, { at: filled(S.jsonPlace, lineAndColumn(text, offset)), reason });
    return { kind: 'broken', why };
  }
  if (!isRecord(value)) return { kind: 'broken', why: S.notObject };
  return { kind: 'read', ...sortProgress(value) };
}

/**
 * Writes `text` to the first of `<file>.bad`, `<file>.bad-2`, … that does not exist yet (an
 * exclusive create, so an earlier set-aside file is never overwritten, even by another process).
 * Returns the name, or the reason it could not.
 */
export function writeAside(file: string, text: string): { name: string } | { error: Bilingual } {
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? `${file}.bad` : `${file}.bad-${n}`;
    try {
      writeFileSync(name, text, { flag: 'wx' });
      return { name };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        return { error: same(reasonOf(error)) };
    }
  }
  return { error: S.tooManyAsides };
}

/** Moves the whole file to a free `.bad` name: a hard link (which never replaces) and an unlink. */
export function moveAside(file: string): { name: string } | { error: Bilingual } {
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? `${file}.bad` : `${file}.bad-${n}`;
    try {
      linkSync(file, name);
      unlinkSync(file);
      return { name };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EPERM' && code !== 'ENOTSUP') return { error: same(reasonOf(error)) };
      // A file system without hard links: rename, having checked the name is free.
      try {
        readFileSync(name);
      } catch {
        try {
          renameSync(file, name);
          return { name };
        } catch (again) {
          return { error: same(reasonOf(again)) };
        }
      }
    }
  }
  return { error: S.tooManyAsides };
}
