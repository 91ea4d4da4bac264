import { CACHEABLE } from '../protocol/caching.js';
import { headerProblemOf, paramHeadersOf } from '../protocol/http-headers.js';
import {
  checkParams,
  type HandshakeVersion,
  isObject,
  isStatelessVersion,
  isTaskAugmentable,
  type JsonObject,
  LATEST_HANDSHAKE_VERSION,
  LATEST_STATELESS_VERSION,
  type RequestId,
  relatedTaskOf,
  resolveVersion,
  type Side,
  versionAtLeast,
} from '../protocol/index.js';
import { PAGINATED } from '../protocol/pagination.js';
import { offersTools, toolChoiceToHonour } from '../protocol/sampling-tools.js';
import type { RequestRecord, SessionContext, StepReport, TokenRecord } from './context.js';
import type { ModelMessage } from './events.js';
import {
  answeredRecord,
  cancelledId,
  declaredBy,
  declaredRevision,
  earlyResultsRevealed,
  hasHandshakeTasks,
  isRecognisedModernError,
  isTerminalTaskStatus,
  paramHeadersCalled,
  progressOf,
  SERVER_INFO_META,
  TASKS_REVISION,
  type TaskReport,
  taskDate,
  taskReports,
  uriOf,
} from './facts.js';
import { retriedRound, unansweredInputs } from './records-streams.js';
import type { Era } from './rule-sets.js';
import { establishedElicitations } from './rules/elicitation.js';
import { reordering, wholeToolList } from './rules/tool-order.js';

const OUTPUT_SCHEMA_REVISION = '2025-06-18';

/**
 * What a message changes in the session, one record at a time. Each message's named action
 * (referee-setup.ts) runs its records in order after `judge`, so the rules always see the session
 * as it was before the message. Each
 * returns the context fields it replaces and may write the ledger (see `advance` for why it can).
 */
type Update = Partial<SessionContext>;

/** A record while it is being built (it is read-only once stored). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The report `judge` just wrote for this message (it runs first in every transition). */
function reportOf(ctx: SessionContext): StepReport {
  if (!ctx.last) throw new Error('a record ran before judge'); // programmer error
  return ctx.last;
}

function withRuleVersion(ctx: SessionContext, version: HandshakeVersion): Update {
  return { ruleVersion: version, rules: ctx.ruleSets[version] ?? ctx.rules };
}

/** Whether a request record is one waiting for its answer in the session's `OpenRequests`. */
export const isWaiting = (
  record: RequestRecord | undefined,
): record is RequestRecord & { seq: number } =>
  record?.status === 'pending' && record.seq !== undefined;

/**
 * The request stops waiting: one look-up in the ledger and one path of the persistent set. Runs
 * before its record is replaced (answered, cancelled, or its id reused).
 */
function withoutPending(ctx: SessionContext, requester: Side, id: RequestId): Update {
  const record = ctx.ledger.request(requester, id);
  if (!isWaiting(record)) return {};
  ctx.ledger.close(record);
  return { pending: ctx.pending.remove(record.seq) };
}

/** Lifecycle › Initialization: the client's initialize fixes the offer, its capabilities and info. */
export function openHandshake(ctx: SessionContext, msg: ModelMessage): Update {
  const version = resolveVersion(msg.params?.protocolVersion);
  return { ...(version ? withRuleVersion(ctx, version) : {}), ...noteInitialize(ctx, msg) };
}

/**
 * What an initialize offers: its id and version, the client's capabilities and info. Noted alone
 * (the rules left as they are) for an initialize on a modern connection, which the modern era's
 * rules still judge: should the server take it up (a dual-era server MAY serve both eras on one
 * connection, basic/versioning › Backward Compatibility), the handshake era goes on from this
 * offer; a modern-only server refuses it with a modern error.
 */
export function noteInitialize(ctx: SessionContext, msg: ModelMessage): Update {
  const params = msg.params;
  const offered = params?.protocolVersion;
  return {
    handshake: {
      ...ctx.handshake,
      initialize: 'sent',
      initializeId: msg.id,
      initializeInBatch: msg.batch !== undefined,
      offeredVersion: typeof offered === 'string' ? offered : null,
      offerMalformed:
        checkParams('initialize', params, resolveVersion(offered) ?? undefined) !== null,
    },
    capabilities: {
      ...ctx.capabilities,
      client: isObject(params?.capabilities) ? params.capabilities : {},
    },
    info: { ...ctx.info, client: isObject(params?.clientInfo) ? params.clientInfo : null },
  };
}

/** Lifecycle › Version Negotiation: the server's result fixes the version and its capabilities. */
export function concludeHandshake(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'response') return {};
  const result = msg.envelope.result;
  const answered = result.protocolVersion;
  const version = resolveVersion(answered);
  const negotiated = typeof answered === 'string' ? answered : null;
  return {
    ...(version ? withRuleVersion(ctx, version) : {}),
    handshake: {
      ...ctx.handshake,
      initialize: 'succeeded',
      negotiatedVersion: negotiated,
      acceptedVersion: clientSupportsAnswer(ctx, answered) ? negotiated : null,
    },
    capabilities: {
      ...ctx.capabilities,
      server: isObject(result.capabilities) ? result.capabilities : {},
    },
    info: { ...ctx.info, server: isObject(result.serverInfo) ? result.serverInfo : null },
  };
}

