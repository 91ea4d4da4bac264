import type { ParamHeader } from '../protocol/http-headers.js';
import { idKey, isProgressToken, type RequestId, versionAtLeast } from '../protocol/index.js';
import { isObject, type JsonObject } from '../protocol/json.js';
import { extensionRequests, TASKS_EXTENSION } from '../protocol/method-labels.js';
import type { Declared, ProgressReport, RequestRecord, SessionContext } from './context.js';
import type { ModelMessage } from './events.js';

/**
 * What a message means in the session so far: the questions both the rules and the machine's
 * guards ask, answered in one place so they cannot disagree.
 */

/** The method a request or notification calls (null for answers and invalid envelopes). */
export function calledMethod(msg: ModelMessage): string | null {
  const kind = msg.envelope.kind;
  return kind === 'request' || kind === 'notification' ? msg.method : null;
}

/** The request an answer answers, in its requester's id space (the answer's receiver), if sent. */
export function answeredRecord(ctx: SessionContext, msg: ModelMessage): RequestRecord | undefined {
  const kind = msg.envelope.kind;
  if ((kind !== 'response' && kind !== 'error') || msg.id === null) return undefined;
  return ctx.ledger.request(msg.receiver, msg.id);
}

/** The request whose result an answer carries, and the task that ran it, if it ran as one. */
export type ResultOrigin = { readonly record: RequestRecord; readonly task?: string };

/**
 * The request whose result a response carries (2025-11-25 basic/utilities/tasks › Result
 * Retrieval): the request it answers; but a CreateTaskResult carries no result of the task-augmented
 * request it answers ("the actual result … becomes available only through tasks/result"), and the
 * answer to tasks/result is "exactly what the underlying request would have returned", so it
 * carries the result of the request that created the task it names (in either direction: the
 * server's task for tools/call, the client's for sampling/createMessage and elicitation/create).
 * Undefined for a task this session never saw created, and for any other message.
 */
export function resultOrigin(ctx: SessionContext, msg: ModelMessage): ResultOrigin | undefined {
  if (msg.envelope.kind !== 'response') return undefined;
  const record = answeredRecord(ctx, msg);
  if (record === undefined) return undefined;
  if (record.method === 'tasks/result') {
    const task = record.relatedTask;
    if (task === undefined) return undefined;
    const created = ctx.ledger.taskRequests[msg.sender].get(task);
    return created === undefined ? undefined : { record: created, task };
  }
  if (record.task && isObject(msg.envelope.result.task)) return undefined;
  return { record };
}

/**
 * 2026-07-28: the cancelled client request a server's log message is still for. A log message is
 * request-scoped (server/utilities/logging › Per-request log level); when no request waiting for
 * its answer asked for logs but one the client cancelled did, and the server has not answered it,
 * the message is one more message for that request, judged as its answer would be (the newest
 * such request). Undefined otherwise.
 */
export function cancelledLogRequest(
  ctx: SessionContext,
  msg: ModelMessage,
): RequestRecord | undefined {
  if (ctx.era !== 'modern' || ctx.ledger.logging > 0) return undefined;
  if (msg.type !== 'server.notification' || msg.method !== 'notifications/message')
    return undefined;
  let found: RequestRecord | undefined;
  for (const record of ctx.ledger.requests.client.values()) {
    if (record.status === 'cancelled' && record.declared?.logLevel != null) found = record;
  }
  return found;
}

/** An answer to a request that has not been answered yet (it may have been cancelled). */
export function answersOpenRequest(ctx: SessionContext, msg: ModelMessage): boolean {
  const record = answeredRecord(ctx, msg);
  return record !== undefined && record.status !== 'answered';
}

/** The server's first answer to the initialize request that opened the handshake. */
export function answersInitialize(ctx: SessionContext, msg: ModelMessage): boolean {
  const { initializeId } = ctx.handshake;
  if (msg.receiver !== 'client' || initializeId === null) return false;
  // Only an initialize still waiting opened a handshake: once it succeeded, a later initialize
  // (duplicate-initialize) reusing its id is an ordinary request, and its answer concludes nothing.
  if (ctx.handshake.initialize !== 'sent') return false;
  if (msg.id === null) return refusesInitializeBatch(ctx, msg, initializeId);
  const record = answeredRecord(ctx, msg);
  return (
    record !== undefined &&
    record.status !== 'answered' &&
    record.method === 'initialize' &&
    idKey(initializeId) === idKey(msg.id)
  );
}

