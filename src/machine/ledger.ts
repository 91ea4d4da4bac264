import { idKey, type RequestId, type Side } from '../protocol/index.js';
import type { PendingRequest, RequestRecord, TokenRecord } from './context.js';

/** The key of a request in its requester's id space (the client's 1 is not the server's 1). */
export const requestKey = (requester: Side, id: RequestId) => `req|${requester}|${idKey(id)}`;

/** The key of a progress token handed out by `requester`. */
export const tokenKey = (requester: Side, token: string | number) =>
  `tok|${requester}|${typeof token === 'number' ? `n:${token}` : `s:${token}`}`;

/**
 * The facts that grow with a session: every request id ever used, every progress token, every
 * confirmed subscription. It is one set of mutable maps per session, written by the machine's
 * record actions: the session log advances a referee once per event, in order, and never again
 * from an older state (see `advance`), so no earlier snapshot needs its own copy. Only the machine
 * writes it; everything else reads it through the model's queries.
 */
export class Ledger {
  readonly requests = new Map<string, RequestRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  /** URIs whose resources/subscribe got a successful response, and not unsubscribed since. */
  readonly subscriptions = new Set<string>();
  /**
   * The requests waiting for their answer now, by key: the number each was opened as in the
   * context's `OpenRequests`. Answers "is it pending?" in one look-up, however many are open.
   */
  readonly waiting = new Map<string, number>();
  /** How many resources/subscribe for each URI are waiting for their answer (none: no entry). */
  readonly subscribing = new Map<string, number>();
  #opened = 0;

  /** Marks a request as waiting; returns the number it is opened as (always a new, higher one). */
  open(key: string, request: PendingRequest): number {
    const seq = this.#opened++;
    this.waiting.set(key, seq);
    const uri = subscribeUri(request);
    if (uri !== undefined) this.subscribing.set(uri, (this.subscribing.get(uri) ?? 0) + 1);
    return seq;
  }

  /** The request stopped waiting (answered, cancelled, or its id reused). */
  close(key: string, request: PendingRequest | undefined): void {
    this.waiting.delete(key);
    const uri = request && subscribeUri(request);
    if (uri === undefined) return;
    const left = (this.subscribing.get(uri) ?? 1) - 1;
    if (left > 0) this.subscribing.set(uri, left);
    else this.subscribing.delete(uri);
  }

  request(requester: Side, id: RequestId): RequestRecord | undefined {
    return this.requests.get(requestKey(requester, id));
  }

  token(requester: Side, token: string | number): TokenRecord | undefined {
    return this.tokens.get(tokenKey(requester, token));
  }
}

const subscribeUri = (request: PendingRequest) =>
  request.method === 'resources/subscribe' ? request.uri : undefined;
