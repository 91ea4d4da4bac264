import { EventSourceParserStream } from 'eventsource-parser/stream';
import {
  mcpNameOf,
  type ParamHeader,
  paramHeaderText,
  versionHeaderRequired,
} from '../protocol/http-headers.js';
import { isObject, isRequestId, type JsonObject, type RequestId } from '../protocol/index.js';
import { jsonText } from '../protocol/json.js';
import { PROTOCOL_VERSION_META } from '../protocol/meta-keys.js';

// The client's side of Streamable HTTP for `mcp-sim connect --url`: one POST per message, its
// answer read as one JSON body or as an SSE stream of messages (framed by eventsource-parser, as in
// the SDKs). Written on fetch, not on the
// SDKs' StreamableHTTPClientTransport: those parse every message against their schemas and drop
// (or throw on) what fails, and hand on neither the headers they send nor the bodies they read,
// so the referee could not see the envelopes as they crossed. SDK v1's does not send 2026-07-28's
// Mcp-Method and Mcp-Name at all.

/**
 * 2026-07-28 basic/transports/streamable-http › Value Encoding: a value that is not plain visible
 * ASCII (or has leading or trailing whitespace, or looks like the sentinel) goes as Base64 of its
 * UTF-8 between `=?base64?` and `?=`.
 */
export function headerValue(value: string): string {
  const plain =
    /^[\x20-\x7e\t]*$/.test(value) &&
    value.trim() === value &&
    !(value.startsWith('=?base64?') && value.endsWith('?='));
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * The data of each server-sent event a response body carries, in order (WHATWG HTML › Server-sent
 * events, as eventsource-parser reads it: the `data` lines of one event joined; comments, `id`,
 * `retry` and events without data give nothing; an event the stream's end cuts off is dropped).
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const events = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  for await (const event of events) yield event.data;
}

/**
 * Whether `url` is an endpoint of the deprecated HTTP+SSE transport (2024-11-05), asked as 2025-11-25
 * basic/transports › Backwards Compatibility says a client that supports older servers does once
 * its POSTed initialize failed with 400, 404 or 405: a GET of the URL that opens an SSE stream whose
 * first event is `endpoint`. Its data (the URL to POST messages to), or null: no such stream, or no
 * first event within `ms`. The stream is closed either way.
 */
export async function oldSseEndpoint(url: string, ms: number): Promise<string | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  try {
    const response = await fetch(url, {
      method: 'GET',
      headers: { accept: SSE_TYPE },
      signal: abort.signal,
    });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (!response.ok || type !== SSE_TYPE || !response.body) return null;
    const events = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    for await (const event of events) return event.event === 'endpoint' ? event.data : null;
    return null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/** How a POST's answer ended when it brought no JSON-RPC answer to the request it carried. */
export type HttpAnswer = {
  readonly status: number;
  /** The response's Content-Type, without parameters ('' when none). */
  readonly type: string;
  /** The start of a body that was not read as messages (an HTML page…), on one line. */
  readonly text: string;
  /** The body was an SSE stream that ended (or a JSON body was read) without the answer. */
  readonly streamEnded: boolean;
};

export type HttpWireEvents = {
  /** A message's text as it came: a JSON body, or one SSE event's data. */
  readonly text: (text: string) => void;
  /**
   * The POST of request `id` is over and no answer to it was read from it; or a body with a
   * JSON-RPC error came with an HTTP error status (its id may be null: a server that refuses the
   * POST as a whole, such as SDK v1's "Server not initialized").
   */
  readonly ended: (id: RequestId, answer: HttpAnswer, error: JsonObject | null) => void;
  /** A POST of a notification or a response that the server refused with an HTTP error. */
  readonly refused: (method: string, status: number) => void;
  /**
   * The server answered 404 to a POST or GET that carried the session's Mcp-Session-Id (`what`:
   * the request, the notification, or the GET stream): the session has ended (2025-11-25
   * basic/transports › Session Management). Nothing more is sent on it, and no DELETE.
   */
  readonly sessionEnded: (what: string, session: string) => void;
  /** The server could not be reached at all (connection refused, no such host…). */
  readonly unreachable: (error: Error) => void;
  /** Whether the client has read the answer to request `id` (from any stream). */
  readonly answered: (id: RequestId) => boolean;
};

const JSON_TYPE = 'application/json';
const SSE_TYPE = 'text/event-stream';

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The reason fetch gives for a failure, with its cause (`connect ECONNREFUSED 127.0.0.1:1`). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error && cause.message) return cause.message;
  return error.message;
}

/**
 * The client's end of a Streamable HTTP connection: POSTs each message with the headers its era
 * asks for, reads each answer, keeps the session the server assigns (handshake era), and ends it
 * with DELETE.
 */
