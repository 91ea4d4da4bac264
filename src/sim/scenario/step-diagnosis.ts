// The two locales by their own modules: `z.locales.en` would keep every locale zod ships alive in
// the bundle, in the chunk every zod user loads (docs/benchmarks.md).
import en from 'zod/v4/locales/en.js';
import { type Bilingual, filled } from '../../i18n/lang.js';
import { LESSON_STRINGS, type Said, said } from '../../i18n/lesson-strings.js';
import { ZOD_ZH } from '../../protocol/zod-zh.js';
import { FAULT_NAMES } from './faults.js';
import { closest } from './find-lesson.js';
import { type ActionKinds, SCHEMA_WORDS, STEP_KINDS } from './schema.js';
import { type KeysAt, keysIn } from './schema-keys.js';

/** A validation problem at a path of the lesson (keys and indexes from its root). */
export type PathIssue = Said & {
  readonly path: PropertyKey[];
  /** The problem is the last key itself (an unknown word), not its value. */
  readonly key?: true;
  /** For an unknown key: the allowed key it most likely meant (a sibling's path ends with it). */
  readonly meant?: string;
};

type Issue = {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly errors?: readonly (readonly Issue[])[];
  /** `unrecognized_keys`: the stray keys of the mapping at `path`. */
  readonly keys?: readonly string[];
  /** `invalid_key`: what is wrong with the key at `path` itself. */
  readonly issues?: readonly Issue[];
  /** The value found (`reportInput`): undefined for a key left out. */
  readonly input?: unknown;
  /** `too_small`: what was measured, and the least allowed. */
  readonly origin?: string;
  readonly minimum?: number | bigint;
};

/** How badly a union branch failed: a wrong shape at its root is worse than a wrong detail inside. */
function badness(issues: readonly Issue[]): number {
  return issues.reduce(
    (sum, i) =>
      sum +
      (i.code === 'unrecognized_keys'
        ? 100
        : i.code === 'invalid_type' && i.path.length === 0
          ? 50
          : 1),
    0,
  );
}

/**
 * Zod reports a failed union as "Invalid input" with every branch's issues; outside the step kinds
 * (diagnosed by key below) the branch that failed least is the one meant.
 */
export function flattenIssues(
  issues: readonly Issue[],
  known: KeysAt,
  base: readonly PropertyKey[] = [],
): PathIssue[] {
  return issues.flatMap((issue): PathIssue[] => {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => badness(a) - badness(b))[0] ?? [];
      return flattenIssues(best, known, path);
    }
    // Zod reports stray keys at their mapping; each is located at itself, with what it may mean.
    if (issue.code === 'unrecognized_keys' && issue.keys && issue.keys.length > 0) {
      const allowed = known(path);
      return issue.keys.map((word) => {
        const meant = closest(word, allowed);
        return {
          path: [...path, word],
          ...unknownWord(LESSON_STRINGS.wordKey, word, allowed),
          key: true,
          ...(meant !== null ? { meant } : {}),
        };
      });
    }
    // A record's key that fails its own schema (a field note's pointer): say why, at the key.
    if (issue.code === 'invalid_key' && issue.issues && issue.issues.length > 0) {
      return flattenIssues(issue.issues, known).map((inner) => ({ ...inner, path, key: true }));
    }
    // A required key left out: say which, in words (a Chinese text left out most of all).
    if (issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined) {
      return [{ path, ...missingKey(path.at(-1)) }];
    }
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) {
      const key = path.at(-1);
      const text =
        key === 'zh' ? LESSON_STRINGS.emptyZh : key === 'en' ? LESSON_STRINGS.emptyEn : null;
      if (text) return [{ path, ...said(text) }];
    }
    return [{ path, message: issue.message, zh: zhOf(issue) }];
  });
}

function missingKey(key: PropertyKey | undefined): Said {
  if (key === 'zh') return said(LESSON_STRINGS.missingZh);
  if (key === 'en') return said(LESSON_STRINGS.missingEn);
  return said(LESSON_STRINGS.missingKey, { key: String(key ?? '') });
}

const EN = en().localeError;
const ZH = ZOD_ZH;

/**
 * A zod issue's message in Chinese, from zod's own zh-CN locale. A message the schema wrote itself
 * (a regex's or refine's words) is not zod's: its Chinese is the one SCHEMA_WORDS gives it (a
 * message found nowhere stays as written). The issue needs its input (`reportInput`) for the
 * locale to name what was received.
 */
function zhOf(issue: Issue): string {
  const message = (error: typeof EN, wanted: Issue): string | undefined => {
    const out = error(wanted as never);
    return typeof out === 'string' ? out : out?.message;
  };
  if (message(EN, issue) !== issue.message) {
    return SCHEMA_WORDS.find((w) => w.en === issue.message)?.zh ?? issue.message;
  }
  return message(ZH, issue) ?? issue.message;
}

