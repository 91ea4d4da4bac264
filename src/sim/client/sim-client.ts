import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { elicitedContentIssue } from '../../protocol/elicitation-content.js';
import { secretFields } from '../../protocol/form-secrets.js';
import {
  classify,
  clientAccepts,
  hasCapability,
  idKey,
  isRequestId,
  type JsonObject,
  type RequestId,
  STATELESS_VERSIONS,
} from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import {
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  PROTOCOL_VERSION_META,
  RELATED_TASK_META,
  relatedTaskOf,
} from '../../protocol/meta-keys.js';
import { toolChoiceToHonour } from '../../protocol/sampling-tools.js';
import { Outbox, type Scheduled } from '../server/outbox.js';
import { PAGED } from '../server/served.js';
import {
  answerInputRequests,
  capabilityFor,
  type InputRound,
  MAX_INPUT_ROUNDS,
  RETRYABLE,
  retryParams,
} from './input-rounds.js';
import {
  ACKNOWLEDGED,
  filterParams,
  LISTEN,
  type ListenFilter,
  type ListenStream,
  subscriptionIdOf,
} from './listen-streams.js';

/** Modern requests the client retries after -32022 (not the probe, not a handshake request). */
const RETRIED_AFTER_VERSION_ERROR = (method: string) =>
  method !== 'server/discover' && method !== 'initialize';

export type ClientConfig = {
  readonly name: string;
  readonly version: string;
  /** Revisions the client supports, the one it prefers (offers) first. */
  readonly versions: readonly string[];
  /** Exactly what the client declares in initialize. */
  readonly capabilities: JsonObject;
  readonly roots: ReadonlyArray<{ readonly uri: string; readonly name?: string | undefined }>;
  /** The canned model's reply to sampling requests (deterministic). */
  readonly modelReply: string;
  /** The scripted user's answer to elicitation requests. */
  readonly elicitation: {
    readonly action: 'accept' | 'decline' | 'cancel';
    readonly content?: JsonObject | undefined;
  };
};

export type ClientRequest = {
  readonly id: RequestId;
  readonly method: string;
  readonly progressToken?: string;
  /** The params as sent (a retry after input_required starts from them). */
  readonly params?: JsonObject;
  /** How many input_required rounds came before this request (0: it is no retry). */
  readonly round?: number;
};

/**
 * A request the client decided to send on its own while it read a message (a retry after -32022 or
 * after an input_required round, a tasks/result for a task that needs input). It waits in the
 * outbox without an id and gets the client's next id when it goes out (`next()`), so that the
 * client numbers its requests in the order they are on the wire. A retry is a new request with a
 * new id: 2026-07-28 basic/patterns/mrtr › Client Requirements (Basic Workflow) says the id MUST
 * differ from the initial request's ("they are independent requests"); basic/versioning ›
 * Protocol Version Negotiation has the client retry the request after -32022, whose id that error
 * already answered. An id reserved for a retry that is never sent (a lesson's next step sends
 * something else) would leave a gap a learner cannot account for.
 */
export type QueuedRequest = {
  readonly method: string;
  /** Its params; a progress token, when it has one, is set when its id is known. */
  readonly params: JsonObject;
  /** It carries a progress token of its own, `progress-<id>` (the request it repeats had one). */
  readonly progress: boolean;
  /** The input_required round it answers (only a retry after one). */
  readonly answers?: {
    readonly of: RequestId;
    readonly round: number;
    readonly keys: readonly string[];
  };
  /** A retry after -32022: refused again, it is not retried. */
  readonly versionRetry?: true;
  /** A retry after -32042 and its elicitations' completion: refused again, it is not retried. */
  readonly urlRetry?: true;
};

/**
 * A request the server refused with -32042 until the user finished URL-mode elicitations (2025-11-25
 * client/elicitation › URL Elicitation Required Error): the client retries it once every one of
 * them is complete (› Completion Notifications: a client MAY wait for the notification to retry).
 */
type AwaitingElicitation = {
  readonly request: ClientRequest;
  /** The elicitationIds still to complete. */
  readonly waitsFor: Set<string>;
};

/** A request of the server the client answers: what it asked, kept with the scheduled answer. */
export type AskedOfClient = {
  readonly id: RequestId;
  readonly method: string;
  readonly params: JsonObject;
};

/** What the client's outbox holds: a message ready to go, or a request still without its id. */
type ClientScheduled = Scheduled & {
  readonly queued?: QueuedRequest;
  readonly asked?: AskedOfClient;
};

