import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type HeaderProblem, headerProblemOf } from '../protocol/http-headers.js';
import type { JsonObject, RequestId } from '../protocol/index.js';
import { jsonText } from '../protocol/json.js';
import type { HttpHeaders } from '../session/index.js';

export type { HeaderProblem } from '../protocol/http-headers.js';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** A header's first value. */
export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Does the request's `Accept` list both `application/json` and `text/event-stream`, as a client
 * MUST (streamable-http › Sending Messages, 2025-03-26 on)? Read as the SDK's transports read it:
 * the two media types by name (a bare wildcard is not enough).
 */
export function acceptsBoth(req: IncomingMessage): boolean {
  const accept = (header(req, 'accept') ?? '').toLowerCase();
  return accept.includes('application/json') && accept.includes('text/event-stream');
}

/** Writes a JSON-RPC error as the whole HTTP response, and returns the error it wrote. */
export function jsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id?: RequestId,
): JsonObject {
  // Transports › HTTP: an error body MAY be a JSON-RPC error with no id.
  const error: JsonObject = {
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    error: { code, message },
  };
  res.writeHead(status, { 'Content-Type': 'application/json' });
  // An id past 2^53 − 1 (a bigint) as the digits the client sent.
  res.end(jsonText(error));
  return error;
}

/**
 * The body as text; `tooLarge` when it is larger than `max` bytes (read to the end either way),
 * `notUtf8` when its bytes are not UTF-8 (MCP messages are UTF-8 text: decoding such a body would
 * silently turn the broken bytes into U+FFFD and serve a message the client never sent), with
 * that lossy text, for the session log to keep as the stdio server keeps such a line.
 */
export function readBody(
  req: IncomingMessage,
  max: number,
): Promise<
  | { readonly text: string }
  | { readonly problem: 'tooLarge' }
  | { readonly problem: 'notUtf8'; readonly lossy: string }
> {
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
      const text = bytes.toString('utf8');
      resolve(isUtf8(bytes) ? { text } : { problem: 'notUtf8', lossy: text });
    });
    req.on('error', reject);
  });
}

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

/**
 * The Streamable HTTP headers that name the protocol version (2025-06-18 on) and, in 2026-07-28,
 * mirror a request's body (› Standard Request Headers: `MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name`, `Mcp-Param-*`), lower-case, first value each: what the session log is given beside
 * the body, so the referee judges them and the transcript keeps them. Only these: other headers
 * (`Authorization`, cookies) stay out of the log and out of a `--trace-file`.
 */
export function mcpHeaders(req: IncomingMessage): HttpHeaders {
  return mcpHeadersOf(req.headers);
}

/** As `mcpHeaders`, from a request's header record (the SDK's transports hand one on). */
export function mcpHeadersOf(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
): HttpHeaders {
  const kept: Record<string, string> = {};
  for (const [key, raw] of Object.entries(headers)) {
    const name = key.toLowerCase();
    if (
      name === 'mcp-protocol-version' ||
      name === 'mcp-method' ||
      name === 'mcp-name' ||
      name.startsWith('mcp-param-')
    ) {
      const value = typeof raw === 'string' ? raw : raw?.[0];
      if (value !== undefined) kept[name] = value;
    }
  }
  return kept;
}
