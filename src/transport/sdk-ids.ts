import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { isObject, type JsonObject } from '../protocol/json.js';

/** How many progress tokens' stand-ins a session keeps (most recent first). */
const TOKENS_KEPT = 256;
/** What starts every stand-in; the rest is random base64url. */
const PREFIX = '~#';
/** A stand-in as the SDK's JSON.stringify writes it (no character of it needs escaping). */
const WRITTEN = /"~#[\w-]+"/g;

/** Where a message holds a progress token: a request's `params._meta`, a progress notification's `params`. */
function tokenAt(message: Record<string, unknown>): 'meta' | 'params' | null {
  const params = message.params;
  if (!isObject(params)) return null;
  if (message.method === 'notifications/progress' && params.progressToken !== undefined)
    return 'params';
  return isObject(params._meta) && params._meta.progressToken !== undefined ? 'meta' : null;
}

/** The message with its progress token (at `at`) replaced by `token`. */
function withToken(
  message: Record<string, unknown>,
  at: 'meta' | 'params',
  token: unknown,
): Record<string, unknown> {
  const params = message.params as Record<string, unknown>;
  if (at === 'params') return { ...message, params: { ...params, progressToken: token } };
  const _meta = { ...(params._meta as Record<string, unknown>), progressToken: token };
  return { ...message, params: { ...params, _meta } };
}

/**
 * Exact ids and progress tokens (bigints, past 2^53 − 1: `withExactIds`) across the SDK's StreamableHTTPServerTransport,
 * which frames a legacy session over HTTP (SSE streams, session ids, GET, DELETE) but reads each
 * message with zod, whose integer is a safe one (it refused such a request as "-32700 Parse
 * error"), and writes each with JSON.stringify (which throws on a bigint). It has no hook for
 * either, so the SDK is handed a stand-in for such an id: a random string, unique in the session,
 * as long when written as JSON (quoted) as the id's digits. The SDK keys its streams on it and
 * writes it; mcp-sim gets the id back from it in `onmessage`, and on the way out of the response
 * mcp-sim owns (`restoreOnWire`) the written stand-in becomes the digits again: the same number of
 * bytes, so the Content-Length the SDK's adapter may have set stays right. The session log, the
 * referee and the simulated server only ever see the exact id.
 *
 * A progress token (basic/utilities/progress: "a string or integer", no bound) goes the same way:
 * the SDK hands the simulated server the exact token back, and each progress notification the
 * server writes with it goes out with the stand-in, restored to the digits on the wire. (Given the
 * SDK the rounded number, its zod refused the request as "-32700 Parse error".)
 *
 * One per session. An id's stand-in is forgotten once it is on the wire: in the handshake era only
 * the answer carries the request's id (progress names its token, not the id). A token's is kept
 * for as long as progress may name it: the last `TOKENS_KEPT` tokens are.
 */
export class SdkIds {
  readonly #byStandIn = new Map<string, { id: bigint; uses: number; token: boolean }>();
  readonly #byId = new Map<bigint, string>();
  /** The stand-ins of progress tokens, oldest first. */
  readonly #tokens = new Set<string>();

  /** The stand-in for `id` (made on first use); a token's is kept past its writing. */
  #standIn(id: bigint, token = false): string {
    const known = this.#byId.get(id);
    if (known !== undefined) {
      if (token) this.#keepToken(known);
      return known;
    }
    // Quoted, as long as the digits: at least 16 of them past 2^53 − 1, so 12 random characters.
    const size = Math.max(String(id).length - 2 - PREFIX.length, 12);
    let standIn: string;
    do standIn = PREFIX + randomBytes(size).toString('base64url').slice(0, size);
    while (this.#byStandIn.has(standIn));
    this.#byId.set(id, standIn);
    this.#byStandIn.set(standIn, { id, uses: 0, token: false });
    if (token) this.#keepToken(standIn);
    return standIn;
  }

