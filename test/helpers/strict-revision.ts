/**
 * What a handshake-era revision's schema has no field for. The official schemas are permissive
 * (no `additionalProperties: false`), so a field that only arrived later (structuredContent,
 * title, resource_link content…) passes them; here every object type of the revision is closed,
 * except the free-form ones (JSON Schemas a tool or an elicitation carries, and every object the
 * schema already leaves open, such as `_meta` and `arguments`). Uses the project's own copies of
 * the schemas (src/protocol/schema/), as the referee does.
 */
import { Ajv, type ErrorObject } from 'ajv';
import s20241105 from '../../src/protocol/schema/2024-11-05.json' with { type: 'json' };
import s20250326 from '../../src/protocol/schema/2025-03-26.json' with { type: 'json' };
import s20250618 from '../../src/protocol/schema/2025-06-18.json' with { type: 'json' };

const SCHEMAS = { '2024-11-05': s20241105, '2025-03-26': s20250326, '2025-06-18': s20250618 };
export type StrictRevision = keyof typeof SCHEMAS;

/** JSON Schemas inside messages: whatever keywords they use is theirs. */
const FREE_FORM = new Set(['inputSchema', 'outputSchema', 'requestedSchema']);

function closed(node: unknown, key = ''): unknown {
  if (Array.isArray(node)) return node.map((n) => closed(n));
  if (node === null || typeof node !== 'object') return node;
  if (FREE_FORM.has(key)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    // Inside a `properties` map the keys are field names: pass the name on.
    out[k] =
      k === 'properties' && v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).map(([name, s]) => [name, closed(s, name)]))
        : closed(v);
  }
  if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

const compiled = new Map<
  StrictRevision,
  { ajv: Ajv; defs: Record<string, { properties?: { method?: { const?: string } } }> }
>();

function revision(v: StrictRevision) {
  let r = compiled.get(v);
  if (!r) {
    const schema = closed(SCHEMAS[v]) as { definitions: Record<string, never> };
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(schema, v);
    r = { ajv, defs: schema.definitions };
    compiled.set(v, r);
  }
  return r;
}

function defFor(v: StrictRevision, suffix: 'Request' | 'Notification', method: string) {
  const { defs } = revision(v);
  return Object.keys(defs).find(
    (name) => name.endsWith(suffix) && defs[name]?.properties?.method?.const === method,
  );
}

/**
 * The fields of a message the revision has no place for: a request or notification (its
 * `{method, params}`), or the result of a request of `method`. [] when everything fits.
 */
export function fieldsNotIn(v: StrictRevision, message: unknown, answered?: string): string[] {
  const m = message as { method?: string; result?: unknown; params?: unknown };
  let type: string | undefined;
  let value: unknown;
  if (answered !== undefined) {
    const request = defFor(v, 'Request', answered);
    const named = request?.replace(/Request$/, 'Result');
    type = named && named in revision(v).defs ? named : 'Result';
    value = m.result;
  } else if (typeof m.method === 'string') {
    type = defFor(v, 'Request', m.method) ?? defFor(v, 'Notification', m.method);
    value = { method: m.method, ...(m.params === undefined ? {} : { params: m.params }) };
  }
  if (type === undefined) return [`no type for ${JSON.stringify(message).slice(0, 80)} in ${v}`];
  const check = revision(v).ajv.getSchema(`${v}#/definitions/${type}`);
  if (!check) return [`no definitions/${type} in ${v}`];
  if (check(value)) return [];
  return (check.errors ?? []).map(
    (e: ErrorObject) =>
      `${type}${e.instancePath} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
  );
}