/** The server refused initialize: the client may try again. */
export function failHandshake(ctx: SessionContext): Update {
  return { handshake: { ...ctx.handshake, initialize: 'failed' } };
}

/**
 * A lone error with id null refused the batch the initialize came in, as a whole: the initialize
 * was never processed, so it waits for no answer any more (see answersInitialize).
 */
export function refuseBatchedInitialize(ctx: SessionContext, msg: ModelMessage): Update {
  const id = ctx.handshake.initializeId;
  if (msg.id !== null || id === null) return {};
  const record = ctx.ledger.request('client', id);
  if (record === undefined || record.status === 'answered') return {};
  const update = withoutPending(ctx, 'client', id);
  ctx.ledger.requests.client.set(id, { ...record, status: 'answered' });
  return update;
}

/**
 * An error answer before any initialize succeeded: when it is a recognised modern error, the
 * server has named itself modern (basic/versioning › Backward Compatibility: "a recognized modern
 * JSON-RPC error identifies a modern server").
 */
export function noteModernRefusal(ctx: SessionContext, msg: ModelMessage): Update {
  if (ctx.handshake.initialize === 'succeeded' || ctx.handshake.refusedAsModern) return {};
  if (!isRecognisedModernError(msg)) return {};
  return { handshake: { ...ctx.handshake, refusedAsModern: true } };
}

/**
 * Lifecycle › Version Negotiation, from the wire alone: the client supports the server's answer
 * when it echoes the client's offer (the client MUST offer a version it supports), or once the
 * client has sent notifications/initialized (ready for normal operation on that answer; one sent
 * before the answer, initialized-before-result, said so ahead of time). Any other answer may be one
 * the client does not support, and then it SHOULD disconnect rather than operate on it.
 */
export function clientSupportsAnswer(ctx: SessionContext, answered: unknown): boolean {
  return (
    typeof answered === 'string' &&
    (answered === ctx.handshake.offeredVersion || ctx.handshake.initializedSent)
  );
}

/**
 * The client sent notifications/initialized: the handshake is complete, and the client has taken
 * up the version the server answered (a counter-offer it supports).
 */
export function markInitialized(ctx: SessionContext): Update {
  const h = ctx.handshake;
  const accepted = h.initialize === 'succeeded' ? h.negotiatedVersion : h.acceptedVersion;
  return { handshake: { ...h, initializedSent: true, acceptedVersion: accepted } };
}

/** A request: its id is used for good, and it waits for its answer. */
export function rememberRequest(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'request') return {};
  const { id, method } = msg.envelope;
  const token = msg.progressToken;
  const uri = uriOf(msg);
  const report = reportOf(ctx);
  // A reused id still waiting (duplicate-request-id): the earlier request waits on underneath this
  // one, which the next answer with the id answers; it comes back then (completeRequest). Both
  // are pending meanwhile: the sender broke the rule, the receiver still owes each an answer.
  const earlier = ctx.ledger.request(msg.sender, id);
  const shadowed = isWaiting(earlier)
    ? [...(earlier.shadowed ?? []), withoutShadowedRequest(earlier)]
    : undefined;
  // Built field by field (no conditional spreads): one per request of a transcript.
  const record: Mutable<RequestRecord> & { readonly seq: number } = {
    requester: msg.sender,
    id,
    step: report.index,
    method,
    primitive: report.primitive,
    capability: report.capability,
    status: 'pending',
    seq: ctx.ledger.open(method, uri),
  };
  if (token !== undefined) record.progressToken = token;
  if (uri !== undefined) record.uri = uri;
  if (ctx.era === 'modern' && msg.sender === 'client') {
    record.declared = declaredBy(msg);
    const cursor = msg.params?.cursor;
    if (typeof cursor === 'string' && CACHEABLE.has(method)) record.cursor = cursor;
    // What header-mismatch judges on the request, kept so that its answer can be judged too.
    const headers = msg.headers;
    const body = { method, params: msg.params ?? {} };
    if (headers && headerProblemOf((name) => headers[name], body, paramHeadersCalled(ctx, msg)))
      record.headerMismatch = true;
    // A retry lacking requested input: its error answer is judged (input-responses-not-reasked),
    // unless the retry broke the schema, which the server may refuse with an error.
    const missing = unansweredInputs(ctx, msg);
    if (missing && !report.violations.some((v) => v.rule === 'invalid-params'))
      record.missingInputs = missing;
    // A retry whose inputResponses break the schema: a complete result to it is judged
    // (input-responses-not-validated), as the referee's own finding says where.
    const invalid = report.violations.find(
      (v) =>
        v.rule === 'invalid-params' &&
        (v.pointer === '/params/inputResponses' ||
          v.pointer?.startsWith('/params/inputResponses/') === true),
    );
    if (invalid && retriedRound(ctx, msg).round)
      record.invalidInputs = { en: invalid.message, zh: invalid.messageZh };
  } else if (versionAtLeast(ctx.ruleVersion, TASKS_REVISION)) {
    // A task field on a request that cannot run as a task is one its receiver ignores
    // (task-augmentation-unsupported): the request stays a plain one, answered with its own result.
    if (isObject(msg.params?.task) && isTaskAugmentable(method)) record.task = true;
  }
  // The tool a call calls: its listed outputSchema judges the result, its taskSupport the call.
  if (method === 'tools/call' && typeof msg.params?.name === 'string') {
    record.tool = msg.params.name;
    // CallToolRequestParams.arguments is optional: a call without it passes no arguments.
    const schema = ctx.ledger.inputSchemas.get(msg.params.name);
    if (schema !== undefined) record.toolInput = { args: msg.params.arguments ?? {}, schema };
  }
  if (method === 'logging/setLevel' && typeof msg.params?.level === 'string')
    record.level = msg.params.level;
  if (method === 'prompts/get') {
    const missing = missingArgument(ctx, msg.params);
    if (missing !== undefined) record.missingArgument = missing;
  }
  if (
    // tasks/update: the tasks extension's (2026-07-28), which names its task the same way.
    (method === 'tasks/cancel' || method === 'tasks/get' || method === 'tasks/update') &&
    typeof msg.params?.taskId === 'string'
  )
    record.taskId = msg.params.taskId;
  if (method === 'elicitation/create') {
    record.elicitationMode = elicitationModeOf(msg.params);
    const schema = msg.params?.requestedSchema;
    if (record.elicitationMode === 'form' && isObject(schema)) record.requestedSchema = schema;
  }
  if (method === 'sampling/createMessage') {
    if (offersTools(msg.params)) record.samplingTools = true;
    const choice = toolChoiceToHonour(msg.params);
    if (choice) record.samplingChoice = choice;
  }
  const related = relatedTaskAsked(ctx, method, msg.params);
  if (related !== undefined) record.relatedTask = related;
  if (shadowed) record.shadowed = shadowed;
  ctx.ledger.requests[msg.sender].set(id, record);
  return { pending: ctx.pending.add(record) };
}

