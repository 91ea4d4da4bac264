import { withExactIds } from '../protocol/exact-ids.js';
import { type Direction, isDirection, type RequestId } from '../protocol/index.js';
import { isObject, pointerToken } from '../protocol/json.js';
import { notJson } from './step.js';

export type ParsedLine =
  | { readonly kind: 'skip' }
  | {
      readonly kind: 'message';
      readonly direction: Direction | null;
      readonly message: unknown;
      /** The line came from a host log (`… Message from client: {…}`). */
      readonly hostLog?: true;
      /** A wrapped line's `t_ms`: when the recorder saw the message (ms), if it said. */
      readonly tMs?: number;
      /** A wrapped line's `headers`: the HTTP request headers it was POSTed with (lower-case). */
      readonly headers?: Readonly<Record<string, string>>;
    }
  /**
   * `{"direction": "client->server", "abandon": <id>}`: the client closed the HTTP response stream
   * of its request `id` (no message; a Streamable HTTP recorder writes it).
   */
  | { readonly kind: 'abandon'; readonly id: RequestId; readonly tMs?: number }
  | { readonly kind: 'problem'; readonly message: string; readonly messageZh: string }
  /** Not JSON and no message in it: a host log's own chatter, or a broken line of a transcript. */
  | { readonly kind: 'chatter'; readonly message: string; readonly messageZh: string };

const HOST_LOG = /Message from (client|server):\s*/;

/**
 * A wrapped line's `headers`: an object of header names to strings, names in any case (HTTP
 * names are case-insensitive: streamable-http › Case Sensitivity), kept lower-case; or the JSON
 * pointer of what is not a string.
 */
function headersOf(value: unknown): { headers: Record<string, string> } | { pointer: string } {
  if (!isObject(value)) return { pointer: '/headers' };
  const headers: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    const pointer = `/headers/${pointerToken(name)}`;
    if (typeof text !== 'string') return { pointer };
    headers[name.toLowerCase()] = text;
  }
  return { headers };
}

/** A line `{"direction": "client->server", "abandon": <id>}` (direction optional), or its problem. */
function abandonLine(value: Readonly<Record<string, unknown>>): ParsedLine {
  if ('message' in value) {
    return {
      kind: 'problem',
      message: 'a line holds either "message" or "abandon", not both',
      messageZh: '一行只能有 "message" 或 "abandon" 之一，不能两者都有',
    };
  }
  if ('direction' in value && value.direction !== 'client->server') {
    return {
      kind: 'problem',
      message: `"abandon" is the client closing its request's response stream: "direction" must be "client->server", not ${JSON.stringify(value.direction)}`,
      messageZh: `"abandon" 表示客户端关闭自己请求的响应流："direction" 必须是 "client->server"，而不是 ${JSON.stringify(value.direction)}`,
    };
  }
  // A bigint: an id past 2^53 − 1 with the digits the line wrote (withExactIds).
  const id = value.abandon;
  if (
    typeof id !== 'string' &&
    typeof id !== 'bigint' &&
    !(typeof id === 'number' && Number.isFinite(id))
  ) {
    return {
      kind: 'problem',
      message: `"abandon" must be the id of the request whose stream closed (a string or a number), not ${JSON.stringify(id)}`,
      messageZh: `"abandon" 必须是其响应流被关闭的请求的 id（字符串或数字），而不是 ${JSON.stringify(id)}`,
    };
  }
  const tMs = value.t_ms;
  return typeof tMs === 'number' && Number.isFinite(tMs)
    ? { kind: 'abandon', id, tMs }
    : { kind: 'abandon', id };
}

/**
 * `{"direction": …, "unreadable": "<why>", "unreadable_zh": "<why>", "text": "<what was read>"}`:
 * a line its recorder could not read (serve's or connect's --trace-file), reported with the reason
 * the recorder gave when it happened, not judged again (see `unreadableRecord`).
 */
