import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { schemaId, schemaParams, withExactIds } from '../../protocol/exact-ids.js';
import {
  BATCH_REVISION,
  batchInitializeOffer,
  type CapabilityPath,
  capabilitiesIn,
  checkParams,
  classify,
  existsIn,
  hasCapability,
  isCatalogued,
  isRequestId,
  type JsonObject,
  type MethodName,
  negotiateVersion,
  type RequestId,
  resolveVersion,
  type SchemaIssue,
} from '../../protocol/index.js';
import { isObject, pointerToken } from '../../protocol/json.js';
import { defIssues, modernMessageIssues } from '../../protocol/modern-schema.js';
import { uriFault } from '../../protocol/uri.js';
import { PURE_TOOLS } from '../tools/index.js';
import { BatchAnswers } from './batch-answers.js';
import { serviceOf, signInMessage } from './connect-round.js';
import {
  ADDED_RESOURCE,
  COMPLETIONS,
  PROMPTS,
  RESOURCE_TEMPLATES,
  RESOURCES,
  readResource,
} from './content.js';
import {
  finishSessionTool,
  INPUT_TOOLS,
  type InputToolName,
  isInputTool,
  text,
} from './input-tools.js';
import { acknowledgement, gracefulEnd, honour, ListenStreams, onStream } from './listen.js';
import { type RoundToolName, roundResult, takeRetry, toolOf } from './mrtr-round.js';
import { Outbox, type Scheduled } from './outbox.js';
import { RequestStateSeal, randomStateKey, STATE_TTL_MS } from './request-state.js';
import { fitRevision } from './revision-fit.js';
import {
  CACHEABLE,
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  carriesEnvelope,
  LEVELS,
  LIST_CHANGED,
  LOG_LEVEL_META,
  MODERN_SERVED_BY,
  PAGED,
  PROTOCOL_VERSION_META,
  SERVED_BY,
  SERVER_INFO_META,
} from './served.js';
import {
  checkSessionToolArgs,
  longRunningPlan,
  SESSION_TOOLS,
  type ServerToolName,
  TOOL_NAMES,
  type ToolName,
} from './session-tools.js';
import {
  INPUT_AFTER_MS,
  RELATED_TASK_META,
  type TaskInput,
  type TaskRecord,
  TaskStore,
  WORK_AFTER_INPUT_MS,
} from './tasks.js';

export type ServerConfig = {
  readonly name: string;
  readonly version: string;
  /** Protocol revisions the server supports. */
  readonly versions: readonly string[];
  /** Exactly what the server declares in its initialize result. */
  readonly capabilities: JsonObject;
  /** Tools offered from the start; more can be added at run time. */
  readonly tools: readonly ToolName[];
  readonly instructions?: string | undefined;
  /**
   * The eras the server speaks (default `legacy`): `dual` lets the opening message fix the era of
   * the connection (basic/versioning › Backward Compatibility with Initialization-Based Versions,
   * 2026-07-28), `modern` answers an initialize with -32022.
   */
  readonly era?: ServerEra | undefined;
  /** Tools `serve` adds for a real client to drive changes (`toggle_tool`, `add_note`). */
  readonly serveTools?: readonly ServerToolName[] | undefined;
  /**
   * The HMAC key that seals `requestState` (2026-07-28 basic/patterns/mrtr). Default: random per
   * server, so state from another process never verifies; lessons pass a fixed one to be
   * deterministic.
   */
  readonly requestStateKey?: string | Uint8Array | undefined;
  /**
   * Who else hears that the tools changed in the modern era (over HTTP each request has a server
   * of its own, but the tool list is the server's: the listen streams other requests opened).
   * Returns how many streams it told.
   */
  readonly toolsChanged?: ((tools: readonly ToolName[]) => number) | undefined;
  /** The lines clients added to the notes so far (over HTTP, in other requests). */
  readonly notes?: readonly string[] | undefined;
  /** As `toolsChanged`, for the notes (`add_note`): who else watches them. */
  readonly notesChanged?: ((notes: readonly string[]) => number) | undefined;
  /**
   * Whether a message of its own that belongs to no request reaches the client now. Over HTTP in
   * the handshake era it goes on the session's GET stream, and with none open it goes nowhere
   * (2025-11-25 basic/transports › Listening for Messages from the Server), so a tool's result
   * must not say it was sent. Unset: always (stdio).
   */
  readonly asideCarried?: (() => boolean) | undefined;
  /** How long an input_required round stays open, in ms of the server's clock (default 10 min). */
  readonly requestStateTtlMs?: number | undefined;
  /**
   * The caching hints of its cacheable results, by method (2026-07-28 server/utilities/caching);
   * a method not named gets ttlMs 0 (immediately stale) and cacheScope private.
   */
  readonly cache?: Readonly<Record<string, CacheHints>> | undefined;
  /**
   * server/utilities/pagination: at most this many items per page of a list, the rest behind an
   * opaque nextCursor; unset, every list comes in one page.
   */
  readonly pageSize?: number | undefined;
};

/** A cacheable result's hints (server/utilities/caching › Cacheable Model). */
export type CacheHints = { readonly ttlMs: number; readonly cacheScope: 'public' | 'private' };

const NO_CACHE: CacheHints = { ttlMs: 0, cacheScope: 'private' };

/** The first issue of a modern request's `clientInfo` or `clientCapabilities`, if any. */
function envelopeIssueOf(meta: JsonObject): SchemaIssue | undefined {
  const token = (key: string) => `/params/_meta/${pointerToken(key)}`;
  return (
    defIssues(
      'ClientCapabilities',
      meta[CLIENT_CAPABILITIES_META],
      token(CLIENT_CAPABILITIES_META),
    )[0] ??
    (CLIENT_INFO_META in meta
      ? defIssues('Implementation', meta[CLIENT_INFO_META], token(CLIENT_INFO_META))[0]
      : undefined)
  );
}

/** The resource that changes: a lesson's `update-notes`, serve's `add_note`. */
const NOTES_URI = 'file:///project/notes.txt';

export type ServerEra = 'legacy' | 'modern' | 'dual';

/** The revisions with per-request `_meta` this server serves. */
export const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];

type Waiting = {
  /** The client's tools/call this server request serves. */
  readonly callId: RequestId;
  readonly tool: InputToolName;
  /** The task it serves, when the call runs as a task (basic/utilities/tasks). */
  readonly taskId?: string;
};

/**
 * The tools that may run as a task (2025-11-25 basic/utilities/tasks): long_running_task, whose
 * work takes time, and those that wait for the client's answer (› Input Required Status).
 */
const runsAsTask = (name: string) => name === 'long_running_task' || isInputTool(name);

/** The answers to a JSON-RPC batch, sent together as one array (see BatchAnswers). */
export type BatchAnswer = {
  readonly at: number;
  readonly message: readonly Record<string, unknown>[];
};

/** What the server sends next: one scheduled message, or a batch's answers. */
export type Outgoing = Scheduled | BatchAnswer;

/** Is it the answers of a batch (an array to write as one line), not one message? */
export const isBatchAnswer = (item: Outgoing): item is BatchAnswer => Array.isArray(item.message);

/**
 * The simulated MCP server. It answers what a well-behaved server answers (errors as the spec
 * says, not as a popular SDK does), and schedules what it sends in an outbox on a virtual clock,
 * so a scenario can show one envelope per step and a real transport can send each when due.
 */
