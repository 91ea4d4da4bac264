/**
 * A retry lacking requested input, answered with an error (2026-07-28 basic/patterns/mrtr › Error
 * Handling: the server SHOULD ask for the missing information again in a new InputRequiredResult,
 * rather than return an error; lesson 30). It replaces the answer the lesson's server scheduled: a
 * retry without the input its round asked for gets a new round from the simulated server.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { isObject, type JsonObject, type RequestId } from '../../protocol/index.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';

/** Whether the client's latest request with `id` is a retry: it carries inputResponses or requestState. */
function isRetry(ctx: FaultContext, id: RequestId): boolean {
  const sent = ctx.log.steps.findLast((step) => {
    const m = step.message;
    return step.direction === 'client->server' && isObject(m) && 'method' in m && m.id === id;
  })?.message;
  const params = isObject(sent) && isObject(sent.params) ? sent.params : {};
  return 'inputResponses' in params || 'requestState' in params;
}

/**
 * The server answers the client's pending retry (a request carrying inputResponses or
 * requestState), for which it had scheduled a new input_required round, with -32602 naming the
 * input the round asks for, as if it could not go on without it. The retry is one a fault sent
 * (retry-without-answers), which the simulated client does not track: the session log and the
 * server's outbox say which it is.
 */
export function missingInputRefused(ctx: FaultContext, name: string): FaultResult {
  const round = ctx.server.outbox.list().findLast((item) => {
    const result: unknown = item.message.result;
    return (
      item.about !== undefined &&
      item.message.id === item.about &&
      isObject(result) &&
      result.resultType === 'input_required' &&
      ctx.log.requestPending('client', item.about) &&
      isRetry(ctx, item.about)
    );
  });
  const id = round?.about;
  if (!round || id === undefined) return cannot(FAULT_STRINGS.needsRetryAskedAgain, { name });
  const result = round.message.result as JsonObject;
  const keys = isObject(result.inputRequests) ? Object.keys(result.inputRequests) : [];
  ctx.server.outbox.dropAbout(id);
  return {
    ok: true,
    direction: 'server->client',
    message: {
      jsonrpc: '2.0',
      id,
      error: {
        code: -32602,
        message: keys.length > 0 ? `Missing input: ${keys.join(', ')}` : 'Missing input',
      },
    },
  };
}
