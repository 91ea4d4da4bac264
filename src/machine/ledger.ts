import type { ParamHeader } from '../protocol/http-headers.js';
import type { ProgressToken, RequestId, Side } from '../protocol/index.js';
import type { JsonObject } from '../protocol/json.js';
import type { RequestRecord, TokenRecord } from './context.js';
import type { Call, Listen, Round } from './records-streams.js';

/** One map per side: each side has its own id space (the client's 1 is not the server's 1). */
type BySide<K, V> = { readonly client: Map<K, V>; readonly server: Map<K, V> };
const bySide = <K, V>(): BySide<K, V> => ({ client: new Map(), server: new Map() });

function copyInto<K, V>(from: ReadonlyMap<K, V>, to: Map<K, V>): void {
  for (const [key, value] of from) to.set(key, value);
}

/**
 * The facts that grow with a session: every request id ever used, every progress token, every
 * confirmed subscription (a request's record says whether it waits for its answer). In the modern
 * era an answered request is forgotten (`forget`) but for its id and progress token, and only the
 * newest `FORGOTTEN_IDS` of those are kept, so a modern session's memory stays flat however long it
 * runs. It is one set of mutable
 * maps per session, written by the machine's record actions: the session log advances a referee
 * once per event, in order, and never again from an older state (see `advance`), so no earlier
 * snapshot needs its own copy. Only the machine writes it; everything else reads it through the
 * model's queries.
 *
 * The maps are keyed by the id or token itself, not by a string made of it: a Map already tells
 * the number 1 from the string "1", and a session of a million requests then builds no key strings.
 */
/**
 * How many answered modern request ids a side's ledger remembers, newest first. A cancellation
 * crosses its answer within moments; one that names a request answered more than this many
 * requests ago is taken for a request never sent (cancel-unknown-request), the price of a ledger
 * that does not grow with a server that runs for days.
 */
export const FORGOTTEN_IDS = 4096;

/**
 * Sets `key` in `map` as its newest entry (a Map keeps insertion order) and drops the oldest once
 * the map holds more than `FORGOTTEN_IDS`; whether one was dropped.
 */
function keepNewest<K, V>(map: Map<K, V>, key: K, value: V): boolean {
  map.delete(key);
  map.set(key, value);
  if (map.size <= FORGOTTEN_IDS) return false;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
  return true;
}

/** A task's latest reported status; a terminal one with how many requests were opened before it. */
export type TaskState = {
  readonly status: string;
  /**
   * Set once the status is terminal: `Ledger.opened` then. A request whose `seq` is below it was
   * sent before the task was known to be terminal, so its answer may show an older status.
   */
  readonly terminalFrom?: number;
};

/**
 * How long a task the receiver created is sure to exist (2025-11-25 basic/utilities/tasks › TTL and
 * Resource Management: it MAY be deleted only once its ttl elapsed; a cancelled one at any time).
 */
export type TaskLife = {
  /** Its createdAt, in milliseconds since the epoch (undefined: missing or not a date). */
  readonly createdAt: number | undefined;
  /** The shortest ttl its receiver reported, in milliseconds; null: unlimited; undefined: none. */
  readonly ttl: number | null | undefined;
};

/**
 * A task of the `io.modelcontextprotocol/tasks` extension (2026-07-28), as its server last reported
 * it: its status (a terminal one stays, with `Ledger.opened` then, as in `TaskState`), and each
 * inputRequests key it used with the request that key named (a key names one request over the
 * task's lifetime: tasks extension › Task Update Requests).
 */
export type ExtTask = {
  readonly status: string;
  readonly terminalFrom?: number;
  readonly inputs: ReadonlyMap<string, unknown>;
  /** The id of the request its CreateTaskResult answered (a tools/call), when the session saw it. */
  readonly createdBy?: RequestId;
};

/** When a polling answer about a task came, and the pollInterval it suggested (both ms). */
export type TaskPoll = { readonly at: number; readonly interval: number };