/** client/elicitation › Elicitation Requests: clients MUST treat a request without a mode as form mode. */
function elicitationModeOf(params: JsonObject | undefined): 'form' | 'url' {
  return params?.mode === 'url' ? 'url' : 'form';
}

function withoutShadowedRequest(record: RequestRecord): RequestRecord {
  if (record.shadowed === undefined) return record;
  const { shadowed: _, ...rest } = record;
  return rest;
}

/** The request a reused id hid (RequestRecord.shadowed) is the id's own again, still waiting. */
function unshadow(ctx: SessionContext, record: RequestRecord): void {
  const hidden = record.shadowed;
  const back = hidden?.at(-1);
  if (!hidden || !back) return;
  const rest = hidden.slice(0, -1);
  ctx.ledger.requests[record.requester].set(
    record.id,
    rest.length > 0 ? { ...back, shadowed: rest } : back,
  );
}

/**
 * The task whose related-task `_meta` a request's answer must carry (2025-11-25
 * basic/utilities/tasks › Associating Task-Related Messages): tasks/result's (its result structure
 * does not hold the task ID), or the one a request related to a task names in its own `_meta`.
 * tasks/get, tasks/list and tasks/cancel name their task in the message itself: their answers
 * SHOULD NOT carry it. The handshake era from 2025-11-25 (2026-07-28 moved tasks to an extension).
 */
function relatedTaskAsked(
  ctx: SessionContext,
  method: string,
  params: JsonObject | undefined,
): string | undefined {
  if (!hasHandshakeTasks(ctx)) return undefined;
  if (method === 'tasks/result')
    return typeof params?.taskId === 'string' ? params.taskId : undefined;
  if (method === 'tasks/get' || method === 'tasks/list' || method === 'tasks/cancel')
    return undefined;
  return relatedTaskOf(params);
}

/** Progress › Progress Flow: a request's progress token is the requester's until it completes. */
export function handOutProgressToken(ctx: SessionContext, msg: ModelMessage): Update {
  const token = msg.progressToken;
  if (token === undefined || msg.id === null) return {};
  const tokens = ctx.ledger.tokens[msg.sender];
  const held = tokens.get(token);
  // A token another request in flight holds (duplicate-progress-token): that request keeps its
  // record underneath, so its progress is told apart again once this one ends.
  const shadowed =
    held?.status === 'active' && held.requestId !== msg.id
      ? [...(held.shadowed ?? []), withoutShadowed(held)]
      : undefined;
  tokens.set(
    token,
    shadowed
      ? { requestId: msg.id, status: 'active', last: null, shadowed }
      : { requestId: msg.id, status: 'active', last: null },
  );
  return {};
}

function withoutShadowed(record: TokenRecord): TokenRecord {
  if (record.shadowed === undefined) return record;
  const { shadowed: _, ...rest } = record;
  return rest;
}

