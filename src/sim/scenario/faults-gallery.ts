/**
 * Handshake-era faults of the faults gallery (lesson 19): rules of basic/index, cancellation and
 * progress that a buggy peer breaks after the handshake, each fault breaking only its rule.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import type { JsonObject, RequestId } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';

const isId = (v: unknown): v is RequestId => typeof v === 'string' || typeof v === 'number';

/**
 * The server sends again the answer it last gave to one of the client's requests (same id, same
 * result or error): JSON-RPC 2.0 § 5 gives a call one Response, and 2025-11-25 basic/index ›
 * Responses ties a response to the request it answers. A request the client cancelled is left out
 * (an answer to it is response-after-cancellation's).
 */
export function duplicateResponse(ctx: FaultContext, name: string): FaultResult {
  const cancelled = new Set(ctx.cancelled.map((c) => JSON.stringify(c.id)));
  const last = ctx.log.steps.findLast((step) => {
    const m = step.message;
    if (step.direction !== 'server->client' || !isObject(m) || !isId(m.id)) return false;
    if (!('result' in m || 'error' in m) || cancelled.has(JSON.stringify(m.id))) return false;
    return ctx.log.requestSeen('client', m.id) && !ctx.log.requestPending('client', m.id);
  });
  if (!last) return cannot(FAULT_STRINGS.needsAnsweredRequest, { name });
  return { ok: true, direction: 'server->client', message: last.message as JsonObject };
}

/**
 * The client cancels `params.requestId` (default 999), a request it never sent: 2025-11-25
 * basic/utilities/cancellation › Behavior Requirements, a cancellation MUST only reference a
 * request previously issued in the same direction. The server ignores it (it MAY).
 */
export function cancelUnknownRequest(ctx: FaultContext, name: string): FaultResult {
  const id = isId(ctx.params.requestId) ? ctx.params.requestId : 999;
  if (ctx.log.requestSeen('client', id)) {
    return cannot(FAULT_STRINGS.requestIdSent, { name, id: JSON.stringify(id) });
  }
  return {
    ok: true,
    direction: 'client->server',
    message: {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: 'cleaning up' },
    },
  };
}

/**
 * The client calls `params.name` (default weather_current, `params.arguments` default Paris) with
 * the progress token of its latest request still in flight that carries one: 2025-11-25
 * basic/utilities/progress › Progress Flow, tokens MUST be unique across all active requests.
 */
export function duplicateProgressToken(ctx: FaultContext, name: string): FaultResult {
  const { client, params } = ctx;
  const active = [...ctx.log.view().pending]
    .reverse()
    .find((p) => p.requester === 'client' && p.progressToken !== undefined);
  if (active?.progressToken === undefined) {
    return cannot(FAULT_STRINGS.needsProgressToken, { name });
  }
  const tool = typeof params.name === 'string' ? params.name : 'weather_current';
  const args = isObject(params.arguments) ? params.arguments : { location: 'Paris' };
  const message = client.request('tools/call', {
    name: tool,
    arguments: args,
    _meta: { progressToken: active.progressToken },
  });
  return { ok: true, direction: 'client->server', message };
}

/**
 * The server sends `params.method` (default tools/list), a request only a client sends, as a
 * request of its own: the 2025-11-25 schema says which side sends each method.
 */
export function wrongDirection(ctx: FaultContext): FaultResult {
  const method = typeof ctx.params.method === 'string' ? ctx.params.method : 'tools/list';
  const given = isObject(ctx.params.params) ? ctx.params.params : undefined;
  return { ok: true, direction: 'server->client', message: ctx.server.makeRequest(method, given) };
}
