import { readFileSync } from 'node:fs';
import type { LineCounter } from 'yaml';
import type * as z from 'zod';
import type { Bilingual } from '../../i18n/lang.js';
import { LESSON_STRINGS, said } from '../../i18n/lesson-strings.js';
import { pointerToken, valueAt } from '../../protocol/json.js';
import { positionOf, readYaml } from './read-yaml.js';
import { keysIn } from './schema-keys.js';
import { flattenIssues, type PathIssue } from './step-diagnosis.js';

/** A problem of a file people write (a lesson, a compare topic), with its line when known. */
export type FileProblem = {
  readonly file: string;
  readonly line: number | null;
  readonly column?: number | null;
  /** In English: what `--json` and tests quote. */
  readonly message: string;
  /** The same in Chinese, where the problem has it (every lesson-file problem does). */
  readonly zh?: string;
};

/** Where a value sits in the file's YAML, to locate what is found wrong with it later. */
export type YamlSource = {
  readonly doc: Parameters<typeof positionOf>[0];
  readonly counter: LineCounter;
};

/** A validated file, or its problems: every one, each located; the schema's in file order. */
export type ReadFile<T> =
  | { readonly ok: true; readonly value: T; readonly source: YamlSource }
  | { readonly ok: false; readonly problems: FileProblem[] };

/**
 * A value's path as the messages write it: `server.versions[0]`; inside a step, the step as the
 * screen counts it, from 1 (`step 4, note.zh`; `第 4 步 note.zh`).
 */
export function describePath(path: readonly PropertyKey[], lang: 'en' | 'zh' = 'en'): string {
  const keys = (rest: readonly PropertyKey[]) =>
    rest
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
  const at = path.findIndex((p, i) => p === 'steps' && typeof path[i + 1] === 'number');
  const index = path[at + 1];
  if (at < 0 || typeof index !== 'number') return keys(path);
  // A compare topic's `legacy.steps[2]` is its legacy side's step 3.
  const side = at > 0 ? `${keys(path.slice(0, at))} ` : '';
  const step = `${side}${lang === 'zh' ? `第 ${index + 1} 步` : `step ${index + 1}`}`;
  const rest = path.slice(at + 2);
  if (rest.length === 0) return step;
  return lang === 'zh' ? `${step} ${keys(rest)}` : `${step}, ${keys(rest)}`;
}

/**
 * Reads a YAML file and validates it with `schema`: a file that cannot be read, YAML that does not
 * parse, and every schema problem come back located (file, line, column). `what` names the whole
 * value in messages (`lesson: …`); `empty`, if given, is the message for an empty file; `issues`
 * may rework the schema's problems first (a lesson diagnoses each step by the kind it names).
 */
export function readYamlFile<T>(
  file: string,
  schema: z.ZodType<T>,
  options: {
    readonly what: string;
    readonly empty?: Bilingual;
    readonly issues?: (value: unknown, issues: PathIssue[]) => PathIssue[];
  },
): ReadFile<T> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    // The common reasons in plain words ("EISDIR: illegal operation on a directory, read" is not).
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? LESSON_STRINGS.noSuchFile
        : code === 'EISDIR'
          ? LESSON_STRINGS.isFolder
          : code === 'EACCES' || code === 'EPERM'
            ? LESSON_STRINGS.permissionDenied
            : ((error as Error).message.split('\n')[0] ?? '');
    return {
      ok: false,
      problems: [{ file, line: null, ...said(LESSON_STRINGS.cannotRead, { why }) }],
    };
  }
  const text = utf8Text(bytes);
  if (typeof text !== 'string') return { ok: false, problems: [{ file, ...text }] };
  const read = readYaml(text);
  if (!read.ok) return { ok: false, problems: read.problems.map((p) => ({ file, ...p })) };
  const { doc, counter, value } = read;
  if (options.empty !== undefined && (value === null || value === undefined)) {
    return { ok: false, problems: [{ file, line: 1, column: 1, ...said(options.empty) }] };
  }
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const flat = flattenIssues(parsed.error.issues as never, keysIn(schema));
    const issues = withoutMisspelled(value, options.issues ? options.issues(value, flat) : flat);
    const problems = issues.map((issue) => {
      const where = positionOf(doc, counter, issue.path, issue.key === true);
      return {
        file,
        line: where?.line ?? 1,
        column: where?.column ?? 1,
        message: `${describePath(issue.path) || options.what}: ${issue.message}`,
        zh: `${describePath(issue.path, 'zh') || options.what}：${issue.zh}`,
      };
    });
    problems.sort((a, b) => a.line - b.line || a.column - b.column);
    return { ok: false, problems };
  }
  return { ok: true, value: parsed.data, source: { doc, counter } };
}

const pointerOf = (path: readonly PropertyKey[]): string =>
  path.map((k) => `/${pointerToken(String(k))}`).join('');

/**
 * A required key that is missing because it was misspelled (`recapp:` for `recap:`) is one mistake:
 * the unknown key, at its own line, says what it meant; "missing" at the mapping would only repeat it.
 */
function withoutMisspelled(value: unknown, issues: readonly PathIssue[]): PathIssue[] {
  const meant = new Set(
    issues.flatMap((i) =>
      i.meant === undefined ? [] : [pointerOf([...i.path.slice(0, -1), i.meant])],
    ),
  );
  return issues.filter((i) => {
    const at = pointerOf(i.path);
    return i.key === true || !meant.has(at) || valueAt(value, at) !== undefined;
  });
}

/**
 * The file's text, or where it stops being UTF-8: read as UTF-8 regardless, a file saved as GBK or
 * Latin-1 would load with every Chinese note turned into U+FFFD and play as if nothing were wrong.
 */
export function utf8Text(
  bytes: Buffer,
): string | { line: number; column: number; message: string; zh: string } {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bad = firstBadByte(bytes);
    const before = bytes.subarray(0, bad);
    const lineStart = before.lastIndexOf(0x0a) + 1;
    const line = before.reduce((n, b) => (b === 0x0a ? n + 1 : n), 1);
    const column = [...bytes.subarray(lineStart, bad).toString('utf8')].length + 1;
    const byte = (bytes[bad] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    return { line, column, ...said(LESSON_STRINGS.notUtf8, { byte }) };
  }
}

/** The offset of the first byte that does not begin or continue a valid UTF-8 sequence. */
function firstBadByte(bytes: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const length =
      b < 0x80
        ? 1
        : b >= 0xc2 && b < 0xe0
          ? 2
          : b >= 0xe0 && b < 0xf0
            ? 3
            : b >= 0xf0 && b < 0xf5
              ? 4
              : 0;
    if (length === 0) return i;
    try {
      decoder.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return bytes.length;
}
