import { type RefereeState, requestPending, requestSeen, tokenProgress } from '../machine/model.js';
import {
  type Direction,
  directionsOf,
  isCatalogued,
  isProgressToken,
  type RequestId,
} from '../protocol/index.js';
import { isObject } from '../protocol/json.js';

const isId = (v: unknown): v is RequestId =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint';
/** A progress token: a string or an integer (past 2^53 − 1 a bigint, see withExactIds). */
const isToken = isProgressToken;

const pendingOf = requestPending;
const usedBy = requestSeen;
const tokenKnown = (ctx: RefereeState, requester: 'client' | 'server', token: RequestId) =>
  tokenProgress(ctx, requester, token) !== null;

/**
 * The direction of a bare message, from the session so far: initialize comes from the client; a
 * response travels opposite to the request it answers; a method goes the way the catalogue allows;
 * for methods either side may send, the ids and tokens already seen decide.
 */
export function inferDirection(ctx: RefereeState, message: unknown): Direction {
  if (!isObject(message)) return 'client->server';
  const method = message.method;
  if (!('method' in message)) {
    // A response: opposite to the pending request it answers. An object with "method" is meant
    // as a request or notification even when the method is not a string (the referee flags it).
    const id = message.id;
    if (!isId(id)) return 'server->client';
    if (pendingOf(ctx, 'client', id)) return 'server->client';
    if (pendingOf(ctx, 'server', id)) return 'client->server';
    return usedBy(ctx, 'server', id) && !usedBy(ctx, 'client', id)
      ? 'client->server'
      : 'server->client';
  }
  if (isCatalogued(method)) {
    const ways = directionsOf(method);
    if (ways.length === 1 && ways[0]) return ways[0];
  }
  const params = isObject(message.params) ? message.params : {};
  if (method === 'notifications/progress' && isToken(params.progressToken)) {
    // Progress goes back to whoever handed out the token.
    if (tokenKnown(ctx, 'server', params.progressToken)) return 'client->server';
    return 'server->client';
  }
  if (method === 'notifications/cancelled' && isId(params.requestId)) {
    // A cancellation comes from the side that sent the request.
    if (pendingOf(ctx, 'server', params.requestId) && !pendingOf(ctx, 'client', params.requestId)) {
      return 'server->client';
    }
    return 'client->server';
  }
  if (isId(message.id) && usedBy(ctx, 'client', message.id) && !usedBy(ctx, 'server', message.id)) {
    return 'server->client';
  }
  return 'client->server';
}
