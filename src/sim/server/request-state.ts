import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The simulated server's `requestState` (2026-07-28 basic/patterns/mrtr › Server Requirements
 * (Basic Workflow)): everything the server needs to finish a call after an input_required round
 * travels with the client, so the server keeps nothing between the round and the retry. The client
 * can change it, so it is sealed with an HMAC (SHA-256) and carries what the spec asks to bind: an
 * expiry on the server's clock and the originating request (method, tool, a digest of the
 * arguments). There is no authenticated principal on stdio, so none is bound.
 *
 * Format: `<payload>.<mac>`, both base64url; the MAC is over the payload's text.
 */

/** What a sealed state carries. */
export type StatePayload = {
  /** Format version. */
  readonly v: 1;
  /** The method of the request that got the round. */
  readonly method: string;
  /** The tool (tools/call) the round belongs to. */
  readonly tool: string;
  /** SHA-256 (base64url) of the call's arguments in canonical JSON. */
  readonly args: string;
  /** The keys of the round's inputRequests. */
  readonly keys: readonly string[];
  /** When the state stops being accepted, in ms on the server's clock. */
  readonly exp: number;
};

/** Why a state is refused; each reason is one clear message on the wire. */
export type StateProblem = 'malformed' | 'forged' | 'expired' | 'foreign';

export type Opened =
  | { readonly ok: true; readonly value: StatePayload }
  | { readonly ok: false; readonly error: StateProblem };

/** How long a round stays open: long enough for a person to fill in a form. */
export const STATE_TTL_MS = 10 * 60_000;

/** A fresh random key (one per `serve` process). */
export function randomStateKey(): Buffer {
  return randomBytes(32);
}

/** JSON with object keys sorted at every level, so equal arguments give equal digests. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The digest of a call's arguments that a state binds. */
export function argumentsDigest(args: unknown): string {
  return createHash('sha256').update(canonical(args)).digest('base64url');
}

export class RequestStateSeal {
  readonly #key: Buffer;

  constructor(key: string | Uint8Array) {
    this.#key = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
  }

  #mac(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest();
  }

  seal(payload: StatePayload): string {
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.#mac(body).toString('base64url')}`;
  }

  /**
   * Checks a state the client echoed against the request it came back on: the MAC first (nothing
   * of a forged state is read), then the expiry, then that it belongs to this very call.
   */
  open(
    state: string,
    call: { readonly method: string; readonly tool: string; readonly args: unknown },
    now: number,
  ): Opened {
    const parts = state.split('.');
    const [body, mac] = parts;
    if (parts.length !== 2 || !body || !mac || !/^[\w-]+$/.test(body) || !/^[\w-]+$/.test(mac)) {
      return { ok: false, error: 'malformed' };
    }
    const given = Buffer.from(mac, 'base64url');
    const expected = this.#mac(body);
    // base64url decoding ignores stray bits, so the text must also be the canonical encoding.
    if (
      given.length !== expected.length ||
      !timingSafeEqual(given, expected) ||
      given.toString('base64url') !== mac
    ) {
      return { ok: false, error: 'forged' };
    }
    let payload: StatePayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    } catch {
      return { ok: false, error: 'malformed' };
    }
    if (payload.v !== 1 || typeof payload.exp !== 'number' || !Array.isArray(payload.keys)) {
      return { ok: false, error: 'malformed' };
    }
    if (now >= payload.exp) return { ok: false, error: 'expired' };
    if (
      payload.method !== call.method ||
      payload.tool !== call.tool ||
      payload.args !== argumentsDigest(call.args)
    ) {
      return { ok: false, error: 'foreign' };
    }
    return { ok: true, value: payload };
  }
}