/**
 * One error with id null, on its own, while the initialize that came inside a JSON-RPC batch waits
 * for its answer: the server refused the batch as a whole (JSON-RPC 2.0 › Batch: a batch it read
 * is answered with an array of Response objects, one per request; a single one, with id null,
 * answers a line it could not take as a batch), so the initialize in it was never processed.
 */
function refusesInitializeBatch(
  ctx: SessionContext,
  msg: ModelMessage,
  initializeId: RequestId,
): boolean {
  if (msg.envelope.kind !== 'error' || msg.batch !== undefined) return false;
  if (!ctx.handshake.initializeInBatch || ctx.handshake.initialize !== 'sent') return false;
  const record = ctx.ledger.request('client', initializeId);
  return record !== undefined && record.status !== 'answered';
}

/** The `uri` param of a request or notification, when it is a string. */
export function uriOf(msg: ModelMessage): string | undefined {
  const uri = msg.params?.uri;
  return typeof uri === 'string' ? uri : undefined;
}

/**
 * Does a subscription to one of `subscribed` cover an update for `uri`? The URI itself, or a
 * sub-resource of it: the schema's ResourceUpdatedNotificationParams.uri (2025-11-25 and
 * 2026-07-28) "might be a sub-resource of the one that the client actually subscribed to". A
 * sub-resource is taken as the subscribed URI followed by a path, query or fragment
 * (`file:///logs` covers `file:///logs/app.log`, not `file:///logs-old`).
 */
export function coversUri(
  subscribed: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  uri: string,
): boolean {
  if (subscribed.has(uri)) return true;
  for (const base of subscribed.keys()) {
    if (!uri.startsWith(base) || uri.length === base.length) continue;
    if (base.endsWith('/') || '/?#'.includes(uri.charAt(base.length))) return true;
  }
  return false;
}

/** The request a notifications/cancelled names, in its sender's id space (only the requester cancels). */
export function cancelledId(msg: ModelMessage): RequestId | null {
  if (msg.envelope.kind !== 'notification' || msg.method !== 'notifications/cancelled') return null;
  const id = msg.params?.requestId;
  // Task cancellation (tasks/cancel) has no requestId. A bigint is one past 2^53 − 1 as the
  // transcript wrote it (withExactIds), matched exactly with the request's own id.
  return typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint' ? id : null;
}

/** The request a notifications/cancelled names, if its sender ever sent it. */
export function cancelledRecord(ctx: SessionContext, msg: ModelMessage): RequestRecord | undefined {
  const id = cancelledId(msg);
  return id === null ? undefined : ctx.ledger.request(msg.sender, id);
}

/**
 * What a notifications/progress reports, when its token and progress have the right types (the
 * schema check says what else is wrong).
 */
export function progressOf(msg: ModelMessage): ProgressReport | null {
  if (msg.envelope.kind !== 'notification' || msg.method !== 'notifications/progress') return null;
  const params = msg.params;
  const token = params?.progressToken;
  const progress = params?.progress;
  if (!isProgressToken(token) || typeof progress !== 'number') {
    return null;
  }
  const total = typeof params?.total === 'number' ? params.total : undefined;
  const message = typeof params?.message === 'string' ? params.message : undefined;
  return {
    token,
    progress,
    ...(total !== undefined ? { total } : {}),
    ...(message !== undefined ? { message } : {}),
  };
}

import {
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  LOG_LEVEL_META,
  PROTOCOL_VERSION_META,
  SERVER_INFO_META,
  SUBSCRIPTION_ID_META,
} from '../protocol/meta-keys.js';

export {
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  LOG_LEVEL_META,
  PROTOCOL_VERSION_META,
  SERVER_INFO_META,
  SUBSCRIPTION_ID_META,
};