  /** Marks a stand-in as a token's: kept, the oldest let go past `TOKENS_KEPT`. */
  #keepToken(standIn: string): void {
    const entry = this.#byStandIn.get(standIn);
    if (!entry) return;
    entry.token = true;
    this.#tokens.delete(standIn);
    this.#tokens.add(standIn);
    if (this.#tokens.size <= TOKENS_KEPT) return;
    const oldest = this.#tokens.values().next().value as string;
    this.#tokens.delete(oldest);
    const old = this.#byStandIn.get(oldest);
    if (!old) return;
    old.token = false;
    // Still awaited as an id on the wire: that forgets it once written.
    if (old.uses > 0) return;
    this.#byStandIn.delete(oldest);
    this.#byId.delete(old.id);
  }

  /** The message with an exact progress token as its stand-in, or a stand-in token as the exact. */
  #swapToken(message: Record<string, unknown>, toSdk: boolean): Record<string, unknown> {
    const at = tokenAt(message);
    if (at === null) return message;
    const params = message.params as Record<string, unknown>;
    const token =
      at === 'params'
        ? params.progressToken
        : (params._meta as Record<string, unknown>).progressToken;
    if (toSdk) {
      return typeof token === 'bigint'
        ? withToken(message, at, this.#standIn(token, true))
        : message;
    }
    const entry = typeof token === 'string' ? this.#byStandIn.get(token) : undefined;
    return entry?.token ? withToken(message, at, entry.id) : message;
  }

  /**
   * A POSTed body as the SDK may read it: each message's exact id a stand-in, awaited on the wire
   * (null: the body holds none, and is handed over as it is).
   */
  body(parsed: unknown): unknown | null {
    const swap = (read: unknown): unknown => {
      if (!isObject(read)) return read;
      const message = this.#swapToken(read, true);
      if (typeof message.id !== 'bigint') return message;
      const standIn = this.#standIn(message.id);
      const entry = this.#byStandIn.get(standIn);
      if (entry) entry.uses += 1;
      return { ...message, id: standIn };
    };
    const swapped = Array.isArray(parsed) ? parsed.map(swap) : swap(parsed);
    const changed = Array.isArray(parsed)
      ? parsed.some((m, i) => m !== (swapped as unknown[])[i])
      : swapped !== parsed;
    return changed ? swapped : null;
  }

  /** A message the SDK handed on: its stand-in id back to the exact one. */
  fromSdk<T>(message: T): T {
    if (!isObject(message)) return message;
    const read = this.#swapToken(message, false);
    const entry = typeof read.id === 'string' ? this.#byStandIn.get(read.id) : undefined;
    return (entry ? { ...read, id: entry.id } : read) as T;
  }

  /** An id as the SDK knows it (a relatedRequestId). */
  toSdk(id: string | number | bigint): string | number {
    return typeof id === 'bigint' ? this.#standIn(id) : id;
  }

  /** A message for the SDK to send: an exact id as its stand-in. */
  messageToSdk(message: JsonObject): JsonObject {
    const sent = this.#swapToken(message, true) as JsonObject;
    return typeof sent.id === 'bigint' ? { ...sent, id: this.#standIn(sent.id) } : sent;
  }

  /** What the SDK writes on `res` (one SSE event, or a whole JSON body), stand-ins as digits. */
  restoreOnWire(res: ServerResponse): void {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(this.#restore(chunk), ...rest)) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) =>
      end(this.#restore(chunk), ...rest)) as typeof res.end;
  }

  #restore(chunk: unknown): unknown {
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return chunk;
    // Byte for byte (latin1): a stand-in is ASCII, and nothing else of the chunk is touched.
    const text =
      typeof chunk === 'string'
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    if (!text.includes(`"${PREFIX}`)) return chunk;
    const restored = text.replace(WRITTEN, (written) => {
      const standIn = written.slice(1, -1);
      const entry = this.#byStandIn.get(standIn);
      if (!entry) return written;
      entry.uses -= 1;
      if (entry.uses <= 0 && !entry.token) {
        this.#byStandIn.delete(standIn);
        this.#byId.delete(entry.id);
      }
      return String(entry.id);
    });
    return typeof chunk === 'string' ? restored : Buffer.from(restored, 'latin1');
  }
}