/**
 * The simulated client (the host's MCP client). It sends what a scenario tells it to, answers the
 * server's requests (a canned model for sampling, a scripted user for elicitation, its roots) or,
 * in 2026-07-28, the same questions embedded in an input_required result (with a retry), and keeps
 * what a real client keeps: the negotiated version, the server's capabilities, a tool cache, its
 * listen streams.
 */
export class SimClient {
  readonly config: ClientConfig;
  /** What it sends next: its answers to the server's requests and its queued requests, in order. */
  readonly #outbox = new Outbox<ClientScheduled>();
  serverCapabilities: JsonObject | null = null;
  negotiatedVersion: string | null = null;
  /** Whether the client can live with the server's version (false: it should disconnect). */
  versionAccepted: boolean | null = null;
  /**
   * The modern revision the client follows once server/discover answered (2026-07-28): every
   * request then carries the `_meta` envelope. Null in the handshake era.
   */
  modernVersion: string | null = null;
  /** What the server's server/discover result said of itself (modern era). */
  discovered: JsonObject | null = null;
  /**
   * The error a server/discover probe got, other than -32022 (which names versions to retry
   * with): 2026-07-28 basic/transports/stdio › Backward Compatibility reads it as a legacy server.
   */
  discoverRefused: JsonObject | null = null;
  tools: Tool[] | null = null;
  toolsStale = false;
  /**
   * server/utilities/pagination: the list the client fetched last whose page ended with a
   * nextCursor (what `nextPage` continues), null when no list has more pages.
   */
  morePages: { readonly method: string; readonly cursor: string } | null = null;
  roots: Array<{ uri: string; name?: string | undefined }>;
  /**
   * What it did with each input_required result (2026-07-28 basic/patterns/mrtr): a round it gave
   * up on when it read it, a retry when the retry went out (then its id is known).
   */
  readonly rounds: InputRound[] = [];
  /** Its subscriptions/listen streams, by the listen request's id (basic/patterns/subscriptions). */
  readonly streams = new Map<string, ListenStream>();
  /**
   * The tasks the server created for its task-augmented requests, in order (2025-11-25
   * basic/utilities/tasks › Creating Tasks: the CreateTaskResult's taskId names each).
   */
  readonly tasks: string[] = [];
  /**
   * What the server last said of each of those tasks (› Task Status: its CreateTaskResult, a
   * tasks/get result, notifications/tasks/status); `unknown` once tasks/get was refused.
   */
  readonly taskStatus = new Map<string, string>();
  /** The tasks whose tasks/result has been answered (a result or an error): nothing more to ask. */
  readonly taskResults = new Set<string>();
  /**
   * When it may poll each task again (› Getting Tasks: requestors SHOULD respect the pollInterval
   * the responses give): when the latest CreateTaskResult or tasks/get result naming the task came,
   * plus its pollInterval. No entry once such an answer gave none (the client then polls at will).
   */
  readonly #pollDue = new Map<string, { readonly due: number; readonly polled: boolean }>();
  #nextId = 1;
  readonly #pending = new Map<string, ClientRequest>();
  /** Requests that are themselves a retry after -32022 (each request is retried once at most). */
  readonly #versionRetries = new Set<string>();
  /** Requests that are themselves a retry after -32042 (each request is retried once at most). */
  readonly #urlRetries = new Set<string>();
  /** The requests refused with -32042 whose elicitations are not all complete yet. */
  #awaitingElicitation: AwaitingElicitation[] = [];
  /** The elicitationIds the server said are complete (a second notice names a completed one). */
  readonly #completedElicitations = new Set<string>();

  constructor(config: ClientConfig) {
    this.config = config;
    this.roots = config.roots.map((r) => ({ ...r }));
  }

  get preferredVersion(): string {
    return this.config.versions[0] ?? '2025-11-25';
  }

  /** Takes the next id without sending a request (for a fault that sends one of its own). */
  allocateId(): number {
    return this.#nextId++;
  }

  /**
   * Numbers its next request after `id`, the last it sent in a recording it replays: ids it took
   * for answers the recording already holds (and were never sent) are given back.
   */
  continueAfter(id: number): void {
    this.#nextId = id + 1;
  }

  /** Is one of its requests still waiting for an answer? */
  isPending(id: RequestId): boolean {
    return this.#pending.has(idKey(id));
  }

  /** The id the next request will carry (queued requests get theirs when they are sent). */
  peekId(): number {
    return this.#nextId;
  }

