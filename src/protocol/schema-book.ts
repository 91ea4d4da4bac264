/**
 * One official JSON Schema of an MCP revision, checked with Ajv. The 2026-07-28 schema
 * (modern-schema.ts) and the three draft-07 handshake revisions (revision-schema.ts) share it.
 *
 * The built CLI does not compile the schema: scripts/gen-validators.ts turns each one into Ajv's
 * standalone code at build time (dist/validators/<id>.js, one module per revision, from the same
 * schema, options and formats as below), and a book loads its module the first time a message of
 * its revision is checked. Compiling was most of a spawned CLI's start (docs/benchmarks.md).
 * Run from src (tsx, tests) a book compiles at run time, as the bundle does without its module:
 * the Ajv instance is made on first use and each definition compiled the first time it is needed.
 */
import type { Ajv, CodeOptions, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { pointerToken } from './json.js';
import { ajv2020, ajvChinese, ajvDraft07, ajvFormats } from './lazy-ajv.js';
import { reduceIssues } from './modern-schema-issues.js';
import { type Precompiled, precompiledFor } from './precompiled-source.js';
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

/** An official schema as the referee reads it. */
export type OfficialSchema = {
  /** The key the schema is added to Ajv under, and the name of its generated module. */
  readonly id: string;
  readonly schema: object;
  readonly dialect: 'draft-07' | '2020-12';
  /** Schemas below a definition the referee checks against too (`Def/properties/…`). */
  readonly subschemas?: readonly string[];
};

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

/** Where a schema keeps its definitions (`$defs` in 2020-12, `definitions` in draft-07), and them. */
export function definitionsOf(schema: object): {
  readonly at: '$defs' | 'definitions';
  readonly defs: Readonly<Record<string, SchemaDef>>;
} {
  const json = schema as {
    $defs?: Record<string, SchemaDef>;
    definitions?: Record<string, SchemaDef>;
  };
  return json.$defs
    ? { at: '$defs', defs: json.$defs }
    : { at: 'definitions', defs: json.definitions ?? {} };
}

/** Every definition and subschema path a book of `official` may be asked for. */
export function checkedPaths(official: OfficialSchema): string[] {
  return [...Object.keys(definitionsOf(official.schema).defs), ...(official.subschemas ?? [])];
}

/**
 * The name a definition or subschema path is exported under in the generated module (an
 * identifier: `/` becomes `$`, which no definition name of the official schemas has).
 */
export function exportName(path: string): string {
  return path.replaceAll('/', '$');
}

/**
 * Ajv with the official schema added, as the referee compiles it (formats included). With `code`
 * (`{source: true, esm: true}`), the build generates the standalone module from it.
 */
export function officialAjv(official: OfficialSchema, code?: CodeOptions): AnyAjv {
  const Ajv = official.dialect === '2020-12' ? ajv2020() : ajvDraft07();
  const ajv = new Ajv(code ? { ...OFFICIAL_SCHEMA_OPTIONS, code } : OFFICIAL_SCHEMA_OPTIONS);
  ajvFormats()(ajv);
  ajv.addSchema(official.schema, official.id);
  return ajv;
}

/**
 * The book of one schema. Its validators come from `precompiled` (called once, on first use; by
 * default the generated module, where the program said where they are: setPrecompiledSource), else from an Ajv instance of its own made on
 * first use, so a session pays only for its revision.
 */
export function schemaBook(
  official: OfficialSchema,
  precompiled: () => Precompiled | null = () => precompiledFor(official.id),
): SchemaBook {
  const { at, defs } = definitionsOf(official.schema);
  let generated: Precompiled | null | undefined;
  let ajv: AnyAjv | null = null;
  const compiled = new Map<string, ValidateFunction>();

  function validatorOf(def: string): ValidateFunction {
    let validate = compiled.get(def);
    if (validate) return validate;
    if (generated === undefined) generated = precompiled();
    validate = generated?.[exportName(def)];
    if (!validate) {
      ajv ??= officialAjv(official);
      validate = ajv.getSchema(`${official.id}#/${at}/${def}`);
    }
    if (!validate) throw new Error(`no definition ${def} in the ${official.id} schema`);
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