/** The revision a request names in `_meta`, if it names one. */
export function declaredRevision(msg: ModelMessage): string | undefined {
  const meta = msg.params?._meta;
  if (!isObject(meta)) return undefined;
  const version = meta[PROTOCOL_VERSION_META];
  return typeof version === 'string' ? version : undefined;
}

/**
 * Does a request carry the modern era's envelope (basic/versioning › Backward Compatibility with
 * Initialization-Based Versions: "a request carrying modern per-request `_meta`")? Either required
 * key makes it one, so a request missing the other is a broken modern request rather than a legacy
 * one.
 */
export function carriesModernEnvelope(msg: ModelMessage): boolean {
  const meta = msg.params?._meta;
  return isObject(meta) && (PROTOCOL_VERSION_META in meta || CLIENT_CAPABILITIES_META in meta);
}

/** What a modern request declares in its `_meta` envelope (null for each key it lacks). */
export function declaredBy(msg: ModelMessage): Declared {
  const meta = msg.params?._meta;
  const m = isObject(meta) ? meta : {};
  const version = m[PROTOCOL_VERSION_META];
  const capabilities = m[CLIENT_CAPABILITIES_META];
  const info = m[CLIENT_INFO_META];
  const level = m[LOG_LEVEL_META];
  return {
    version: typeof version === 'string' ? version : null,
    capabilities: isObject(capabilities) ? capabilities : null,
    clientInfo: isObject(info) ? info : null,
    logLevel: typeof level === 'string' ? level : null,
  };
}

/** The resultType values of the core protocol (2026-07-28 basic/index › ResultType). */
export const CORE_RESULT_TYPES: readonly string[] = ['complete', 'input_required'];

/**
 * What the official extensions add (2026-07-28 changelog › Major changes, item 6: tasks left the
 * core for the `io.modelcontextprotocol/tasks` extension, whose `tasks/get`, `tasks/update` and
 * `tasks/cancel` and whose `"task"` result are its own, in its own specification). The shapes behind
 * the tasks extension's names are judged against its own schema (src/protocol/ext-tasks-schema.ts).
 */
const OFFICIAL_EXTENSIONS: Readonly<
  Record<
    string,
    {
      readonly methods: readonly string[];
      readonly resultTypes: readonly string[];
      /** Methods of the core's that the extension did not keep (item 6: tasks/result, tasks/list). */
      readonly dropped: readonly string[];
    }
  >
> = {
  [TASKS_EXTENSION]: {
    methods: extensionRequests(TASKS_EXTENSION),
    resultTypes: ['task'],
    dropped: ['tasks/result', 'tasks/list'],
  },
};

/**
 * Where a method of an earlier core went in 2026-07-28: `moved` to the official extension that has
 * a method of that name (tasks/get, tasks/cancel), `dropped` by the extension that took over its
 * feature (tasks/result, tasks/list), or null when no extension is concerned.
 */
export function extensionFate(
  method: string,
): { readonly extension: string; readonly fate: 'moved' | 'dropped' } | null {
  for (const [extension, entry] of Object.entries(OFFICIAL_EXTENSIONS)) {
    if (entry.methods.includes(method)) return { extension, fate: 'moved' };
    if (entry.dropped.includes(method)) return { extension, fate: 'dropped' };
  }
  return null;
}

/** The extensions a modern request declares in its `clientCapabilities.extensions`. */
export function declaredExtensions(capabilities: JsonObject | null | undefined): string[] {
  const extensions = capabilities?.extensions;
  return isObject(extensions) ? Object.keys(extensions) : [];
}

/** The resultType values an official extension adds; undefined for an extension the referee does not know. */
export function extensionResultTypes(extension: string): readonly string[] | undefined {
  return OFFICIAL_EXTENSIONS[extension]?.resultTypes;
}

/**
 * The extension a modern request calls a method of, when the request declares that extension in
 * its `clientCapabilities.extensions` (else null: the method is judged as the core knows it).
 */