export class HttpWire {
  readonly #url: URL;
  readonly #events: HttpWireEvents;
  /** Mcp-Session-Id, once the server assigned one (2025-03-26 to 2025-11-25). */
  #session: string | null = null;
  /** The version negotiated at initialize, sent as MCP-Protocol-Version (2025-06-18 on). */
  negotiated: string | null = null;
  /** The Mcp-Param-* headers of a tool's calls (from its listed inputSchema), by tool name. */
  paramHeaders: (tool: string) => readonly ParamHeader[] = () => [];
  readonly #open = new Map<string, AbortController>();
  readonly #pending = new Set<Promise<void>>();
  #gone = false;
  #getStream: AbortController | null = null;

  constructor(url: URL, events: HttpWireEvents) {
    this.#url = url;
    this.#events = events;
  }

  /**
   * The headers the message goes with: a modern request (its `_meta` names a protocol version)
   * mirrors its version, method and name (2026-07-28 streamable-http › Standard Request Headers;
   * a tools/call also its Mcp-Param-* headers); in the handshake era, the session's id and, once
   * a version from 2025-06-18 on is negotiated, MCP-Protocol-Version (2025-11-25
   * basic/transports › Protocol Version Header, › Session Management).
   */
  headersFor(message: JsonObject): Record<string, string> {
    const headers: Record<string, string> = {};
    const params = isObject(message.params) ? message.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    const modern = meta[PROTOCOL_VERSION_META];
    if (typeof message.method === 'string' && typeof modern === 'string') {
      headers['mcp-protocol-version'] = modern;
      headers['mcp-method'] = message.method;
      const name = mcpNameOf(message.method, params);
      if (name !== undefined) headers['mcp-name'] = headerValue(name);
      if (message.method === 'tools/call' && typeof params.name === 'string') {
        for (const { name: header, path } of this.paramHeaders(params.name)) {
          let node: unknown = params.arguments;
          for (const key of path) node = isObject(node) ? node[key] : undefined;
          const text = paramHeaderText(node);
          if (text !== undefined) headers[`mcp-param-${header.toLowerCase()}`] = headerValue(text);
        }
      }
      return headers;
    }
    if (versionHeaderRequired(this.negotiated)) headers['mcp-protocol-version'] = this.negotiated;
    if (this.#session !== null) headers['mcp-session-id'] = this.#session;
    return headers;
  }

  /** POSTs the message with these headers; what comes back is handed to the events. */
  post(message: JsonObject, headers: Record<string, string>): void {
    if (this.#gone) return;
    const id = 'method' in message && isRequestId(message.id) ? message.id : null;
    const abort = new AbortController();
    if (id !== null) this.#open.set(String(id), abort);
    const done = this.#exchange(message, headers, id, abort).finally(() => {
      if (id !== null && this.#open.get(String(id)) === abort) this.#open.delete(String(id));
      this.#pending.delete(done);
    });
    this.#pending.add(done);
  }

  /**
   * Closes the response stream of request `id` (2026-07-28: that is its cancellation,
   * basic/patterns/cancellation › Transport-Specific Cancellation).
   */
  abandon(id: RequestId): void {
    this.#open.get(String(id))?.abort();
    this.#open.delete(String(id));
  }

  async #exchange(
    message: JsonObject,
    headers: Record<string, string>,
    id: RequestId | null,
    abort: AbortController,
  ): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers: {
          'content-type': JSON_TYPE,
          accept: `${JSON_TYPE}, ${SSE_TYPE}`,
          ...headers,
        },
        body: jsonText(message),
        signal: abort.signal,
        redirect: 'follow',
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      if (!this.#gone) {
        this.#gone = true;
        this.#events.unreachable(new Error(reasonOf(error)));
      }
      return;
    }
    const session = response.headers.get('mcp-session-id');
    if (session !== null && message.method === 'initialize') this.#session = session;
    const sentSession = headers['mcp-session-id'];
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const status = response.status;
    const answer = (text: string, streamEnded: boolean): HttpAnswer => ({
      status,
      type: type ?? '',
      text: text.replace(/\s+/g, ' ').trim().slice(0, 120),
      streamEnded,
    });
    try {
      if (status === 404 && sentSession !== undefined) {
        // The session is over (› Session Management, items 3 and 4): the body, when it is a
        // JSON-RPC message, is kept in the record as what the server answered; then the run ends.
        const text = await response.text();
        if (type === JSON_TYPE && isObject(parseOrUndefined(text))) this.#events.text(text);
        this.#endSession(
          id === null
            ? String(message.method ?? 'a response')
            : `${String(message.method)} #${String(id)}`,
          sentSession,
        );
        return;
      }
      if (type === SSE_TYPE && response.ok && response.body) {
        for await (const data of sseData(response.body)) this.#events.text(data);
        if (id !== null && !this.#events.answered(id))
          this.#events.ended(id, answer('', true), null);
        return;
      }
      const text = await response.text();
      if (type === JSON_TYPE && text.trim() !== '') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        // An error status whose JSON is no JSON-RPC message (an OAuth 401's {"error": "…"}, a
        // gateway's) is not the server's MCP answer: the line that explains the failure quotes it.
        const rpc = isObject(parsed) && parsed.jsonrpc !== undefined;
        if (!response.ok && !rpc) {
          if (id === null) this.#events.refused(String(message.method), status);
          else this.#events.ended(id, answer(text, false), null);
          return;
        }
        // A body that is a message is read as one, whatever the status (an error body of a 400
        // is the server's answer: streamable-http › Backward Compatibility reads it).
        this.#events.text(text);
        if (id === null || this.#events.answered(id)) {
          if (id === null && !response.ok) this.#events.refused(String(message.method), status);
          return;
        }
        const error = isObject(parsed) && isObject(parsed.error) ? parsed : null;
        this.#events.ended(id, answer('', true), error);
        return;
      }
      if (id === null) {
        if (!response.ok) this.#events.refused(String(message.method ?? 'a response'), status);
        return;
      }
      this.#events.ended(id, answer(text, false), null);
    } catch (error) {
      if (abort.signal.aborted) return;
      if (id !== null && !this.#events.answered(id)) {
        this.#events.ended(id, answer(reasonOf(error), true), null);
      }
    }
  }

  /**
   * Opens the session's GET stream (2025-11-25 basic/transports › Listening for Messages from the
   * Server: the client MAY), on which a handshake-era server sends what belongs to no request (a
   * log line, a list change, its own requests). A 405 means the server offers none. 2026-07-28
   * has no such stream.
   */
  listen(): void {
    if (this.#gone) return;
    const abort = new AbortController();
    this.#getStream = abort;
    const headers: Record<string, string> = { accept: SSE_TYPE };
    if (versionHeaderRequired(this.negotiated)) headers['mcp-protocol-version'] = this.negotiated;
    if (this.#session !== null) headers['mcp-session-id'] = this.#session;
    void (async () => {
      try {
        const response = await fetch(this.#url, { method: 'GET', headers, signal: abort.signal });
        const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim();
        if (response.status === 404 && headers['mcp-session-id'] !== undefined) {
          await response.body?.cancel();
          this.#endSession('GET (the session’s stream)', headers['mcp-session-id']);
          return;
        }
        if (!response.ok || type !== SSE_TYPE || !response.body) {
          await response.body?.cancel();
          return;
        }
        for await (const data of sseData(response.body)) this.#events.text(data);
      } catch {
        // Closed by the client at the end, or by the server: nothing waits on this stream.
      }
    })();
    // Not awaited at the end: it stays open until the client closes it (settle).
  }

  /**
   * The client starts a new session (the server ended the last one): what is still open of the
   * old one is closed, and the next initialize goes without a session id or a negotiated version.
   */
  restart(): void {
    for (const abort of this.#open.values()) abort.abort();
    this.#open.clear();
    this.#getStream?.abort();
    this.#getStream = null;
    this.#session = null;
    this.negotiated = null;
    this.#gone = false;
  }

  /** The server ended the session: nothing more goes out on it (not even DELETE). */
  #endSession(what: string, session: string): void {
    // A late 404 to a request of a session the client has already left behind tells nothing new.
    if (this.#gone || session !== this.#session) return;
    this.#gone = true;
    this.#session = null;
    this.#events.sessionEnded(what, session);
  }

  /** Waits for every POST still being read (up to `ms`), then closes what is still open. */
  async settle(ms: number): Promise<void> {
    const all = Promise.allSettled([...this.#pending]);
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, ms))]);
    for (const abort of this.#open.values()) abort.abort();
    this.#open.clear();
    this.#getStream?.abort();
  }

  /**
   * Ends the session the server assigned with DELETE (2025-11-25 basic/transports › Session
   * Management: a client that no longer needs it SHOULD); a 405 means the server does not allow it.
   * Waits at most `waitMs` for the answer.
   */
  async close(waitMs = 2000): Promise<void> {
    if (this.#session === null || this.#gone) return;
    const headers: Record<string, string> = { 'mcp-session-id': this.#session };
    if (versionHeaderRequired(this.negotiated)) headers['mcp-protocol-version'] = this.negotiated;
    try {
      const response = await fetch(this.#url, {
        method: 'DELETE',
        headers,
        signal: AbortSignal.timeout(waitMs),
      });
      await response.body?.cancel();
    } catch {
      // The session ends with the server all the same.
    }
  }
}
