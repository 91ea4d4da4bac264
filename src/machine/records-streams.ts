import { isDeepStrictEqual } from 'node:util';
import { isObject, type JsonObject, type RequestId } from '../protocol/index.js';
import { subscriptionIdOf } from '../protocol/meta-keys.js';
import { offersTools, toolChoiceToHonour } from '../protocol/sampling-tools.js';
import type { SessionContext } from './context.js';
import type { ModelMessage } from './events.js';
import { answeredRecord, cancelledId, extensionOfCall } from './facts.js';

/**
 * The two kinds of stream the modern era (2026-07-28) adds, and what the referee remembers of
 * them: multi round-trip requests (basic/patterns/mrtr) and subscriptions/listen streams
 * (basic/patterns/subscriptions). The types and the facts the rules read are here, with the
 * records that write them into the ledger (run after `judge`, like every record).
 */

/** The requests a server may answer with an InputRequiredResult (mrtr › Supported Requests). */
export const MRTR_METHODS: ReadonlySet<string> = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
]);

/** What a tools/call, prompts/get or resources/read calls: its method, target and arguments. */
export type Call = {
  readonly method: string;
  /** The tool or prompt `name`, the resource `uri`. */
  readonly target: string;
  /**
   * The tool's or prompt's `arguments` ({} when there are none; a resource has none): a retry
   * repeats the original request, so they are the same in it (mrtr › Client Requirements).
   */
  readonly args?: unknown;
};

/** An input_required round: the server asked for input before it answers a call. */
export type Round = Call & {
  /** The JSON-RPC id of the request that got the round (its retry needs another one). */
  readonly id: RequestId;
  /** The keys of `inputRequests` (none when the round had none). */
  readonly keys: readonly string[];
  /** The method each key asked for (`elicitation/create`, …), where the request named one. */
  readonly methods: Readonly<Record<string, string>>;
  /**
   * The requestedSchema of each key that asked for a form-mode elicitation/create (client/
   * elicitation › Form Mode Security: the content the retry accepts it with should fit it).
   */
  readonly forms: Readonly<Record<string, JsonObject>>;
  /**
   * What binds the answer of each key that asked for a sampling/createMessage offering the model
   * tools, or binding it with toolChoice (client/sampling › Tool Choice Modes).
   */
  readonly samplings: Readonly<Record<string, SamplingAsked>>;
  /** The round's `requestState`, undefined when it had none. */
  readonly state: string | undefined;
};

/** What a round's sampling/createMessage binds the client's answer to. */
export type SamplingAsked = {
  /** The toolChoice mode the model's answer must honour (`toolChoiceToHonour`). */
  readonly choice?: 'none' | 'required';
  /**
   * It offers tools (`tools` or `toolChoice`), and the request that got the round declared
   * sampling without sampling.tools: the client MUST return an error, not an answer (2026-07-28
   * schema › CreateMessageRequestParams).
   */
  readonly undeclaredTools?: true;
};

/** A subscription filter (`SubscriptionFilter`), as asked or as acknowledged. */
export type Filter = {
  readonly toolsListChanged: boolean;
  readonly promptsListChanged: boolean;
  readonly resourcesListChanged: boolean;
  readonly resourceSubscriptions: ReadonlySet<string>;
  /**
   * The tasks whose notifications/tasks the stream carries: the tasks extension adds `taskIds` to
   * the filter and its acknowledgment (tasks extension › Task Status Notifications).
   */
  readonly taskIds: ReadonlySet<string>;
};

/** A subscriptions/listen stream, by the id of the request that opened it. */
export type Listen = {
  readonly filter: Filter;
  /** What the server's notifications/subscriptions/acknowledged honoured (null before it). */
  readonly ack: Filter | null;
  /** The stream ended: the server's response, either side's notifications/cancelled. */
  readonly ended: boolean;
};

/** The list_changed notifications a listen stream carries, and the filter flag each needs. */
export const LIST_CHANGED = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
} as const satisfies Record<string, keyof Filter>;