export function extensionOfCall(msg: ModelMessage): string | null {
  if (msg.envelope.kind !== 'request' || msg.method === null) return null;
  const method = msg.method;
  const declared = declaredExtensions(declaredBy(msg).capabilities);
  return declared.find((ext) => OFFICIAL_EXTENSIONS[ext]?.methods.includes(method)) ?? null;
}

/** The server/discover probe's answer: the server's response to the request that opened the probe. */
export function answersProbe(ctx: SessionContext, msg: ModelMessage): boolean {
  const { id, status } = ctx.probe;
  if (status !== 'sent' || id === null || msg.receiver !== 'client') return false;
  if (msg.id === null) return refusesProbeUnread(ctx, msg);
  const record = answeredRecord(ctx, msg);
  return record?.method === 'server/discover' && record.status === 'pending' && record.id === id;
}

/**
 * An error with id null while the probe is the only request open: a legacy server that would not
 * read the probe (JSON-RPC 2.0 › Response object: id null when the id could not be determined).
 * SDK v1's Streamable HTTP example answers the probe's POST so, with 400 and -32000 "No valid
 * session ID provided". It is "any other error", the probe's answer: the server is legacy
 * (basic/transports/streamable-http › Backward Compatibility: the client inspects that body, then
 * falls back), and its code is its own, not a code of 2026-07-28.
 */
function refusesProbeUnread(ctx: SessionContext, msg: ModelMessage): boolean {
  if (msg.envelope.kind !== 'error' || msg.batch !== undefined) return false;
  const { id } = ctx.probe;
  const record = id === null ? undefined : ctx.ledger.request('client', id);
  return record?.status === 'pending' && ctx.pending.size === 1;
}

/**
 * A result that is a DiscoverResult (its `supportedVersions` list, 2026-07-28 schema): the answer
 * that makes a probe modern (basic/transports/stdio › Backward Compatibility: "The server returns
 * a DiscoverResult: the server is modern"). Any other success, such as `{}` from a legacy server
 * that answers unknown methods with an empty result, is "anything else", which "identifies a
 * legacy server" (basic/versioning › Backward Compatibility), so a client may fall back.
 */
export function isDiscoverResult(msg: ModelMessage): boolean {
  if (msg.envelope.kind !== 'response') return false;
  return Array.isArray(msg.envelope.result.supportedVersions);
}

/**
 * The errors that tell a dual-era client the server is modern (basic/versioning › Backward
 * Compatibility: "a recognized modern JSON-RPC error"): the codes 2026-07-28 defines.
 */
const MODERN_ERROR_CODES = new Set([-32020, -32021, -32022]);

/** An error response whose code is one 2026-07-28 defines. */
export function isRecognisedModernError(msg: ModelMessage): boolean {
  return msg.envelope.kind === 'error' && MODERN_ERROR_CODES.has(msg.envelope.error.code);
}

/** The revision that brought task-augmented requests to the handshake era. */
export const TASKS_REVISION = '2025-11-25';

/**
 * Does the session have 2025-11-25 tasks? The handshake era from TASKS_REVISION; in 2026-07-28 tasks
 * left the core (an extension).
 */
export function hasHandshakeTasks(ctx: SessionContext): boolean {
  return ctx.era !== 'modern' && versionAtLeast(ctx.ruleVersion, TASKS_REVISION);
}

/** 2025-11-25 basic/utilities/tasks › Task Status: the statuses a task can have. */
const TASK_STATUSES: readonly string[] = [
  'working',
  'input_required',
  'completed',
  'failed',
  'cancelled',
];