export class Ledger {
  readonly requests = bySide<RequestId, RequestRecord>();
  /**
   * The ids of the modern era's answered requests, which `forget` dropped: only the id, so that a
   * cancellation naming a request never sent can be told from one that crossed its answer
   * (2026-07-28 basic/patterns/cancellation › Behavior Requirements).
   */
  readonly forgotten = { client: new Set<RequestId>(), server: new Set<RequestId>() };
  /**
   * The progress tokens of those answered requests, each with its request's id (the newest
   * `FORGOTTEN_IDS` too): free for a new request, but progress that names one while no request
   * holds it is progress after completion (2026-07-28 basic/patterns/progress › Implementation
   * Notes), not a token nobody handed out.
   */
  readonly answeredTokens = bySide<ProgressToken, RequestId>();
  readonly tokens = bySide<ProgressToken, TokenRecord>();
  /** URIs whose resources/subscribe got a successful response, and not unsubscribed since. */
  readonly subscriptions = new Set<string>();
  /** How many resources/subscribe for each URI are waiting for their answer (none: no entry). */
  readonly subscribing = new Map<string, number>();
  /**
   * How many client requests of the modern era that declared `io.modelcontextprotocol/logLevel`
   * are waiting for their answer (server/utilities/logging: only they may get notifications/message).
   * Counted up by `countLogLevel` (records-modern-a.ts), down in `close`.
   */
  logging = 0;
  /**
   * The handshake era's minimum log level: what the latest logging/setLevel the server accepted
   * asked for (server/utilities/logging › Setting Log Level), null before one.
   */
  logLevel: string | null = null;
  /**
   * server/prompts › Listing Prompts: the arguments each listed prompt marks required, by the
   * prompt's name (a later list replaces what it names; a prompt never listed is not judged).
   */
  readonly requiredArguments = new Map<string, readonly string[]>();
  /**
   * server/utilities/pagination (the handshake era): the cursors each side's answers handed out as
   * nextCursor, by that side and the list method (`server tools/list`); the newest `FORGOTTEN_IDS`
   * of each list (handOut).
   */
  readonly cursors = new Map<string, Set<string>>();
  #cursorsForgotten: Record<Side, boolean> = { client: false, server: false };
  #opened = 0;
  /**
   * 2026-07-28 server/tools › Capabilities (tools in a deterministic order): the names of the latest
   * whole tools/list result (one page, no cursor) that was not a reordering of the one before, in
   * its order; null before one.
   */
  toolOrder: readonly string[] | null = null;
  /**
   * MRTR (2026-07-28): the client's tools/call, prompts/get and resources/read waiting for their
   * answer, by id: what each calls (an input_required answer opens a round on it).
   */
  readonly calls = new Map<RequestId, Call>();
  /**
   * MRTR: the input_required rounds outstanding on each method and target, oldest first, each
   * until its retry (parallel calls of one tool each hold their own).
   */
  readonly rounds = new Map<string, readonly Round[]>();
  /** The keys some of whose rounds were forgotten (see `openRound`). */
  #roundsForgotten = new Set<string>();
  /**
   * 2025-11-25 tasks › Tool-Level Negotiation: each listed tool's execution.taskSupport, by name
   * ("forbidden" when the tool did not say).
   */
  readonly taskSupport = new Map<string, 'required' | 'optional' | 'forbidden'>();
  /**
   * server/tools › Output Schema (2025-06-18 on): each listed tool's outputSchema, by name; a
   * tool listed without one is not here.
   */
  readonly outputSchemas = new Map<string, JsonObject>();
  /**
   * server/tools › Security Considerations (every revision): each listed tool's inputSchema, by
   * name, which its calls' arguments are judged against (servers MUST validate tool inputs).
   */
  readonly inputSchemas = new Map<string, JsonObject>();
  /**
   * 2025-11-25 basic/utilities/tasks › Task Status Lifecycle: the latest status each side's
   * receiver reported for the tasks it runs, by taskId (a terminal one is kept: it never changes).
   */
  readonly tasks = bySide<string, TaskState>();
  /**
   * 2025-11-25 basic/utilities/tasks › Task ID Requirements: each task a side's receiver created in
   * a CreateTaskResult, by taskId, with how long it is sure to exist (task IDs MUST be unique).
   */
  readonly taskLives = bySide<string, TaskLife>();
  /**
   * 2025-11-25 basic/utilities/tasks › Getting Tasks: for each task a side's receiver runs, by
   * taskId, when (by the source's clock, ms) the requestor got the latest tasks/get result naming
   * it, and the pollInterval that answer suggested. Only timed messages write it; an answer
   * without a pollInterval, or a CreateTaskResult of that taskId, removes the entry.
   */
  readonly taskPolls = bySide<string, TaskPoll>();
  /**
   * 2025-11-25 basic/utilities/tasks › Result Retrieval: the task-augmented request each task a
   * side's receiver created answers, by taskId. The answer to that task's tasks/result is "exactly
   * what the underlying request would have returned": a result of this request's kind.
   */
  readonly taskRequests = bySide<string, RequestRecord>();
  /**
   * 2025-11-25 basic/utilities/tasks › Result Retrieval: the tasks whose tasks/result a side's
   * receiver answered with a result while it had reported no terminal status for them, by taskId,
   * with that tasks/result's id and `opened` then (a request numbered at least that was sent
   * after the result).
   */
  readonly taskResults = bySide<string, { readonly from: number; readonly id: RequestId }>();
  /**
   * 2025-11-25 client/elicitation: the elicitationIds the server established (URL-mode
   * elicitation/create requests, -32042 errors), which its completion notices must name, and
   * whether a notifications/elicitation/complete has named each since (a completed id names no
   * new elicitation: clients MUST ignore notifications for it).
   */
  readonly elicitations = new Map<string, 'open' | 'completed'>();
  #elicitationsForgotten = false;
  /**
   * 2026-07-28 server/utilities/caching › Interaction with Pagination: for each cacheable list
   * method, the cacheScope of the list each handed-out nextCursor continues (its first page's), by
   * cursor; the newest `FORGOTTEN_IDS` cursors per method are kept.
   */
  readonly pageScopes = new Map<string, Map<string, string>>();
  /**
   * 2026-07-28 server/tools › x-mcp-header: the arguments each listed tool mirrors into
   * `Mcp-Param-*` headers, by name (a tool without valid annotations is not here).
   */
  readonly paramHeaders = new Map<string, readonly ParamHeader[]>();
  /**
   * 2026-07-28 server/tools › x-mcp-header: the listed tools whose x-mcp-header annotations break
   * the constraints (x-mcp-header-invalid flagged them), by name, which a client over Streamable
   * HTTP MUST reject; a later listing of the tool with valid annotations takes it out.
   */
  readonly rejectedTools = new Set<string>();
  /** subscriptions/listen streams, by the listen request's id (the subscriptionId). */
  readonly listens = new Map<RequestId, Listen>();
  /**
   * The tasks extension's tasks (2026-07-28), by taskId: those the server handed out in a
   * CreateTaskResult or reported in a tasks/get result. The newest `FORGOTTEN_IDS` are kept; once
   * one was forgotten, `knowsEveryExtTask` says so.
   */
  readonly extTasks = new Map<string, ExtTask>();
  #extTasksForgotten = false;