function unreadableLine(value: Readonly<Record<string, unknown>>): ParsedLine {
  if ('message' in value || 'abandon' in value) {
    return {
      kind: 'problem',
      message: 'a line holds one of "message", "abandon" or "unreadable", not more',
      messageZh: '一行只能有 "message"、"abandon" 或 "unreadable" 之一，不能更多',
    };
  }
  const why = value.unreadable;
  if (typeof why !== 'string' || why === '') {
    return {
      kind: 'problem',
      message: `"unreadable" must be why the line could not be read (a string), not ${JSON.stringify(why)}`,
      messageZh: `"unreadable" 必须是这一行无法读取的原因（字符串），而不是 ${JSON.stringify(why)}`,
    };
  }
  const zh = value.unreadable_zh;
  return { kind: 'problem', message: why, messageZh: typeof zh === 'string' ? zh : why };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    // An id past 2^53 − 1 keeps the digits the line wrote (JSON.parse would round them).
    return { ok: true, value: withExactIds(text, JSON.parse(text)) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Reads one transcript line in any of the accepted shapes: a wrapped object `{direction, message}`,
 * a bare JSON-RPC message (direction inferred later), a host log line that embeds a message after
 * `Message from client:` / `Message from server:`, `{direction, abandon}` (the client closed a
 * request's HTTP response stream), or `{direction, unreadable}` (a line its recorder could not
 * read, with the reason). A line that is
 * none of these is `chatter`: the tracer decides whether it is a host log's own output (skipped)
 * or a broken line (reported), once it knows which kind of file it is reading.
 */
export function parseLine(text: string): ParsedLine {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'skip' };
  const parsed = parseJson(trimmed);
  if (parsed.ok) {
    const value = parsed.value;
    if (isObject(value) && 'unreadable' in value && !('jsonrpc' in value)) {
      return unreadableLine(value);
    }
    if (isObject(value) && 'abandon' in value && !('jsonrpc' in value)) return abandonLine(value);
    if (isObject(value) && 'direction' in value && 'message' in value && !('jsonrpc' in value)) {
      if (!isDirection(value.direction)) {
        return {
          kind: 'problem',
          message: `"direction" must be "client->server" or "server->client", not ${JSON.stringify(value.direction)}`,
          messageZh: `"direction" 必须是 "client->server" 或 "server->client"，而不是 ${JSON.stringify(value.direction)}`,
        };
      }
      const read = 'headers' in value ? headersOf(value.headers) : null;
      if (read && 'pointer' in read) {
        return {
          kind: 'problem',
          message: `"headers" must be an object of HTTP header names to strings (at ${read.pointer})`,
          messageZh: `"headers" 必须是从 HTTP 请求头名称到字符串的对象（位置 ${read.pointer}）`,
        };
      }
      const tMs = value.t_ms;
      return {
        kind: 'message',
        direction: value.direction,
        message: value.message,
        ...(typeof tMs === 'number' && Number.isFinite(tMs) ? { tMs } : {}),
        ...(read ? { headers: read.headers } : {}),
      };
    }
    if (isObject(value) && 'direction' in value && !('jsonrpc' in value)) {
      // A wrapper whose message is missing or misnamed ("msg"): say what the wrapper lacks, not
      // what the wrapper lacks as a JSON-RPC message.
      return {
        kind: 'problem',
        message: 'a wrapped line needs "message" (the JSON-RPC message) beside "direction"',
        messageZh: '包装过的行在 "direction" 旁边还需要 "message"（JSON-RPC 消息本身）',
      };
    }
    if (isObject(value) && 'message' in value && !('jsonrpc' in value)) {
      // A wrapped line without its direction: say so, not what the wrapper lacks as a message.
      return {
        kind: 'problem',
        message:
          'a wrapped line needs "direction" ("client->server" or "server->client") beside "message"',
        messageZh:
          '包装过的行在 "message" 旁边还需要 "direction"（"client->server" 或 "server->client"）',
      };
    }
    return { kind: 'message', direction: null, message: value };
  }
  const host = HOST_LOG.exec(trimmed);
  if (host) {
    const json = trimmed.slice(host.index + host[0].length);
    let logged = parseJson(json);
    if (!logged.ok) {
      // Claude Desktop ends each such line with its own trailer (` { metadata: undefined }`):
      // the message is the first whole JSON value, and what the host adds after it is not ours.
      const head = firstJsonValue(json);
      const retried = head === null ? null : parseJson(head);
      if (retried?.ok) logged = retried;
    }
    if (!logged.ok) {
      return {
        kind: 'problem',
        message: `the logged message is not valid JSON (${logged.error})`,
        messageZh: `日志中的消息不是有效的 JSON（${logged.error}）`,
      };
    }
    const direction: Direction = host[1] === 'client' ? 'client->server' : 'server->client';
    return { kind: 'message', direction, message: logged.value, hostLog: true };
  }
  const first = trimmed[0];
  const { en: message, zh: messageZh } = notJson(parsed.error);
  if (first === '{' || first === '[') return { kind: 'problem', message, messageZh };
  return { kind: 'chatter', message, messageZh };
}

/**
 * The first JSON object or array at the start of `text` (leading blanks skipped), as text: up to
 * its matching close bracket, strings and their escapes respected; null when it does not start
 * with one or never closes.
 */
function firstJsonValue(text: string): string | null {
  const start = text.search(/\S/);
  const open = text[start];
  if (start < 0 || (open !== '{' && open !== '[')) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}
