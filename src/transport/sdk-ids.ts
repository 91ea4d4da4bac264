import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { isObject, type JsonObject } from '../protocol/json.js';

/**
 * An exact progress token (a bigint: a request's in `params._meta`, a progress notification's) as the number JSON.parse would
 * have read: the SDK's zod takes no bigint, and a stand-in would have to outlive every progress
 * notification the SDK writes. In a legacy HTTP session the token stays rounded, as it was.
 */
function roundedToken(message: unknown): unknown {
  if (!isObject(message) || !isObject(message.params)) return message;
  const token = message.params.progressToken;
  if (message.method === 'notifications/progress' && typeof token === 'bigint') {
    return { ...message, params: { ...message.params, progressToken: Number(token) } };
  }
  const meta = message.params._meta;
  if (!isObject(meta) || typeof meta.progressToken !== 'bigint') return message;
  const _meta = { ...meta, progressToken: Number(meta.progressToken) };
  return { ...message, params: { ...message.params, _meta } };
}

/** What starts every stand-in; the rest is random base64url. */
const PREFIX = '~#';
/** A stand-in as the SDK's JSON.stringify writes it (no character of it needs escaping). */
const WRITTEN = /"~#[\w-]+"/g;

/**
 * Exact ids (bigints, past 2^53 − 1: `withExactIds`) across the SDK's StreamableHTTPServerTransport,
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
 * One per session. An id's stand-in is forgotten once it is on the wire: in the handshake era only
 * the answer carries the request's id (progress names its token, not the id).
 */
export class SdkIds {
  readonly #byStandIn = new Map<string, { id: bigint; uses: number }>();
  readonly #byId = new Map<bigint, string>();

  /** The stand-in for `id` (made on first use). */
  #standIn(id: bigint): string {
    const known = this.#byId.get(id);
    if (known !== undefined) return known;
    // Quoted, as long as the digits: at least 16 of them past 2^53 − 1, so 12 random characters.
    const size = Math.max(String(id).length - 2 - PREFIX.length, 12);
    let standIn: string;
    do standIn = PREFIX + randomBytes(size).toString('base64url').slice(0, size);
    while (this.#byStandIn.has(standIn));
    this.#byId.set(id, standIn);
    this.#byStandIn.set(standIn, { id, uses: 0 });
    return standIn;
  }

  /**
   * A POSTed body as the SDK may read it: each message's exact id a stand-in, awaited on the wire
   * (null: the body holds none, and is handed over as it is).
   */
  body(parsed: unknown): unknown | null {
    const swap = (read: unknown): unknown => {
      const message = roundedToken(read);
      if (!isObject(message) || typeof message.id !== 'bigint') return message;
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
    if (!isObject(message) || typeof message.id !== 'string') return message;
    const entry = this.#byStandIn.get(message.id);
    return entry ? ({ ...message, id: entry.id } as T) : message;
  }

  /** An id as the SDK knows it (a relatedRequestId). */
  toSdk(id: string | number | bigint): string | number {
    return typeof id === 'bigint' ? this.#standIn(id) : id;
  }

  /** A message for the SDK to send: an exact id as its stand-in. */
  messageToSdk(message: JsonObject): JsonObject {
    return typeof message.id === 'bigint' ? { ...message, id: this.#standIn(message.id) } : message;
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
      if (entry.uses <= 0) {
        this.#byStandIn.delete(standIn);
        this.#byId.delete(entry.id);
      }
      return String(entry.id);
    });
    return typeof chunk === 'string' ? restored : Buffer.from(restored, 'latin1');
  }
}