  /**
   * A ledger that starts as this one and then goes its own way: what a question about one more
   * event (`verdictIfSent`) advances, so the session's own ledger is not written. The maps are
   * copied; their values are not, since the records replace a value rather than change it.
   */
  fork(): Ledger {
    const copy = new Ledger();
    for (const side of ['client', 'server'] as const) {
      copyInto(this.requests[side], copy.requests[side]);
      copyInto(this.tokens[side], copy.tokens[side]);
      copyInto(this.tasks[side], copy.tasks[side]);
      copyInto(this.taskLives[side], copy.taskLives[side]);
      copyInto(this.taskPolls[side], copy.taskPolls[side]);
      copyInto(this.taskRequests[side], copy.taskRequests[side]);
      copyInto(this.taskResults[side], copy.taskResults[side]);
      for (const id of this.forgotten[side]) copy.forgotten[side].add(id);
      copyInto(this.answeredTokens[side], copy.answeredTokens[side]);
    }
    for (const uri of this.subscriptions) copy.subscriptions.add(uri);
    copyInto(this.elicitations, copy.elicitations);
    for (const [method, scopes] of this.pageScopes) copy.pageScopes.set(method, new Map(scopes));
    copyInto(this.subscribing, copy.subscribing);
    copyInto(this.calls, copy.calls);
    copyInto(this.rounds, copy.rounds);
    copyInto(this.listens, copy.listens);
    copyInto(this.extTasks, copy.extTasks);
    copy.#extTasksForgotten = this.#extTasksForgotten;
    copyInto(this.taskSupport, copy.taskSupport);
    copyInto(this.outputSchemas, copy.outputSchemas);
    copyInto(this.inputSchemas, copy.inputSchemas);
    copyInto(this.paramHeaders, copy.paramHeaders);
    for (const name of this.rejectedTools) copy.rejectedTools.add(name);
    copy.logging = this.logging;
    copy.logLevel = this.logLevel;
    copyInto(this.requiredArguments, copy.requiredArguments);
    for (const [list, cursors] of this.cursors) copy.cursors.set(list, new Set(cursors));
    copy.#cursorsForgotten = { ...this.#cursorsForgotten };
    copy.#elicitationsForgotten = this.#elicitationsForgotten;
    copy.#roundsForgotten = new Set(this.#roundsForgotten);
    copy.#opened = this.#opened;
    copy.toolOrder = this.toolOrder;
    return copy;
  }