/**
 * A broken request whose id could be read still gets an error response with that id (JSON-RPC:
 * -32600): remember it, so that answer is not taken for a stray response. It was never a request,
 * so its id is marked as such: a proper request may use the id afterwards.
 */
export function rememberBrokenRequest(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.id === null) return {};
  // A broken request is answered -32600 with its id where the id can be read (JSON-RPC 2.0 §5.1),
  // also when its method is missing or not a string ({"jsonrpc":"2.0","id":5}); a broken
  // response (a result or an error with something wrong) asks for no answer.
  const reason = msg.envelope.kind === 'invalid' ? msg.envelope.reason : null;
  if (msg.method === null && reason !== 'empty' && reason !== 'method-not-string') return {};
  const requests = ctx.ledger.requests[msg.sender];
  if (requests.has(msg.id)) return {};
  requests.set(msg.id, {
    requester: msg.sender,
    id: msg.id,
    step: reportOf(ctx).index,
    // No method to name: "?", as the timeline writes a message whose method it cannot read.
    method: msg.method ?? '?',
    primitive: reportOf(ctx).primitive,
    capability: null,
    status: 'pending',
    invalid: true,
  });
  return {};
}

/** A progress notification on an active token: how far it got. */
export function recordProgress(ctx: SessionContext, msg: ModelMessage): Update {
  const p = progressOf(msg);
  if (!p) return {};
  // Progress flows from the receiver of a request back to its requester.
  const tokens = ctx.ledger.tokens[msg.receiver];
  const record = tokens.get(p.token);
  if (record?.status !== 'active') return {};
  const last = record.last === null ? p.progress : Math.max(record.last, p.progress);
  // Built field by field (no rest and no conditional spreads): one per progress notification.
  const next: Mutable<TokenRecord> = { requestId: record.requestId, status: record.status, last };
  if (p.progress !== last) next.previous = p.progress;
  const total = p.total ?? record.total;
  if (total !== undefined) next.total = total;
  if (record.shadowed !== undefined) next.shadowed = record.shadowed;
  if (record.task !== undefined) next.task = record.task;
  tokens.set(p.token, next);
  return {};
}

/** Ends the progress token of a request that was answered or cancelled. */
function endToken(
  ctx: SessionContext,
  record: RequestRecord,
  owner: Side,
  status: 'completed' | 'cancelled',
): void {
  if (record.progressToken === undefined) return;
  const tokens = ctx.ledger.tokens[owner];
  const token = tokens.get(record.progressToken);
  if (token?.status !== 'active') return;
  const shadowed = token.shadowed ?? [];
  if (token.requestId !== record.id) {
    // A request whose token a later one took over (duplicate-progress-token): it leaves the
    // records underneath; the token stays the later request's.
    const left = shadowed.filter((held) => held.requestId !== record.id);
    if (left.length !== shadowed.length)
      tokens.set(record.progressToken, withShadowed(token, left));
    return;
  }
  const previous = shadowed.at(-1);
  tokens.set(
    record.progressToken,
    // The newest request underneath that still waits holds the token again, as far as it had got.
    previous ? withShadowed(previous, shadowed.slice(0, -1)) : { ...token, status },
  );
}

function withShadowed(record: TokenRecord, shadowed: readonly TokenRecord[]): TokenRecord {
  const bare = withoutShadowed(record);
  return shadowed.length > 0 ? { ...bare, shadowed } : bare;
}

/** Cancellation: the requester gave up on a pending request; it expects no answer and no progress. */
export function cancelRequest(ctx: SessionContext, msg: ModelMessage): Update {
  const id = cancelledId(msg);
  return id === null ? {} : cancelled(ctx, msg.sender, id, false);
}

/**
 * The client closed the HTTP response stream of its request `id` (a modern session only: 2026-07-28
 * basic/patterns/cancellation › Transport-Specific Cancellation makes that the cancellation, and no
 * notifications/cancelled is expected). The request is cancelled as if the notification had come.
 */
export function abandonRequest(ctx: SessionContext, id: RequestId): Update {
  return cancelled(ctx, 'client', id, true);
}

/** `requester`'s request `id` is cancelled: no longer pending, its progress token ended. */
function cancelled(
  ctx: SessionContext,
  requester: Side,
  id: RequestId,
  streamClosed: boolean,
): Update {
  const record = ctx.ledger.request(requester, id);
  // Already answered: the response and the cancellation crossed; both sides must tolerate that.
  if (record?.status !== 'pending') return {};
  // initialize MUST NOT be cancelled (2025-11-25 basic/utilities/cancellation › Behavior
  // Requirements): that notification is the client's error (cancel-initialize) and cancels
  // nothing, so the answer the server owes it is no answer after a cancellation.
  if (record.method === 'initialize' && !streamClosed) return {};
  const update = withoutPending(ctx, requester, id);
  ctx.ledger.requests[requester].set(
    id,
    streamClosed
      ? { ...record, status: 'cancelled', streamClosed: true }
      : { ...record, status: 'cancelled' },
  );
  endToken(ctx, record, requester, 'cancelled');
  // The newest request with the id is the one cancelled; one it hid waits on under the id.
  unshadow(ctx, record);
  return update;
}

