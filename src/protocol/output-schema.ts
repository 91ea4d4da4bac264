/**
 * A schema a peer wrote, checked with Ajv: a tool's outputSchema (server/tools › Output Schema:
 * "Servers MUST provide structured results that conform to this schema") or a form-mode
 * elicitation's requestedSchema (client/elicitation › Form Mode Security: clients and servers
 * SHOULD validate the answers against it). The schema is the peer's own, so it is compiled as the
 * peer wrote it: JSON Schema 2020-12 unless its `$schema` names draft-07 (the default dialect since
 * 2025-11-25; SDKs of 2025-06-18 wrote draft-07 schemas). Each schema object is compiled once, the
 * first time a value is checked against it.
 *
 * Before Ajv compiles a schema it checks it against its dialect's meta-schema, and compiling
 * 2020-12's meta-schema (its vocabularies, $dynamicRef) is most of what the first check costs: a
 * lesson whose tool declares an outputSchema paid it before the sandbox at that lesson could show
 * its first frame. The build generates that check as Ajv's standalone code (scripts/
 * gen-validators.ts, like the official schemas'); where the program installed the generated
 * modules (setPrecompiledSource), a 2020-12 schema is checked with it and compiled by an Ajv that
 * does not check it again. The verdicts are the same (test/protocol/peer-schema-meta.test.ts).
 */
import type { ValidateFunction } from 'ajv';
import { BoundedMap } from './bounded-map.js';
import type { JsonObject } from './json.js';
import { type AnyAjv, ajv2020, ajvDraft07, ajvFormats } from './lazy-ajv.js';
import { precompiledFor } from './precompiled-source.js';
import { toIssues } from './schema-book.js';

/** Where a value first fails its schema, in both languages. */
export type PeerSchemaIssue = {
  readonly pointer: string;
  readonly message: string;
  readonly messageZh: string;
  /** Ajv's keyword that failed (`required`, `enum`, `type`…); absent when Ajv named none. */
  readonly keyword?: string;
  /** For `additionalProperties`: the property the schema does not allow, below `pointer`. */
  readonly additional?: string;
};

type Checker = { compile(schema: object): ValidateFunction };

// A server's schema may carry an $id; addUsedSchema: false keeps one from clashing with the next.
const OPTIONS = { strict: false, allErrors: false, addUsedSchema: false } as const;
let modern: Checker | null = null;
let draft07: Checker | null = null;
/** 2020-12 without checking a schema against the meta-schema: done before, by the generated code. */
let modernChecked: Checker | null = null;
const compiled = new WeakMap<object, ValidateFunction | null>();
/**
 * The same, by the schema's JSON text: a transcript lists its tools again and again, each list a
 * new object holding the same schemas, and compiling is what checking costs. Bounded, since every
 * distinct schema of a long or hostile transcript would stay.
 */
const COMPILED_TEXTS = 512;
const compiledText = new BoundedMap<string, ValidateFunction | null>(COMPILED_TEXTS);
/**
 * A schema object's JSON text, made once: a listed tool's schema is checked against its
 * meta-schema when listed and compiled at the first call after, and both look it up by text.
 */
const texts = new WeakMap<object, string>();

function textOf(schema: JsonObject): string {
  let text = texts.get(schema);
  if (text === undefined) {
    text = JSON.stringify(schema);
    texts.set(schema, text);
  }
  return text;
}

/** The id of the generated module of 2020-12's meta-schema, and the dialect's URI. */
export const META_2020_ID = 'json-schema-2020-12';
export const META_2020 = 'https://json-schema.org/draft/2020-12/schema';
/** The name the generated module exports the meta-schema's check under. */
export const META_EXPORT = 'meta';

/**
 * Ajv for peers' 2020-12 schemas, as the referee compiles them (formats included). With `code`,
 * the build generates the meta-schema's standalone code from it: the same options as run time.
 */
export function peerAjv2020(more: Record<string, unknown> = {}): AnyAjv {
  const ajv = new (ajv2020())({ ...OPTIONS, ...more });
  ajvFormats()(ajv);
  return ajv;
}

/**
 * The generated check of 2020-12's meta-schema, for a schema Ajv would check with it (no
 * `$schema`, or exactly 2020-12's); null where there is none (run from src, or another dialect).
 */
function generatedMeta(schema: JsonObject): ValidateFunction | null {
  if (schema.$schema !== undefined && schema.$schema !== META_2020) return null;
  return precompiledFor(META_2020_ID)?.[META_EXPORT] ?? null;
}

function checkerFor(schema: JsonObject): Checker | null {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (dialect === '' || dialect.includes('2020-12')) {
    modern ??= peerAjv2020();
    return modern;
  }
  if (dialect.includes('draft-07')) {
    if (!draft07) {
      const ajv = new (ajvDraft07())(OPTIONS);
      ajvFormats()(ajv);
      draft07 = ajv;
    }
    return draft07;
  }
  // Another dialect (draft-04, 2019-09…): mcp-sim does not judge by it.
  return null;
}