const KINDS = Object.keys(STEP_KINDS) as (keyof typeof STEP_KINDS)[];
/** Keys a step may have besides its kind. */
const TEXT_KEYS = new Set(['note', 'annotations', 'params', 'reveal']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function unknownWord(what: Bilingual, word: string, candidates: readonly string[]): Said {
  const near = closest(word, candidates);
  if (near) return said(LESSON_STRINGS.unknownNear, { what, word, near });
  return candidates.length > 0
    ? said(LESSON_STRINGS.unknownOneOf, { what, word, list: candidates.join(', ') })
    : said(LESSON_STRINGS.unknownWord, { what, word });
}

/**
 * The problems of one action (`client: …`, `server: …`, `do: …`), judged against the branch its
 * word or key names. A `do:` key is itself the step's kind to a teacher (`do: {add-tool: …}` is an
 * add-tool step), so it is named that way.
 */
function diagnoseAction(kind: string, action: unknown, kinds: ActionKinds): PathIssue[] {
  const what =
    kind === 'do' ? LESSON_STRINGS.wordStepKind : filled(LESSON_STRINGS.wordAction, { kind });
  const all = [...kinds.words, ...Object.keys(kinds.keyed)];
  if (typeof action === 'string') {
    return kinds.words.includes(action) ? [] : [{ path: [], ...unknownWord(what, action, all) }];
  }
  if (!isRecord(action)) {
    return [{ path: [], ...said(LESSON_STRINGS.stepOneOf, { kind, list: all.join(', ') }) }];
  }
  const keys = Object.keys(action);
  const key = keys.find((k) => Object.hasOwn(kinds.keyed, k));
  const schema = key !== undefined ? kinds.keyed[key] : undefined;
  if (key === undefined || !schema) {
    const first = keys[0];
    return [
      first === undefined
        ? { path: [], ...said(LESSON_STRINGS.stepOneOf, { kind, list: all.join(', ') }) }
        : { path: [first], ...unknownWord(what, first, all), key: true },
    ];
  }
  const parsed = schema.safeParse(action, { reportInput: true });
  if (parsed.success) return [];
  const named = { en: `a ${kind}: ${key} step`, zh: `${kind}: ${key}` };
  return flattenIssues(parsed.error.issues as readonly Issue[], keysIn(schema)).map((issue) => ({
    path: issue.path,
    ...said(LESSON_STRINGS.inStep, { message: { en: issue.message, zh: issue.zh }, named }),
  }));
}

/**
 * Every problem of one step, relative to the step: its kind is the key that makes it one (`client`,
 * `server`, `fault`, `do`, `close`); an unknown key gets the closest kind by edit distance.
 */
export function diagnoseStep(step: unknown): PathIssue[] {
  if (!isRecord(step)) {
    return [{ path: [], ...said(LESSON_STRINGS.stepMapping, { list: KINDS.join(', ') }) }];
  }
  const keys = Object.keys(step);
  const present = KINDS.filter((k) => keys.includes(k));
  if (present.length === 0) {
    const stray = keys.find((k) => !TEXT_KEYS.has(k));
    return [
      stray === undefined
        ? { path: [], ...said(LESSON_STRINGS.stepNeeds, { list: KINDS.join(', ') }) }
        : { path: [stray], ...unknownWord(LESSON_STRINGS.wordStepKind, stray, KINDS), key: true },
    ];
  }
  const [kind, second] = present;
  if (kind === undefined) return [];
  if (second !== undefined) {
    return [{ path: [second], ...said(LESSON_STRINGS.stepTwoKinds, { kind, second }) }];
  }
  const { schema, actions } = STEP_KINDS[kind];
  const parsed = schema.safeParse(step, { reportInput: true });
  if (parsed.success) return [];
  const issues = flattenIssues(parsed.error.issues as readonly Issue[], keysIn(schema));
  const fault = step.fault;
  if (kind === 'fault' && typeof fault === 'string' && !FAULT_NAMES.includes(fault as never)) {
    const rest = issues.filter((issue) => issue.path[0] !== 'fault');
    return [
      { path: ['fault'], ...unknownWord(LESSON_STRINGS.wordFault, fault, FAULT_NAMES) },
      ...rest,
    ];
  }
  const inAction = (issue: PathIssue) => actions !== null && issue.path[0] === kind;
  const action = actions ? diagnoseAction(kind, step[kind], actions) : [];
  return [
    ...action.map((issue) => ({ ...issue, path: [kind, ...issue.path] })),
    ...issues.filter((issue) => !inAction(issue)),
  ];
}