  initialize(overrides: { version?: string; capabilities?: JsonObject } = {}): JsonObject {
    return this.request('initialize', {
      protocolVersion: overrides.version ?? this.preferredVersion,
      capabilities: overrides.capabilities ?? this.config.capabilities,
      clientInfo: { name: this.config.name, version: this.config.version },
    });
  }

  /** The `_meta` envelope a modern request carries (basic/index › _meta). */
  envelope(version: string): JsonObject {
    return {
      [PROTOCOL_VERSION_META]: version,
      [CLIENT_CAPABILITIES_META]: this.config.capabilities,
      [CLIENT_INFO_META]: {
        name: this.config.name,
        version: this.config.version,
      },
    };
  }

  /**
   * The dual-era probe (basic/transports/stdio › Backward Compatibility): server/discover with the
   * envelope of the revision it tries. Its id is a string, as the SDK's is, so the requests that
   * follow are numbered as in a handshake session.
   */
  discover(version: string, attempt = 1): JsonObject {
    const id = `server-discover-probe-${attempt}`;
    this.#pending.set(idKey(id), { id, method: 'server/discover' });
    return {
      jsonrpc: '2.0',
      id,
      method: 'server/discover',
      params: { _meta: this.envelope(version) },
    };
  }

  initialized(): JsonObject {
    return { jsonrpc: '2.0', method: 'notifications/initialized' };
  }

  request(method: string, params?: JsonObject, options: { progress?: boolean } = {}): JsonObject {
    const id = this.#nextId++;
    let body = params;
    let progressToken: string | undefined;
    if (options.progress) {
      progressToken = `progress-${id}`;
      const meta = isObject(params?._meta) ? params._meta : {};
      body = { ...(params ?? {}), _meta: { ...meta, progressToken } };
    }
    if (this.modernVersion !== null) {
      const meta = isObject(body?._meta) ? body._meta : {};
      body = { ...(body ?? {}), _meta: { ...this.envelope(this.modernVersion), ...meta } };
    }
    return this.#send(id, method, body, progressToken, 0);
  }

