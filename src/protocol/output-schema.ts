/**
 * A schema a peer wrote, checked with Ajv: a tool's outputSchema (server/tools › Output Schema:
 * "Servers MUST provide structured results that conform to this schema") or a form-mode
 * elicitation's requestedSchema (client/elicitation › Form Mode Security: clients and servers
 * SHOULD validate the answers against it). The schema is the peer's own, so it is compiled as the
 * peer wrote it: JSON Schema 2020-12 unless its `$schema` names draft-07 (the default dialect since
 * 2025-11-25; SDKs of 2025-06-18 wrote draft-07 schemas). Each schema object is compiled once, the
 * first time a value is checked against it.
 */
import type { ValidateFunction } from 'ajv';
import type { JsonObject } from './json.js';
import { ajv2020, ajvDraft07, ajvFormats } from './lazy-ajv.js';
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
const compiled = new WeakMap<object, ValidateFunction | null>();

function checkerFor(schema: JsonObject): Checker | null {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (dialect === '' || dialect.includes('2020-12')) {
    if (!modern) {
      const ajv = new (ajv2020())(OPTIONS);
      ajvFormats()(ajv);
      modern = ajv;
    }
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
    validate = checkerFor(schema)?.compile(schema) ?? null;
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
