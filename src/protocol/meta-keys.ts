import { isObject, type JsonObject } from './json.js';

/**
 * The `_meta` keys of 2026-07-28 (basic/index › _meta), in one place for every layer: the referee,
 * the simulated peers and the transports read and write the same strings.
 */

/** Names the revision a request follows (revisions without a handshake). */
export const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
/** Holds the capabilities a modern request declares. */
export const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';
export const CLIENT_INFO_META = 'io.modelcontextprotocol/clientInfo';
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';
/** On a result, names the server (2026-07-28, on every result: SHOULD). */
export const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';
/**
 * Ties a message to its task (2025-11-25 basic/utilities/tasks › Related Task Metadata): `{taskId}`
 * on every request, notification and response related to a task, and on a tasks/result's result.
 */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

/** The task a message's `_meta` (of its params or result) says it is related to, if any. */
export function relatedTaskOf(body: unknown): string | undefined {
  const meta = isObject(body) ? body._meta : undefined;
  const related = isObject(meta) ? meta[RELATED_TASK_META] : undefined;
  return isObject(related) && typeof related.taskId === 'string' ? related.taskId : undefined;
}

/** On a listen stream's messages: the id of the subscriptions/listen request. */
export const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';

/**
 * The listen stream a message's `_meta` names (2026-07-28/basic/patterns/subscriptions ›
 * Receiving Notifications): the id of a subscriptions/listen request, so a string or an integer,
 * exact past 2^53 − 1 (a bigint, as `withExactIds` reads it).
 */
export function subscriptionIdOf(meta: unknown): string | number | bigint | undefined {
  if (!isObject(meta)) return undefined;
  const id = meta[SUBSCRIPTION_ID_META];
  return typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint'
    ? id
    : undefined;
}

/** Do a request's params carry the modern envelope (either required key makes it one)? */
export function carriesEnvelope(params: JsonObject | undefined): boolean {
  const meta = params?._meta;
  return isObject(meta) && (PROTOCOL_VERSION_META in meta || CLIENT_CAPABILITIES_META in meta);
}