/**
 * An answer: the request it answers is done, and so is its progress token. Runs after every other
 * record of the answer that reads the request (a modern one is forgotten here).
 */
export function completeRequest(ctx: SessionContext, msg: ModelMessage): Update {
  const record = answeredRecord(ctx, msg);
  if (!record || record.status === 'answered' || msg.id === null) return {};
  // The answer travels opposite to its request: the request came from the receiver.
  const requester = msg.receiver;
  const task = createdTask(ctx, record, msg);
  if (task !== undefined) holdTokenForTask(ctx, record, requester, task);
  else if (record.status !== 'cancelled') endToken(ctx, record, requester, 'completed');
  const update = withoutPending(ctx, requester, msg.id);
  // 2026-07-28 basic/index › Requests: once answered, a modern request's id is free again, so
  // nothing of it is kept (a dual-era probe is kept: a legacy fallback never reuses its id).
  const probe = ctx.probe.status === 'sent' && ctx.probe.id === msg.id;
  if (ctx.era === 'modern' && !probe) ctx.ledger.forget(record);
  else ctx.ledger.requests[requester].set(msg.id, { ...record, status: 'answered' });
  unshadow(ctx, record);
  return update;
}

/**
 * The task a CreateTaskResult creates for a task-augmented request (2025-11-25
 * basic/utilities/tasks › Creating Tasks), in the handshake era from 2025-11-25.
 */
function createdTask(
  ctx: SessionContext,
  record: RequestRecord,
  msg: ModelMessage,
): string | undefined {
  if (!record.task || record.status !== 'pending' || msg.envelope.kind !== 'response') return;
  if (!hasHandshakeTasks(ctx)) return;
  const task = msg.envelope.result.task;
  return isObject(task) && typeof task.taskId === 'string' ? task.taskId : undefined;
}

/**
 * 2025-11-25 basic/utilities/progress › Behavior Requirements: the progress token of a
 * task-augmented request stays valid after its CreateTaskResult, held by the task until the task
 * reaches a terminal status (recordTaskStatus ends it then).
 */
function holdTokenForTask(
  ctx: SessionContext,
  record: RequestRecord,
  requester: Side,
  taskId: string,
): void {
  if (record.progressToken === undefined) return;
  const tokens = ctx.ledger.tokens[requester];
  const token = tokens.get(record.progressToken);
  if (token?.status !== 'active' || token.requestId !== record.id) return;
  tokens.set(record.progressToken, { ...token, task: taskId });
}

/**
 * The first argument a prompts/get leaves out that the prompt's listing marks required
 * (server/prompts › Getting a Prompt), undefined when it gives them all or the prompt was never
 * listed.
 */
function missingArgument(ctx: SessionContext, params: JsonObject | undefined): string | undefined {
  const name = params?.name;
  const required = typeof name === 'string' ? ctx.ledger.requiredArguments.get(name) : undefined;
  if (required === undefined) return undefined;
  const given = isObject(params?.arguments) ? params.arguments : {};
  return required.find((argument) => !Object.hasOwn(given, argument));
}

/**
 * A prompts/list result: the arguments each listed prompt marks required (server/prompts › Listing
 * Prompts). A later list replaces what it names.
 */
export function recordPromptList(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'response') return {};
  if (answeredRecord(ctx, msg)?.method !== 'prompts/list') return {};
  const prompts = msg.envelope.result.prompts;
  if (!Array.isArray(prompts)) return {};
  for (const prompt of prompts) {
    if (!isObject(prompt) || typeof prompt.name !== 'string') continue;
    const args = Array.isArray(prompt.arguments) ? prompt.arguments : [];
    const required: string[] = [];
    for (const arg of args) {
      if (isObject(arg) && arg.required === true && typeof arg.name === 'string')
        required.push(arg.name);
    }
    if (required.length > 0) ctx.ledger.requiredArguments.set(prompt.name, required);
    else ctx.ledger.requiredArguments.delete(prompt.name);
  }
  return {};
}

/**
 * An answer to a list request that hands out a nextCursor (server/utilities/pagination): the
 * requester may continue the list with it, in this session (the handshake era's cursors do not
 * outlive it).
 */
export function recordNextCursor(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'response' || ctx.era === 'modern') return {};
  const cursor = msg.envelope.result.nextCursor;
  if (typeof cursor !== 'string') return {};
  const method = answeredRecord(ctx, msg)?.method;
  if (method !== undefined && PAGINATED.has(method)) ctx.ledger.handOut(msg.sender, method, cursor);
  return {};
}

/** Logging › Setting Log Level: the server accepted a minimum level; it holds from now on. */
export function recordLogLevel(ctx: SessionContext, msg: ModelMessage): Update {
  const level = answeredRecord(ctx, msg)?.level;
  if (level !== undefined) ctx.ledger.logLevel = level;
  return {};
}

