import { idKey, type RequestId, type Side } from '../protocol/index.js';
import type { RequestRecord, TokenRecord } from './context.js';

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

  request(requester: Side, id: RequestId): RequestRecord | undefined {
    return this.requests.get(requestKey(requester, id));
  }

  token(requester: Side, token: string | number): TokenRecord | undefined {
    return this.tokens.get(tokenKey(requester, token));
  }
}