  /** The cacheScope of the list a cursor of `method` continues, if one of its pages handed it out. */
  pageScope(method: string, cursor: string): string | undefined {
    return this.pageScopes.get(method)?.get(cursor);
  }

  /** A page of `method` handed out `cursor`; the list it continues has `scope`. */
  setPageScope(method: string, cursor: string, scope: string): void {
    let scopes = this.pageScopes.get(method);
    if (!scopes) {
      scopes = new Map();
      this.pageScopes.set(method, scopes);
    }
    keepNewest(scopes, cursor, scope);
  }

  /** Did an answer of `side` hand out `cursor` as the nextCursor of a `method` list? */
  handedOut(side: Side, method: string, cursor: string): boolean {
    return this.cursors.get(`${side} ${method}`)?.has(cursor) === true;
  }

  /** The list methods whose answers of `side` handed out `cursor`. */
  listsHandingOut(side: Side, cursor: string): string[] {
    const lists: string[] = [];
    for (const [list, cursors] of this.cursors) {
      if (list.startsWith(`${side} `) && cursors.has(cursor))
        lists.push(list.slice(side.length + 1));
    }
    return lists;
  }

  /**
   * An answer of `side` to a `method` list handed out `cursor` (the handshake era). The newest
   * `FORGOTTEN_IDS` cursors of each list are kept, so a server that pages for days does not grow
   * the ledger; once a side's list has forgotten one, `knowsEveryCursor` says so.
   */
  handOut(side: Side, method: string, cursor: string): void {
    const list = `${side} ${method}`;
    let cursors = this.cursors.get(list);
    if (!cursors) {
      cursors = new Set();
      this.cursors.set(list, cursors);
    }
    cursors.delete(cursor);
    cursors.add(cursor);
    if (cursors.size > FORGOTTEN_IDS) {
      const oldest = cursors.values().next();
      if (!oldest.done) cursors.delete(oldest.value);
      this.#cursorsForgotten[side] = true;
    }
  }

  /**
   * Whether every cursor `side` handed out is still known: false once one was forgotten, when a
   * cursor the ledger does not know may be one handed out long ago.
   */
  knowsEveryCursor(side: Side): boolean {
    return !this.#cursorsForgotten[side];
  }

  /**
   * What the ledger knows of the tasks a side's receiver runs, kept to the newest `FORGOTTEN_IDS`
   * entries of each table, so a server that runs tasks for days does not grow it. The task rules
   * judge only what they know of a task (a status, a life, a poll), so a forgotten one goes unjudged
   * rather than misjudged. Runs after every message that reports tasks.
   */
  trimTasks(side: Side): void {
    const tables = [
      this.tasks[side],
      this.taskLives[side],
      this.taskPolls[side],
      this.taskRequests[side],
      this.taskResults[side],
    ];
    for (const table of tables) {
      // A Map keeps insertion order: the first keys are the oldest.
      for (const taskId of table.keys()) {
        if (table.size <= FORGOTTEN_IDS) break;
        table.delete(taskId);
      }
    }
  }

  /** What the server reported of an extension's task, now the newest the ledger keeps. */
  noteExtTask(taskId: string, task: ExtTask): void {
    if (keepNewest(this.extTasks, taskId, task)) this.#extTasksForgotten = true;
  }

  /** Whether every extension task the server reported is still known (none forgotten). */
  knowsEveryExtTask(): boolean {
    return !this.#extTasksForgotten;
  }

  /**
   * A URL-mode elicitation established `id`. The newest `FORGOTTEN_IDS` are kept; once one was
   * forgotten, `knowsEveryElicitation` says so.
   */
  establishElicitation(id: string): void {
    if (keepNewest(this.elicitations, id, 'open')) this.#elicitationsForgotten = true;
  }