/** Resources › Subscriptions: the server confirmed a subscription. */
export function confirmSubscription(ctx: SessionContext, msg: ModelMessage): Update {
  const uri = answeredRecord(ctx, msg)?.uri;
  if (uri !== undefined) ctx.ledger.subscriptions.add(uri);
  return {};
}

/** Resources › Subscriptions: the client no longer wants updates for a resource. */
export function endSubscription(ctx: SessionContext, msg: ModelMessage): Update {
  const uri = uriOf(msg);
  if (uri !== undefined) ctx.ledger.subscriptions.delete(uri);
  return {};
}

/** The machine's era states stamp their era as they are entered; reports read it from here. */
export function enterEra(era: Era): Update {
  return era === 'modern' ? { era, wasModern: true } : { era };
}

/**
 * The server took up an initialize on a modern connection: the handshake era's rules judge the
 * session from its answer on, those of the revision the client offered (else the latest with a
 * handshake).
 */
export function adoptHandshakeRules(ctx: SessionContext): Update {
  const offered = resolveVersion(ctx.handshake.offeredVersion);
  return withRuleVersion(ctx, offered ?? LATEST_HANDSHAKE_VERSION);
}

/**
 * A modern session follows the modern revision its first request names, or the latest modern
 * revision the referee knows when it names another (the server answers that with -32022).
 */
export function adoptModernRules(ctx: SessionContext, msg: ModelMessage): Update {
  const named = declaredRevision(msg);
  const revision =
    named !== undefined && isStatelessVersion(named) ? named : LATEST_STATELESS_VERSION;
  return { ruleVersion: revision, rules: ctx.ruleSets[revision] ?? ctx.rules };
}

/** A server/discover opened the session: a dual-era client's probe, until it is answered. */
export function startProbe(_ctx: SessionContext, msg: ModelMessage): Update {
  return { probe: { id: msg.id, status: 'sent' } };
}

/** The probe's answer: modern (a DiscoverResult or a recognised modern error) or failed. */
export function concludeProbe(ctx: SessionContext, modern: boolean): Update {
  return { probe: { ...ctx.probe, status: modern ? 'modern' : 'failed' } };
}

/**
 * A -32022 answer to the probe lists the versions the server serves (`data.supported`): what the
 * client may retry with (basic/versioning › Protocol Version Negotiation).
 */
export function recordSupported(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'error') return {};
  const data = msg.envelope.error.data;
  const supported = isObject(data) && Array.isArray(data.supported) ? data.supported : null;
  if (supported === null) return {};
  const versions = supported.filter((v): v is string => typeof v === 'string');
  return {
    discover: { supportedVersions: versions, capabilities: ctx.discover?.capabilities ?? null },
  };
}

/**
 * A modern request declares its own capabilities and identity (basic/index › _meta): what the
 * session shows as the client's is what the latest request declared, never a sum of them.
 */
export function declareRequest(ctx: SessionContext, msg: ModelMessage): Update {
  const declared = declaredBy(msg);
  return {
    capabilities: { ...ctx.capabilities, client: declared.capabilities },
    info: { ...ctx.info, client: declared.clientInfo },
    ...(declared.version !== ctx.declaredVersion ? { declaredVersion: declared.version } : {}),
  };
}

/** server/discover › DiscoverResult: the versions the server serves and what it offers. */
export function recordDiscover(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'response') return {};
  const record = answeredRecord(ctx, msg);
  if (record?.method !== 'server/discover') return {};
  const result = msg.envelope.result;
  const versions = Array.isArray(result.supportedVersions)
    ? result.supportedVersions.filter((v): v is string => typeof v === 'string')
    : null;
  const capabilities = isObject(result.capabilities) ? result.capabilities : null;
  return {
    discover: { supportedVersions: versions, capabilities },
    capabilities: { ...ctx.capabilities, server: capabilities },
    refusal: null,
  };
}

/**
 * A -32022 (UnsupportedProtocolVersionError) to a modern request: the versions its
 * `data.supported` lists, which the client SHOULD pick from when it retries (2026-07-28
 * basic/versioning › Protocol Version Negotiation).
 */
export function recordRefusal(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'error' || msg.envelope.error.code !== -32022) return {};
  const data = msg.envelope.error.data;
  const method = answeredRecord(ctx, msg)?.method;
  if (!isObject(data) || !Array.isArray(data.supported) || method === undefined) return {};
  const supported = data.supported.filter((v): v is string => typeof v === 'string');
  return { refusal: { method, supported } };
}

/** The client's retry of the refused method (its next request of that method) settles the refusal. */
export function settleRefusal(ctx: SessionContext, msg: ModelMessage): Update {
  return ctx.refusal !== null && msg.method === ctx.refusal.method ? { refusal: null } : {};
}

/** A modern result names its server in `_meta` (SHOULD, on every result). */
export function noteServerInfo(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'response') return {};
  const meta = msg.envelope.result._meta;
  const info = isObject(meta) ? meta[SERVER_INFO_META] : undefined;
  return isObject(info) ? { info: { ...ctx.info, server: info } } : {};
}

/** The transport closed. */
export function markClosed(): Update {
  return { closed: true };
}

