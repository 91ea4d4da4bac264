import { isUtf8 } from 'node:buffer';
import { isObject, type JsonObject } from './json.js';
import { PROTOCOL_VERSION_META } from './meta-keys.js';

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
function decodedHeader(value: string): string | null {
  const match = BASE64_SENTINEL.exec(value);
  if (!match) return value;
  const bytes = Buffer.from(match[1] ?? '', 'base64');
  return isUtf8(bytes) ? bytes.toString('utf8') : null;
}

/** The body field `Mcp-Name` mirrors, by method (streamable-http › Standard Request Headers). */
export const NAME_FIELD: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/**
 * The same check on headers given by name (lower case): a lesson's request, whose headers exist
 * only in its step, is refused exactly as `mcp-sim serve --http` refuses a real one.
 */
export function headerProblemOf(
  get: (name: string) => string | undefined,
  body: JsonObject,
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
  return null;
}
