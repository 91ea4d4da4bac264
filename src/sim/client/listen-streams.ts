import { isObject, type JsonObject, type RequestId } from '../../protocol/index.js';
import {
  SUBSCRIPTION_ID_META,
  subscriptionIdOf as subscriptionIdIn,
} from '../../protocol/meta-keys.js';

/**
 * subscriptions/listen streams, the client's half (2026-07-28/basic/patterns/subscriptions): the
 * filter it asked for, what the server acknowledged, what arrived on the stream, how it ended.
 */

export const LISTEN = 'subscriptions/listen';
export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
export const SUBSCRIPTION_ID = SUBSCRIPTION_ID_META;

/** A `SubscriptionFilter`: each notification type is opt-in. */
export type ListenFilter = {
  readonly toolsListChanged?: boolean | undefined;
  readonly promptsListChanged?: boolean | undefined;
  readonly resourcesListChanged?: boolean | undefined;
  readonly resourceSubscriptions?: readonly string[] | undefined;
};

/**
 * The filter a client asks for, from what the server declared (architecture › Capability
 * Negotiation: a client uses what the server declared): each list whose `listChanged` it
 * declared, and updates of `uris` when it declared `resources.subscribe`. Null when that is nothing.
 */
export function filterFor(caps: JsonObject, uris: readonly string[] = []): ListenFilter | null {
  const declares = (name: string, flag: string) =>
    isObject(caps[name]) && caps[name][flag] === true;
  const filter: ListenFilter = {
    ...(declares('tools', 'listChanged') ? { toolsListChanged: true } : {}),
    ...(declares('prompts', 'listChanged') ? { promptsListChanged: true } : {}),
    ...(declares('resources', 'listChanged') ? { resourcesListChanged: true } : {}),
    ...(declares('resources', 'subscribe') && uris.length > 0
      ? { resourceSubscriptions: uris }
      : {}),
  };
  return Object.keys(filter).length === 0 ? null : filter;
}

export type ListenState =
  /** Sent; the acknowledgement has not come yet. */
  | 'opening'
  /** Acknowledged: notifications may arrive. */
  | 'open'
  /** The client sent notifications/cancelled for it (subscriptions › Cancellation). */
  | 'cancelled'
  /** The server answered the listen request: a graceful end (subscriptions › Graceful Closure). */
  | 'closed'
  /**
   * The server tore it down with notifications/cancelled naming the listen request (2026-07-28
   * basic/patterns/cancellation: a server MUST send one when it tears a listen stream down); no
   * response follows.
   */
  | 'torn-down'
  /** The server answered it with an error: no stream. */
  | 'refused';

/** Did the server end the stream (a result, or a teardown), rather than the client? */
export const endedByServer = (stream: ListenStream): boolean =>
  stream.state === 'closed' || stream.state === 'torn-down';

export type ListenStream = {
  readonly id: RequestId;
  readonly filter: JsonObject;
  state: ListenState;
  /** The subset the server agreed to honour (null before the acknowledgement). */
  acknowledged: JsonObject | null;
  /** The methods of the notifications that arrived on the stream, in order. */
  readonly received: string[];
  /** The error the server refused it with (state `refused`). */
  error: JsonObject | null;
};

/** The stream a server message names in `_meta` (subscriptions › Receiving Notifications). */
export function subscriptionIdOf(params: unknown): RequestId | undefined {
  return subscriptionIdIn(isObject(params) ? params._meta : undefined);
}

/** The filter asked for, as sent: only the fields that ask for something. */
export function filterParams(filter: ListenFilter): JsonObject {
  const out: JsonObject = {};
  for (const flag of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const) {
    if (filter[flag] === true) out[flag] = true;
  }
  if (filter.resourceSubscriptions && filter.resourceSubscriptions.length > 0) {
    out.resourceSubscriptions = [...filter.resourceSubscriptions];
  }
  return out;
}