/**
 * A tools/list result: what each tool says of running as a task, 2025-11-25 on
 * (basic/utilities/tasks › Tool-Level Negotiation; no `execution.taskSupport` means "forbidden"),
 * and the outputSchema its results must fit, 2025-06-18 on (server/tools › Output Schema). A later
 * list replaces what it names; a tool never listed is not judged. In 2026-07-28 only a complete
 * result lists tools.
 */
export function recordToolList(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'response') return {};
  if (ctx.era === 'modern' && answeredRecord(ctx, msg)?.method !== 'tools/list') return {};
  const tools = msg.envelope.result.tools;
  if (!Array.isArray(tools)) return {};
  // server/tools › Security Considerations, every revision: the inputSchema its calls must fit.
  for (const tool of tools) {
    if (!isObject(tool) || typeof tool.name !== 'string') continue;
    if (isObject(tool.inputSchema)) ctx.ledger.inputSchemas.set(tool.name, tool.inputSchema);
    else ctx.ledger.inputSchemas.delete(tool.name);
  }
  if (!versionAtLeast(ctx.ruleVersion, OUTPUT_SCHEMA_REVISION)) return {};
  const tasks = hasHandshakeTasks(ctx);
  for (const tool of tools) {
    if (!isObject(tool) || typeof tool.name !== 'string') continue;
    if (isObject(tool.outputSchema)) ctx.ledger.outputSchemas.set(tool.name, tool.outputSchema);
    else ctx.ledger.outputSchemas.delete(tool.name);
    if (ctx.era === 'modern') {
      // server/tools › x-mcp-header: what its calls mirror into Mcp-Param-* headers.
      const mirrored = paramHeadersOf(tool.inputSchema);
      if (mirrored.ok && mirrored.headers.length > 0)
        ctx.ledger.paramHeaders.set(tool.name, mirrored.headers);
      else ctx.ledger.paramHeaders.delete(tool.name);
      // The same reading x-mcp-header-invalid judges: a tool it flags is one the client rejects.
      if (mirrored.ok) ctx.ledger.rejectedTools.delete(tool.name);
      else ctx.ledger.rejectedTools.add(tool.name);
    }
    if (!tasks) continue;
    const support = isObject(tool.execution) ? tool.execution.taskSupport : undefined;
    ctx.ledger.taskSupport.set(
      tool.name,
      support === 'required' || support === 'optional' ? support : 'forbidden',
    );
  }
  return {};
}

/**
 * 2025-11-25 basic/utilities/tasks › Task Status Lifecycle: the status a receiver reported for a
 * task it runs (a CreateTaskResult, a tasks/get, tasks/list or tasks/cancel result, a
 * notifications/tasks/status). A terminal status stays: the task cannot leave it, until a
 * CreateTaskResult creates a new task of that ID (one the old task's deletion freed). With it, how
 * long each task is sure to exist (› TTL and Resource Management) and a tasks/result answered
 * before its task was reported terminal (› Result Retrieval).
 */
export function recordTaskStatus(ctx: SessionContext, msg: ModelMessage): Update {
  // An early result is shown once, by the report that revealed it: the next ones are honest.
  for (const { report } of earlyResultsRevealed(ctx, msg))
    ctx.ledger.taskResults[msg.sender].delete(report.taskId);
  recordTaskResult(ctx, msg);
  const reports = taskReports(ctx, msg);
  ctx.ledger.trimTasks(msg.sender);
  if (reports.length === 0) return {};
  const tasks = ctx.ledger.tasks[msg.sender];
  const lives = ctx.ledger.taskLives[msg.sender];
  for (const report of reports) {
    const { taskId, status } = report;
    if (report.via === 'created') {
      tasks.delete(taskId);
      ctx.ledger.taskResults[msg.sender].delete(taskId);
      lives.set(taskId, { createdAt: taskDate(report.createdAt), ttl: ttlOf(report.ttl) });
      // What its tasks/result will return the result of (a created report answers a request).
      const created = answeredRecord(ctx, msg);
      if (created !== undefined) ctx.ledger.taskRequests[msg.sender].set(taskId, created);
    } else {
      const life = lives.get(taskId);
      if (life !== undefined) lives.set(taskId, { ...life, ttl: shorterTtl(life.ttl, report.ttl) });
    }
    if (report.via === 'created') ctx.ledger.taskPolls[msg.sender].delete(taskId);
    if (report.via === 'tasks/get') notePoll(ctx, msg, report);
    if (isTerminalTaskStatus(tasks.get(taskId)?.status)) continue;
    tasks.set(
      taskId,
      isTerminalTaskStatus(status) ? { status, terminalFrom: ctx.ledger.opened } : { status },
    );
    // progress › Behavior Requirements: a task's progress MUST stop once it is terminal.
    if (isTerminalTaskStatus(status)) {
      const tokens = ctx.ledger.tokens[msg.receiver];
      for (const [token, held] of tokens) {
        if (held.task === taskId && held.status === 'active')
          tokens.set(token, { ...held, status: 'completed' });
      }
    }
  }
  ctx.ledger.trimTasks(msg.sender);
  return {};
}