function validatorOf(schema: JsonObject): ValidateFunction | null {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  const text = textOf(schema);
  const same = compiledText.get(text);
  if (same !== undefined) {
    compiled.set(schema, same);
    return same;
  }
  let validate: ValidateFunction | null = null;
  try {
    const meta = generatedMeta(schema);
    if (meta) {
      // What compile would throw on (a schema its meta-schema refuses) is no verdict, as below.
      modernChecked ??= peerAjv2020({ validateSchema: false });
      validate = meta(schema) ? modernChecked.compile(schema) : null;
    } else {
      validate = checkerFor(schema)?.compile(schema) ?? null;
    }
  } catch {
    // Not a schema Ajv can compile (invalid-result names a malformed tool definition): no verdict.
    validate = null;
  }
  compiled.set(schema, validate);
  compiledText.set(text, validate);
  return validate;
}

/**
 * Does `content` (a result's structuredContent, an elicitation's accepted content) fit `schema`?
 * null when it does; undefined when the schema cannot be judged (a dialect mcp-sim does not read,
 * or not a schema at all).
 */
export function schemaIssue(
  schema: JsonObject,
  content: unknown,
): PeerSchemaIssue | null | undefined {
  const validate = validatorOf(schema);
  if (!validate) return undefined;
  if (validate(content)) return null;
  const [issue] = toIssues(validate.errors?.slice(0, 1) ?? [], '');
  if (!issue) return { pointer: '', message: 'does not match the schema', messageZh: '不符合模式' };
  const { pointer, message, messageZh, keyword } = issue;
  const additional = issue.params.additionalProperty;
  return typeof additional === 'string'
    ? { pointer, message, messageZh, keyword, additional }
    : { pointer, message, messageZh, keyword };
}

/** The dialects whose meta-schema the referee checks a peer's schema against, by `$schema`. */
export type CheckedDialect = '2020-12' | 'draft-07';

/**
 * The dialect a peer's schema declares in `$schema` (none: `fallback`, the default its revision
 * names), when it is one the referee reads: JSON Schema 2020-12 or draft-07, written with http or
 * https and with or without the empty fragment. undefined for any other (draft-04, 2019-09, a
 * dialect of the peer's own): mcp-sim does not judge by it.
 */
export function declaredDialect(
  schema: JsonObject,
  fallback: CheckedDialect,
): CheckedDialect | undefined {
  const uri = schema.$schema;
  if (uri === undefined) return fallback;
  if (typeof uri !== 'string') return undefined;
  const bare = uri.replace(/^https?:\/\//, '').replace(/#$/, '');
  if (bare === 'json-schema.org/draft/2020-12/schema') return '2020-12';
  if (bare === 'json-schema.org/draft-07/schema') return 'draft-07';
  return undefined;
}

/** The draft-07 meta-schema's URI, as Ajv keys it. */
const META_07 = 'http://json-schema.org/draft-07/schema';
let meta2020: ValidateFunction | null = null;
let meta07: ValidateFunction | null = null;

function metaCheck(dialect: CheckedDialect): ValidateFunction | null {
  if (dialect === '2020-12') {
    // The build's generated check where the program installed it, as generatedMeta.
    const generated = precompiledFor(META_2020_ID)?.[META_EXPORT];
    if (generated) return generated;
    meta2020 ??= peerAjv2020().getSchema(META_2020) ?? null;
    return meta2020;
  }
  if (!meta07) {
    const ajv = new (ajvDraft07())(OPTIONS);
    ajvFormats()(ajv);
    meta07 = ajv.getSchema(META_07) ?? null;
  }
  return meta07;
}

/**
 * Where a peer's schema first breaks the meta-schema of `dialect` (basic/index › JSON Schema Usage,
 * 2025-11-25 on: "Schemas MUST be valid according to their declared or default dialect"), or null
 * when it does not. Ajv stops at the first error. A `format` the meta-schema names (`regex` for a
 * pattern, `uri-reference` for an $id) is no verdict: the 2020-12 meta-schema takes format as an
 * annotation, and Ajv's formats are stricter than a peer's regex engine may be.
 */
export function schemaMetaIssue(
  schema: JsonObject,
  dialect: CheckedDialect,
): PeerSchemaIssue | null {
  // A transcript lists the same tools again and again: each schema is checked once.
  const text = `${dialect} ${textOf(schema)}`;
  const known = metaIssues.get(text);
  if (known !== undefined) return known;
  const issue = metaIssueOf(schema, dialect);
  metaIssues.set(text, issue);
  return issue;
}

const metaIssues = new BoundedMap<string, PeerSchemaIssue | null>(COMPILED_TEXTS);

function metaIssueOf(schema: JsonObject, dialect: CheckedDialect): PeerSchemaIssue | null {
  const check = metaCheck(dialect);
  if (!check || check(schema)) return null;
  const [issue] = toIssues(check.errors?.slice(0, 1) ?? [], '');
  if (!issue || issue.keyword === 'format') return null;
  const { pointer, message, messageZh, keyword } = issue;
  return { pointer, message, messageZh, keyword };
}
