import { filled } from '../../i18n/lang.js';
import { SERVE_STRINGS } from '../../i18n/serve-strings.js';
import {
  headerProblemOf,
  mcpNameOf,
  unservedVersionHeader,
  versionHeaderRequired,
} from '../../protocol/http-headers.js';
import type { JsonObject } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { PROTOCOL_VERSION_META } from '../../protocol/meta-keys.js';

/**
 * A lesson's modern request as it would travel over Streamable HTTP (2026-07-28
 * basic/transports/streamable-http › Request Metadata). The session log has no headers, so a step
 * names only the ones that differ from what a conforming client sends; the request is then checked
 * as `mcp-sim serve --http` checks a real one, before the server sees it.
 */

/**
 * A handshake-era session over HTTP: the version negotiated (null before the initialize result)
 * and the versions the server serves.
 */
export type LegacyHttp = {
  readonly negotiated: string | null;
  readonly supported: readonly string[];
};

/**
 * The headers a conforming client sends, lower-case names. In 2026-07-28 they mirror the body;
 * in the handshake era (`legacy`) only MCP-Protocol-Version exists, with the negotiated version, on
 * every request after initialize, from 2025-06-18 on (2025-11-25 basic/transports › Protocol
 * Version Header); Mcp-Method and Mcp-Name are 2026-07-28's.
 */
export function conformingHeaders(
  message: JsonObject,
  legacy: LegacyHttp | null = null,
): Record<string, string> {
  if (legacy !== null) {
    if (message.method === 'initialize' || !versionHeaderRequired(legacy.negotiated)) return {};
    return { 'mcp-protocol-version': legacy.negotiated };
  }
  const method = String(message.method);
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const out: Record<string, string> = {};
  const version = meta[PROTOCOL_VERSION_META];
  if (typeof version === 'string') out['mcp-protocol-version'] = version;
  out['mcp-method'] = method;
  const name = mcpNameOf(method, params);
  if (name !== undefined) out['mcp-name'] = name;
  return out;
}

/**
 * The headers a request was POSTed with: the conforming ones with the step's changes (names in any
 * case; null leaves one out). Lower-case names, as the session log takes them.
 */
export function requestHeaders(
  message: JsonObject,
  changes: Readonly<Record<string, string | null>>,
  legacy: LegacyHttp | null = null,
): Record<string, string> {
  const headers = conformingHeaders(message, legacy);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  return headers;
}

/**
 * The -32020 HeaderMismatch the HTTP server answers when the request's headers (the conforming
 * ones with the step's changes) disagree with its body, or null when they agree. The message is
 * the one `mcp-sim serve --http` writes.
 */
export function headerRefusal(
  message: JsonObject,
  changes: Readonly<Record<string, string | null>>,
  legacy: LegacyHttp | null = null,
): JsonObject | null {
  const headers = requestHeaders(message, changes, legacy);
  if (legacy !== null) return legacyRefusal(message, headers, legacy);
  const problem = headerProblemOf((name) => headers[name], message);
  if (!problem) return null;
  const reason = filled(SERVE_STRINGS[problem.why], problem.values);
  return {
    jsonrpc: '2.0',
    ...('id' in message ? { id: message.id } : {}),
    error: { code: -32020, message: reason.en },
  };
}

/**
 * A handshake-era server over HTTP, as `mcp-sim serve --http` is one: an MCP-Protocol-Version it
 * does not serve is refused, 400 with -32600 and the reason (2025-11-25 basic/transports ›
 * Protocol Version Header: "invalid or unsupported" MUST get 400 Bad Request); a missing one is
 * served (the server goes by the version negotiated at initialize, else it SHOULD assume
 * 2025-03-26).
 */
function legacyRefusal(
  message: JsonObject,
  headers: Readonly<Record<string, string>>,
  legacy: LegacyHttp,
): JsonObject | null {
  const refused = unservedVersionHeader(headers['mcp-protocol-version'], legacy.supported);
  if (!refused) return null;
  const reason = filled(SERVE_STRINGS.unsupportedVersionHeader, refused);
  return {
    jsonrpc: '2.0',
    ...('id' in message ? { id: message.id } : {}),
    error: { code: -32600, message: reason.en },
  };
}
