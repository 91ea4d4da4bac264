/**
 * A retry lacking requested input, answered with an error (2026-07-28 basic/patterns/mrtr › Error
 * Handling: the server SHOULD ask for the missing information again in a new InputRequiredResult,
 * rather than return an error; lesson 30). It replaces the answer the lesson's server scheduled: a
 * retry without the input its round asked for gets a new round from the simulated server.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { isObject, type JsonObject, type RequestId } from '../../protocol/index.js';
import type { Scheduled } from '../server/outbox.js';
import { answerInstead, cannot, type FaultContext, type FaultResult } from './faults.js';
import { retryWithAnswers } from './faults-retry.js';

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
 * The server's latest scheduled answer that `accept` takes, to a retry of the client's that is
 * still pending. The retry is one a fault sent, which the simulated client does not track (so not
 * `scheduledAnswer`): the session log and the server's outbox say which it is.
 */
function scheduledForRetry(
  ctx: FaultContext,
  accept: (message: Record<string, unknown>) => boolean,
): Scheduled | undefined {
  return ctx.server.outbox
    .list()
    .findLast(
      (item) =>
        item.about !== undefined &&
        item.message.id === item.about &&
        accept(item.message) &&
        ctx.log.requestPending('client', item.about) &&
        isRetry(ctx, item.about),
    );
}

/**
 * The server answers the client's pending retry (a request carrying inputResponses or
 * requestState), for which it had scheduled a new input_required round, with -32602 naming the
 * input the round asks for, as if it could not go on without it. The retry is one a fault sent
 * (retry-without-answers), which the simulated client does not track: the session log and the
 * server's outbox say which it is.
 */
export function missingInputRefused(ctx: FaultContext, name: string): FaultResult {
  const round = scheduledForRetry(ctx, (message) => {
    const result: unknown = message.result;
    return isObject(result) && result.resultType === 'input_required';
  });
  const id = round?.about;
  if (!round || id === undefined) return cannot(FAULT_STRINGS.needsRetryAskedAgain, { name });
  const result = round.message.result as JsonObject;
  const keys = isObject(result.inputRequests) ? Object.keys(result.inputRequests) : [];
  return answerInstead(ctx, id, {
    error: {
      code: -32602,
      message: keys.length > 0 ? `Missing input: ${keys.join(', ')}` : 'Missing input',
    },
  });
}

/**
 * The client's retry of its latest round answers the round's first key with a bare string (in
 * place of the ElicitResult, CreateMessageResult or ListRootsResult it had queued), as a client
 * that sends the user's text as it is: an InputResponses object the schema refuses.
 */
export function retryWithInvalidAnswer(ctx: FaultContext, name: string): FaultResult {
  // The buggy retry goes out instead of the one the client queued after its latest round.
  return retryWithAnswers(ctx, name, FAULT_STRINGS.needsRoundToRetry, (answers) => {
    const key = Object.keys(answers)[0];
    return key === undefined ? null : { ...answers, [key]: 'great' };
  });
}

/**
 * The server answers the client's pending retry, which it had scheduled to refuse for inputResponses
 * that break the schema (-32602 "Invalid params: /…"), with a complete result instead: the text of
 * its latest complete tools/call result, as if it had taken the answer.
 */
export function invalidAnswerServed(ctx: FaultContext, name: string): FaultResult {
  const refusal = scheduledForRetry(ctx, (message) => {
    const error: unknown = message.error;
    return (
      isObject(error) &&
      typeof error.message === 'string' &&
      error.message.startsWith('Invalid params: /')
    );
  });
  const id = refusal?.about;
  if (!refusal || id === undefined) return cannot(FAULT_STRINGS.needsInvalidRetry, { name });
  const meta = latestResultMeta(ctx);
  return answerInstead(ctx, id, {
    result: {
      resultType: 'complete',
      content: [{ type: 'text', text: 'Thank you: your feedback is recorded.' }],
      ...(meta ? { _meta: meta } : {}),
    },
  });
}

/** The `_meta` of the server's latest result (its serverInfo, which every modern result carries). */
function latestResultMeta(ctx: FaultContext): JsonObject | undefined {
  const step = ctx.log.steps.findLast((s) => {
    const m = s.message;
    return s.direction === 'server->client' && isObject(m) && isObject(m.result);
  });
  const m = step?.message;
  const result = isObject(m) && isObject(m.result) ? m.result : undefined;
  return result && isObject(result._meta) ? result._meta : undefined;
}
