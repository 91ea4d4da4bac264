/**
 * Revision-exact validation for the handshake revisions before 2025-11-25 (2024-11-05, 2025-03-26,
 * 2025-06-18), against the official JSON Schema of each (src/protocol/schema/, draft-07), with Ajv.
 * The SDK v1's zod schemas follow the newest revision, so they accept in an older session what only
 * came later: audio content (2025-03-26), resource_link content (2025-06-18), URL-mode elicitation
 * and tasks (2025-11-25).
 *
 * Lazy, like the 2026-07-28 schema: a revision's Ajv instance is made the first time a message of a
 * session of that revision is checked, and each definition compiled the first time it is needed, so
 * a 2025-11-25 session never loads Ajv for them. Which definition belongs to which method is read
 * from the schema (the `method` const of each `…Request` and `…Notification`; the result of
 * `XRequest` is `XResult`, else the spec's `EmptyResult`), not from a table here.
 */
import s20241105 from './schema/2024-11-05.json' with { type: 'json' };
import s20250326 from './schema/2025-03-26.json' with { type: 'json' };
import s20250618 from './schema/2025-06-18.json' with { type: 'json' };
import {
  type ModernSchemaIssue,
  type OfficialSchema,
  type SchemaBook,
  schemaBook,
} from './schema-book.js';

/** The revisions judged with their own JSON Schema (2025-11-25 keeps the SDK's zod schemas). */
export const JSON_SCHEMA_REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18'] as const;
export type JsonSchemaRevision = (typeof JSON_SCHEMA_REVISIONS)[number];

export function hasJsonSchema(revision: string): revision is JsonSchemaRevision {
  return (JSON_SCHEMA_REVISIONS as readonly string[]).includes(revision);
}

const official = (revision: JsonSchemaRevision, schema: object): OfficialSchema => ({
  id: `mcp-${revision}`,
  schema,
  dialect: 'draft-07',
});

/** Each revision's schema as the referee reads it (and the build precompiles it). */
export const REVISION_SCHEMAS: Readonly<Record<JsonSchemaRevision, OfficialSchema>> = {
  '2024-11-05': official('2024-11-05', s20241105),
  '2025-03-26': official('2025-03-26', s20250326),
  '2025-06-18': official('2025-06-18', s20250618),
};

type Revision = {
  readonly book: SchemaBook;
  /** Method → the definition of its request or notification. */
  readonly messages: ReadonlyMap<string, string>;
  /** Method → the definition of its result. */
  readonly results: ReadonlyMap<string, string>;
};

const revisions = new Map<JsonSchemaRevision, Revision>();

function revisionOf(revision: JsonSchemaRevision): Revision {
  const known = revisions.get(revision);
  if (known) return known;
  const book = schemaBook(REVISION_SCHEMAS[revision]);
  const messages = new Map<string, string>();
  const results = new Map<string, string>();
  for (const [name, def] of Object.entries(book.defs)) {
    const method = def.properties?.method?.const;
    if (typeof method !== 'string') continue;
    if (name.endsWith('Notification')) messages.set(method, name);
    if (!name.endsWith('Request')) continue;
    messages.set(method, name);
    const result = name.replace(/Request$/, 'Result');
    results.set(method, book.defs[result] ? result : 'EmptyResult');
  }
  const made = { book, messages, results };
  revisions.set(revision, made);
  return made;
}

/**
 * Issues of a request or notification (`{method, params?}`, as the draft-07 schemas describe it)
 * in `revision`; [] for a method that revision does not have (unknown-method and the catalogue's
 * versions judge that).
 */
export function revisionMessageIssues(
  revision: JsonSchemaRevision,
  method: string,
  message: unknown,
): ModernSchemaIssue[] {
  const { book, messages } = revisionOf(revision);
  const def = messages.get(method);
  return def ? book.defIssues(def, message) : [];
}

/** Issues of the result of `method` in `revision`, pointers under `/result`. */
export function revisionResultIssues(
  revision: JsonSchemaRevision,
  method: string,
  result: unknown,
): ModernSchemaIssue[] {
  const { book, results } = revisionOf(revision);
  const def = results.get(method);
  return def ? book.defIssues(def, result, '/result') : [];
}

/** The definitions compiled so far for `revision` (none until one of its messages is checked). */
export function compiledRevisionDefs(revision: JsonSchemaRevision): string[] {
  return revisions.get(revision)?.book.compiled() ?? [];
}
