import type { JsonObject, RequestId } from '../../protocol/index.js';
import { SUBSCRIPTION_ID_META } from '../../protocol/meta-keys.js';

/**
 * The open subscriptions/listen streams of a modern connection (2026-07-28
 * basic/patterns/subscriptions), by the id of the listen request. Only what each stream honours is
 * kept: it is the connection's, as the spec says (on stdio the server holds no subscription state
 * across reconnections), and it ends with a cancel, a graceful close or the transport.
 */

export { SUBSCRIPTION_ID_META };

/** The filter flags of the list_changed notifications. */
export type ListFlag = 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged';

/** A `SubscriptionFilter` as honoured: only what the client asked and the server supports. */
export type Honoured = {
  readonly toolsListChanged?: true;
  readonly promptsListChanged?: true;
  readonly resourcesListChanged?: true;
  readonly resourceSubscriptions?: readonly string[];
};

/** What the server supports, asked as the honoured subset is worked out. */
export type Supports = {
  /** Did the server declare `<primitive>.listChanged` for this flag? */
  readonly listChanged: (flag: ListFlag) => boolean;
  /** Did it declare resources.subscribe? */
  readonly subscribe: boolean;
  /** Is this a resource the server has (the only ones that can ever change)? */
  readonly knows: (uri: string) => boolean;
};

const FLAGS: readonly ListFlag[] = [
  'toolsListChanged',
  'promptsListChanged',
  'resourcesListChanged',
];

/**
 * Subscriptions › Acknowledgment: the subset the server agrees to honour; types it does not
 * support are left out (a flag not declared, resource updates without resources.subscribe, a URI
 * it has no resource for).
 */
export function honour(filter: JsonObject, supports: Supports): Honoured {
  const out: {
    -readonly [K in keyof Honoured]: Honoured[K];
  } = {};
  for (const flag of FLAGS) {
    if (filter[flag] === true && supports.listChanged(flag)) out[flag] = true;
  }
  const uris = filter.resourceSubscriptions;
  if (supports.subscribe && Array.isArray(uris)) {
    const kept = uris.filter((u): u is string => typeof u === 'string' && supports.knows(u));
    if (kept.length > 0) out.resourceSubscriptions = [...new Set(kept)];
  }
  return out;
}

export class ListenStreams {
  readonly #open = new Map<RequestId, Honoured>();

  open(id: RequestId, honoured: Honoured): void {
    this.#open.set(id, honoured);
  }

  /** The client's notifications/cancelled for a stream: it ends, with no response. */
  cancel(id: RequestId): boolean {
    return this.#open.delete(id);
  }

  has(id: RequestId): boolean {
    return this.#open.has(id);
  }

  /** The streams that honour a list_changed flag. */
  wanting(flag: ListFlag): RequestId[] {
    return [...this.#open].filter(([, h]) => h[flag] === true).map(([id]) => id);
  }

  /** The streams that watch a resource. */
  watching(uri: string): RequestId[] {
    return [...this.#open]
      .filter(([, h]) => h.resourceSubscriptions?.includes(uri) === true)
      .map(([id]) => id);
  }

  /** Ends every stream (the server closes them gracefully); returns their ids. */
  endAll(): RequestId[] {
    const ids = [...this.#open.keys()];
    this.#open.clear();
    return ids;
  }

  get size(): number {
    return this.#open.size;
  }
}

/** `_meta` naming the stream a message belongs to (subscriptions › Receiving Notifications). */
export function streamMeta(id: RequestId): JsonObject {
  return { [SUBSCRIPTION_ID_META]: id };
}

/** Subscriptions › Acknowledgment: the first message of a stream, with what it honours. */
export function acknowledgement(id: RequestId, honoured: Honoured): JsonObject {
  return {
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: streamMeta(id), notifications: honoured as JsonObject },
  };
}

/** A notification on one stream. */
export function onStream(id: RequestId, method: string, params: JsonObject = {}): JsonObject {
  return { jsonrpc: '2.0', method, params: { ...params, _meta: streamMeta(id) } };
}

/**
 * Subscriptions › Graceful Closure: the server ends a stream by answering its listen request,
 * `complete` and naming the stream (plus the server's name, as on every modern result).
 *
 * The 2026-07-28 text disagrees with itself here: basic/patterns/cancellation says a server "MUST
 * send `notifications/cancelled` referencing a `subscriptions/listen` request ID when it tears
 * down that subscription stream", while basic/patterns/subscriptions › Cancellation, the page that
 * defines the stream, says that on tearing it down the server "SHOULD send a successful
 * `subscriptions/listen` response" and then close the stream. Doing both would answer a request
 * the server itself declared cancelled. The simulated server follows the subscriptions page, whose
 * response also tells a graceful end from a dropped transport; the referee flags neither way.
 * The TypeScript SDK v2 server (2.4.0, listenRouter: `teardownAll` on stdio, `closeAll` over HTTP)
 * does the same: the complete result, no notifications/cancelled. Lesson 26 says all this.
 */
export function gracefulEnd(id: RequestId, serverMeta: JsonObject): JsonObject {
  return {
    jsonrpc: '2.0',
    id,
    result: { resultType: 'complete', _meta: { ...streamMeta(id), ...serverMeta } },
  };
}