export class SimServer {
  readonly config: ServerConfig;
  readonly outbox = new Outbox();
  /** The JSON-RPC batches being answered (2025-03-26): their answers go out as one array. */
  readonly #batches = new BatchAnswers();
  /** Batch answers completed by a cancellation, not by an answer: they go out before the outbox. */
  readonly #ready: BatchAnswer[] = [];
  tools: ToolName[];
  clientCapabilities: JsonObject | null = null;
  negotiatedVersion: string | null = null;
  initialized = false;
  /** notifications/roots/list_changed came before notifications/initialized: roots/list waits. */
  #rootsChanged = false;
  /** The era the opening message fixed for this connection (null until then). */
  era: 'legacy' | 'modern' | null = null;
  /** The method of the modern request being answered now (its result's ttlMs and cacheScope). */
  #modernMethod: string | null = null;
  logLevel = 'info';
  readonly subscriptions = new Set<string>();
  notesVersion = 0;
  /** Whether `file:///project/TODO.md` has appeared (`addResource`). */
  resourceAdded = false;
  #nextId = 1;
  readonly #waiting = new Map<RequestId, Waiting>();
  /** The client's requests still being worked on (cancellation stops them). */
  readonly #working = new Set<RequestId>();
  /** Its own requests sent and not answered yet: id → method. */
  readonly #asked = new Map<RequestId, string>();
  #failNext = false;
  /** The toolChoice mode of the next sampling round that offers tools (`offerToolsNextSampling`). */
  #samplingToolChoice: 'auto' | 'none' | 'required' | null = null;
  /** Seals and checks requestState: the only place an input_required round lives. */
  readonly #seal: RequestStateSeal;
  /** The open subscriptions/listen streams (modern era). */
  readonly #listens = new ListenStreams();
  /** The client chose a level with logging/setLevel (the handshake era). */
  #levelSet = false;
  /** The logLevel the modern request being answered now set (null: it asked for no logs). */
  #requestLogLevel: string | null = null;
  /** `serve`'s own tools still offered (toggle_tool can withdraw them too). */
  #serveTools: ServerToolName[];
  /** The lines `add_note` added to the notes resource. */
  #notes: string[];
  /** The tasks it runs for task-augmented tools/call requests (2025-11-25 basic/utilities/tasks). */
  readonly tasks = new TaskStore();

  constructor(config: ServerConfig) {
    this.config = config;
    this.tools = [...config.tools];
    this.#serveTools = [...(config.serveTools ?? [])];
    this.#notes = [...(config.notes ?? [])];
    this.#seal = new RequestStateSeal(config.requestStateKey ?? randomStateKey());
  }

