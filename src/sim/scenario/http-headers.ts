import { filled } from '../../i18n/lang.js';
import { SERVE_STRINGS } from '../../i18n/serve-strings.js';
import { headerProblemOf, NAME_FIELD } from '../../protocol/http-headers.js';
import type { JsonObject } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { PROTOCOL_VERSION_META } from '../../protocol/meta-keys.js';

/**
 * A lesson's modern request as it would travel over Streamable HTTP (2026-07-28
 * basic/transports/streamable-http › Request Metadata). The session log has no headers, so a step
 * names only the ones that differ from what a conforming client sends; the request is then checked
 * as `mcp-sim serve --http` checks a real one, before the server sees it.
 */

/** The headers a conforming client mirrors from the body: lower-case names. */
export function conformingHeaders(message: JsonObject): Record<string, string> {
  const method = String(message.method);
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const out: Record<string, string> = {};
  const version = meta[PROTOCOL_VERSION_META];
  if (typeof version === 'string') out['mcp-protocol-version'] = version;
  out['mcp-method'] = method;
  const field = NAME_FIELD[method];
  const name = field === undefined ? undefined : params[field];
  if (typeof name === 'string') out['mcp-name'] = name;
  return out;
}

/**
 * The headers a request was POSTed with: the conforming ones with the step's changes (names in any
 * case; null leaves one out). Lower-case names, as the session log takes them.
 */
export function requestHeaders(
  message: JsonObject,
  changes: Readonly<Record<string, string | null>>,
): Record<string, string> {
  const headers = conformingHeaders(message);
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
): JsonObject | null {
  const headers = requestHeaders(message, changes);
  const problem = headerProblemOf((name) => headers[name], message);
  if (!problem) return null;
  const reason = filled(SERVE_STRINGS[problem.why], problem.values);
  return {
    jsonrpc: '2.0',
    ...('id' in message ? { id: message.id } : {}),
    error: { code: -32020, message: reason.en },
  };
}