/** completed, failed and cancelled: a task in one of them never moves again (Task Status Lifecycle). */
export function isTerminalTaskStatus(status: string | undefined): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** A task's createdAt in milliseconds since the epoch; undefined when it is not a date. */
export function taskDate(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** One status a message reports for a task its sender runs. */
export type TaskReport = {
  readonly taskId: string;
  readonly status: string;
  /** What reported it: a CreateTaskResult, a method's result, or the status notification. */
  readonly via: 'created' | 'tasks/get' | 'tasks/list' | 'tasks/cancel' | 'notification';
  /** Where the task is in the message, as a JSON pointer ('/result/task', '/params'…). */
  readonly at: string;
  /** The task's createdAt and ttl as the message gives them (the schema rules judge their form). */
  readonly createdAt?: unknown;
  readonly ttl?: unknown;
  /** The pollInterval it suggests (› Getting Tasks), as the message gives it. */
  readonly pollInterval?: unknown;
};

function taskReport(task: unknown, via: TaskReport['via'], at: string): TaskReport | null {
  if (!isObject(task) || typeof task.taskId !== 'string') return null;
  const status = task.status;
  if (typeof status !== 'string' || !TASK_STATUSES.includes(status)) return null;
  return {
    taskId: task.taskId,
    status,
    via,
    at,
    createdAt: task.createdAt,
    ttl: task.ttl,
    pollInterval: task.pollInterval,
  };
}

/**
 * The task statuses a message reports, in the handshake era from 2025-11-25 (in 2026-07-28 tasks
 * left the core: an extension). A status that is not one of the five is the schema rules' to flag.
 */
export function taskReports(ctx: SessionContext, msg: ModelMessage): readonly TaskReport[] {
  if (!hasHandshakeTasks(ctx)) return [];
  if (msg.method === 'notifications/tasks/status') {
    const report = taskReport(msg.params, 'notification', '/params');
    return report ? [report] : [];
  }
  if (msg.envelope.kind !== 'response') return [];
  const record = answeredRecord(ctx, msg);
  if (!record || record.status === 'answered') return [];
  const result = msg.envelope.result;
  let reports: (TaskReport | null)[] = [];
  if (record.task) reports = [taskReport(result.task, 'created', '/result/task')];
  else if (record.method === 'tasks/get' || record.method === 'tasks/cancel')
    reports = [taskReport(result, record.method, '/result')];
  else if (record.method === 'tasks/list' && Array.isArray(result.tasks))
    reports = result.tasks.map((task, i) => taskReport(task, 'tasks/list', `/result/tasks/${i}`));
  return reports.filter((report) => report !== null);
}

/**
 * The Mcp-Param-* headers a modern tools/call must carry: those of the tool it calls, as its
 * tools/list entry annotated them (server/tools › x-mcp-header); none for any other request.
 */
export function paramHeadersCalled(ctx: SessionContext, msg: ModelMessage): readonly ParamHeader[] {
  const name = msg.method === 'tools/call' ? msg.params?.name : undefined;
  return typeof name === 'string' ? (ctx.ledger.paramHeaders.get(name) ?? []) : [];
}

/**
 * The tasks a message reports still unfinished although their sender answered a tasks/result for
 * them with a result (task-result-before-terminal): each report with that result's id. The result
 * is shown early once, by the first report that reveals it (the record then forgets it).
 */
export function earlyResultsRevealed(
  ctx: SessionContext,
  msg: ModelMessage,
): { readonly report: TaskReport; readonly resultId: RequestId }[] {
  const results = ctx.ledger.taskResults[msg.sender];
  if (results.size === 0) return [];
  const known = ctx.ledger.tasks[msg.sender];
  // A request sent before the result went out may have been read before it (its answer
  // crossed the result): only a request sent after the result must see the task ended.
  const asked = msg.envelope.kind === 'response' ? answeredRecord(ctx, msg)?.seq : undefined;
  const found: { report: TaskReport; resultId: RequestId }[] = [];
  for (const report of taskReports(ctx, msg)) {
    // A CreateTaskResult is task-id-reused's, a tasks/cancel result task-status-transition's.
    if (report.via === 'created' || report.via === 'tasks/cancel') continue;
    if (isTerminalTaskStatus(report.status)) continue;
    const sent = results.get(report.taskId);
    // Reported terminal since: the later report is a wrong transition, not an early result.
    if (sent === undefined || isTerminalTaskStatus(known.get(report.taskId)?.status)) continue;
    if (msg.envelope.kind === 'response' && (asked === undefined || asked < sent.from)) continue;
    found.push({ report, resultId: sent.id });
  }
  return found;
}
