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
};

type Checker = { compile(schema: object): ValidateFunction };

// A server's schema may carry an $id; addUsedSchema: false keeps one from clashing with the next.
const OPTIONS = { strict: false, allErrors: false, addUsedSchema: false } as const;
let modern: Checker | null = null;
let draft07: Checker | null = null;
/** 2020-12 without checking a schema against the meta-schema: done before, by the generated code. */
let modernChecked: Checker | null = null;
const compiled = new WeakMap<object, ValidateFunction | null>();

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
  return { pointer, message, messageZh, keyword };
}
