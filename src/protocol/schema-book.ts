/**
 * One official JSON Schema of an MCP revision, checked with Ajv. Nothing is compiled at import:
 * the Ajv instance is made the first time a message of that revision is checked, and each
 * definition is compiled the first time a message needs it. The 2026-07-28 schema
 * (modern-schema.ts) and the three draft-07 handshake revisions (revision-schema.ts) share it.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { pointerToken } from './json.js';
import { ajvChinese, ajvFormats } from './lazy-ajv.js';
import { reduceIssues } from './modern-schema-issues.js';
import type { SchemaIssue } from './schemas.js';

/** A schema issue with the JSON Schema keyword that failed and Ajv's parameters for it. */
export type ModernSchemaIssue = SchemaIssue & {
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
};

/** A schema's definitions, typed loosely: only `properties`, `required` and `anyOf` are read. */
export type SchemaDef = {
  readonly properties?: Record<string, { readonly const?: unknown; readonly $ref?: string }>;
  readonly required?: readonly string[];
  readonly anyOf?: readonly { readonly $ref?: string }[];
  readonly $ref?: string;
};

/** Either Ajv: draft-07 for the revisions before 2025-11-25, 2020-12 from then on. */
export type AnyAjv = Ajv | Ajv2020;

export type SchemaBook = {
  /** The schema's definitions (`$defs` or `definitions`), by name. */
  readonly defs: Readonly<Record<string, SchemaDef>>;
  /** Every issue of `value` against one definition, pointers prefixed with `base`. */
  defIssues(def: string, value: unknown, base?: string): ModernSchemaIssue[];
  /** The definitions compiled so far, in order. */
  compiled(): string[];
};

/** Ajv's errors as issues: a JSON pointer (a missing property's own), English and Chinese. */
export function toIssues(errors: readonly ErrorObject[], base: string): ModernSchemaIssue[] {
  const chinese = errors.map((error) => ({ ...error }));
  ajvChinese()(chinese);
  return errors.map((error, i) => {
    const missing = error.keyword === 'required' ? error.params.missingProperty : undefined;
    const child = typeof missing === 'string' ? `/${pointerToken(missing)}` : '';
    return {
      pointer: base + error.instancePath + child,
      keyword: error.keyword,
      message: error.message ?? 'does not match the schema',
      messageZh: chinese[i]?.message ?? '不符合模式',
      params: error.params,
    };
  });
}

/**
 * The book of one schema. `makeAjv` is called once, on first use; `id` is the key the schema is
 * added under (each book has its own Ajv instance, so a session pays only for its revision).
 */
export function schemaBook(id: string, schema: object, makeAjv: () => AnyAjv): SchemaBook {
  const json = schema as {
    $defs?: Record<string, SchemaDef>;
    definitions?: Record<string, SchemaDef>;
  };
  const at = json.$defs ? '$defs' : 'definitions';
  const defs = json.$defs ?? json.definitions ?? {};
  let ajv: AnyAjv | null = null;
  const compiled = new Map<string, ValidateFunction>();

  function validatorOf(def: string): ValidateFunction {
    let validate = compiled.get(def);
    if (validate) return validate;
    if (!ajv) {
      ajv = makeAjv();
      ajvFormats()(ajv);
      ajv.addSchema(schema, id);
    }
    validate = ajv.getSchema(`${id}#/${at}/${def}`);
    if (!validate) throw new Error(`no definition ${def} in the ${id} schema`);
    compiled.set(def, validate);
    return validate;
  }

  function defIssues(def: string, value: unknown, base = ''): ModernSchemaIssue[] {
    const validate = validatorOf(def);
    if (validate(value)) return [];
    return reduceIssues(validate.errors ?? [], value, base, defs, defIssues, toIssues);
  }

  return { defs, defIssues, compiled: () => [...compiled.keys()] };
}

/**
 * Ajv's options for an official schema. strict: false — the official schemas use annotation
 * keywords Ajv's strict mode rejects. verbose: every error keeps its schema, so a failed union can
 * be traced to its branches. validateSchema: false — the official schema is trusted; checking it
 * against its meta-schema would compile that too (about 150 ms for 2020-12) before the first message.
 */
export const OFFICIAL_SCHEMA_OPTIONS = {
  strict: false,
  allErrors: true,
  verbose: true,
  validateSchema: false,
} as const;