  /** The tools this connection offers: the lesson's or serve's, then serve's own. */
  #offered(): ServerToolName[] {
    return this.#serveTools.length > 0 ? [...this.tools, ...this.#serveTools] : this.tools;
  }

  #can(path: Parameters<typeof hasCapability>[1]): boolean {
    return hasCapability(
      { server: this.config.capabilities, client: this.clientCapabilities ?? {} },
      path,
    );
  }

  #reply(now: number, id: RequestId, result: JsonObject): void {
    this.outbox.push({
      at: now,
      about: id,
      message: { jsonrpc: '2.0', id, result: this.#complete2026(result) },
    });
  }

  /**
   * A result of the modern era: resultType, the server's name in `_meta`, and ttlMs/cacheScope on
   * what a client may cache. Results of the legacy era are left as they are.
   */
  #complete2026(result: JsonObject): JsonObject {
    if (this.era !== 'modern' || this.#modernMethod === null) return result;
    const meta = isObject(result._meta) ? result._meta : {};
    // An input_required round is not cacheable (server/utilities/caching › Cacheable Results).
    const complete = result.resultType !== 'input_required';
    const hints = this.config.cache?.[this.#modernMethod] ?? NO_CACHE;
    return {
      ...result,
      resultType: complete ? 'complete' : 'input_required',
      ...(complete && CACHEABLE.has(this.#modernMethod)
        ? { ttlMs: hints.ttlMs, cacheScope: hints.cacheScope }
        : {}),
      _meta: {
        ...meta,
        [SERVER_INFO_META]: { name: this.config.name, version: this.config.version },
      },
    };
  }

  #fail(now: number, id: RequestId, code: number, message: string, data?: unknown): void {
    const error = data === undefined ? { code, message } : { code, message, data };
    this.outbox.push({ at: now, about: id, message: { jsonrpc: '2.0', id, error } });
  }

  /** Params that do not fit the method's schema: -32602 (JSON-RPC 2.0 › Error object). */
  #invalidParams(now: number, id: RequestId, issue: SchemaIssue): void {
    this.#fail(now, id, -32602, `Invalid params: ${issue.pointer} ${issue.message}`);
  }

  #notify(now: number, method: string, params?: JsonObject): void {
    const message = params ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', method };
    this.outbox.push({ at: now, message });
  }

  /**
   * Builds a request of its own (taking the next id) for the caller to send now: from here on it
   * waits for the client's answer.
   */
  makeRequest(method: string, params?: JsonObject): JsonObject & { id: number } {
    const message = this.#buildRequest(method, params);
    this.#asked.set(message.id, method);
    return message;
  }

  /**
   * A request of its own that a recording it replays (a lesson's) holds: from here on it waits for
   * the client's answer to it, and numbers its next request after it. Nothing is sent, nothing
   * else is asked: the recording carried it.
   */
  askedInRecording(id: number, method: string): void {
    this.#asked.set(id, method);
    this.#nextId = Math.max(this.#nextId, id + 1);
  }

  /**
   * The client's request `id` was answered outside this server's own course (a fault's answer, or
   * a recording replayed into the sandbox): it holds it no more (a tasks/result answered before its
   * task ended), and nothing it had scheduled as that answer goes out again.
   */
  answeredElsewhere(id: RequestId): void {
    for (const task of this.tasks.all()) {
      const at = task.held.indexOf(id);
      if (at >= 0) task.held.splice(at, 1);
    }
    this.outbox.dropAbout(id);
  }

  #buildRequest(method: string, params?: JsonObject): JsonObject & { id: number } {
    const id = this.#nextId++;
    return params ? { jsonrpc: '2.0', id, method, params } : { jsonrpc: '2.0', id, method };
  }

  /** Sends a request of its own to the client (when `next` takes it); returns its id. */
  request(now: number, method: string, params?: JsonObject, about?: RequestId): RequestId {
    const message = this.#buildRequest(method, params);
    this.outbox.push(about === undefined ? { at: now, message } : { at: now, message, about });
    return message.id;
  }

  toolDefinitions(): Tool[] {
    const tasks = this.#runsTasks();
    return this.#offered().map((name) => {
      if (Object.hasOwn(PURE_TOOLS, name))
        return PURE_TOOLS[name as keyof typeof PURE_TOOLS].definition;
      const tool = SESSION_TOOLS[name as keyof typeof SESSION_TOOLS];
      // basic/utilities/tasks › Tool-Level Negotiation: the tool whose work takes time and those
      // that wait for the client may run as a task; every other tool leaves taskSupport out
      // ("forbidden").
      return tasks && runsAsTask(name)
        ? { ...tool, execution: { taskSupport: 'optional' as const } }
        : tool;
    });
  }

  /**
   * Whether it runs tools/call as a task: it declared tasks.requests.tools.call, in a session
   * whose revision has tasks (2025-11-25 on; 2026-07-28 moved them to an extension).
   */
  #runsTasks(): boolean {
    if (this.era === 'modern' || !this.#can('server.tasks.requests.tools.call')) return false;
    const version = resolveVersion(this.negotiatedVersion);
    return version !== null && existsIn('tasks/get', version);
  }

  /**
   * Takes one line of text as it came off the transport: a line that is not JSON gets -32700, an
   * array is a batch, read as the session log reads it (#batchRevision) or refused (refuseBatch);
   * the server goes on.
   */
  receiveRaw(text: string, now: number): void {
    let value: unknown;
    try {
      value = withExactIds(text, JSON.parse(text));
    } catch {
      this.parseError(now);
      return;
    }
    if (!Array.isArray(value)) this.receive(value, now);
    else if (value.length > 0 && this.#batchRevision(value) === BATCH_REVISION) {
      this.receiveBatch(value, now);
    } else this.refuseBatch(value, now);
  }

  /**
   * A batch this session cannot read (its log said so, or #batchRevision): one -32600 without an
   * id, since no member was read. Only a 2025-03-26 session takes batches; a server of another
   * revision, or one before any was agreed, cannot take the line; and an empty array is no batch
   * in any (JSON-RPC 2.0 › Batch: "an Array with at least one value").
   */
  refuseBatch(items: readonly unknown[], now: number): void {
    const version = this.negotiatedVersion;
    const message =
      items.length === 0
        ? 'Invalid Request: an empty batch'
        : `Invalid Request: batches are not supported (${
            version === null
              ? 'no revision agreed yet; only 2025-03-26 has them'
              : version < BATCH_REVISION
                ? `${version} has none`
                : 'removed in 2025-06-18'
          })`;
    this.outbox.push({ at: now, message: { jsonrpc: '2.0', error: { code: -32600, message } } });
  }

  /**
   * The revision it reads a batch in: the agreed one; before any, the one an initialize inside the
   * batch offers (batchInitializeOffer), exactly as the session log decides, so a raw line reads as
   * `serve` on stdio and the fault initialize-in-batch read the same batch (they hand the server
   * what the log read). Such a batch is taken like any 2025-03-26 batch, initialize included (a
   * lenient server: the rule that initialize MUST NOT be in a batch binds the client, 2025-03-26
   * basic/lifecycle › Initialization), and answered with an array, each answer with its request's
   * id (JSON-RPC 2.0 › Batch), not with one error whose missing id 2025-03-26's schema forbids.
   */
  #batchRevision(items: readonly unknown[]): string | null {
    if (this.negotiatedVersion !== null) return this.negotiatedVersion;
    return this.era === 'modern' ? null : batchInitializeOffer(items);
  }

  /**
   * Answers a line it could not parse (not JSON, not UTF-8, nested past what it reads): -32700,
   * without an id since none could be read (JSON-RPC 2.0 › Error object).
   */
  parseError(now: number): void {
    this.outbox.push({
      at: now,
      message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
    });
  }

  /**
   * A JSON-RPC batch in a 2025-03-26 session (basic/index › Batching: a server MUST accept them):
   * each message taken in turn; the answers to its requests go out together as one array once all
   * are ready (JSON-RPC 2.0 › Batch), what else the server sends meanwhile on its own.
   */
  receiveBatch(items: readonly unknown[], now: number): void {
    this.#batches.open(items);
    for (const item of items) this.receive(item, now);
  }

  /** Makes the next request (other than initialize and ping) fail inside the server: -32603. */
  failNext(): void {
    this.#failNext = true;
  }

  /**
   * 2026-07-28 (client/sampling › Sampling with Tools): the next input_required round that asks
   * for sampling offers the client's model the weather tool, with this toolChoice mode, when the
   * request declared sampling.tools (without it the round asks as usual).
   */
  offerToolsNextSampling(mode: 'auto' | 'none' | 'required'): void {
    this.#samplingToolChoice = mode;
  }

  /** Takes one message from the client and schedules whatever the server sends in response. */
  receive(message: unknown, now: number): void {
    const envelope = classify(message);
    switch (envelope.kind) {
      case 'request':
        this.#onRequest(now, envelope.id, envelope.method, envelope.params);
        return;
      case 'notification':
        this.#onNotification(now, envelope.method, envelope.params ?? {});
        return;
      case 'response':
      case 'error':
        if (envelope.id !== null) {
          this.#asked.delete(envelope.id);
          this.#onAnswer(now, envelope.id, envelope.kind === 'response' ? envelope.result : null);
        }
        return;
      case 'invalid':
        // JSON-RPC: an unreadable request gets -32600; the id is left out when it cannot be read.
        this.outbox.push({
          at: now,
          message: {
            jsonrpc: '2.0',
            ...(envelope.id !== undefined ? { id: envelope.id } : {}),
            error: { code: -32600, message: `Invalid Request: ${envelope.text.en}` },
          },
        });
        return;
    }
  }

  #onRequest(now: number, id: RequestId, method: string, given: JsonObject | undefined) {
    const era = this.config.era ?? 'legacy';
    if (era !== 'legacy' && this.era === null) {
      // The opening fixes the era: server/discover or a request with the envelope opens a modern
      // connection; in a modern-only server every other request is a (broken) modern one too.
      if (method === 'server/discover' || carriesEnvelope(given) || era === 'modern') {
        if (method !== 'initialize') this.era = 'modern';
      }
    }
    if (this.era === 'modern' || (era === 'modern' && method === 'initialize')) {
      this.#modernMethod = method;
      try {
        return this.#onModernRequest(now, id, method, given);
      } finally {
        this.#modernMethod = null;
        this.#requestLogLevel = null;
      }
    }
    if (method === 'initialize') return this.#initialize(now, id, given);
    if (method === 'ping') return this.#reply(now, id, {});
    if (this.#failNext) return this.#failAsked(now, id);
    if (this.negotiatedVersion === null) {
      // The spec leaves the answer to an early request open; SDKs differ (-32000, -32600, -32601).
      return this.#fail(now, id, -32600, 'Invalid Request: send initialize first');
    }
    // Unknown methods, and methods of capabilities this server did not declare: -32601.
    const needs = SERVED_BY[method];
    if (needs === undefined || !this.#can(needs) || !isCatalogued(method)) {
      return this.#fail(now, id, -32601, `Method not found: ${method}`);
    }
    this.#serve(now, id, method, given);
  }

  /** The failure `failNext()` planted: this request fails inside the server, -32603. */
  #failAsked(now: number, id: RequestId) {
    this.#failNext = false;
    return this.#fail(
      now,
      id,
      -32603,
      'Internal error: the server failed while handling the request',
    );
  }

  /**
   * The first way the params break the schema of the revision in force, as the referee reads it:
   * the negotiated handshake revision's (a 2024-11-05 session by its own schema, not the latest),
   * or 2026-07-28's whole-message schema in the modern era.
   */
  #paramsIssue(id: RequestId, method: MethodName, read: JsonObject | undefined) {
    // An exact progress token past 2^53 − 1 (a bigint) as the integer the schema checks it to be.
    const given = schemaParams(read);
    if (this.era === 'modern') {
      // An exact id past 2^53 − 1 (a bigint) as the integer the schema checks it to be.
      const message = {
        jsonrpc: '2.0',
        id: schemaId(id),
        method,
        ...(given ? { params: given } : {}),
      };
      return modernMessageIssues(method, 'request', message)[0] ?? null;
    }
    return checkParams(method, given, resolveVersion(this.negotiatedVersion) ?? undefined);
  }

  /** A served method, in either era: its params checked, then a list's cursor, then the work. */
  #serve(now: number, id: RequestId, method: MethodName, given: JsonObject | undefined) {
    const issue = this.#paramsIssue(id, method, given);
    if (issue) return this.#invalidParams(now, id, issue);
    const params = given ?? {};
    let offset = 0;
    if (PAGED.has(method) && params.cursor !== undefined) {
      const page = typeof params.cursor === 'string' ? this.#cursors.get(params.cursor) : undefined;
      // Utilities › Pagination: an invalid cursor SHOULD get -32602 (one of another list too).
      if (page?.method !== method) {
        return this.#fail(
          now,
          id,
          -32602,
          `Invalid params: unknown cursor ${JSON.stringify(params.cursor)}`,
        );
      }
      offset = page.offset;
    }
    this.#dispatch(now, id, method, params, offset);
  }

  /** The cursors this server handed out, each the list and the place it continues from. */
  readonly #cursors = new Map<string, { readonly method: string; readonly offset: number }>();

  /**
   * One page of a list (server/utilities/pagination): with a page size, the items from `offset`
   * on, and a nextCursor when more follow. The cursor is opaque to the client (base64url of where
   * the page starts), and the same page always gets the same cursor.
   */
  #listReply(
    now: number,
    id: RequestId,
    method: string,
    key: string,
    items: readonly unknown[],
    offset: number,
  ) {
    const size = this.config.pageSize;
    if (size === undefined) return this.#reply(now, id, { [key]: [...items] });
    const end = offset + size;
    const result: JsonObject = { [key]: items.slice(offset, end) as JsonObject[] };
    if (end < items.length) {
      const cursor = Buffer.from(JSON.stringify({ list: method, from: end })).toString('base64url');
      this.#cursors.set(cursor, { method, offset: end });
      result.nextCursor = cursor;
    }
    return this.#reply(now, id, result);
  }

  /**
   * A request of the modern era (2026-07-28): no handshake, so each request carries its version
   * and capabilities in `_meta`; methods the revision removed get -32601.
   */
  #onModernRequest(now: number, id: RequestId, method: string, given: JsonObject | undefined) {
    if (method === 'initialize') {
      // What SDK v2's serveStdio answers: the versions it serves, so the client can tell.
      const requested = given?.protocolVersion;
      return this.#fail(now, id, -32022, 'Unsupported protocol version', {
        supported: [...MODERN_VERSIONS],
        // The schema requires `requested`: an initialize that named no version asked for "".
        requested: typeof requested === 'string' ? requested : '',
      });
    }
    // basic/index › _meta: a request without a required key is malformed, -32602. The envelope
    // is read before the method: a client of another revision, whose method this one may not
    // have, MUST first learn which versions are served (basic/versioning › Protocol Version
    // Negotiation: UnsupportedProtocolVersionError), not that the method is unknown.
    const meta = isObject(given?._meta) ? given._meta : {};
    const version = meta[PROTOCOL_VERSION_META];
    if (typeof version !== 'string') {
      return this.#fail(
        now,
        id,
        -32602,
        `Invalid params: _meta["${PROTOCOL_VERSION_META}"] is required (a string)`,
      );
    }
    const capabilities = meta[CLIENT_CAPABILITIES_META];
    if (!isObject(capabilities)) {
      return this.#fail(
        now,
        id,
        -32602,
        `Invalid params: _meta["${CLIENT_CAPABILITIES_META}"] is required (an object, {} for none)`,
      );
    }
    if (!MODERN_VERSIONS.includes(version)) {
      return this.#fail(now, id, -32022, 'Unsupported protocol version', {
        supported: [...MODERN_VERSIONS],
        requested: version,
      });
    }
    // The envelope's values as the schema types them (RequestMetaObject): a malformed one is
    // invalid params, as SDK v2's server answers it (its envelope schema), and as the referee
    // judges the request (invalid-params).
    const envelopeIssue = envelopeIssueOf(meta);
    if (envelopeIssue) return this.#invalidParams(now, id, envelopeIssue);
    const needs = MODERN_SERVED_BY[method];
    if (needs === undefined || (needs !== null && !this.#can(needs))) {
      return this.#fail(now, id, -32601, `Method not found: ${method}`);
    }
    // server/utilities/logging › Error Handling: an unknown level SHOULD get -32602.
    const level = meta[LOG_LEVEL_META];
    if (level !== undefined && (typeof level !== 'string' || !LEVELS.includes(level))) {
      return this.#fail(
        now,
        id,
        -32602,
        `Invalid params: _meta["${LOG_LEVEL_META}"] must be one of ${LEVELS.join(', ')}; got ${JSON.stringify(level)}`,
      );
    }
    this.#requestLogLevel = typeof level === 'string' ? level : null;
    // Each request stands alone: its capabilities are the ones it declares.
    this.clientCapabilities = capabilities;
    if (method === 'server/discover') {
      return this.#reply(now, id, {
        supportedVersions: [...MODERN_VERSIONS],
        capabilities: this.#modernCapabilities(),
        ...(this.config.instructions ? { instructions: this.config.instructions } : {}),
      });
    }
    if (this.#failNext) return this.#failAsked(now, id);
    this.#serve(now, id, method as MethodName, given);
  }

  /** The capabilities of the initialize result without what 2026-07-28 removed (tasks). */
  #modernCapabilities(): JsonObject {
    const { tasks: _tasks, ...rest } = this.config.capabilities;
    return rest;
  }

  #dispatch(now: number, id: RequestId, method: string, params: JsonObject, offset = 0) {
    switch (method) {
      case 'tools/list':
        return this.#listReply(now, id, method, 'tools', this.toolDefinitions(), offset);
      case 'tools/call':
        return this.#callTool(now, id, params);
      case 'resources/list': {
        const resources = this.#resources().map(({ text: _text, ...resource }) => resource);
        return this.#listReply(now, id, method, 'resources', resources, offset);
      }
      case 'resources/templates/list':
        return this.#listReply(now, id, method, 'resourceTemplates', RESOURCE_TEMPLATES, offset);
      case 'resources/read':
        return this.#readResource(now, id, params);
      case 'resources/subscribe':
      case 'resources/unsubscribe': {
        const uri = String(params.uri);
        if (readResource(uri, this.notesVersion, this.#notes) === undefined) {
          return this.#fail(now, id, -32002, 'Resource not found', { uri });
        }
        if (method === 'resources/subscribe') this.subscriptions.add(uri);
        else this.subscriptions.delete(uri);
        return this.#reply(now, id, {});
      }
      case 'prompts/list':
        return this.#listReply(now, id, method, 'prompts', PROMPTS, offset);
      case 'prompts/get':
        return this.#getPrompt(now, id, params);
      case 'completion/complete':
        return this.#complete(now, id, params);
      case 'logging/setLevel':
        this.logLevel = String(params.level);
        this.#levelSet = true;
        return this.#reply(now, id, {});
      case 'subscriptions/listen':
        return this.#listen(now, id, params);
      case 'tasks/get':
      case 'tasks/result':
      case 'tasks/cancel':
        return this.#taskRequest(now, id, method, params);
      case 'tasks/list':
        return this.#listReply(
          now,
          id,
          method,
          'tasks',
          this.tasks.all().map((task) => TaskStore.view(task, now)),
          offset,
        );
    }
  }

  /**
   * tasks/get, tasks/result and tasks/cancel (2025-11-25 basic/utilities/tasks): the taskId in
   * the params names the task; one it does not know is -32602 (› Error Handling).
   */
  #taskRequest(now: number, id: RequestId, method: string, params: JsonObject) {
    const task = this.tasks.get(params.taskId);
    if (!task) {
      return this.#fail(
        now,
        id,
        -32602,
        `Invalid params: no task ${JSON.stringify(params.taskId)}`,
      );
    }
    const status = TaskStore.status(task, now);
    const ended = status === 'completed' || status === 'failed' || status === 'cancelled';
    if (method === 'tasks/get') return this.#reply(now, id, TaskStore.view(task, now));
    if (method === 'tasks/result') {
      // › Input Required Status: tasks/result is how the requestor receives what the task needs.
      if (task.input?.requestId === null && !ended) this.#askForTask(now, task, task.input);
      // › Result Retrieval: a task not yet ended holds its tasks/result until it ends; while it
      // waits for input, that end is not known yet.
      if (!ended && task.doneAt === Number.POSITIVE_INFINITY) {
        task.held.push(id);
        return;
      }
      const at = ended ? now : task.doneAt;
      return this.outbox.push({ ...this.#taskOutcome(task, id), at, task: task.taskId });
    }
    // › Task Cancellation: a terminal task is not cancelled again, -32602; a working one moves
    // to cancelled before the answer, and its completion is never told.
    if (ended) {
      return this.#fail(
        now,
        id,
        -32602,
        `Invalid params: task ${task.taskId} is already ${status} and cannot be cancelled`,
      );
    }
    task.cancelledAt = now;
    const held = [...task.held];
    task.held.length = 0;
    for (const item of this.outbox.takeTask(task.taskId)) {
      // A request it had not sent for the task is dropped with the rest.
      if (isRequestId(item.message.id) && !('method' in item.message)) held.push(item.message.id);
    }
    // A tasks/result that waited for the task gets its outcome now: the task was cancelled.
    for (const heldId of held) {
      this.outbox.push({ ...this.#taskOutcome(task, heldId), at: now });
    }
    this.#reply(now, id, TaskStore.view(task, now));
  }

  /**
   * What tasks/result answers for a task that ended: the tools/call's own result, tied to the task
   * by its related-task `_meta` (› Related Task Metadata: tasks/result MUST carry it); for a
   * cancelled task, -32603, as SDK v1 answers it (the spec names no result for a stopped request).
   */
  #taskOutcome(task: TaskRecord, id: RequestId): { about: RequestId; message: JsonObject } {
    if (task.cancelledAt !== null) {
      const error = { code: -32603, message: `Task ${task.taskId} was cancelled` };
      return { about: id, message: { jsonrpc: '2.0', id, error } };
    }
    const meta = isObject(task.result._meta) ? task.result._meta : {};
    const result = {
      ...task.result,
      _meta: { ...meta, [RELATED_TASK_META]: { taskId: task.taskId } },
    };
    return { about: id, message: { jsonrpc: '2.0', id, result } };
  }

  /**
   * A task-augmented tools/call (› Creating Tasks): the CreateTaskResult at once, the work on the
   * server's clock, and notifications/tasks/status when the task ends (› Task Status
   * Notification). A call with a progressToken gets its progress after the CreateTaskResult with
   * that same token, all of it before the task ends (basic/utilities/progress › Behavior
   * Requirements: the token stays valid until the task is terminal, and progress MUST stop then);
   * tasks/cancel drops what is left of it.
   */
  #createTask(now: number, id: RequestId, args: JsonObject, params: JsonObject) {
    const ttl = isObject(params.task) ? params.task.ttl : undefined;
    const meta = isObject(params._meta) ? params._meta : {};
    const plan = longRunningPlan(id, meta.progressToken, args, now);
    const task = this.tasks.create(id, now, ttl, plan);
    this.#reply(now, id, { task: TaskStore.view(task, now) });
    for (const item of plan.progress) {
      this.outbox.push({ at: item.at, message: item.message, task: task.taskId });
    }
    this.#tellStatus(task, plan.doneAt);
  }

  /** notifications/tasks/status as the task stands at `at` (› Task Status Notification: MAY). */
  #tellStatus(task: TaskRecord, at: number): void {
    this.outbox.push({
      at,
      task: task.taskId,
      message: {
        jsonrpc: '2.0',
        method: 'notifications/tasks/status',
        params: TaskStore.view(task, at),
      },
    });
  }

  /**
   * A tool that needs the client, called as a task (2025-11-25 basic/utilities/tasks › Input
   * Required Status): the CreateTaskResult at once ("working"); a moment later the task needs the
   * client's answer and moves to input_required. Its request goes out when the client calls
   * tasks/result. A session that cannot carry the request fails the task with the tool error a
   * normal call would have got.
   */
  #createInputTask(
    now: number,
    id: RequestId,
    name: InputToolName,
    args: JsonObject,
    params: JsonObject,
  ) {
    const ttl = isObject(params.task) ? params.task.ttl : undefined;
    const tool = INPUT_TOOLS[name];
    const at = now + INPUT_AFTER_MS;
    const task = this.#canAsk(tool.method, tool.capability)
      ? this.tasks.create(id, now, ttl, {
          input: {
            tool: name,
            method: tool.method,
            params: tool.params(args, false),
            at,
            requestId: null,
            answeredAt: null,
          },
        })
      : this.tasks.create(id, now, ttl, {
          doneAt: at,
          result: text(this.#cannotAsk(tool.method, tool.words), true) as JsonObject,
        });
    this.#reply(now, id, { task: TaskStore.view(task, now) });
    this.#tellStatus(task, at);
  }

  /**
   * The request a task needs, sent on the client's tasks/result (not before the task needs it),
   * with the related-task `_meta` (› Input Required Status: the receiver MUST include it).
   */
  #askForTask(now: number, task: TaskRecord, input: TaskInput): void {
    const meta = { [RELATED_TASK_META]: { taskId: task.taskId } };
    const message = this.makeRequest(input.method, { ...(input.params ?? {}), _meta: meta });
    input.requestId = message.id;
    this.#waiting.set(message.id, { callId: task.callId, tool: input.tool, taskId: task.taskId });
    this.outbox.push({ at: Math.max(now, input.at), message, task: task.taskId });
  }

  /**
   * The client answered what a task needed: the task is working again (› Input Required Status:
   * it SHOULD leave input_required), and its work ends a second later, completed or failed, with
   * the tasks/result requests it held.
   */
  #taskAnswered(now: number, taskId: string, tool: InputToolName, result: JsonObject | null) {
    const task = this.tasks.get(taskId);
    if (!task?.input || task.cancelledAt !== null) return;
    task.input.answeredAt = now;
    task.result = finishSessionTool(tool, result) as JsonObject;
    task.doneAt = now + WORK_AFTER_INPUT_MS;
    this.#tellStatus(task, now);
    this.#tellStatus(task, task.doneAt);
    for (const id of task.held.splice(0)) {
      this.outbox.push({ ...this.#taskOutcome(task, id), at: task.doneAt, task: task.taskId });
    }
  }

  /**
   * subscriptions/listen (2026-07-28 basic/patterns/subscriptions): the stream opens with the
   * acknowledgement, the first message carrying its id; it gets no response until it ends.
   */
  #listen(now: number, id: RequestId, params: JsonObject) {
    const issue = defIssues('SubscriptionsListenRequestParams', params, '/params')[0];
    if (issue) return this.#invalidParams(now, id, issue);
    const honoured = honour(isObject(params.notifications) ? params.notifications : {}, {
      listChanged: (flag) => this.#can(LIST_CHANGED[flag][1] as CapabilityPath),
      subscribe: this.#can('server.resources.subscribe'),
      knows: (uri) => readResource(uri, this.notesVersion, this.#notes) !== undefined,
    });
    this.#listens.open(id, honoured);
    this.outbox.push({ at: now, about: id, message: acknowledgement(id, honoured) });
  }

  /** A notification on each of these streams, each naming its stream (subscriptions › Receiving Notifications). */
  #tellStreams(now: number, ids: readonly RequestId[], method: string, params: JsonObject = {}) {
    for (const id of ids) this.outbox.push({ at: now, message: onStream(id, method, params) });
  }

  /**
   * The server ends every open stream on its own initiative (end of input, shutdown): each listen
   * request gets its graceful `complete` result (subscriptions › Graceful Closure). Returns how many.
   */
  endListens(now: number): number {
    const ids = this.#listens.endAll();
    const server = { [SERVER_INFO_META]: { name: this.config.name, version: this.config.version } };
    for (const id of ids) this.outbox.push({ at: now, message: gracefulEnd(id, server) });
    return ids.length;
  }

  #initialize(now: number, id: RequestId, params: JsonObject | undefined) {
    if (this.negotiatedVersion !== null) {
      // Lifecycle: the version and the capabilities are settled once; a second initialize
      // changes nothing (the spec names no code; -32600, as for a request out of place).
      return this.#fail(
        now,
        id,
        -32600,
        'Invalid Request: the session is already initialized; its version and capabilities stay as negotiated',
      );
    }
    const requested = params?.protocolVersion;
    if (typeof requested === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(requested)) {
      // Not a revision date at all: the lifecycle page's error example, rather than a counter-offer.
      return this.#fail(now, id, -32602, 'Unsupported protocol version', {
        supported: [...this.config.versions],
        requested,
      });
    }
    const issue = checkParams('initialize', params);
    if (issue) return this.#invalidParams(now, id, issue);
    // The schema holds it to a string.
    const offered = String(requested);
    const version = negotiateVersion(offered, this.config.versions) ?? offered;
    this.negotiatedVersion = version;
    if (this.config.era !== undefined && this.config.era !== 'legacy') this.era = 'legacy';
    this.clientCapabilities = isObject(params?.capabilities) ? params.capabilities : {};
    const known = resolveVersion(version);
    this.#reply(now, id, {
      protocolVersion: version,
      // What the negotiated revision has: a 2024-11-05 session is not told of completions.
      capabilities:
        known === null
          ? this.config.capabilities
          : capabilitiesIn('server', this.config.capabilities, known),
      serverInfo: { name: this.config.name, version: this.config.version },
      ...(this.config.instructions ? { instructions: this.config.instructions } : {}),
    });
  }

  /**
   * The client closed the HTTP response stream of its request `id`. In 2026-07-28 that is the
   * cancellation (basic/transports/streamable-http › Cancellation: the server MUST treat it so and
   * MUST NOT send any further messages for it). A handshake-era server does not take it as one
   * (2025-11-25 basic/transports › Sending Messages to the Server) and works on.
   */
  abandon(id: RequestId): void {
    if (this.era === 'modern') this.#stop(id);
  }

  /**
   * Stops work on `id` (cancelled): no response, nothing more about it; a listen stream ends.
   * Whether a call was stopped (its answer will not come).
   */
  #stop(id: RequestId): boolean {
    if (this.#working.has(id)) {
      // Cancellation › Behavior: stop work, free resources, send no response.
      this.#working.delete(id);
      this.outbox.dropAbout(id);
      return true;
    }
    if (this.#listens.cancel(id)) {
      // Subscriptions › Cancellation: the client ends its stream; no response.
      this.outbox.dropAbout(id);
    }
    // A tasks/result waiting for its task (held, or its answer due when the task ends): no answer
    // when the task ends or is cancelled. The task itself runs on (tasks/cancel stops it).
    let held = false;
    for (const task of this.tasks.all()) {
      const at = task.held.indexOf(id);
      if (at >= 0) {
        task.held.splice(at, 1);
        held = true;
      }
    }
    return this.outbox.dropAbout(id) > 0 || held;
  }

  #onNotification(now: number, method: string, params: JsonObject) {
    if (method === 'notifications/initialized') {
      this.initialized = true;
      // Roots changed before the handshake ended: asked for now that a request may go out.
      if (this.#rootsChanged && this.#can('client.roots')) this.request(now, 'roots/list');
      this.#rootsChanged = false;
    } else if (method === 'notifications/cancelled') {
      const id = params.requestId;
      if (isRequestId(id) && this.#stop(id)) {
        // Its answer will not come: a batch that waited only for it has its answer now.
        const answers = this.#batches.forget(id);
        if (answers) this.#ready.push({ at: now, message: answers });
      }
    } else if (method === 'notifications/roots/list_changed' && this.era !== 'modern') {
      // 2025-11-25 basic/lifecycle › Initialization: the server SHOULD NOT send requests other
      // than pings and logging before it has received notifications/initialized. It waits.
      if (!this.initialized) this.#rootsChanged = true;
      else if (this.#can('client.roots')) this.request(now, 'roots/list');
    }
  }

  /**
   * Its own request `id` went nowhere (the transport had no stream to carry it, e.g. a tool called
   * in a 2025-03-26 batch answered as one JSON body, with no GET stream open): no answer can come,
   * so it stops waiting, and the call that needed it is answered now with the tool's own error
   * (a result with isError, as when the client cannot be asked at all: Server › Tools › Error
   * Handling), instead of hanging until the client gives up.
   */
  notSent(id: RequestId, now: number): void {
    const method = this.#asked.get(id) ?? 'a request';
    this.#asked.delete(id);
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    if (!this.#working.has(waiting.callId)) return;
    this.#working.delete(waiting.callId);
    const why = `This tool needs to send ${method}, and it could not reach the client: no stream is open to carry it, so no answer can come.`;
    this.#reply(now, waiting.callId, text(why, true) as JsonObject);
  }

  #onAnswer(now: number, id: RequestId, result: JsonObject | null): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    if (waiting.taskId !== undefined) {
      this.#taskAnswered(now, waiting.taskId, waiting.tool, result);
      return;
    }
    if (!this.#working.has(waiting.callId)) return; // the call was cancelled meanwhile
    this.#working.delete(waiting.callId);
    this.#reply(now, waiting.callId, finishSessionTool(waiting.tool, result) as JsonObject);
  }

  #callTool(now: number, id: RequestId, params: JsonObject) {
    const name = params.name;
    if (typeof name !== 'string' || !(this.#offered() as string[]).includes(name)) {
      // Server › Tools › Error Handling: an unknown tool is a protocol error, -32602.
      return this.#fail(now, id, -32602, `Unknown tool: ${String(name)}`);
    }
    const args = isObject(params.arguments) ? params.arguments : {};
    if (isObject(params.task) && this.#runsTasks()) {
      // › Tool-Level Negotiation: a tool without taskSupport called as a task SHOULD get -32601.
      if (!runsAsTask(name)) {
        return this.#fail(now, id, -32601, `Method not found: ${name} does not run as a task`);
      }
      // Arguments it cannot run with: no task is created (a task's failure is for work begun).
      const bad = checkSessionToolArgs(name, args);
      if (bad !== null) return this.#fail(now, id, -32602, `Invalid params: ${bad}`);
      if (isInputTool(name)) return this.#createInputTask(now, id, name, args, params);
      return this.#createTask(now, id, args, params);
    }
    this.#log(now, id, 'info', { event: 'tools/call', tool: name });
    this.#log(now, id, 'debug', { event: 'arguments', tool: name, arguments: args });
    if (Object.hasOwn(PURE_TOOLS, name)) {
      const result = PURE_TOOLS[name as keyof typeof PURE_TOOLS].run(args);
      return this.#reply(now, id, result as JsonObject);
    }
    // Bad arguments are the tool's own error, a result with isError (Server › Tools › Error Handling).
    const bad = checkSessionToolArgs(name as keyof typeof SESSION_TOOLS, args);
    if (bad !== null) return this.#reply(now, id, text(bad, true) as JsonObject);
    if (name === 'toggle_tool') return this.#toggleTool(now, id, args);
    if (name === 'add_note') return this.#addNote(now, id, String(args.text));
    if (name === 'connect_account') return this.#connectAccount(now, id, args, params);
    if (isInputTool(name)) {
      if (this.era === 'modern') return this.#inputRound(now, id, name, args, params);
      return this.#askClient(now, id, name, args);
    }
    const meta = isObject(params._meta) ? params._meta : {};
    this.#working.add(id);
    const plan = longRunningPlan(id, meta.progressToken, args, now);
    for (const item of plan.progress) this.outbox.push(item);
    this.outbox.push({
      at: plan.doneAt,
      about: id,
      message: { jsonrpc: '2.0', id, result: this.#complete2026(plan.result) },
    });
  }

  /** Legacy era: the server sends the request itself and answers the call when the client has. */
  #askClient(now: number, id: RequestId, name: InputToolName, args: JsonObject) {
    const tool = INPUT_TOOLS[name];
    if (!this.#canAsk(tool.method, tool.capability)) {
      return this.#degrade(now, id, tool.method, tool.words);
    }
    this.#working.add(id);
    const requestId = this.request(now, tool.method, tool.params(args, false), id);
    this.#waiting.set(requestId, { callId: id, tool: name });
  }

  /**
   * 2026-07-28 (basic/patterns/mrtr): no request to the client; the call is answered with an
   * input_required round whose sealed requestState carries all the server needs, and the
   * client's retry (a new id, inputResponses, the state echoed) is checked and finished.
   */
  #inputRound(
    now: number,
    id: RequestId,
    name: RoundToolName,
    args: JsonObject,
    params: JsonObject,
  ) {
    const outcome = takeRetry(this.#seal, name, args, params, now);
    if (outcome.kind === 'refuse') return this.#fail(now, id, -32602, outcome.message);
    if (outcome.kind === 'finish') {
      this.#log(now, id, 'debug', {
        event: 'requestState verified',
        tool: name,
        expiresInMs: outcome.expiresInMs,
      });
      return this.#reply(now, id, outcome.result);
    }
    const tool = toolOf(name);
    // basic/index › _meta: a capability this request did not declare is -32021, never assumed.
    if (!this.#can(tool.capability)) {
      return this.#fail(
        now,
        id,
        -32021,
        `Missing required client capability: ${name} needs the client's ${tool.needs} in this request's _meta["${CLIENT_CAPABILITIES_META}"]`,
        { requiredCapabilities: tool.required },
      );
    }
    this.#log(now, id, 'info', { event: 'input_required', tool: name, asks: tool.method });
    const ttl = this.config.requestStateTtlMs ?? STATE_TTL_MS;
    let extra: JsonObject = {};
    const mode = this.#samplingToolChoice;
    if (
      mode !== null &&
      tool.method === 'sampling/createMessage' &&
      this.#can('client.sampling.tools')
    ) {
      extra = { tools: [PURE_TOOLS.weather_current.definition], toolChoice: { mode } };
      this.#samplingToolChoice = null;
    }
    this.#reply(now, id, roundResult(this.#seal, name, args, Math.round(now + ttl), extra));
  }

  /**
   * connect_account (client/elicitation, URL mode): the user signs in on the service's own page,
   * out of the client's sight. 2025-11-25: until then the call gets -32042 listing the URL-mode
   * elicitation to complete (› URL Elicitation Required Error); the user finishes two seconds
   * later and the server says so with notifications/elicitation/complete (› Completion
   * Notifications); a retry then succeeds. One elicitation per service. 2026-07-28 asks in an
   * input_required round instead (#inputRound with CONNECT_ROUND).
   */
  #connectAccount(now: number, id: RequestId, args: JsonObject, params: JsonObject) {
    if (this.era === 'modern') return this.#inputRound(now, id, 'connect_account', args, params);
    const service = serviceOf(args);
    const version = resolveVersion(this.negotiatedVersion);
    // A handshake-era session before 2025-11-25, which has no URL mode.
    const tooOld = version !== null && !existsIn('notifications/elicitation/complete', version);
    if (tooOld || version === null || !this.#can('client.elicitation.url')) {
      const why = tooOld
        ? `This tool needs URL-mode elicitation, which protocol version ${version} does not have (2025-11-25 introduced it).`
        : 'This tool needs the client’s elicitation capability in URL mode (elicitation.url), which this client did not declare.';
      return this.#reply(now, id, text(why, true) as JsonObject);
    }
    const account = this.#accounts.get(service);
    if (account && now >= account.completesAt) {
      return this.#reply(now, id, text(`Connected to ${service}.`) as JsonObject);
    }
    const elicitationId = account?.elicitationId ?? `elicitation-${this.#accounts.size + 1}`;
    if (!account) {
      const completesAt = now + 2000;
      this.#accounts.set(service, { elicitationId, completesAt });
      this.outbox.push({
        at: completesAt,
        message: {
          jsonrpc: '2.0',
          method: 'notifications/elicitation/complete',
          params: { elicitationId },
        },
      });
    }
    this.#fail(now, id, -32042, 'This request requires more information.', {
      elicitations: [
        {
          mode: 'url',
          elicitationId,
          url: `https://accounts.example.com/connect?service=${encodeURIComponent(service)}&elicitationId=${elicitationId}`,
          message: signInMessage(service),
        },
      ],
    });
  }

  /** The accounts connect_account links, by service: its elicitation and when the user finishes. */
  readonly #accounts = new Map<string, { elicitationId: string; completesAt: number }>();

  /** toggle_tool: withdraws another tool or offers it again, and announces the change. */
  #toggleTool(now: number, id: RequestId, args: JsonObject) {
    const target = String(args.name);
    // The tools a lesson can offer; serve's own two stay (toggle_tool and add_note).
    const known: readonly string[] = TOOL_NAMES;
    if (!known.includes(target)) {
      const others = known.join(', ');
      return this.#reply(
        now,
        id,
        text(
          `The name argument must be one of the other tools (${others}); got "${target}".`,
          true,
        ) as JsonObject,
      );
    }
    const offered = this.#offered().includes(target as ServerToolName);
    const told = offered
      ? this.removeTool(now, target as ServerToolName)
      : this.addTool(now, target as ToolName);
    const how = told
      ? this.#sentAside('notifications/tools/list_changed')
      : this.era !== 'modern'
        ? 'the client was not told (tools.listChanged not declared)'
        : this.#can('server.tools.listChanged')
          ? 'no subscriptions/listen stream asked for tools/list_changed, so nobody was told'
          : 'this server declares no tools.listChanged, so no listen stream was acknowledged for tools/list_changed and nobody was told';
    const did = offered ? 'withdrawn' : 'offered again';
    this.#reply(now, id, text(`${target} is ${did}; ${how}.`) as JsonObject);
  }

  /**
   * May the server send this request to the client? Only when the client declared the capability
   * and the negotiated revision has the method (Lifecycle › Operation: both respect the version).
   */
  #canAsk(method: MethodName, capability: CapabilityPath): boolean {
    const version = resolveVersion(this.negotiatedVersion);
    // Lifecycle › Initialization: the server SHOULD NOT send requests other than pings and
    // logging before it received notifications/initialized.
    return (
      this.initialized && (version === null || existsIn(method, version)) && this.#can(capability)
    );
  }

  /** The session cannot carry what the tool needs: say so as a tool error, send nothing to it. */
  #degrade(now: number, id: RequestId, method: MethodName, capability: string): void {
    this.#working.delete(id);
    this.#reply(now, id, text(this.#cannotAsk(method, capability), true) as JsonObject);
  }

  /** Why the server may not send the request a tool needs (the text of its tool error). */
  #cannotAsk(method: MethodName, capability: string): string {
    const version = resolveVersion(this.negotiatedVersion);
    return !this.initialized
      ? `This tool needs to send ${method}, and the client has not sent notifications/initialized yet.`
      : version !== null && !existsIn(method, version)
        ? `This tool needs ${method}, which protocol version ${version} does not have.`
        : `This tool needs the client's ${capability} capability, which this client did not declare.`;
  }

  #readResource(now: number, id: RequestId, params: JsonObject) {
    const uri = typeof params.uri === 'string' ? params.uri : '';
    // A uri that is no RFC 3986 URI (the official schema's format "uri", which the SDK's
    // 2025-11-25 zod schema does not check) names no resource: every resource's uri is one
    // (server/resources › Common URI Schemes), and contents carrying it would break
    // resource-uri-invalid. A template filled without encoding ("New York") is not found.
    const fault = uriFault(uri);
    const body =
      fault !== null
        ? undefined
        : this.resourceAdded && uri === ADDED_RESOURCE.uri
          ? ADDED_RESOURCE.text
          : readResource(uri, this.notesVersion, this.#notes);
    if (body === undefined) {
      // 2026-07-28 retired -32002: a missing resource is invalid params.
      const code = this.era === 'modern' ? -32602 : -32002;
      const why = fault === null ? '' : `: /params/uri ${fault.en}`;
      return this.#fail(now, id, code, `Resource not found${why}`, { uri });
    }
    const mimeType = this.#resources().find((r) => r.uri === uri)?.mimeType ?? 'text/plain';
    this.#reply(now, id, { contents: [{ uri, mimeType, text: body }] });
  }

  #getPrompt(now: number, id: RequestId, params: JsonObject) {
    const prompt = PROMPTS.find((p) => p.name === params.name);
    if (!prompt) return this.#fail(now, id, -32602, `Unknown prompt: ${String(params.name)}`);
    const args = isObject(params.arguments) ? params.arguments : {};
    for (const arg of prompt.arguments ?? []) {
      if (arg.required && typeof args[arg.name] !== 'string') {
        return this.#fail(now, id, -32602, `Missing required argument: ${arg.name}`);
      }
    }
    const body =
      prompt.name === 'weather_report'
        ? `Write a ${String(args.style ?? 'brief')} weather report for ${String(args.location)}. Use the weather_current tool first.`
        : `Explain step by step what this SQL does:\n${String(args.query)}`;
    this.#reply(now, id, {
      description: prompt.description ?? prompt.name,
      messages: [{ role: 'user', content: { type: 'text', text: body } }],
    });
  }

  #complete(now: number, id: RequestId, params: JsonObject) {
    const ref = isObject(params.ref) ? params.ref : {};
    const argument = isObject(params.argument) ? params.argument : {};
    // Completion › Error Handling: an unknown prompt (or template) is invalid params, -32602.
    const owner =
      ref.type === 'ref/prompt'
        ? PROMPTS.find((p) => p.name === ref.name)?.name
        : RESOURCE_TEMPLATES.find((t) => t.uriTemplate === ref.uri)?.name;
    if (owner === undefined) {
      const what = ref.type === 'ref/prompt' ? 'prompt' : 'resource template';
      const name = ref.type === 'ref/prompt' ? ref.name : ref.uri;
      return this.#fail(now, id, -32602, `Invalid params: unknown ${what} ${JSON.stringify(name)}`);
    }
    const values = COMPLETIONS[`${owner}.${String(argument.name)}`] ?? [];
    const prefix = typeof argument.value === 'string' ? argument.value.toLowerCase() : '';
    const matches = values.filter((v) => v.toLowerCase().startsWith(prefix));
    this.#reply(now, id, {
      completion: { values: matches, total: matches.length, hasMore: false },
    });
  }

  // Actions a scenario (or a teacher) can trigger on the server.

  /** Offers one more tool; announces it when the server declared tools.listChanged. */
  addTool(now: number, name: ServerToolName): boolean {
    const own = (this.config.serveTools ?? []).includes(name);
    const list = own ? this.#serveTools : this.tools;
    if (!list.includes(name)) list.push(name as ToolName);
    return this.#toolsChanged(now);
  }

  /** Withdraws a tool; announces it as addTool does. */
  removeTool(now: number, name: ServerToolName): boolean {
    this.tools = this.tools.filter((t) => t !== name);
    this.#serveTools = this.#serveTools.filter((t) => t !== name);
    return this.#toolsChanged(now);
  }

  /**
   * The tool list changed. Legacy: an unsolicited notification once the session is initialized.
   * 2026-07-28: only on the listen streams that asked for it (subscriptions › Opening a Stream).
   */
  #toolsChanged(now: number): boolean {
    if (this.era === 'modern') {
      const here = this.takeTools(now, this.tools);
      const elsewhere = this.config.toolsChanged?.(this.tools) ?? 0;
      return here + elsewhere > 0;
    }
    if (this.initialized && this.#can('server.tools.listChanged')) {
      this.#notify(now, 'notifications/tools/list_changed');
      return true;
    }
    return false;
  }

  /**
   * The tools this server offers are now `tools` (a change made here, or over HTTP by another
   * request): this connection's own listen streams that asked are told, nobody else. Returns how
   * many streams were told.
   */
  takeTools(now: number, tools: readonly ToolName[]): number {
    this.tools = [...tools];
    const ids = this.#listens.wanting('toolsListChanged');
    this.#tellStreams(now, ids, LIST_CHANGED.toolsListChanged[0]);
    return ids.length;
  }

  /** The resources it lists now: the fixed ones, and the file added during the session. */
  #resources() {
    return this.resourceAdded ? [...RESOURCES, ADDED_RESOURCE] : RESOURCES;
  }

  /**
   * A file appears in the project (`do: add-resource`): the resource list changed. Legacy: an
   * unsolicited notifications/resources/list_changed when resources.listChanged was declared;
   * 2026-07-28: only on the listen streams whose filter asked for resourcesListChanged.
   */
  addResource(now: number): boolean {
    this.resourceAdded = true;
    const method = 'notifications/resources/list_changed';
    if (this.era === 'modern') {
      const ids = this.#listens.wanting('resourcesListChanged');
      this.#tellStreams(now, ids, method);
      return ids.length > 0;
    }
    if (this.initialized && this.#can('server.resources.listChanged')) {
      this.#notify(now, method);
      return true;
    }
    return false;
  }

  /** Changes the notes resource; tells a subscribed client. */
  updateNotes(now: number): boolean {
    this.notesVersion += 1;
    return this.#notesChanged(now) > 0;
  }

  /**
   * The notes changed: who watches them is told. Legacy: a client that subscribed, when the server
   * declared resources.subscribe; 2026-07-28: this connection's listen streams that named the URI.
   * Returns how many were told.
   */
  #notesChanged(now: number): number {
    const uri = NOTES_URI;
    if (this.era === 'modern') {
      const ids = this.#listens.watching(uri);
      this.#tellStreams(now, ids, 'notifications/resources/updated', { uri });
      return ids.length;
    }
    if (this.subscriptions.has(uri) && this.#can('server.resources.subscribe')) {
      this.#notify(now, 'notifications/resources/updated', { uri });
      return 1;
    }
    return 0;
  }

  /**
   * The notes are now `notes` (over HTTP another request added a line): this connection's own
   * listen streams watching them are told. Returns how many.
   */
  takeNotes(now: number, notes: readonly string[]): number {
    this.#notes = [...notes];
    return this.#notesChanged(now);
  }

  /**
   * What a tool's result says of the notification of its own it just queued: sent, or, when the
   * transport has nothing to carry it (over HTTP, no GET stream open), not sent.
   */
  #sentAside(method: string): string {
    if (this.era === 'modern' || (this.config.asideCarried?.() ?? true)) {
      return `the server sent ${method}`;
    }
    return `${method} was not sent: no GET stream is open to carry it (2025-11-25 basic/transports › Listening for Messages from the Server)`;
  }

  /** add_note: one more line in the notes resource, and whoever watches it is told. */
  #addNote(now: number, id: RequestId, line: string) {
    this.#notes.push(line);
    const told = this.#notesChanged(now) + (this.config.notesChanged?.(this.#notes) ?? 0);
    const how =
      told > 0
        ? this.#sentAside('notifications/resources/updated')
        : this.era === 'modern'
          ? this.#can('server.resources.subscribe')
            ? `no subscriptions/listen stream named ${NOTES_URI} in resourceSubscriptions, so nobody was told`
            : `this server declares no resources.subscribe, so no listen stream was acknowledged for ${NOTES_URI} and nobody was told`
          : this.#can('server.resources.subscribe')
            ? `the client has not subscribed to ${NOTES_URI} (resources/subscribe), so it was not told`
            : 'the client was not told (resources.subscribe not declared)';
    this.#reply(now, id, text(`Added to notes.txt; ${how}.`) as JsonObject);
  }

  /**
   * A log message about the request being answered, sent before its answer and dropped with it on
   * cancellation. 2026-07-28 (server/utilities/logging › Per-request log level): only when that
   * request set logLevel and the level is at or above it, never on a listen stream.
   */
  #log(now: number, id: RequestId, level: string, data: JsonObject): void {
    // The handshake era: once the client chose a level (logging/setLevel), the server tells it
    // about its work at that level and above (server/utilities/logging › Log Levels); before,
    // what it logs is its own choice, and this server logs only what a lesson asks of it.
    const asked =
      this.era === 'modern' ? this.#requestLogLevel : this.#levelSet ? this.logLevel : null;
    if (asked === null || !this.#can('server.logging')) return;
    if (LEVELS.indexOf(level) < LEVELS.indexOf(asked)) return;
    this.outbox.push({
      at: now,
      about: id,
      message: {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level, logger: this.config.name, data },
      },
    });
  }

  /** Emits a log message if logging is declared and the level passes the client's filter. */
  log(now: number, level: string, data: unknown): boolean {
    // 2026-07-28: a log message only for a request that set logLevel, never on its own.
    if (this.era === 'modern') return false;
    if (!this.#can('server.logging')) return false;
    if (LEVELS.indexOf(level) < LEVELS.indexOf(this.logLevel)) return false;
    this.#notify(now, 'notifications/message', {
      level,
      logger: this.config.name,
      data: data as JsonObject,
    });
    return true;
  }

  /** The next message the server sends, with its due time. */
  /**
   * The next message to send, for a peer that never sends batches (every caller but a transport
   * or a lesson, which use `take`): undefined when nothing is scheduled.
   */
  next(): Scheduled | undefined {
    const out = this.take();
    if (out === null || (out && Array.isArray(out.message))) {
      throw new Error('SimServer.next: a batch is being answered; take() sends its answers');
    }
    return out as Scheduled | undefined;
  }

  /**
   * The next thing to send, taken from the outbox: one message, or the answers of a JSON-RPC batch
   * as one array; `null` when the message taken is an answer kept for its batch's answer (nothing
   * to send yet: take again), `undefined` when nothing is scheduled.
   */
  take(): Outgoing | null | undefined {
    const ready = this.#ready.shift();
    if (ready) return ready;
    const scheduled = this.outbox.shift();
    if (!scheduled) return undefined;
    // A task that ended before notifications/initialized (a client that called before sending
    // it) is not told of: the status notification is a MAY (2025-11-25 basic/utilities/tasks ›
    // Task Status Notification), and until then a server sends no notification but logging and
    // progress (basic/lifecycle › Initialization). tasks/get still says it.
    if (
      scheduled.message.method === 'notifications/tasks/status' &&
      this.era !== 'modern' &&
      !this.initialized
    ) {
      return this.take();
    }
    // What the negotiated handshake revision has, nothing that came later (revision-fit.ts).
    const version = this.era === 'modern' ? null : resolveVersion(this.negotiatedVersion);
    const item =
      version === null
        ? scheduled
        : { ...scheduled, message: fitRevision(scheduled.message, version) };
    // A call is worked on until its answer goes out (long_running_task answers on a later tick).
    const message = item.message;
    const id = message.id;
    if (isRequestId(id)) {
      if ('result' in message || 'error' in message) this.#working.delete(id);
      else if (typeof message.method === 'string') this.#asked.set(id, message.method);
    }
    const batch = this.#batches.take(message);
    if (batch === undefined) return item;
    return batch === null ? null : { at: item.at, message: batch };
  }

  /** When the next message is due (virtual ms), or undefined when nothing is scheduled. */
  nextAt(): number | undefined {
    return this.#ready[0]?.at ?? this.outbox.peek()?.at;
  }

  /** How many messages are scheduled (a batch's completed answer counts as one). */
  get scheduled(): number {
    return this.#ready.length + this.outbox.size;
  }

  /** Requests of the client the server is still working on. */
  working(): RequestId[] {
    return [...this.#working];
  }

  /** Its own requests waiting for the client's answer, as `method #id`. */
  asked(): { method: string; id: string }[] {
    return [...this.#asked].map(([id, method]) => ({ method, id: String(id) }));
  }
}
