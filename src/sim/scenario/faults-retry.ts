/**
 * How a 2026-07-28 fault sends the client's retry changed (basic/patterns/mrtr): the retry the
 * client queued after its latest input_required round is taken back unsent and a changed one goes
 * out in its place. One place for it, so that every retry fault numbers and tokens it alike.
 */
import type { Bilingual } from '../../i18n/lang.js';
import { isObject, type JsonObject, type RequestId } from '../../protocol/index.js';
import type { QueuedRequest } from '../client/sim-client.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';

/**
 * The queued retry as a request with `id` and `params`. A retry that carries a progress token of
 * its own gets `progress-<id>`, as the client names it when it sends one itself.
 */
export function retryMessage(queued: QueuedRequest, id: RequestId, params: JsonObject): JsonObject {
  const body =
    queued.progress && isObject(params._meta)
      ? { ...params, _meta: { ...params._meta, progressToken: `progress-${String(id)}` } }
      : params;
  return { jsonrpc: '2.0', id, method: queued.method, params: body };
}

/**
 * The client's queued retry goes out with the inputResponses `reanswer` makes of the ones it had
 * (a copy, free to change). The queued retry is taken back unsent: it had no id yet, so the
 * client's numbering has no gap. When no retry is queued, or `reanswer` returns null (nothing of
 * what the fault changes is in it), the fault cannot play: `missing` says why.
 */
export function retryWithAnswers(
  ctx: FaultContext,
  name: string,
  missing: Bilingual,
  reanswer: (answers: JsonObject) => JsonObject | null,
): FaultResult {
  const queued = ctx.client.withdrawRetry();
  const given = queued?.answers ? queued.params.inputResponses : undefined;
  const answers = isObject(given) ? reanswer({ ...given }) : null;
  if (!queued || !answers) return cannot(missing, { name });
  const id = ctx.client.allocateId();
  return {
    ok: true,
    direction: 'client->server',
    message: retryMessage(queued, id, { ...queued.params, inputResponses: answers }),
  };
}

/** The server's latest input_required round in the session log: its step, result and requests. */
export type LoggedRound = {
  readonly at: number;
  readonly id: unknown;
  readonly result: JsonObject;
  readonly requests: JsonObject;
};

export function latestRound(ctx: FaultContext): LoggedRound | null {
  const steps = ctx.log.steps;
  for (let at = steps.length - 1; at >= 0; at--) {
    const step = steps[at];
    const m = step?.message;
    if (step?.direction !== 'server->client' || !isObject(m) || !isObject(m.result)) continue;
    const result = m.result;
    if (result.resultType === 'input_required' && isObject(result.inputRequests))
      return { at, id: m.id, result, requests: result.inputRequests };
  }
  return null;
}

/** The inputRequests of the server's latest input_required round, read from the session log. */
export const latestRoundRequests = (ctx: FaultContext): JsonObject =>
  latestRound(ctx)?.requests ?? {};