/**
 * › Getting Tasks, TTL and Resource Management: a tasks/get result that came at a time the source
 * read off a clock, with the pollInterval it suggests for the next poll of its task (none:
 * forgotten). A CreateTaskResult's own pollInterval is not counted: it answers no poll, and
 * whether the first poll must wait for it the spec leaves open (SDK clients poll at once).
 */
function notePoll(ctx: SessionContext, msg: ModelMessage, report: TaskReport): void {
  notePollInterval(ctx, msg, report.taskId, report.pollInterval);
}

/**
 * The interval (ms) `msg`, an answer about `taskId` timed by a clock, suggests before the next
 * poll of that task, for task-poll-too-soon; anything but a positive number forgets the last one.
 * The core's tasks/get (2025-11-25, pollInterval) and the tasks extension's (pollIntervalMs).
 */
export function notePollInterval(
  ctx: SessionContext,
  msg: ModelMessage,
  taskId: string,
  interval: unknown,
): void {
  if (msg.at === undefined) return;
  const polls = ctx.ledger.taskPolls[msg.sender];
  if (typeof interval === 'number' && Number.isFinite(interval) && interval > 0)
    polls.set(taskId, { at: msg.at, interval });
  else polls.delete(taskId);
}

/**
 * A tasks/result answered with a result (not an error) for a task its receiver had reported no
 * terminal status for: noted with `opened` then, for task-result-before-terminal.
 */
function recordTaskResult(ctx: SessionContext, msg: ModelMessage): void {
  if (msg.envelope.kind !== 'response') return;
  const record = answeredRecord(ctx, msg);
  if (record?.method !== 'tasks/result' || record.status === 'answered') return;
  const taskId = record.relatedTask;
  if (taskId === undefined) return;
  if (isTerminalTaskStatus(ctx.ledger.tasks[msg.sender].get(taskId)?.status)) return;
  const results = ctx.ledger.taskResults[msg.sender];
  if (!results.has(taskId) && msg.id !== null)
    results.set(taskId, { from: ctx.ledger.opened, id: msg.id });
}

/** A task's ttl: milliseconds, null for unlimited, undefined when it gives none (or not a number). */
function ttlOf(value: unknown): number | null | undefined {
  if (value === null) return null;
  return typeof value === 'number' && value >= 0 ? value : undefined;
}

/** The shorter of a task's known ttl and one more report's (an unknown one stays unknown). */
function shorterTtl(
  known: number | null | undefined,
  reported: unknown,
): number | null | undefined {
  const ttl = ttlOf(reported);
  if (known === undefined || ttl === undefined || ttl === null) return known;
  return known === null ? ttl : Math.min(known, ttl);
}

/**
 * 2025-11-25 client/elicitation: a URL-mode elicitation/create or a -32042 error of the server
 * establishes elicitationIds, which a notifications/elicitation/complete may name afterwards.
 */
export function establishElicitations(ctx: SessionContext, msg: ModelMessage): Update {
  for (const id of establishedElicitations(ctx, msg)) ctx.ledger.establishElicitation(id);
  return {};
}

/**
 * 2025-11-25 client/elicitation › Completion Notifications for URL Mode Elicitation: the server's
 * notifications/elicitation/complete ends the elicitation it names, when one was established.
 */
export function completeElicitation(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.method !== 'notifications/elicitation/complete' || msg.sender !== 'server') return {};
  const id = msg.params?.elicitationId;
  if (typeof id === 'string' && ctx.ledger.elicitations.has(id))
    ctx.ledger.elicitations.set(id, 'completed');
  return {};
}

/**
 * 2026-07-28 server/utilities/caching › Interaction with Pagination: a page of a cacheable list
 * that hands out a nextCursor passes on the list's cacheScope (its first page's) to the page that
 * cursor fetches. Runs before the request is forgotten.
 */
export function recordPageScope(ctx: SessionContext, msg: ModelMessage): Update {
  if (msg.envelope.kind !== 'response') return {};
  const record = answeredRecord(ctx, msg);
  if (!record || record.status === 'answered' || !CACHEABLE.has(record.method)) return {};
  const { nextCursor, cacheScope } = msg.envelope.result;
  if (typeof nextCursor !== 'string' || (cacheScope !== 'public' && cacheScope !== 'private'))
    return {};
  const continued =
    record.cursor === undefined ? undefined : ctx.ledger.pageScope(record.method, record.cursor);
  ctx.ledger.setPageScope(record.method, nextCursor, continued ?? cacheScope);
  return {};
}

/**
 * 2026-07-28 server/tools › Capabilities: a whole tools/list result (one page) is the order the
 * next one is compared with, unless it only reordered that one (tool-order-changed judged it):
 * the order of record stays, so a list back in it is clean. Runs before the request is forgotten.
 */
export function recordToolOrder(ctx: SessionContext, msg: ModelMessage): Update {
  const names = wholeToolList(ctx, msg);
  if (names !== null && reordering(ctx.ledger.toolOrder, names) === null)
    ctx.ledger.toolOrder = names;
  return {};
}
