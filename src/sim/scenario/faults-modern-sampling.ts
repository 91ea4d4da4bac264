/**
 * Tool use in sampling, 2026-07-28 (client/sampling › Capabilities, › Error Handling;
 * basic/patterns/mrtr): a round whose sampling request offers the client's model tools though the
 * request that got it declared sampling without sampling.tools, and a client that answers it in a
 * retry where it MUST refuse it (schema › CreateMessageRequestParams). The handshake era sends a
 * request and answers it (undeclared-request, tool-sampling-answered); a 2026-07-28 server sends
 * no requests, so the question travels in a round and the answer in the retry.
 */
import { FAULT_STRINGS as SAY } from '../../i18n/fault-strings.js';
import { hasCapability, isObject, type JsonObject } from '../../protocol/index.js';
import { CLIENT_CAPABILITIES_META } from '../../protocol/meta-keys.js';
import { retryParams } from '../client/input-rounds.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, scheduledAnswer, shadowAnswer } from './faults-modern.js';
import { latestRound, retryMessage } from './faults-retry.js';

const MODES = ['auto', 'none', 'required'] as const;
type Mode = (typeof MODES)[number];
const isMode = (v: unknown): v is Mode => (MODES as readonly unknown[]).includes(v);

/** The clientCapabilities a modern request's `_meta` declares. */
function declared(meta: unknown): JsonObject {
  const caps = isObject(meta) ? meta[CLIENT_CAPABILITIES_META] : undefined;
  return isObject(caps) ? caps : {};
}

/** Sampling declared, sampling.tools not: tools in a sampling request MUST be refused. */
const samplingWithoutTools = (caps: JsonObject): boolean =>
  isObject(caps.sampling) && !hasCapability({ client: caps }, 'client.sampling.tools');

/** The input requests of an input_required result (null: it is none). */
function inputRequests(message: unknown): JsonObject | null {
  const result = isObject(message) && isObject(message.result) ? message.result : null;
  if (result?.resultType !== 'input_required' || !isObject(result.inputRequests)) return null;
  return result.inputRequests;
}

const asksSampling = (request: unknown): boolean =>
  isObject(request) && request.method === 'sampling/createMessage';

/** A sampling input request that offers tools (tools or toolChoice; client/sampling › Capabilities). */
function offersTools(request: unknown): boolean {
  if (!isObject(request) || !asksSampling(request)) return false;
  const params = isObject(request.params) ? request.params : {};
  return 'tools' in params || 'toolChoice' in params;
}

/**
 * The server's fault: the round it had scheduled for a request that declared sampling without
 * sampling.tools is replaced by the one it builds when the request declares sampling.tools and the
 * server offers tools (`params.mode`, the toolChoice mode, "auto" unless given). The referee judges
 * the round as client-capability-not-declared (basic/patterns/mrtr › Server Requirements).
 */
export function toolSamplingUndeclared(ctx: FaultContext, name: string): FaultResult {
  const mode = ctx.params.mode ?? 'auto';
  if (!isMode(mode)) return cannot(SAY.badToolChoiceMode, { name, mode: JSON.stringify(mode) });
  const found = scheduledAnswer(ctx, (request, answer) => {
    const asks = inputRequests(answer);
    return (
      asks !== null &&
      Object.values(asks).some(asksSampling) &&
      samplingWithoutTools(declared(request.params?._meta))
    );
  });
  if (!found) return cannot(SAY.needsSamplingRoundWithoutTools, { name });
  const answer = shadowAnswer(
    ctx,
    found.request,
    (meta) => {
      const caps = declared(meta);
      const sampling = isObject(caps.sampling) ? caps.sampling : {};
      return {
        ...meta,
        [CLIENT_CAPABILITIES_META]: { ...caps, sampling: { ...sampling, tools: {} } },
      };
    },
    // The lesson's clock: the client retries this round, and the state's expiry must hold.
    { at: ctx.now, prepare: (shadow) => shadow.offerToolsNextSampling(mode) },
  );
  const round = answer && isObject(answer.result) ? answer.result : null;
  if (!round || !Object.values(inputRequests(answer) ?? {}).some(offersTools))
    return cannot(SAY.needsSamplingRoundWithoutTools, { name });
  return resultInstead(ctx, found, round);
}

/**
 * The client's fault: the server's latest round offers tools in a sampling request to a request
 * that declared sampling without sampling.tools, so the honest client refused it and sent nothing.
 * This one retries anyway (basic/patterns/mrtr › Client Requirements: the original params, a new
 * id, its answers under the round's keys, requestState echoed), its model's reply under each key.
 */
export function modernToolSamplingAnswered(ctx: FaultContext, name: string): FaultResult {
  const steps = ctx.log.steps;
  const round = latestRound(ctx);
  if (!round) return cannot(SAY.needsUndeclaredToolRound, { name });
  const { at, result, requests } = round;
  const original = steps
    .slice(0, at)
    .findLast(
      (s) =>
        s.direction === 'client->server' &&
        isObject(s.message) &&
        s.message.id === round.id &&
        typeof s.message.method === 'string',
    )?.message;
  if (!isObject(original)) return cannot(SAY.needsUndeclaredToolRound, { name });
  const params = isObject(original.params) ? original.params : {};
  const state = typeof result.requestState === 'string' ? result.requestState : undefined;
  // A retry of this round already went out: it echoed the round's state.
  const retried =
    state !== undefined &&
    steps
      .slice(at + 1)
      .some(
        (s) =>
          s.direction === 'client->server' &&
          isObject(s.message) &&
          isObject(s.message.params) &&
          s.message.params.requestState === state,
      );
  if (
    retried ||
    !samplingWithoutTools(declared(params._meta)) ||
    !Object.values(requests).some(offersTools)
  )
    return cannot(SAY.needsUndeclaredToolRound, { name });
  const answers: JsonObject = {};
  for (const [key, request] of Object.entries(requests)) {
    if (!isObject(request) || typeof request.method !== 'string')
      return cannot(SAY.needsUndeclaredToolRound, { name });
    answers[key] = ctx.client.answerInput(
      request.method,
      isObject(request.params) ? request.params : {},
    );
  }
  const body = retryParams(params, answers, state);
  const method = String(original.method);
  // As the client numbers a retry's progress token when it sends one itself (progress-<id>).
  const progress = isObject(params._meta) && params._meta.progressToken !== undefined;
  const message = retryMessage({ method, params: body, progress }, ctx.client.allocateId(), body);
  return { ok: true, direction: 'client->server', message };
}
