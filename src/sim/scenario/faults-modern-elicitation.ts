/**
 * client/elicitation › Form Mode Security in 2026-07-28 (the same sentences as 2025-11-25), where
 * a form travels in an input_required round and its answer in the retry's inputResponses
 * (basic/patterns/mrtr): a server whose round asks for a password in a form, and a client whose
 * retry sends a form answer that does not fit the form (lessons 25 and 30).
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { isObject, type JsonObject } from '../../protocol/json.js';
import { CLIENT_CAPABILITIES_META } from '../../protocol/meta-keys.js';
import { serviceOf } from '../server/connect-round.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, scheduledAnswer, shadowAnswer } from './faults-modern.js';
import { latestRoundRequests, retryWithAnswers } from './faults-retry.js';

/**
 * A sign-in form saying `message`: what only a URL-mode elicitation may ask for (› Form Mode
 * Security), the secret-in-form faults' default in both eras.
 */
export function signInForm(message: string): JsonObject {
  return {
    mode: 'form',
    message,
    requestedSchema: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', title: 'Email address' },
        password: { type: 'string', title: 'Password' },
      },
      required: ['email', 'password'],
    },
  };
}

const isRound = (result: unknown): result is JsonObject =>
  isObject(result) && result.resultType === 'input_required' && isObject(result.inputRequests);

/**
 * secret-in-form: the server answers the client's pending connect_account call with a round whose
 * elicitation asks, in form mode, for the account's email and password (`params.params` replaces
 * the form), where it had scheduled a URL-mode round or, for a request that declared no
 * elicitation.url, a -32021 naming it. The round is the one the server would send a request that
 * declared URL mode, its sealed requestState included, so the retry is the server's to take.
 */
export function modernSecretInForm(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (r) => r.method === 'tools/call' && r.params?.name === 'connect_account',
  );
  if (!found) return cannot(FAULT_STRINGS.needsConnectAccountCall, { name });
  const scheduled = found.item.message.result;
  const withUrl = (meta: JsonObject): JsonObject => {
    const caps = isObject(meta[CLIENT_CAPABILITIES_META]) ? meta[CLIENT_CAPABILITIES_META] : {};
    const elicitation = isObject(caps.elicitation) ? caps.elicitation : {};
    return {
      ...meta,
      [CLIENT_CAPABILITIES_META]: { ...caps, elicitation: { ...elicitation, url: {} } },
    };
  };
  const round = isRound(scheduled) ? scheduled : shadowAnswer(ctx, found.request, withUrl)?.result;
  if (!isRound(round) || !isObject(round.inputRequests))
    return cannot(FAULT_STRINGS.needsConnectAccountCall, { name });
  const args = isObject(found.request.params?.arguments) ? found.request.params.arguments : {};
  const form = isObject(ctx.params.params)
    ? ctx.params.params
    : signInForm(`Sign in to ${serviceOf(args)} to let the server use your account.`);
  const inputRequests: JsonObject = {};
  for (const [key, request] of Object.entries(round.inputRequests))
    inputRequests[key] =
      isObject(request) && request.method === 'elicitation/create'
        ? { method: 'elicitation/create', params: form }
        : request;
  return resultInstead(ctx, found, { ...round, inputRequests });
}

/**
 * form-content-unchecked: the client's queued retry of its latest round goes out with each answer
 * to a form-mode elicitation replaced by `{action: "accept"}` and content that does not fit the
 * form's requestedSchema (`params.content`, by default from `misfit`), as a client that submits
 * what the user typed without checking it. As the other retry faults do, the queued retry is
 * taken back unsent (it had no id yet) and goes out changed in its place; the round's requests
 * are read from the session log.
 */
export function modernFormContentUnchecked(
  ctx: FaultContext,
  name: string,
  misfit: (schema: JsonObject) => JsonObject | null,
): FaultResult {
  const requests = latestRoundRequests(ctx);
  return retryWithAnswers(ctx, name, FAULT_STRINGS.needsFormRoundToRetry, (answers) => {
    let changed = false;
    for (const key of Object.keys(answers)) {
      const request = requests[key];
      const params = isObject(request) ? request.params : undefined;
      if (!isObject(request) || request.method !== 'elicitation/create' || !isObject(params))
        continue;
      const schema = params.requestedSchema;
      if (params.mode === 'url' || !isObject(schema)) continue;
      const content = isObject(ctx.params.content) ? ctx.params.content : misfit(schema);
      if (!content) continue;
      answers[key] = { action: 'accept', content };
      changed = true;
    }
    return changed ? answers : null;
  });
}
