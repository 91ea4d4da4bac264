import { isObject, type JsonObject, jsonText, tokenKey } from './json.js';
import { type PeerSchemaIssue, schemaIssue } from './output-schema.js';

/**
 * The content a client accepts a form-mode elicitation with, checked against the request's
 * requestedSchema (client/elicitation › Form Mode Security: "Clients SHOULD validate all responses
 * against the provided schema"; "Servers SHOULD validate received data matches the requested
 * schema"). The schema is a flat object of primitive properties (› Requested Schema); Ajv checks it
 * whole, as a validating client would. A value outside a single- or multi-select enum is named
 * with the values the form offered, which Ajv's own words leave out.
 */

/** The keywords an enum's failure comes as: `enum`, or a titled option's `const` in oneOf/anyOf. */
const CHOICE_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'oneOf', 'anyOf']);

/** Where `content` first fails `schema`; null when it fits; undefined when it cannot be judged. */
export function elicitedContentIssue(
  schema: JsonObject,
  content: unknown,
): PeerSchemaIssue | null | undefined {
  const issue = schemaIssue(schema, content);
  if (!issue || issue.keyword === undefined || !CHOICE_KEYWORDS.has(issue.keyword)) return issue;
  const offered = offeredValues(schema, issue.pointer);
  if (offered === null) return issue;
  const values = offered.map((value) => jsonText(value));
  return {
    ...issue,
    message: `must be one of the values the form offers: ${values.join(', ')}`,
    messageZh: `必须是表单所提供的值之一：${values.join('、')}`,
  };
}

/**
 * The values a property offers (client/elicitation › Requested Schema › Enum Schema): a
 * single-select's `enum` or its titled `oneOf` consts; a multi-select's `items.enum` or its titled
 * `items.anyOf` consts. `pointer` is where Ajv failed, under the content: the property's own
 * (`/color`) or one of its items (`/colors/1`). null when the property offers no fixed set.
 */
function offeredValues(schema: JsonObject, pointer: string): unknown[] | null {
  const token = pointer.split('/')[1];
  if (token === undefined) return null;
  const name = tokenKey(token);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
  if (!isObject(property)) return null;
  return choices(property) ?? (isObject(property.items) ? choices(property.items) : null);
}

/** An `enum`, or the `const` of every option of a titled `oneOf`/`anyOf`. */
function choices(schema: JsonObject): unknown[] | null {
  if (Array.isArray(schema.enum)) return schema.enum;
  const options = Array.isArray(schema.oneOf) ? schema.oneOf : schema.anyOf;
  if (!Array.isArray(options) || options.length === 0) return null;
  const consts = options.map((option) => (isObject(option) ? option.const : undefined));
  return consts.every((value) => value !== undefined) ? consts : null;
}