  #send(
    id: number,
    method: string,
    body: JsonObject | undefined,
    progressToken: string | undefined,
    round: number,
  ): JsonObject {
    this.#pending.set(idKey(id), {
      id,
      method,
      ...(progressToken ? { progressToken } : {}),
      ...(body ? { params: body } : {}),
      round,
    });
    if (method === LISTEN) {
      const filter = isObject(body?.notifications) ? body.notifications : {};
      this.streams.set(idKey(id), {
        id,
        filter,
        state: 'opening',
        acknowledged: null,
        received: [],
        error: null,
      });
    }
    return body ? { jsonrpc: '2.0', id, method, params: body } : { jsonrpc: '2.0', id, method };
  }

  /**
   * Opens a listen stream (subscriptions › Opening a Stream): the change notifications the filter
   * asks for arrive on it, each naming the listen request's id as its subscriptionId.
   */
  listen(filter: ListenFilter): JsonObject {
    return this.request(LISTEN, { notifications: filterParams(filter) });
  }

  /**
   * Ends a listen stream the client opened: on stdio, notifications/cancelled naming the listen
   * request (subscriptions › Cancellation); the server sends no response to it.
   */
  endListen(id: RequestId): JsonObject {
    return this.cancel(id, 'The client stopped listening');
  }

  /** The listen stream a listen request opened. */
  stream(id: RequestId): ListenStream | undefined {
    return this.streams.get(idKey(id));
  }

  /** What the client did with the input_required result a request got (undefined: none). */
  roundOf(id: RequestId): InputRound | undefined {
    return this.rounds.find((r) => r.of === id);
  }

  /**
   * What it would answer to one input request if it answered it (its roots, its canned model's
   * reply, its scripted user's answer), whatever it declared: a fault's client that answers what
   * it should have refused.
   */
  answerInput(method: string, params: JsonObject): JsonObject {
    return this.#inputResult(method, params);
  }

  notify(method: string, params?: JsonObject): JsonObject {
    return params ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', method };
  }

  /** Stops waiting for one of its requests without telling the server (a probe that timed out). */
  forget(id: RequestId): void {
    this.#pending.delete(idKey(id));
  }

  /** Cancels one of its own pending requests (the latest when no id is given). */
  cancel(id?: RequestId, reason = 'The user cancelled the operation'): JsonObject {
    const target = id ?? [...this.#pending.values()].at(-1)?.id;
    if (target !== undefined) this.#giveUp(target);
    return {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: target ?? null, reason },
    };
  }

  /**
   * Closes the HTTP response stream of its request `id` (no message): the client stops waiting. In
   * 2026-07-28 that is the cancellation; in the handshake era the server does not take it as one,
   * but this client has given up on the answer all the same.
   */
  abandon(id: RequestId): void {
    this.#giveUp(id);
  }

  /** The client no longer waits for `id`'s answer; a listen stream it opened is cancelled. */
  #giveUp(id: RequestId): void {
    this.#pending.delete(idKey(id));
    const stream = this.streams.get(idKey(id));
    if (stream && (stream.state === 'opening' || stream.state === 'open')) {
      stream.state = 'cancelled';
    }
  }

  /**
   * The next page of the list fetched last that has more (server/utilities/pagination: the client
   * sends the nextCursor back as it got it), or null when none has.
   */
  nextPage(): JsonObject | null {
    if (this.morePages === null) return null;
    return this.request(this.morePages.method, { cursor: this.morePages.cursor });
  }

  /**
   * tasks/get, tasks/result or tasks/cancel for the task `named` (as written: a task the server
   * never made gets its -32602) or else the latest task the server created for it, or tasks/list
   * (basic/utilities/tasks: the taskId in the params names the task); null when it has no task to
   * name.
   */
  /**
   * When a tasks/get of `taskId` respects the pollInterval the server last gave for it: the time
   * its latest CreateTaskResult or tasks/get result came plus that interval (undefined: no interval
   * given, or no such answer yet).
   */
  pollDueAt(taskId: string): number | undefined {
    return this.#pollDue.get(taskId)?.due;
  }

  /** Whether that time comes from a tasks/get result (not the CreateTaskResult). */
  pollAnswered(taskId: string): boolean {
    return this.#pollDue.get(taskId)?.polled === true;
  }

  taskRequest(kind: 'get' | 'result' | 'cancel' | 'list', named?: string): JsonObject | null {
    if (kind === 'list') return this.request('tasks/list');
    const taskId = named ?? this.tasks.at(-1);
    return taskId === undefined ? null : this.request(`tasks/${kind}`, { taskId });
  }

  pending(): ClientRequest[] {
    return [...this.#pending.values()];
  }

  /** Takes one message from the server: answers are recorded, requests queued for an answer. */
  receive(message: unknown, now: number): void {
    const envelope = classify(message);
    if (envelope.kind === 'response' || envelope.kind === 'error') {
      if (envelope.id === null) return;
      const request = this.#pending.get(idKey(envelope.id));
      if (!request) return; // cancelled or unknown: a client ignores it
      this.#pending.delete(idKey(envelope.id));
      const stream = this.streams.get(idKey(envelope.id));
      if (stream) {
        // subscriptions › Graceful Closure: a response to the listen request ends the stream.
        stream.state = envelope.kind === 'response' ? 'closed' : 'refused';
        if (envelope.kind === 'error') stream.error = envelope.error;
        return;
      }
      if (envelope.kind === 'error' && envelope.error.code === -32022) {
        this.#onUnsupportedVersion(now, request, envelope.error);
        return;
      }
      this.#onTaskAnswer(now, request, envelope.kind === 'response' ? envelope.result : null);
      if (envelope.kind === 'error' && envelope.error.code === -32042) {
        this.#onUrlElicitationRequired(request, envelope.error);
        return;
      }
      if (envelope.kind === 'error' && request.method === 'server/discover') {
        this.discoverRefused = envelope.error;
        return;
      }
      if (envelope.kind === 'response') {
        if (envelope.result.resultType === 'input_required')
          this.#onInputRequired(now, request, envelope.result);
        else {
          this.#onResult(request.method, envelope.result, request.params?.cursor !== undefined);
          if (request.method === 'tasks/get') this.#onTaskStatus(now, envelope.result);
          const task = envelope.result.task;
          if (isObject(request.params?.task) && isObject(task) && typeof task.taskId === 'string')
            this.tasks.push(task.taskId);
        }
      }
      return;
    }
    if (envelope.kind === 'notification') {
      const params = isObject(message) ? message.params : undefined;
      this.#onNotification(envelope.method, params);
      if (envelope.method === 'notifications/tasks/status') {
        this.#noteStatus(params);
        this.#onTaskStatus(now, params);
      }
      if (envelope.method === 'notifications/elicitation/complete')
        this.#onElicitationComplete(now, params);
      return;
    }
    if (envelope.kind === 'request') {
      const params = isObject(envelope.params) ? envelope.params : {};
      this.#answer(now, envelope.id, envelope.method, params);
    }
  }

  /**
   * -32022 to one of its modern requests (2026-07-28 basic/versioning › Protocol Version
   * Negotiation): the client SHOULD pick a version from `data.supported` that it speaks (its own
   * order of preference decides) and retry the request, as a new request with a new id; it then
   * uses that version. A server/discover probe is left to whoever probes (a lesson's steps,
   * connect's judge), an initialize is no modern request, and a retry that is refused again is not
   * retried: the client gives up.
   */
  #onUnsupportedVersion(now: number, request: ClientRequest, error: JsonObject): void {
    if (this.modernVersion === null || !RETRIED_AFTER_VERSION_ERROR(request.method)) return;
    if (this.#versionRetries.has(idKey(request.id))) return;
    const meta = isObject(request.params?._meta) ? request.params._meta : null;
    const tried = meta?.[PROTOCOL_VERSION_META];
    if (meta === null || typeof tried !== 'string') return;
    const data = isObject(error.data) ? error.data : {};
    const supported: unknown[] = Array.isArray(data.supported) ? data.supported : [];
    const first = STATELESS_VERSIONS[0];
    const mutual = this.config.versions.find(
      (v) => v !== tried && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= first && supported.includes(v),
    );
    if (mutual === undefined) return;
    this.modernVersion = mutual;
    this.#queue(now, {
      method: request.method,
      params: { ...(request.params ?? {}), _meta: { ...meta, [PROTOCOL_VERSION_META]: mutual } },
      progress: request.progressToken !== undefined,
      versionRetry: true,
    });
  }

  /**
   * -32042 to one of its requests (2025-11-25 client/elicitation › URL Elicitation Required
   * Error): the error lists the URL-mode elicitations to complete "before the original can be
   * retried". A client that declared elicitation.url keeps the request until the server's
   * notifications/elicitation/complete has named each of them; a retry refused again is not kept.
   */
  #onUrlElicitationRequired(request: ClientRequest, error: JsonObject): void {
    const elicitation = this.config.capabilities.elicitation;
    if (!isObject(elicitation) || !isObject(elicitation.url)) return;
    if (this.#urlRetries.has(idKey(request.id))) return;
    const data = isObject(error.data) ? error.data : {};
    const listed = Array.isArray(data.elicitations) ? data.elicitations : [];
    const ids = listed.flatMap((e) =>
      isObject(e) && e.mode === 'url' && typeof e.elicitationId === 'string'
        ? [e.elicitationId]
        : [],
    );
    const waitsFor = new Set(ids.filter((id) => !this.#completedElicitations.has(id)));
    // Nothing named to wait for (no list, or none of it URL mode): the client cannot know when
    // to retry, and leaves it to its user.
    if (ids.length === 0 || waitsFor.size === 0) return;
    this.#awaitingElicitation.push({ request, waitsFor });
  }

  /**
   * notifications/elicitation/complete (› Completion Notifications): an unknown or already
   * completed elicitationId is ignored (MUST); otherwise each request that waited for it alone now
   * is retried, once, as a new request with a new id (and, if it had one, a new progress token).
   */
  #onElicitationComplete(now: number, params: unknown): void {
    const id = isObject(params) ? params.elicitationId : undefined;
    if (typeof id !== 'string' || this.#completedElicitations.has(id)) return;
    if (!this.#awaitingElicitation.some((w) => w.waitsFor.has(id))) return;
    this.#completedElicitations.add(id);
    const ready: AwaitingElicitation[] = [];
    for (const w of this.#awaitingElicitation) {
      w.waitsFor.delete(id);
      if (w.waitsFor.size === 0) ready.push(w);
    }
    this.#awaitingElicitation = this.#awaitingElicitation.filter((w) => w.waitsFor.size > 0);
    for (const { request } of ready) {
      // A progress token of its own is set when its id is known (#sendQueued).
      this.#queue(now, {
        method: request.method,
        params: request.params ?? {},
        progress: request.progressToken !== undefined,
        urlRetry: true,
      });
    }
  }

  /** Queues a request of its own: it gets its id when it is sent (see QueuedRequest). */
  #queue(now: number, queued: QueuedRequest): void {
    const message = { jsonrpc: '2.0', method: queued.method, params: queued.params };
    this.#outbox.push({ at: now, message, queued });
  }

  /**
   * Sends a queued request: it takes the next id now (and, when it has one, the progress token
   * named after it); a retry after an input_required round is recorded in `rounds` with that id.
   */
  #sendQueued(queued: QueuedRequest): JsonObject {
    const id = this.#nextId++;
    let params = queued.params;
    let progressToken: string | undefined;
    if (queued.progress) {
      progressToken = `progress-${id}`;
      const meta = isObject(params._meta) ? params._meta : {};
      params = { ...params, _meta: { ...meta, progressToken } };
    }
    if (queued.versionRetry) this.#versionRetries.add(idKey(id));
    if (queued.urlRetry) this.#urlRetries.add(idKey(id));
    const { answers } = queued;
    if (answers !== undefined)
      this.rounds.push({
        kind: 'retry',
        of: answers.of,
        retry: id,
        round: answers.round,
        keys: [...answers.keys],
      });
    return this.#send(id, queued.method, params, progressToken, answers?.round ?? 0);
  }

  /** The request it has queued to send next, when the next thing it sends is one (else null). */
  queuedNext(): QueuedRequest | null {
    return this.#outbox.peek()?.queued ?? null;
  }

  /**
   * Sends its next queued request with its params as `edit` makes them (a fault: a client that
   * tampers with its own retry); null when the next thing it sends is no queued request.
   */
  sendQueuedEdited(edit: (params: JsonObject) => JsonObject): JsonObject | null {
    const queued = this.queuedNext();
    if (queued === null) return null;
    this.#outbox.shift();
    return this.#sendQueued({ ...queued, params: edit(queued.params) });
  }

  /**
   * Takes back, unsent, the latest retry it queued after an input_required round (a fault sends
   * another message in its place); null when none is queued. It used no id.
   */
  withdrawRetry(): QueuedRequest | null {
    return this.#outbox.takeLast((item) => item.queued?.answers !== undefined)?.queued ?? null;
  }

  /** Takes back unsent the retry queued after a -32022 (a fault sends its own instead). */
  withdrawVersionRetry(): QueuedRequest | null {
    return this.#outbox.takeLast((item) => item.queued?.versionRetry === true)?.queued ?? null;
  }

  #onResult(method: string, result: JsonObject, continued: boolean): void {
    if (PAGED.has(method)) {
      const cursor = result.nextCursor;
      if (typeof cursor === 'string') this.morePages = { method, cursor };
      else if (this.morePages?.method === method && !continued) this.morePages = null;
    }
    if (method === 'initialize') {
      const version = typeof result.protocolVersion === 'string' ? result.protocolVersion : '';
      this.negotiatedVersion = version;
      this.versionAccepted = clientAccepts(version, this.config.versions);
      this.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
    } else if (method === 'server/discover') {
      this.discovered = result;
      this.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
    } else if (method === 'tools/list' && Array.isArray(result.tools)) {
      // A later page adds to the list its first page began.
      const page = result.tools as Tool[];
      this.tools = continued ? [...(this.tools ?? []), ...page] : page;
      this.toolsStale = false;
    }
  }

  /**
   * A notification: on a listen stream it is recorded there (the acknowledgement opens the stream,
   * a server's notifications/cancelled naming it tears it down); tools/list_changed marks the tool
   * cache stale, in either era.
   */
  #onNotification(method: string, params: unknown): void {
    if (method === 'notifications/cancelled' && isObject(params)) {
      // 2026-07-28 cancellation: a server cancels only a listen stream, to tear it down. Any other
      // server cancellation names no request of this client's stream, and is dropped.
      const named = params.requestId;
      const torn = isRequestId(named) ? this.streams.get(idKey(named)) : undefined;
      if (torn && (torn.state === 'opening' || torn.state === 'open')) {
        torn.state = 'torn-down';
        this.#pending.delete(idKey(torn.id));
      }
      return;
    }
    const id = subscriptionIdOf(params);
    const stream = id === undefined ? undefined : this.streams.get(idKey(id));
    if (stream && (stream.state === 'opening' || stream.state === 'open')) {
      if (method === ACKNOWLEDGED) {
        stream.state = 'open';
        const honoured = isObject(params) ? params.notifications : undefined;
        stream.acknowledged = isObject(honoured) ? honoured : {};
      } else stream.received.push(method);
    }
    if (method === 'notifications/tools/list_changed') this.toolsStale = true;
  }

  /**
   * What an answer says of its tasks (2025-11-25 basic/utilities/tasks): a CreateTaskResult and a
   * tasks/get result carry the task's status; a refused tasks/get leaves it unknown (the client
   * stops polling); an answered tasks/result is the task's end for the client.
   */
  #onTaskAnswer(now: number, request: ClientRequest, result: JsonObject | null): void {
    const named = request.params?.taskId;
    if (request.method === 'tasks/result' && typeof named === 'string') {
      this.taskResults.add(named);
      return;
    }
    if (request.method === 'tasks/get' && typeof named === 'string') {
      if (result === null) this.taskStatus.set(named, 'unknown');
      else {
        this.#noteStatus(result);
        this.#notePollInterval(now, result, true);
      }
      return;
    }
    if (result !== null && isObject(request.params?.task)) {
      this.#noteStatus(result.task);
      this.#notePollInterval(now, result.task, false);
    }
  }

  /**
   * A polling answer's Task object (a CreateTaskResult's task, a tasks/get result): the next
   * tasks/get of that task waits its pollInterval from now (› Getting Tasks), by the Task's own
   * taskId (an answer about another task than the one asked for spaces that task's polls).
   */
  #notePollInterval(now: number, task: unknown, polled: boolean): void {
    if (!isObject(task) || typeof task.taskId !== 'string') return;
    const interval = task.pollInterval;
    if (typeof interval === 'number' && Number.isFinite(interval) && interval >= 0)
      this.#pollDue.set(task.taskId, { due: now + interval, polled });
    else this.#pollDue.delete(task.taskId);
  }

  /** A Task object (› Data Types › Task) about one of its tasks: its status is now the latest. */
  #noteStatus(task: unknown): void {
    if (!isObject(task) || typeof task.taskId !== 'string' || typeof task.status !== 'string')
      return;
    this.taskStatus.set(task.taskId, task.status);
  }

  /**
   * 2025-11-25 basic/utilities/tasks › Input Required Status: when a task it created needs input
   * (a tasks/get result or notifications/tasks/status says input_required), the requestor SHOULD
   * preemptively call tasks/result, which is how the server's request reaches it. It queues one
   * (the next client step sends it), unless a tasks/result for that task is already on its way.
   */
  #onTaskStatus(now: number, task: unknown): void {
    if (!isObject(task) || task.status !== 'input_required') return;
    const taskId = task.taskId;
    if (typeof taskId !== 'string' || !this.tasks.includes(taskId)) return;
    const asking = [
      ...this.#pending.values(),
      ...this.#outbox.list().flatMap((item) => (item.queued ? [item.queued] : [])),
    ].some((p) => p.method === 'tasks/result' && p.params?.taskId === taskId);
    if (asking) return;
    this.#queue(now, { method: 'tasks/result', params: { taskId }, progress: false });
  }

  /**
   * An input_required result (mrtr › Client Requirements (Basic Workflow)): answer every input
   * request, then retry the original request with a new id, the answers under the same keys, and
   * requestState echoed exactly. A request it may not answer (a kind it did not declare) is a
   * server fault: it answers nothing and does not retry.
   */
  #onInputRequired(now: number, request: ClientRequest, result: JsonObject): void {
    const outcome = this.#fulfil(request, result);
    // A retry is recorded when it goes out, with its id; any other outcome now.
    if ('kind' in outcome) this.rounds.push(outcome);
    else this.#queue(now, outcome);
  }

  #fulfil(request: ClientRequest, result: JsonObject): InputRound | QueuedRequest {
    const of = request.id;
    const round = (request.round ?? 0) + 1;
    const stop = (outcome: InputRound) => outcome;
    if (!RETRYABLE.has(request.method))
      return stop({ kind: 'not-retryable', of, round, method: request.method });
    if (round > MAX_INPUT_ROUNDS) return stop({ kind: 'too-many-rounds', of, round });
    const { inputRequests, requestState } = result;
    if (inputRequests !== undefined && !isObject(inputRequests))
      return stop({ kind: 'malformed', of, round, field: 'inputRequests' });
    if (requestState !== undefined && typeof requestState !== 'string')
      return stop({ kind: 'malformed', of, round, field: 'requestState' });
    let responses: JsonObject | undefined;
    if (inputRequests !== undefined && Object.keys(inputRequests).length > 0) {
      // 2026-07-28 basic/index › _meta: what this request declared is what the round may ask
      // for (a step may declare more or less than the client's usual capabilities).
      const meta = isObject(request.params?._meta) ? request.params._meta : {};
      const declared = meta[CLIENT_CAPABILITIES_META];
      const capabilities = isObject(declared) ? declared : this.config.capabilities;
      const answered = answerInputRequests(inputRequests, capabilities, (m, p) =>
        this.#inputResult(m, p),
      );
      if (!answered.ok) return stop({ kind: 'refused', of, round, refused: answered.refused });
      responses = answered.responses;
    }
    // The retry is an independent request: a new id when it is sent and, with it, a new
    // progress token.
    const params = retryParams(request.params ?? {}, responses, requestState);
    return {
      method: request.method,
      params,
      progress: request.progressToken !== undefined && isObject(params._meta),
      answers: { of, round, keys: Object.keys(responses ?? {}) },
    };
  }

  /**
   * The client's answer to a question from the server, a request in the handshake era or an input
   * request in 2026-07-28: its roots, its canned model's reply, its scripted user's answer.
   */
  #inputResult(method: string, params: JsonObject): JsonObject {
    switch (method) {
      case 'roots/list':
        return { roots: this.roots.map((r) => ({ ...r })) };
      case 'sampling/createMessage': {
        // client/sampling › Tool Choice Modes: under "required", before any tool use, the model
        // MUST use a tool before completing: the canned model calls the first tool offered.
        const tool = Array.isArray(params.tools) ? params.tools.find(isObject) : undefined;
        if (toolChoiceToHonour(params) === 'required' && typeof tool?.name === 'string') {
          return {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'call_1', name: tool.name, input: {} }],
            model: 'canned-model-1',
            stopReason: 'toolUse',
          };
        }
        return {
          role: 'assistant',
          content: { type: 'text', text: this.config.modelReply },
          model: 'canned-model-1',
          stopReason: 'endTurn',
        };
      }
      default: {
        const { action, content } = this.config.elicitation;
        // client/elicitation › URL Mode: the user only consents or not; no content comes back.
        if (action !== 'accept' || params.mode === 'url') return { action };
        // › Form Mode Security: a server must not ask for a secret in a form. The scripted user,
        // shown which server asks (› User Interaction Model), refuses to type one: decline.
        if (secretFields(params.requestedSchema).length > 0) return { action: 'decline' };
        // › Form Mode Security: clients SHOULD validate the answers against the requestedSchema.
        // Answers that do not fit cannot be submitted, and the scripted user has no others: the
        // form is dismissed without an explicit choice (› Response Actions: cancel).
        const schema = params.requestedSchema;
        if (isObject(schema) && elicitedContentIssue(schema, content ?? {}))
          return { action: 'cancel' };
        return content ? { action, content } : { action };
      }
    }
  }

  #answer(now: number, id: RequestId, method: string, params: JsonObject) {
    const asked = { id, method, params };
    const send = (body: { result: JsonObject } | { error: JsonObject }) =>
      this.#outbox.push({ at: now, about: id, asked, message: { jsonrpc: '2.0', id, ...body } });
    const caps = this.config.capabilities;
    // 2026-07-28: a server sends no requests (stdio › Receiving Messages), and the client MUST NOT
    // write a JSON-RPC response (stdio and Streamable HTTP › Sending Messages): it answers nothing.
    if (this.modernVersion !== null) return;
    if (method === 'ping') return send({ result: {} });
    const needs = capabilityFor(method, params);
    const family = needs?.split('.')[1];
    // A method this client does not know, or whose capability it never declared at all (client ›
    // Roots: -32601, like any unknown method).
    if (needs === null || family === undefined || !isObject(caps[family])) {
      return send({ error: { code: -32601, message: `Method not found: ${method}` } });
    }
    // Declared, but not in the form asked for: an elicitation mode it did not declare MUST get
    // -32602 (2025-11-25 client/elicitation › Error Handling); a sampling request with tools
    // from a client without sampling.tools is refused the same way.
    if (!hasCapability({ client: caps }, needs)) {
      return send({
        error: { code: -32602, message: `Invalid params: this client did not declare ${needs}` },
      });
    }
    // 2025-11-25 basic/utilities/tasks › Associating Task-Related Messages: the answer to a request
    // related to a task MUST carry the same related-task `_meta`.
    const taskId = relatedTaskOf(params);
    const related = taskId === undefined ? {} : { _meta: { [RELATED_TASK_META]: { taskId } } };
    return send({ result: { ...this.#inputResult(method, params), ...related } });
  }

  /**
   * Takes out its scheduled answer to the latest request of the server that `match` accepts, and
   * returns what that request asked (null: none): a fault sends another answer in its place.
   */
  takeAnswer(match: (asked: AskedOfClient) => boolean): AskedOfClient | null {
    const item = this.#outbox.takeLast((i) => i.asked !== undefined && match(i.asked));
    return item?.asked ?? null;
  }

  /** The next message it sends; a queued request gets its id now. */
  next(): Scheduled | undefined {
    const item = this.#outbox.shift();
    if (item?.queued === undefined) return item;
    return { at: item.at, message: this.#sendQueued(item.queued) };
  }
}
