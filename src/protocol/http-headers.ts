import { isUtf8 } from 'node:buffer';
import { EXT_TASKS_METHODS } from './ext-tasks-schema.js';
import { isObject, type JsonObject, ownTable, pointerToken } from './json.js';
import { PROTOCOL_VERSION_META } from './meta-keys.js';
import { resolveVersion, VERSION_ALIASES, versionAtLeast } from './versions.js';

// The Streamable HTTP headers of 2026-07-28 that mirror a request's body, and the check a server
// makes on them: shared by `mcp-sim serve --http` (transport) and lessons whose steps name headers
// (sim), so both refuse a request for the same reason with the same words.

/** Why a modern request's headers were refused: a SERVE_STRINGS key and its values. */
export type HeaderProblem = {
  /** The server's message for it (a key of the serve strings). */
  readonly why: 'headerMissing' | 'headerMismatch' | 'headerUndecodable';
  readonly values: Readonly<Record<string, string>>;
};

/** 2026-07-28 basic/transports/streamable-http › Value Encoding: the Base64 sentinel. */
const BASE64_SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header value as the client meant it: a `=?base64?…?=` value decoded (null: not decodable). */
export function decodedHeader(value: string): string | null {
  const match = BASE64_SENTINEL.exec(value);
  if (!match) return value;
  const bytes = Buffer.from(match[1] ?? '', 'base64');
  return isUtf8(bytes) ? bytes.toString('utf8') : null;
}

/** The body field `Mcp-Name` mirrors, by method (streamable-http › Standard Request Headers). */
export const NAME_FIELD: Readonly<Record<string, 'name' | 'uri'>> = ownTable({
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
});

/**
 * The body value a conforming client puts in Mcp-Name: the core's field (NAME_FIELD) or, for the
 * tasks extension's tasks/get, tasks/update and tasks/cancel, params.taskId (ext-tasks e434597 ›
 * Streamable HTTP: Routing Headers). The extension asks no server to refuse a wrong one, so
 * headerProblemOf checks the core's alone (the referee's task-name-header judges the client).
 */
export function mcpNameOf(method: string, params: JsonObject): string | undefined {
  const field = EXT_TASKS_METHODS.includes(method) ? 'taskId' : NAME_FIELD[method];
  const name = field === undefined ? undefined : params[field];
  return typeof name === 'string' ? name : undefined;
}

/**
 * The same check on headers given by name (lower case), with the Mcp-Param-* headers of the tool
 * a tools/call calls when its listed inputSchema mirrors arguments (server/tools › x-mcp-header): a lesson's request, whose headers exist
 * only in its step, is refused exactly as `mcp-sim serve --http` refuses a real one.
 */
export function headerProblemOf(
  get: (name: string) => string | undefined,
  body: JsonObject,
  paramHeaders: readonly ParamHeader[] = [],
): HeaderProblem | null {
  const method = String(body.method);
  const params = isObject(body.params) ? body.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const version = get('mcp-protocol-version');
  if (version === undefined)
    return { why: 'headerMissing', values: { header: 'MCP-Protocol-Version' } };
  const sent = get('mcp-method');
  if (sent === undefined) return { why: 'headerMissing', values: { header: 'Mcp-Method' } };
  if (sent !== method) {
    return { why: 'headerMismatch', values: { header: 'Mcp-Method', value: sent, body: method } };
  }
  const bodyVersion = meta[PROTOCOL_VERSION_META];
  if (typeof bodyVersion === 'string' && bodyVersion !== version) {
    return {
      why: 'headerMismatch',
      values: { header: 'MCP-Protocol-Version', value: version, body: bodyVersion },
    };
  }
  const field = NAME_FIELD[method];
  const name = field === undefined ? undefined : params[field];
  if (typeof name === 'string') {
    const given = get('mcp-name');
    if (given === undefined) return { why: 'headerMissing', values: { header: 'Mcp-Name' } };
    const decoded = decodedHeader(given);
    if (decoded === null) return { why: 'headerUndecodable', values: { header: 'Mcp-Name' } };
    if (decoded !== name) {
      return { why: 'headerMismatch', values: { header: 'Mcp-Name', value: given, body: name } };
    }
  }
  // A tools/call of a tool whose inputSchema mirrors arguments into Mcp-Param-* headers.
  if (method === 'tools/call' && paramHeaders.length > 0)
    return paramHeaderProblemOf(get, params.arguments, paramHeaders);
  return null;
}

/**
 * A tool parameter mirrored into an `Mcp-Param-{name}` header (2026-07-28 server/tools ›
 * x-mcp-header): the header's name part and the chain of `properties` keys that leads to it.
 */
export type ParamHeader = { readonly name: string; readonly path: readonly string[] };

/** What a tool's x-mcp-header annotations are: the headers, or why the definition is invalid. */
export type ParamHeaders =
  | { readonly ok: true; readonly headers: readonly ParamHeader[] }
  | { readonly ok: false; readonly pointer: string; readonly problem: ParamHeaderProblem };

/** Why an x-mcp-header annotation breaks the constraints (streamable-http › Schema Extension). */
export type ParamHeaderProblem =
  | { readonly why: 'empty' }
  | { readonly why: 'notToken'; readonly value: string }
  | { readonly why: 'duplicate'; readonly value: string }
  | { readonly why: 'notPrimitive'; readonly value: string; readonly type: string }
  | { readonly why: 'notReachable'; readonly value: string }
  | { readonly why: 'notString' };

