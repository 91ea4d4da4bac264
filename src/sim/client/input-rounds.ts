import {
  type CapabilityPath,
  hasCapability,
  isObject,
  type JsonObject,
  type RequestId,
} from '../../protocol/index.js';

/**
 * Multi round-trip requests, the client's half (2026-07-28/basic/patterns/mrtr): what the client
 * does with an input_required result. Pure: the client calls it, sends what it returns.
 */

/** The requests a server may answer with input_required (mrtr › Supported Requests). */
export const RETRYABLE: ReadonlySet<string> = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
]);

/**
 * How many input_required rounds the client fulfils for one request before it gives up. The spec
 * sets no limit (a server MAY ask again), but a client that never stops can be kept busy forever.
 */
export const MAX_INPUT_ROUNDS = 8;

/** An input request the client will not answer, and why. */
export type RefusedInput = {
  readonly key: string;
  /** The embedded request's method (null: the entry is not a request object). */
  readonly method: string | null;
  /**
   * `undeclared`: a kind whose capability the client did not declare (mrtr › Server Requirements
   * (Basic Workflow): the server MUST NOT send it); `unknown`: not elicitation/create,
   * sampling/createMessage or roots/list; `malformed`: not a `{method, params}` object.
   */
  readonly why: 'undeclared' | 'unknown' | 'malformed';
  /** The capability path the request needs (for `undeclared`). */
  readonly needs?: CapabilityPath;
};

/** What the client did with one input_required result. */
export type InputRound =
  | {
      /** It fulfilled the input requests and retried with a new id. */
      readonly kind: 'retry';
      /** The request that got the round. */
      readonly of: RequestId;
      readonly retry: RequestId;
      /** 1 for the first round of the original request, 2 for the round its retry got, … */
      readonly round: number;
      readonly keys: readonly string[];
    }
  | {
      /** A server fault: it asked for input the client cannot give; nothing is answered or retried. */
      readonly kind: 'refused';
      readonly of: RequestId;
      readonly round: number;
      readonly refused: readonly RefusedInput[];
    }
  | {
      /** `inputRequests` is not an object or `requestState` is not a string: nothing to retry with. */
      readonly kind: 'malformed';
      readonly of: RequestId;
      readonly round: number;
      readonly field: 'inputRequests' | 'requestState';
    }
  | {
      /** input_required on a request that cannot get one (mrtr › Supported Requests). */
      readonly kind: 'not-retryable';
      readonly of: RequestId;
      readonly round: number;
      readonly method: string;
    }
  | {
      /** The request got more rounds than the client fulfils (MAX_INPUT_ROUNDS). */
      readonly kind: 'too-many-rounds';
      readonly of: RequestId;
      readonly round: number;
    };

/** The capability an input request needs (client/sampling, client/elicitation, client/roots). */
export function capabilityFor(method: string, params: JsonObject): CapabilityPath | null {
  switch (method) {
    case 'sampling/createMessage':
      // client/sampling › Capabilities: tools in a sampling request need sampling.tools.
      return 'tools' in params || 'toolChoice' in params
        ? 'client.sampling.tools'
        : 'client.sampling';
    case 'elicitation/create':
      // client/elicitation › Elicitation Requests: no mode means form mode.
      return params.mode === 'url' ? 'client.elicitation.url' : 'client.elicitation.form';
    case 'roots/list':
      return 'client.roots';
    default:
      return null;
  }
}

/**
 * The client's answers to a round's `inputRequests`, under the same keys (mrtr › InputResponses),
 * or every request it refuses to answer. It answers all of them or none: a retry that leaves a key
 * out would only be asked again.
 */
export function answerInputRequests(
  requests: JsonObject,
  capabilities: JsonObject,
  answer: (method: string, params: JsonObject) => JsonObject,
):
  | { readonly ok: true; readonly responses: JsonObject }
  | { readonly ok: false; readonly refused: RefusedInput[] } {
  const refused: RefusedInput[] = [];
  const responses: JsonObject = {};
  for (const [key, request] of Object.entries(requests)) {
    if (!isObject(request) || typeof request.method !== 'string') {
      refused.push({ key, method: null, why: 'malformed' });
      continue;
    }
    const params = isObject(request.params) ? request.params : {};
    const needs = capabilityFor(request.method, params);
    if (needs === null) refused.push({ key, method: request.method, why: 'unknown' });
    else if (!hasCapability({ client: capabilities }, needs))
      refused.push({ key, method: request.method, why: 'undeclared', needs });
    else responses[key] = answer(request.method, params);
  }
  return refused.length > 0 ? { ok: false, refused } : { ok: true, responses };
}

/**
 * The retry's params (mrtr › Client Requirements (Basic Workflow)): the original request's params,
 * its answers under `inputResponses`, and `requestState` exactly as the round gave it (none when it
 * gave none).
 */
export function retryParams(
  original: JsonObject,
  responses: JsonObject | undefined,
  requestState: string | undefined,
): JsonObject {
  const { inputResponses: _answers, requestState: _state, ...rest } = original;
  return {
    ...rest,
    ...(responses !== undefined ? { inputResponses: responses } : {}),
    ...(requestState !== undefined ? { requestState } : {}),
  };
}
