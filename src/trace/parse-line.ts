import { type Direction, isDirection } from '../protocol/index.js';

export type ParsedLine =
  | { readonly kind: 'skip'; readonly logLine?: true }
  | {
      readonly kind: 'message';
      readonly direction: Direction | null;
      readonly message: unknown;
      readonly logLine?: true;
    }
  | { readonly kind: 'problem'; readonly message: string };

const HOST_LOG = /Message from (client|server):\s*/;
/** A line of a host's log (timestamped) that carries no message: skipped, not reported. */
const LOG_LINE = /^\S*\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads one transcript line in any of the three accepted shapes: a wrapped object
 * `{direction, message}`, a bare JSON-RPC message (direction inferred later), or a host log line
 * that embeds a message after `Message from client:` / `Message from server:`. Inside a host log
 * (`inHostLog`), any other line that is not JSON is the host's or the server's own chatter (servers
 * write to stderr, which hosts copy into the log) and is skipped.
 */
export function parseLine(text: string, inHostLog = false): ParsedLine {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'skip' };
  const first = trimmed[0];
  if (first === '{' || first === '[') {
    const parsed = parseJson(trimmed);
    if (!parsed.ok) return { kind: 'problem', message: `not valid JSON (${parsed.error})` };
    const value = parsed.value;
    if (isObject(value) && 'direction' in value && 'message' in value && !('jsonrpc' in value)) {
      if (!isDirection(value.direction)) {
        return {
          kind: 'problem',
          message: `"direction" must be "client->server" or "server->client", not ${JSON.stringify(value.direction)}`,
        };
      }
      return { kind: 'message', direction: value.direction, message: value.message };
    }
    return { kind: 'message', direction: null, message: value };
  }
  const host = HOST_LOG.exec(trimmed);
  if (host) {
    const json = trimmed.slice(host.index + host[0].length);
    const parsed = parseJson(json);
    if (!parsed.ok) {
      return { kind: 'problem', message: `the logged message is not valid JSON (${parsed.error})` };
    }
    const direction: Direction = host[1] === 'client' ? 'client->server' : 'server->client';
    return { kind: 'message', direction, message: parsed.value, logLine: true };
  }
  if (inHostLog || LOG_LINE.test(trimmed)) return { kind: 'skip', logLine: true };
  return { kind: 'problem', message: 'not valid JSON, and not a host log line with a message' };
}