export const RESOURCE_UPDATED = 'notifications/resources/updated';
export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
export const LISTEN = 'subscriptions/listen';
/** The tasks extension's status notification, sent on a listen stream that named the task. */
export const TASK_STATUS = 'notifications/tasks';

/**
 * A notification only a listen stream may carry (subscriptions › Opening a Stream; the tasks
 * extension's notifications/tasks too: › Task Status Notifications).
 */
export function isStreamNotification(method: string | null): method is string {
  return (
    method === RESOURCE_UPDATED ||
    method === TASK_STATUS ||
    (method !== null && Object.hasOwn(LIST_CHANGED, method))
  );
}

/** What a call of an MRTR method calls (null for another method or a target that is no string). */
export function callOf(msg: ModelMessage): Call | null {
  if (msg.method === null || !MRTR_METHODS.has(msg.method)) return null;
  if (msg.method === 'resources/read') {
    const uri = msg.params?.uri;
    return typeof uri === 'string' ? { method: msg.method, target: uri } : null;
  }
  const name = msg.params?.name;
  if (typeof name !== 'string') return null;
  return { method: msg.method, target: name, args: msg.params?.arguments ?? {} };
}

/** The ledger's key of a call's round: the method has no space, so the pair is unambiguous. */
export const roundKey = (call: Pick<Call, 'method' | 'target'>) => `${call.method} ${call.target}`;

/**
 * The round a client's request retries, if it is a retry (it carries `inputResponses` or
 * `requestState`) of a round open on its method and target with the same arguments. Several calls
 * of one tool may each hold a round at once (the client sends them in parallel): the retry's
 * `requestState` picks the round that gave it, else the latest round of a request with the same
 * arguments. `other` is a round on that target whose request had other arguments, when none had
 * the same: this request is then another request, which the round's fields MUST NOT be used for
 * (mrtr › Client Requirements). `call` is the message's `callOf`, for a caller that has it already.
 */
export function retriedRound(
  ctx: SessionContext,
  msg: ModelMessage,
  call: Call | null = callOf(msg),
): { readonly round?: Round; readonly other?: Round } {
  if (msg.sender !== 'client' || !isRetry(msg)) return {};
  const open = call ? ctx.ledger.rounds.get(roundKey(call)) : undefined;
  if (!call || !open || open.length === 0) return {};
  const same = open.filter((r) => isDeepStrictEqual(r.args, call.args));
  const latest = same.at(-1);
  if (latest === undefined) {
    const other = open.at(-1);
    return other ? { other } : {};
  }
  const state = msg.params?.requestState;
  const echoed = typeof state === 'string' ? same.find((r) => r.state === state) : undefined;
  return { round: echoed ?? latest };
}

/**
 * The keys of a round's `inputRequests` a retry has no `inputResponses` for (mrtr › Client
 * Requirements (Basic Workflow): the client constructs every requested input before it retries).
 * Own keys only: an answer named "constructor" is no answer because every object inherits one.
 */
export function missingInputs(round: Round, msg: ModelMessage): string[] {
  const given = msg.params?.inputResponses;
  const answers = isObject(given) ? given : {};
  return round.keys.filter((key) => !Object.hasOwn(answers, key));
}

/**
 * The round's keys a client's retry leaves unanswered, when it is a retry that echoes the round's
 * requestState (undefined otherwise): a server answers such a retry, when it needs the missing
 * input, with a new InputRequiredResult rather than an error (mrtr › Error Handling). A retry whose
 * state differs is one the server MUST reject (› Server Requirements), so its error is no fault.
 */
export function unansweredInputs(
  ctx: SessionContext,
  msg: ModelMessage,
): readonly string[] | undefined {
  const { round } = retriedRound(ctx, msg);
  if (!round || msg.params?.requestState !== round.state) return undefined;
  const missing = missingInputs(round, msg);
  return missing.length > 0 ? missing : undefined;
}

