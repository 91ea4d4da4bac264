import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fill } from '../i18n/lang.js';
import type { ServeStringKey } from '../i18n/serve-strings.js';
import type { JsonObject } from '../protocol/index.js';
import { isObject } from '../protocol/json.js';
import { PROTOCOL_VERSION_META } from '../protocol/meta-keys.js';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** A header's first value. */
export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function jsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id?: string | number,
): void {
  // Transports › HTTP: an error body MAY be a JSON-RPC error with no id.
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify({
      jsonrpc: '2.0',
      ...(id === undefined ? {} : { id }),
      error: { code, message },
    }),
  );
}

/**
 * The body as text; `tooLarge` when it is larger than `max` bytes (read to the end either way),
 * `notUtf8` when its bytes are not UTF-8 (MCP messages are UTF-8 text: decoding such a body would
 * silently turn the broken bytes into U+FFFD and serve a message the client never sent).
 */
export function readBody(
  req: IncomingMessage,
  max: number,
): Promise<{ readonly text: string } | { readonly problem: 'tooLarge' | 'notUtf8' }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > max) return resolve({ problem: 'tooLarge' });
      const bytes = Buffer.concat(chunks);
      resolve(isUtf8(bytes) ? { text: bytes.toString('utf8') } : { problem: 'notUtf8' });
    });
    req.on('error', reject);
  });
}

/** Why a modern request's headers were refused: a SERVE_STRINGS key and its values. */
export type HeaderProblem = { readonly why: ServeStringKey; readonly values: Record<string, Fill> };

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
 * 2026-07-28 basic/transports/streamable-http › Server Validation: `MCP-Protocol-Version`,
 * `Mcp-Method` and (for tools/call, prompts/get, resources/read) `Mcp-Name` are required and must
 * equal the body's `_meta` protocolVersion, method and params.name / params.uri; otherwise the
 * request is refused, 400 with HeaderMismatch (-32020). A body value that is missing is not
 * compared here: the request is then malformed, which the server answers itself (-32602).
 */
export function modernHeaderProblem(req: IncomingMessage, body: JsonObject): HeaderProblem | null {
  return headerProblemOf((name) => header(req, name), body);
}

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

/**
 * Transports › Security: the Host and Origin checks against DNS rebinding. Only this machine's
 * names (and the `--host` address) on the port actually bound are let through; a request without
 * Origin is not from a browser and passes that check.
 */
export function localChecks(host: string, port: () => number) {
  const allowedNames = new Set([...LOOPBACK, host.toLowerCase()]);
  return {
    hostAllowed(req: IncomingMessage): boolean {
      const value = header(req, 'host');
      if (!value) return false;
      const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value.toLowerCase());
      if (!match) return false;
      return (
        allowedNames.has(match[1] ?? '') && (match[2] === undefined || Number(match[2]) === port())
      );
    },
    originAllowed(req: IncomingMessage): boolean {
      const origin = header(req, 'origin');
      if (origin === undefined) return true;
      try {
        return allowedNames.has(new URL(origin).hostname.toLowerCase());
      } catch {
        return false;
      }
    },
  };
}
