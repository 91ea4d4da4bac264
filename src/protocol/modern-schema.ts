/**
 * Era-exact validation of 2026-07-28 messages against the official JSON Schema of that revision
 * (src/protocol/schema/2026-07-28.json, copied from the spec repository), with Ajv. The SDK's zod
 * schemas accept both eras, so they cannot say whether a message is valid *for* 2026-07-28.
 *
 * Nothing is compiled at import: the Ajv instance is made on first use and each `$def` is compiled
 * the first time a message needs it. Which `$def` belongs to which method is read from the schema
 * (the `method` const of each message type, and `<Name>ResultResponse`), not from a table here.
 */
import { isObject, pointerToken } from './json.js';
import schema from './schema/2026-07-28.json' with { type: 'json' };
import {
  definitionsOf,
  type ModernSchemaIssue,
  type OfficialSchema,
  type SchemaDef,
  schemaBook,
} from './schema-book.js';

export type { ModernSchemaIssue, SchemaDef };

type ErrorDef = { properties?: { error?: { allOf?: SchemaDef[] } } };

/**
 * The `{code, data}` part of each error with a code of its own, by code: the path below its `$def`
 * (`<Name>/properties/error/allOf/<i>`), read from the schema.
 */
function errorParts(defs: Readonly<Record<string, SchemaDef>>): Map<number, string> {
  const parts = new Map<number, string>();
  for (const [name, def] of Object.entries(defs)) {
    const allOf = (def as ErrorDef).properties?.error?.allOf ?? [];
    allOf.forEach((part, i) => {
      const code = part.properties?.code?.const;
      if (typeof code === 'number' && !parts.has(code))
        parts.set(code, `${name}/properties/error/allOf/${i}`);
    });
  }
  return parts;
}

const ERROR_PARTS = errorParts(definitionsOf(schema).defs);

/** The 2026-07-28 schema as the referee reads it (and the build precompiles it). */
export const MODERN_SCHEMA: OfficialSchema = {
  id: 'mcp-2026-07-28',
  schema,
  dialect: '2020-12',
  subschemas: [...ERROR_PARTS.values()],
};

const BOOK = schemaBook(MODERN_SCHEMA);
const DEFS = BOOK.defs;

/**
 * Every issue of `value` against one `$def`, pointers prefixed with `base`. Failed unions are
 * reduced to the branch the value meant (see modern-schema-issues.ts).
 */
export const defIssues = BOOK.defIssues;

type Index = {
  readonly request: Map<string, string>;
  readonly notification: Map<string, string>;
  readonly embedded: Map<string, string>;
};
let index: Index | null = null;

/** Method → `$def` name, from the `method` const of every message type in the schema. */
function methodIndex(): Index {
  if (index) return index;
  const built: Index = { request: new Map(), notification: new Map(), embedded: new Map() };
  for (const [name, def] of Object.entries(DEFS)) {
    const method = def.properties?.method?.const;
    if (typeof method !== 'string') continue;
    // Wire messages have `jsonrpc`; requests also `id`. Method-only objects are inputRequests.
    const kind = !def.properties?.jsonrpc
      ? 'embedded'
      : def.properties.id
        ? 'request'
        : 'notification';
    // The first name wins: `CancelledNotification` before its alias `ClientNotification`.
    if (!built[kind].has(method)) built[kind].set(method, name);
  }
  index = built;
  return built;
}

const resultDefs = new Map<string, readonly string[]>();

/** The `$def` names a method's result may take: `<Name>ResultResponse.result`, else `<Name>Result`. */
function resultDefsOf(method: string): readonly string[] {
  let defs = resultDefs.get(method);
  if (defs === undefined) {
    defs = readResultDefs(method);
    resultDefs.set(method, defs);
  }
  return defs;
}

/** What `resultDefsOf` reads from the schema, once per method. */
function readResultDefs(method: string): string[] {
  const request =
    methodIndex().request.get(method) ?? methodIndex().embedded.get(method) ?? undefined;
  if (!request) return [];
  const response = DEFS[request.replace(/Request$/, 'ResultResponse')];
  const result = response?.properties?.result as SchemaDef | undefined;
  const refs =
    result?.anyOf ??
    (result ? [result] : [{ $ref: `#/$defs/${request.replace(/Request$/, 'Result')}` }]);
  return refs.flatMap((ref) => {
    const name = ref.$ref?.replace('#/$defs/', '');
    return name && DEFS[name] ? [name] : [];
  });
}

/** The 2026-07-28 methods that may answer with `input_required` (from the schema). */
export function inputRequiredMethods(): string[] {
  return [...methodIndex().request.keys()].filter((m) =>
    resultDefsOf(m).includes('InputRequiredResult'),
  );
}

/** Issues of a whole request or notification (`{jsonrpc, id?, method, params?}`); [] for a method 2026-07-28 does not have. */
export function modernMessageIssues(
  method: string,
  kind: 'request' | 'notification',
  message: unknown,
): ModernSchemaIssue[] {
  const def = methodIndex()[kind].get(method);
  return def ? defIssues(def, message) : [];
}

/**
 * Issues of a result (pointers under `/result`). Where the method allows `input_required`
 * (tools/call, prompts/get, resources/read), `resultType` picks the alternative instead of Ajv
 * reporting both.
 */
export function modernResultIssues(method: string, result: unknown): ModernSchemaIssue[] {
  const defs = resultDefsOf(method);
  const inputRequired = isObject(result) && result.resultType === 'input_required';
  const def =
    defs.find((d) => (d === 'InputRequiredResult') === inputRequired) ?? defs[0] ?? undefined;
  return def ? defIssues(def, result, '/result') : [];
}

/** Issues of one `inputRequests` entry (an embedded `elicitation/create`, `sampling/createMessage` or `roots/list`). */
export function inputRequestIssues(
  key: string,
  value: unknown,
  base = '/result/inputRequests',
): ModernSchemaIssue[] {
  return defIssues('InputRequest', value, `${base}/${pointerToken(key)}`);
}

/**
 * Issues of one `inputResponses` value. With the method of the matching inputRequest it is checked
 * against that method's result; without, against the alternative it resembles most.
 */
export function inputResponseIssues(
  key: string,
  value: unknown,
  method?: string,
  base = '/params/inputResponses',
): ModernSchemaIssue[] {
  const at = `${base}/${pointerToken(key)}`;
  const def = method === undefined ? undefined : resultDefsOf(method)[0];
  return defIssues(def ?? 'InputResponse', value, at);
}

/**
 * Issues of an error's `data` for the codes whose data the 2026-07-28 schema defines (−32021
 * `requiredCapabilities`, −32022 `supported` and `requested`); [] for any other code.
 */
export function modernErrorDataIssues(code: number, data: unknown): ModernSchemaIssue[] {
  const part = ERROR_PARTS.get(code);
  const value = data === undefined ? { code } : { code, data };
  return part ? defIssues(part, value, '/error').filter((i) => i.pointer !== '/error/code') : [];
}

/** The `$def`s compiled so far, in order (compiling is lazy: none right after import). */
export function compiledModernDefs(): string[] {
  return BOOK.compiled();
}