/**
 * A request answering a round: it carries `inputResponses` or `requestState`. Not the tasks
 * extension's tasks/update, whose inputResponses answer a task's inputRequests: "a distinct
 * mechanism", not a retry of the original method (tasks extension › Example Message Flow).
 */
export function isRetry(msg: ModelMessage): boolean {
  const params = msg.params;
  if (params === undefined || !('inputResponses' in params || 'requestState' in params))
    return false;
  return msg.method !== 'tasks/update' || extensionOfCall(msg) === null;
}

export { subscriptionIdOf };

/** A `SubscriptionFilter` as the referee reads it: any field not of its type asks for nothing. */
export function filterOf(value: unknown): Filter {
  const f: JsonObject = isObject(value) ? value : {};
  return {
    toolsListChanged: f.toolsListChanged === true,
    promptsListChanged: f.promptsListChanged === true,
    resourcesListChanged: f.resourcesListChanged === true,
    resourceSubscriptions: stringsOf(f.resourceSubscriptions),
    taskIds: stringsOf(f.taskIds),
  };
}

/** The strings of a filter's list (none when it is no array). */
function stringsOf(list: unknown): ReadonlySet<string> {
  return new Set(Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : []);
}

/**
 * A server's list_changed or resources/updated on a listen stream the client itself cancelled
 * with notifications/cancelled: the listen's id, else undefined. Such a notification may have been
 * on its way when the cancellation arrived (cancellation › Timing Considerations).
 */
export function onCancelledListen(ctx: SessionContext, msg: ModelMessage): RequestId | undefined {
  if (msg.sender !== 'server' || !isStreamNotification(msg.method)) return undefined;
  const id = subscriptionIdOf(msg.params?._meta);
  if (id === undefined || !ctx.ledger.listens.get(id)?.ended) return undefined;
  const record = ctx.ledger.request('client', id);
  return record?.method === LISTEN && record.status === 'cancelled' && !record.streamClosed
    ? id
    : undefined;
}

/** The listen stream a message names, when it is one the client opened. */
export function listenOf(ctx: SessionContext, msg: ModelMessage): Listen | undefined {
  const id = subscriptionIdOf(msg.params?._meta);
  return id === undefined ? undefined : ctx.ledger.listens.get(id);
}

/**
 * A modern client's request: a listen opens its stream; a call of an MRTR method is remembered
 * until its answer (a round needs its target); a retry uses up the round it answers.
 */
export function recordStreamRequest(ctx: SessionContext, msg: ModelMessage): void {
  if (msg.sender !== 'client' || msg.envelope.kind !== 'request') return;
  const id = msg.envelope.id;
  if (msg.method === LISTEN) {
    ctx.ledger.setListen(id, {
      filter: filterOf(msg.params?.notifications),
      ack: null,
      ended: false,
    });
    return;
  }
  const call = callOf(msg);
  if (!call) return;
  ctx.ledger.calls.set(id, call);
  // A retry uses its round up; a request with other arguments is not its retry.
  const { round } = retriedRound(ctx, msg, call);
  if (!round) return;
  const key = roundKey(call);
  const left = (ctx.ledger.rounds.get(key) ?? []).filter((r) => r !== round);
  if (left.length === 0) ctx.ledger.rounds.delete(key);
  else ctx.ledger.rounds.set(key, left);
}

/** The method of each entry of an `inputRequests` map that names one. */
function methodsOf(requests: JsonObject): Record<string, string> {
  // Null-prototype tables: a key "__proto__" is an entry like any other, and "constructor" is none.
  const methods: Record<string, string> = Object.create(null);
  for (const [key, request] of Object.entries(requests)) {
    if (isObject(request) && typeof request.method === 'string') methods[key] = request.method;
  }
  return methods;
}

/** The requestedSchema of each entry of an `inputRequests` map that is a form-mode elicitation. */
function formsOf(requests: JsonObject): Record<string, JsonObject> {
  const forms: Record<string, JsonObject> = Object.create(null);
  for (const [key, request] of Object.entries(requests)) {
    if (!isObject(request) || request.method !== 'elicitation/create') continue;
    const params = isObject(request.params) ? request.params : {};
    // client/elicitation › Elicitation Requests: no mode means form mode.
    if (params.mode === 'url' || !isObject(params.requestedSchema)) continue;
    forms[key] = params.requestedSchema;
  }
  return forms;
}