/** RFC 9110 § 5.1 field-name: 1*tchar (which has no control characters, CR or LF). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PARAM_TYPES = new Set(['string', 'integer', 'boolean']);
const KEY = 'x-mcp-header';

/**
 * Reads a tool's inputSchema for x-mcp-header annotations, as a client of the Streamable HTTP
 * transport MUST before it uses the tool (server/tools › x-mcp-header; streamable-http › Schema
 * Extension): every annotation, wherever it is, must be a non-empty token, unique regardless of
 * case, on a string, integer or boolean property reached from the root by `properties` keys only.
 * The first problem is named by its JSON pointer in the inputSchema.
 */
export function paramHeadersOf(inputSchema: unknown): ParamHeaders {
  const headers: ParamHeader[] = [];
  const seen = new Set<string>();
  let found: { pointer: string; problem: ParamHeaderProblem } | null = null;
  const visit = (node: unknown, pointer: string, path: string[] | null) => {
    if (found) return;
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) visit(item, `${pointer}/${i}`, null);
      return;
    }
    if (!isObject(node)) return;
    if (KEY in node) {
      const at = `${pointer}/${KEY}`;
      const value = node[KEY];
      const type = node.type;
      if (typeof value !== 'string') found = { pointer: at, problem: { why: 'notString' } };
      else if (value === '') found = { pointer: at, problem: { why: 'empty' } };
      else if (!TOKEN.test(value)) found = { pointer: at, problem: { why: 'notToken', value } };
      else if (seen.has(value.toLowerCase()))
        found = { pointer: at, problem: { why: 'duplicate', value } };
      else if (path === null || path.length === 0)
        found = { pointer: at, problem: { why: 'notReachable', value } };
      else if (typeof type !== 'string' || !PARAM_TYPES.has(type))
        found = {
          pointer: at,
          problem: { why: 'notPrimitive', value, type: JSON.stringify(type ?? null) },
        };
      else {
        seen.add(value.toLowerCase());
        headers.push({ name: value, path });
      }
      if (found) return;
    }
    for (const [key, child] of Object.entries(node)) {
      const at = `${pointer}/${pointerToken(key)}`;
      if (key === 'properties' && path !== null && isObject(child)) {
        for (const [name, schema] of Object.entries(child))
          visit(schema, `${at}/${pointerToken(name)}`, [...path, name]);
      } else if (key !== KEY) visit(child, at, null);
    }
  };
  visit(inputSchema, '', []);
  if (found === null) return { ok: true, headers };
  const { pointer, problem } = found as { pointer: string; problem: ParamHeaderProblem };
  return { ok: false, pointer, problem };
}

/**
 * The header value a client sends for an argument (streamable-http › Value Encoding): a string as
 * it is, an integer in decimal, a boolean as "true" / "false"; undefined when the value cannot be
 * mirrored (an object, a number that is no integer).
 */
export function paramHeaderText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return undefined;
}

/** The argument at a chain of `properties` keys, undefined where none is. */
function argumentAt(args: unknown, path: readonly string[]): unknown {
  let node = args;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * streamable-http › Server Behavior for Custom Headers: every argument a tool mirrors into a header
 * must be in its `Mcp-Param-{name}` header, equal after decoding; an absent argument has no header.
 */
export function paramHeaderProblemOf(
  get: (name: string) => string | undefined,
  args: unknown,
  headers: readonly ParamHeader[],
): HeaderProblem | null {
  for (const { name, path } of headers) {
    const text = paramHeaderText(argumentAt(args, path));
    if (text === undefined) continue;
    const header = `Mcp-Param-${name}`;
    const given = get(header.toLowerCase());
    if (given === undefined) return { why: 'headerMissing', values: { header } };
    const decoded = decodedHeader(given);
    if (decoded === null) return { why: 'headerUndecodable', values: { header } };
    if (decoded !== text)
      return { why: 'headerMismatch', values: { header, value: given, body: text } };
  }
  return null;
}

// The handshake era's one header, MCP-Protocol-Version: when a client sends it and when a server
// refuses it, shared by the referee (protocol-version-header), `mcp-sim serve --http` (transport)
// and lessons whose steps name headers (sim).

/** The revision that brought the header (2025-06-18 changelog: "MCP-Protocol-Version" header). */
export const VERSION_HEADER_SINCE = '2025-06-18';

/**
 * Whether a session that negotiated `negotiated` sends MCP-Protocol-Version on every HTTP request
 * after initialize (2025-11-25 basic/transports › Protocol Version Header; since 2025-06-18).
 */
export function versionHeaderRequired(negotiated: string | null): negotiated is string {
  const version = resolveVersion(negotiated);
  return version !== null && versionAtLeast(version, VERSION_HEADER_SINCE);
}

/**
 * An MCP-Protocol-Version a server serving `served` refuses, 400 Bad Request (basic/transports ›
 * Protocol Version Header: "invalid or unsupported"), with what to say: a version it does not serve,
 * nor an alias of one. null: served, a missing header too (the server goes by the version
 * negotiated at initialize, else it SHOULD assume 2025-03-26); a served version other than the
 * negotiated one is not refused either (the spec asks nothing of that case).
 */
export function unservedVersionHeader(
  version: string | undefined,
  served: readonly string[],
): { readonly version: string; readonly supported: string } | null {
  if (version === undefined || served.includes(version)) return null;
  const alias = VERSION_ALIASES[version];
  if (Object.hasOwn(VERSION_ALIASES, version) && alias !== undefined && served.includes(alias))
    return null;
  return { version, supported: served.join(', ') };
}