  /**
   * Whether every elicitationId the server established is still known: false once one was
   * forgotten, when an ID the ledger does not know may be one established long ago.
   */
  knowsEveryElicitation(): boolean {
    return !this.#elicitationsForgotten;
  }

  /**
   * An input_required answer opened `round` on `key` (its method and target), beside the rounds
   * still waiting there for their retry. A client that never retries leaves them open: the newest
   * `FORGOTTEN_IDS` of each key are kept, and once one of a key was forgotten `knowsEveryRound`
   * says so.
   */
  openRound(key: string, round: Round): void {
    // A new array, never a push: a forked ledger shares the arrays it copied.
    const open = [...(this.rounds.get(key) ?? []), round];
    if (open.length > FORGOTTEN_IDS) {
      open.shift();
      this.#roundsForgotten.add(key);
    }
    this.rounds.set(key, open);
  }

  /** Whether every round of `key` still waiting for its retry is known (none was forgotten). */
  knowsEveryRound(key: string): boolean {
    return !this.#roundsForgotten.has(key);
  }

  /**
   * A subscriptions/listen stream was opened or changed. Ended streams are remembered (what
   * arrives on one after its end is judged); only the newest `FORGOTTEN_IDS` of them are kept.
   */
  setListen(id: RequestId, listen: Listen): void {
    this.listens.set(id, listen);
    if (!listen.ended || this.listens.size <= FORGOTTEN_IDS) return;
    for (const [old, held] of this.listens) {
      if (this.listens.size <= FORGOTTEN_IDS) break;
      if (held.ended) this.listens.delete(old);
    }
  }

  /** How many requests were opened so far (the `seq` the next one gets). */
  get opened(): number {
    return this.#opened;
  }

  request(requester: Side, id: RequestId): RequestRecord | undefined {
    return this.requests[requester].get(id);
  }

  /** Whether `requester` ever sent a request with this id (answered and forgotten ones too). */
  issued(requester: Side, id: RequestId): boolean {
    return this.requests[requester].has(id) || this.forgotten[requester].has(id);
  }

  token(requester: Side, token: ProgressToken): TokenRecord | undefined {
    return this.tokens[requester].get(token);
  }

  /**
   * A request starts waiting: the number it is opened as in the context's `OpenRequests` (always a
   * new, higher one), kept in its record while it waits.
   */
  open(method: string, uri: string | undefined): number {
    if (method === 'resources/subscribe' && uri !== undefined) {
      this.subscribing.set(uri, (this.subscribing.get(uri) ?? 0) + 1);
    }
    return this.#opened++;
  }

  /**
   * An answered request of the modern era leaves only its id and its progress token behind (the
   * newest `FORGOTTEN_IDS` of each), both free again (2026-07-28 basic/index › Requests: an id
   * must only differ from those still waiting for their answer); they are kept to tell a second
   * answer or late progress from an id or token never handed out. Runs after `close`.
   */
  forget(record: RequestRecord): void {
    this.requests[record.requester].delete(record.id);
    const forgotten = this.forgotten[record.requester];
    // Re-added, an id moves to the newest end; past the limit the oldest goes (a Set keeps order).
    forgotten.delete(record.id);
    forgotten.add(record.id);
    if (forgotten.size > FORGOTTEN_IDS) {
      const oldest = forgotten.values().next();
      if (!oldest.done) forgotten.delete(oldest.value);
    }
    const token = record.progressToken;
    const tokens = this.tokens[record.requester];
    if (token === undefined || tokens.get(token)?.requestId !== record.id) return;
    tokens.delete(token);
    const answered = this.answeredTokens[record.requester];
    answered.delete(token);
    answered.set(token, record.id);
    if (answered.size > FORGOTTEN_IDS) {
      const oldest = answered.keys().next();
      if (!oldest.done) answered.delete(oldest.value);
    }
  }

  /** A request stopped waiting (answered, cancelled, or its id reused). */
  close(record: RequestRecord): void {
    if (record.declared?.logLevel != null) this.logging--;
    const uri = record.method === 'resources/subscribe' ? record.uri : undefined;
    if (uri === undefined) return;
    const left = (this.subscribing.get(uri) ?? 1) - 1;
    if (left > 0) this.subscribing.set(uri, left);
    else this.subscribing.delete(uri);
  }
}