/**
 * The sampling/createMessage entries of an `inputRequests` map that bind the client's answer,
 * given what the request that got the round declared in its clientCapabilities.
 */
function samplingsOf(
  requests: JsonObject,
  declared: JsonObject | null | undefined,
): Record<string, SamplingAsked> {
  const samplings: Record<string, SamplingAsked> = Object.create(null);
  const sampling = isObject(declared) ? declared.sampling : undefined;
  const withoutTools = isObject(sampling) && !isObject(sampling.tools);
  for (const [key, request] of Object.entries(requests)) {
    if (!isObject(request) || request.method !== 'sampling/createMessage') continue;
    const params = isObject(request.params) ? request.params : undefined;
    const choice = toolChoiceToHonour(params);
    const undeclaredTools = withoutTools && offersTools(params);
    if (!choice && !undeclaredTools) continue;
    samplings[key] = {
      ...(choice ? { choice } : {}),
      ...(undeclaredTools ? { undeclaredTools: true as const } : {}),
    };
  }
  return samplings;
}

/**
 * The server answered a client's request: an input_required answer to a call opens a round (each
 * call's round stays open until its retry, beside other calls' rounds on the same target); any
 * answer to a listen ends its stream.
 */
export function recordStreamAnswer(ctx: SessionContext, msg: ModelMessage): void {
  if (msg.receiver !== 'client' || msg.id === null) return;
  const { calls, listens } = ctx.ledger;
  const call = calls.get(msg.id);
  if (call) {
    calls.delete(msg.id);
    const result = msg.envelope.kind === 'response' ? msg.envelope.result : undefined;
    if (result?.resultType === 'input_required') {
      const requests = result.inputRequests;
      const state = result.requestState;
      const key = roundKey(call);
      ctx.ledger.openRound(key, {
        ...call,
        id: msg.id,
        keys: isObject(requests) ? Object.keys(requests) : [],
        methods: isObject(requests) ? methodsOf(requests) : {},
        forms: isObject(requests) ? formsOf(requests) : {},
        samplings: isObject(requests)
          ? samplingsOf(requests, answeredRecord(ctx, msg)?.declared?.capabilities)
          : {},
        state: typeof state === 'string' ? state : undefined,
      });
    }
    return;
  }
  const listen = listens.get(msg.id);
  if (listen && !listen.ended && answeredRecord(ctx, msg)?.method === LISTEN) {
    ctx.ledger.setListen(msg.id, { ...listen, ended: true });
  }
}

/** The server's notifications/subscriptions/acknowledged: the first one fixes what it honours. */
export function recordAcknowledgement(ctx: SessionContext, msg: ModelMessage): void {
  if (msg.method !== ACKNOWLEDGED) return;
  const id = subscriptionIdOf(msg.params?._meta);
  const listen = id === undefined ? undefined : ctx.ledger.listens.get(id);
  if (id === undefined || !listen || listen.ended || listen.ack !== null) return;
  ctx.ledger.setListen(id, { ...listen, ack: filterOf(msg.params?.notifications) });
}

/** A notifications/cancelled naming a listen stream (from either side) ends it. */
export function recordListenCancelled(ctx: SessionContext, msg: ModelMessage): void {
  const id = cancelledId(msg);
  if (id !== null) endListen(ctx, id);
}

/**
 * The subscriptions/listen `id` ends: its stream was cancelled (2026-07-28
 * basic/patterns/subscriptions › Cancellation), by a notifications/cancelled or, over HTTP, by the
 * client closing the stream.
 */
export function endListen(ctx: SessionContext, id: RequestId): void {
  const listen = ctx.ledger.listens.get(id);
  if (!listen || listen.ended) return;
  ctx.ledger.setListen(id, { ...listen, ended: true });
}
