import type { JsonObject } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { inputResponseIssues } from '../../protocol/modern-schema.js';
import { CONNECT_ROUND, type RoundTool, roundToolOf } from './connect-round.js';
import type { InputToolName } from './input-tools.js';
import { argumentsDigest, type RequestStateSeal, type StateProblem } from './request-state.js';

/**
 * One input_required round of a tool call, 2026-07-28 basic/patterns/mrtr: the round the server
 * answers with, and what it makes of the client's retry. The server keeps nothing in between:
 * all it needs comes back in the sealed requestState.
 */

/** Why a retry's requestState was refused, as the -32602 says it. */
const STATE_REFUSED: Readonly<Record<StateProblem, string>> = {
  malformed: 'requestState is not a state this server issued',
  forged: 'requestState failed its integrity check (HMAC); it was changed or made elsewhere',
  expired: 'requestState has expired; call the tool again without it to start a new round',
  foreign:
    'requestState belongs to another request (a different tool or arguments); echo it only on the retry of the call that got it',
};

/** What a call of an input tool comes to. */
export type RoundOutcome =
  /** A first call, or a retry without the input asked for (mrtr › Error Handling: ask again). */
  | { readonly kind: 'ask' }
  /** A retry whose input is there: the tool's final result. */
  | { readonly kind: 'finish'; readonly result: JsonObject; readonly expiresInMs: number }
  /** A retry the server refuses: -32602 with this message. */
  | { readonly kind: 'refuse'; readonly message: string };

/** The tools that ask in rounds: the input tools, and connect_account (URL mode). */
export type RoundToolName = InputToolName | 'connect_account';

export function toolOf(name: RoundToolName): RoundTool {
  return name === 'connect_account' ? CONNECT_ROUND : roundToolOf(name);
}

/** Reads a call's retry fields (none: a first call). */
export function takeRetry(
  seal: RequestStateSeal,
  name: RoundToolName,
  args: JsonObject,
  params: JsonObject,
  now: number,
): RoundOutcome {
  const state = params.requestState;
  const responses = params.inputResponses;
  if (state === undefined && responses === undefined) return { kind: 'ask' };
  if (typeof state !== 'string') {
    // The server's rounds always carry a state, so answers without one cannot be checked.
    return {
      kind: 'refuse',
      message: `Invalid params: requestState ${state === undefined ? 'is missing' : 'must be a string'}; a retry echoes the requestState of its input_required round exactly`,
    };
  }
  // mrtr › Server Requirements (Basic Workflow): state that fails verification MUST be rejected.
  const opened = seal.open(state, { method: 'tools/call', tool: name, args }, now);
  if (!opened.ok)
    return { kind: 'refuse', message: `Invalid params: ${STATE_REFUSED[opened.error]}` };
  const tool = toolOf(name);
  const answer = isObject(responses) ? responses[tool.key] : undefined;
  if (answer === undefined) return { kind: 'ask' };
  // mrtr › Error Handling: an answer that is not the requested result is a protocol error.
  const issue = inputResponseIssues(tool.key, answer, tool.method)[0];
  if (issue)
    return { kind: 'refuse', message: `Invalid params: ${issue.pointer} ${issue.message}` };
  return {
    kind: 'finish',
    result: tool.finish(args, answer as JsonObject) as JsonObject,
    expiresInMs: opened.value.exp - now,
  };
}

/**
 * The input_required result of a round: the one input request (its params with `extra` added) and
 * the sealed state.
 */
export function roundResult(
  seal: RequestStateSeal,
  name: RoundToolName,
  args: JsonObject,
  expires: number,
  extra: JsonObject = {},
): JsonObject {
  const tool = toolOf(name);
  const asked = tool.params(args);
  const params = asked ? { ...asked, ...extra } : undefined;
  return {
    resultType: 'input_required',
    inputRequests: {
      [tool.key]: params ? { method: tool.method, params } : { method: tool.method },
    },
    requestState: seal.seal({
      v: 1,
      method: 'tools/call',
      tool: name,
      args: argumentsDigest(args),
      keys: [tool.key],
      exp: expires,
    }),
  };
}
