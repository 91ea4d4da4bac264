import { type Bilingual, filled } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { idKey, idText } from '../../protocol/envelope.js';
import {
  classify,
  type Direction,
  isObject,
  isRequestId,
  type JsonObject,
  type Side,
} from '../../protocol/index.js';
import { jsonText } from '../../protocol/json.js';
import { SessionLog, type Step, type WireEvent } from '../../session/index.js';
import { ACKNOWLEDGED, LISTEN, subscriptionIdOf } from '../client/listen-streams.js';
import { type ClientConfig, SimClient } from '../client/sim-client.js';
import { type ServerConfig, SimServer } from '../server/sim-server.js';
import { blocksOf, type OfferView } from './blocks.js';
import { MODERN_VERSION } from './modern-offers.js';
import {
  allowedFirst,
  candidatesFor,
  type Identity,
  type Offer,
  type OfferState,
  type OpenRound,
  type OwnTask,
  type TransportAct,
} from './offers.js';
import { askableFrom, CLIENT_SCRIPT, clientGivesUp, nextScripted, refreshFor } from './script.js';
import { unsureOf } from './served.js';

export type SandboxEra = 'legacy' | 'modern';

export type SandboxOptions = {
  readonly era: SandboxEra;
  /** The learner's side; the simulated peer plays the other. */
  readonly side: Side;
  readonly server: ServerConfig;
  readonly client: ClientConfig;
};

/** Seals the simulated server's requestState: a sandbox has no secret to keep. */
const STATE_KEY = 'mcp-sim sandbox requestState key';

/** When the client's tasks/get may go out by the task's pollInterval (undefined: any other message, or no interval). */
function pollDue(client: SimClient, message: JsonObject): number | undefined {
  const taskId = isObject(message.params) ? message.params.taskId : undefined;
  return message.method === 'tasks/get' && typeof taskId === 'string'
    ? client.pollDueAt(taskId)
    : undefined;
}

/**
 * The requests whose results come in pages: server/utilities/pagination › Operations Supporting
 * Pagination, and tasks/list (2025-11-25 basic/utilities/tasks › Listing Tasks).
 */
const PAGED = new Set([
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'tasks/list',
]);

const sentBy = (side: Side): Direction => (side === 'client' ? 'client->server' : 'server->client');

/**
 * A session the learner drives. Their side is replaced by choices: each envelope they send goes
 * into the one session log (which referees it), then to the simulated peer, whose answers go into
 * the same log. The offers of the next turn are read from the log's view of the session.
 */
export class SandboxSession {
  readonly log: SessionLog;
  readonly era: SandboxEra;
  readonly side: Side;
  readonly me: Identity;
  readonly #server: SimServer | null;
  readonly #client: SimClient | null;
  #now = 0;
  #nextId = 1;
  /** The highest id the replayed client put on a message of its own. */
  #peerLastId = 0;
  /** Every request seen, by requester and id: what an answer answers (an input_required round). */
  readonly #requests = new Map<string, { method: string; params: JsonObject }>();
  #rounds: OpenRound[] = [];
  /** What the client will ask again, as the learner's server said it changed. */
  readonly #refresh: { readonly method: string; readonly params?: JsonObject }[] = [];
  /** The listen streams acknowledged (by idKey of the listen's id). */
  readonly #acknowledged = new Set<string>();
  /**
   * The listen streams the learner's server tore down with notifications/cancelled the referee
   * accepted (2026-07-28 cancellation): the client awaits no answer to them, so neither the offers
   * nor the note treat them as waiting, though the referee would still take a late result.
   */
  readonly #tornDown = new Set<string>();
  #scripted = 0;
  /** The taskIds the other side's CreateTaskResults gave the learner's requests, oldest first. */
  readonly #tasks: string[] = [];
  /** The elicitationIds the learner's server established (URL-mode elicitation/create, -32042). */
  readonly #elicitations: string[] = [];
  /** The tasks the learner's side created, by taskId, with the status it last reported. */
  readonly #ownTasks = new Map<string, OwnTask>();
  /** The nextCursor of the latest page of each list the learner's client asked for, by method. */
  readonly #pages = new Map<string, string>();

  constructor(options: SandboxOptions) {
    this.era = options.era;
    // A modern sandbox is modern from its start: a first message without the _meta envelope is a
    // modern request missing it, not a handshake-era session (the referee would read it so).
    this.log = new SessionLog(options.era === 'modern' ? { era: 'modern' } : {});
    this.side = options.side;
    const own = options.side === 'client' ? options.client : options.server;
    this.me = {
      name: own.name,
      version: own.version,
      versions: options.era === 'modern' ? [MODERN_VERSION] : own.versions,
      capabilities: own.capabilities,
    };
    if (options.side === 'client') {
      this.#client = null;
      this.#server = new SimServer({
        ...options.server,
        era: options.era,
        // A lesson's server's own key, when the sandbox takes up a lesson (see from-lesson.ts).
        requestStateKey: options.server.requestStateKey ?? STATE_KEY,
      });
    } else {
      this.#server = null;
      this.#client = new SimClient(options.client);
      if (options.era === 'modern') this.#client.modernVersion = MODERN_VERSION;
    }
  }

  /**
   * What the sandbox changed of a lesson it opened at, or why that lesson's state is closed, in
   * one line (src/sim/sandbox/from-lesson.ts); shown until the learner's first act.
   */
  lessonNote: Bilingual | null = null;

  /**
   * A line the offers cannot say: why the simulated peer closed the connection, what the sandbox
   * changed of the lesson it opened at, or (the learner being the server) that the client has
   * asked all it had to ask and waits for nothing.
   */
  note(): Bilingual | null {
    const last = this.log.steps.at(-1);
    if (last?.kind === 'close' && last.closedBy !== this.side && last.notes?.note)
      return last.notes.note;
    if (this.lessonNote) return this.lessonNote;
    if (!this.#client || this.log.closed) return null;
    const view = this.#openView();
    if (
      askableFrom(view, this.#scripted, view.era ?? this.era, this.#client) < CLIENT_SCRIPT.length
    )
      return null;
    const waiting = view.pending.filter((p) => p.requester === 'client');
    const [listen] = waiting;
    if (waiting.length === 1 && listen?.method === LISTEN) {
      const acknowledged = this.#acknowledged.has(idKey(listen.id));
      return filled(
        acknowledged ? SANDBOX_STRINGS.clientListensAcknowledged : SANDBOX_STRINGS.clientListens,
        { id: idText(listen.id) },
      );
    }
    if (waiting.length > 0) return null;
    return this.#tornDown.size === 0
      ? {
          en: 'The client has nothing more to ask: every request it had is answered.',
          zh: '客户端没有更多要问的了：它的每个请求都已得到回应。',
        }
      : {
          en: 'The client has nothing more to ask: every request it had is answered, and your server tore its listen stream down.',
          zh: '客户端没有更多要问的了：它的每个请求都已得到回应，它的订阅流已被你的服务器拆除。',
        };
  }

  /** The simulated client speaks first when the learner is the server. */
  open(): readonly Step[] {
    return this.#peerTurn();
  }

  /**
   * What the learner's side may send now: allowed first, then the rest with the rules that forbid
   * them. Each candidate is put to the referee as it stands now (the log answers without taking
   * a step), so the list is the referee's verdict, never a prediction of it. An allowed request
   * the server would or may refuse says why (served.ts): a modern client's request the server is
   * not known to serve (-32601), a task request before any task (-32602).
   */
  offers(): Offer[] {
    const direction = sentBy(this.side);
    const state = this.offerState();
    const unsure = unsureOf(state, this.log.steps);
    return allowedFirst(
      candidatesFor(state).map((candidate) => {
        // An act on the transport is not judged: either side may close, whenever it likes.
        const blocks =
          candidate.kind === 'transport'
            ? []
            : blocksOf(this.log.verdictIfSent(direction, candidate.envelope));
        return { ...candidate, blocks, unsure: blocks.length === 0 ? unsure(candidate) : null };
      }),
    );
  }

  /**
   * The step an envelope of the learner's would make if it were sent now, not taken: the log's
   * verdict on it (`verdictIfSent`, as for the offers) and the session as it stands. What `i`
   * shows of an offer before it is sent.
   */
  preview(envelope: JsonObject): Step {
    const direction = sentBy(this.side);
    const last = this.log.steps.at(-1);
    return {
      index: this.log.steps.length,
      kind: 'message',
      direction,
      message: envelope,
      headers: null,
      batch: null,
      verdict: this.log.verdictIfSent(direction, envelope),
      problem: null,
      problemZh: null,
      raw: undefined,
      closedBy: null,
      abandoned: null,
      phases: this.log.phases(),
      session: this.log.view(),
      tools: last?.tools ?? null,
      line: null,
      t: this.#now,
      timed: false,
      notes: null,
    };
  }

  /** The log's view, without the listen streams the learner's server tore down. */
  #openView(): OfferView {
    const view = this.log.view();
    if (this.#tornDown.size === 0) return view;
    const pending = view.pending.filter(
      (p) => p.requester !== 'client' || p.method !== LISTEN || !this.#tornDown.has(idKey(p.id)),
    );
    if (pending.length === view.pending.length) return view;
    const { era, ruleVersion, handshake, capabilities, closed } = view;
    return { era, ruleVersion, handshake, capabilities, closed, pending };
  }

  offerState(): OfferState {
    const view = this.#openView();
    const progress: Record<string, number | null> = {};
    for (const p of view.pending) {
      if (p.requester === this.side || p.progressToken === undefined) continue;
      progress[String(p.progressToken)] =
        this.log.tokenProgress(p.requester, p.progressToken)?.last ?? null;
    }
    return {
      era: this.era,
      side: this.side,
      view,
      nextId: this.#nextId,
      me: this.me,
      progress,
      // The rounds still open, as the referee keeps them (a retry closes one, whatever it carried;
      // a later round of the same target replaces it).
      rounds: this.#rounds.filter((r) => {
        const target = r.method === 'resources/read' ? r.params.uri : r.params.name;
        return typeof target === 'string' && this.log.openRound(r.method, target) === r.of;
      }),
      listens: view.pending.flatMap((p) => {
        if (p.requester === this.side || p.method !== LISTEN) return [];
        const params = this.#requests.get(`${p.requester}:${idKey(p.id)}`)?.params;
        const filter = isObject(params?.notifications) ? params.notifications : {};
        return [{ id: p.id, filter, acknowledged: this.#acknowledged.has(idKey(p.id)) }];
      }),
      tasks: [...this.#tasks],
      wait: this.#heldFor(),
      tools: this.log.steps.at(-1)?.tools ?? null,
      served:
        this.#server?.toolDefinitions().map((t) => ({
          name: t.name,
          required: t.inputSchema.required ?? [],
        })) ?? null,
      elicitations: [...this.#elicitations],
      theirParams: Object.fromEntries(
        view.pending.flatMap((p) => {
          if (p.requester === this.side) return [];
          const params = this.#requests.get(`${p.requester}:${idKey(p.id)}`)?.params;
          return params ? [[idKey(p.id), params]] : [];
        }),
      ),
      ownTasks: [...this.#ownTasks.values()],
      pages: [...this.#pages].map(([method, cursor]) => ({ method, cursor })),
    };
  }

  /**
   * Sends one envelope of the learner's (as chosen or edited): refereed in the log, delivered to
   * the peer; returns the learner's step and every step the peer's answer made.
   */
  send(envelope: unknown): readonly Step[] {
    // Once the connection is closed the message is still judged (the rules forbid it), but
    // nothing carries it to the peer, which has nothing more to say.
    const closed = this.log.closed;
    this.lessonNote = null;
    // An array is a JSON-RPC batch: the log reads it as its messages in a 2025-03-26 session.
    const own = this.#pushAll({ type: 'message', direction: sentBy(this.side), message: envelope });
    const members: readonly unknown[] = Array.isArray(envelope) ? envelope : [envelope];
    for (const member of members) {
      const id = isObject(member) ? member.id : undefined;
      if (typeof id === 'number' && Number.isInteger(id) && id >= this.#nextId)
        this.#nextId = id + 1;
    }
    if (closed) return own;
    // A change the learner's server announced, and the referee let through: the client asks
    // for what changed (one request for each; a flagged notification is dropped, as a client
    // drops what breaks the rules).
    for (const step of own) {
      const again = this.#client ? refreshFor(step.message) : null;
      if (again && step.verdict?.violations.length === 0) this.#refresh.push(again);
    }
    // The simulated server takes a batch as a server of its revision does (answered as one array
    // in 2025-03-26, refused with -32600 in any other), as `serve` does.
    if (this.#server && Array.isArray(envelope)) {
      // An exact id (a bigint) as its digits: receiveRaw reads them exactly again.
      this.#server.receiveRaw(jsonText(envelope), this.#now);
    } else if (this.#server) this.#server.receive(envelope, this.#now);
    else for (const member of members) this.#client?.receive(member, this.#now);
    return [...own, ...this.#peerTurn()];
  }

  /**
   * The learner acts on the transport: closes the connection (the session ends; the peer says
   * nothing more), or, as a 2026-07-28 client, closes one request's HTTP response stream (the
   * server takes it as the cancellation and stops work on it).
   */
  act(act: TransportAct): readonly Step[] {
    this.lessonNote = null;
    if (act.type === 'close') return [this.#push({ type: 'close', by: this.side })];
    if (act.type === 'wait') {
      // Time passes: no message, no step of the learner's; what falls due goes out.
      this.#now = Math.max(this.#now, this.#server?.nextAt() ?? this.#now);
      return this.#peerTurn();
    }
    const own = this.#push({ type: 'abandon', id: act.id });
    this.#server?.abandon(act.id);
    return [own, ...this.#peerTurn()];
  }

  /** Replays a recorded step (a lesson's): into the log, and into the peer, whose answers are the recording's. */
  replay(event: WireEvent): void {
    // The recording's clock (a lesson's virtual ms): the peer meets each message when the
    // lesson's did, so what ended by then has ended (a task the lesson saw complete is complete).
    if (event.t !== undefined) this.#now = Math.max(this.#now, event.t - 1);
    this.#push(event);
    if (event.type === 'abandon') {
      // The recorded client closed a request's stream: the peer knows it as the lesson's did.
      this.#server?.abandon(event.id);
      this.#client?.abandon(event.id);
      return;
    }
    if (event.type !== 'message' || event.direction === undefined) return;
    if (event.direction === sentBy(this.side)) {
      const id = isObject(event.message) ? event.message.id : undefined;
      if (typeof id === 'number' && id >= this.#nextId) this.#nextId = id + 1;
      if (this.#server) this.#server.receive(event.message, this.#now);
      else this.#client?.receive(event.message, this.#now);
      // What the peer would answer is already in the recording: what it sends now is dropped,
      // and the ids a client's own requests took for it are its again.
      while ((this.#server ?? this.#client)?.next()) {}
      this.#client?.continueAfter(this.#peerLastId);
    } else {
      // The peer's own id counter moves past the ids it used in the recording (any message of
      // its with a method and an id, a broken one too: faults-gallery's initialized #4). The
      // server takes the recorded request as its own, waiting for its answer: no request is made
      // up to move its counter (it would wait for answers to requests nobody sent).
      const message = event.message;
      const id = isObject(message) ? message.id : undefined;
      const envelope = classify(message);
      // Its answer to a request of the client's: answered, whatever it held or scheduled for it.
      const answer = envelope.kind === 'response' || envelope.kind === 'error';
      if (this.#server && answer && isRequestId(id)) this.#server.answeredElsewhere(id);
      if (typeof id !== 'number') return;
      if (this.#server && envelope.kind === 'request')
        this.#server.askedInRecording(id, envelope.method);
      else if (this.#client && isObject(message) && typeof message.method === 'string') {
        this.#peerLastId = Math.max(this.#peerLastId, id);
        this.#client.continueAfter(this.#peerLastId);
      }
    }
  }

  /**
   * How long until the simulated server's next message is due, when it holds one for later (null:
   * none, or the connection is closed).
   */
  #heldFor(): number | null {
    const at = this.#server?.nextAt();
    if (at === undefined || this.log.closed || at <= this.#now) return null;
    return at - this.#now;
  }

  /**
   * Everything the peer has to send now, then (the learner being the server) the client's next
   * request. The server's messages due later (a task's end, a long tool's progress, the user's
   * finishing a URL-mode elicitation) wait for the learner's `wait`, so that what the learner
   * sends meanwhile (tasks/get, tasks/cancel, a retry too early) meets them still to come.
   */
  #peerTurn(): Step[] {
    const steps: Step[] = [];
    const from: Direction = this.#server ? 'server->client' : 'client->server';
    // The server's answers to a batch go out together (take: null while one is kept for them).
    const take = () => {
      if (!this.#server) return this.#client?.next();
      const at = this.#server.nextAt();
      return at === undefined || at > this.#now ? undefined : this.#server.take();
    };
    for (;;) {
      for (let item = take(); item !== undefined; item = take()) {
        if (item === null) continue;
        this.#now = Math.max(this.#now, item.at);
        steps.push(...this.#pushAll({ type: 'message', direction: from, message: item.message }));
      }
      if (!this.#client) return steps;
      const givesUp = clientGivesUp(this.#client, this.log.view(), this.#initializeError());
      if (givesUp) {
        steps.push(this.#push({ type: 'close', by: 'client', notes: { note: givesUp } }));
        return steps;
      }
      const next = nextScripted(
        this.#client,
        this.log.view(),
        this.era,
        this.#scripted,
        this.#refresh,
      );
      if (next === null) return steps;
      // The script item it asked, past those the server did not declare the capability for.
      if (next.scripted) this.#scripted = (next.at ?? this.#scripted) + 1;
      else if (next.refreshed) this.#refresh.shift();
      // A poll waits out the pollInterval the learner's server gave for the task (2025-11-25
      // basic/utilities/tasks › Getting Tasks): the clock moves on to it, as a wait would.
      const due = pollDue(this.#client, next.message);
      if (due !== undefined) this.#now = Math.max(this.#now, due - 1);
      steps.push(this.#push({ type: 'message', direction: from, message: next.message }));
    }
  }

  /** The error the learner's server answered initialize with, if the last answer was one. */
  #initializeError(): unknown {
    const last = this.log.steps.findLast((st) => st.direction === 'server->client');
    const report = last?.verdict;
    if (report?.kind !== 'error' || report.method !== 'initialize') return null;
    return isObject(last?.message) ? last.message.error : null;
  }

  #push(event: WireEvent): Step {
    const steps = this.#pushAll(event);
    return steps[steps.length - 1] as Step;
  }

  /** As `#push`, with every step the event made (a batch read makes one per message). */
  #pushAll(event: WireEvent): readonly Step[] {
    this.#now += 1;
    const steps = this.log.pushAll({ ...event, t: event.t ?? this.#now });
    for (const step of steps) this.#learn(step);
    return steps;
  }

  /** A Task object the learner's side sent: the task's status as it last said it. */
  #ownTaskSays(task: unknown): void {
    if (!isObject(task) || typeof task.taskId !== 'string' || typeof task.status !== 'string')
      return;
    const known = this.#ownTasks.get(task.taskId);
    const ttl = typeof task.ttl === 'number' ? task.ttl : (known?.ttl ?? 60_000);
    this.#ownTasks.set(task.taskId, { taskId: task.taskId, status: task.status, ttl });
  }

  /** Keeps what the offers need that the log's view does not say: the input_required rounds. */
  #learn(step: Step): void {
    const report = step.verdict;
    const message = step.message;
    if (report?.method === ACKNOWLEDGED && isObject(message)) {
      const id = subscriptionIdOf(message.params);
      if (id !== undefined) this.#acknowledged.add(idKey(id));
    }
    if (
      report?.method === 'notifications/cancelled' &&
      report.direction === 'server->client' &&
      report.violations.length === 0 &&
      isObject(message) &&
      isObject(message.params)
    ) {
      const named = message.params.requestId;
      if (isRequestId(named)) this.#tornDown.add(idKey(named));
    }
    if (
      report?.method === 'notifications/tasks/status' &&
      report.direction === sentBy(this.side) &&
      isObject(message)
    ) {
      this.#ownTaskSays(message.params);
    }
    if (!report || !isObject(message) || report.id === null) return;
    const requester: Side = report.direction === 'client->server' ? 'client' : 'server';
    if (report.kind === 'request') {
      const params = isObject(message.params) ? message.params : {};
      if (
        requester === this.side &&
        report.method === 'elicitation/create' &&
        params.mode === 'url' &&
        typeof params.elicitationId === 'string'
      ) {
        this.#elicitations.push(params.elicitationId);
      }
      this.#requests.set(`${requester}:${idKey(report.id)}`, {
        method: String(message.method),
        params,
      });
      if (typeof params.requestState === 'string') {
        this.#rounds = this.#rounds.filter((r) => r.requestState !== params.requestState);
      }
      return;
    }
    if (requester === this.side && isObject(message.error) && message.error.code === -32042) {
      // 2025-11-25 client/elicitation › URL Elicitation Required Error: the elicitations it names.
      const data = isObject(message.error.data) ? message.error.data : {};
      const listed = Array.isArray(data.elicitations) ? data.elicitations : [];
      for (const e of listed) {
        if (isObject(e) && typeof e.elicitationId === 'string')
          this.#elicitations.push(e.elicitationId);
      }
    }
    if (report.kind !== 'response') return;
    const asker: Side = requester === 'client' ? 'server' : 'client';
    const request = this.#requests.get(`${asker}:${idKey(report.id)}`);
    const result = isObject(message.result) ? message.result : {};
    if (!request) return;
    // server/utilities/pagination: a page with nextCursor says more follow; a last page, or an
    // error to the cursor sent, ends the list's paging.
    if (asker === this.side && PAGED.has(request.method)) {
      if (typeof result.nextCursor === 'string') this.#pages.set(request.method, result.nextCursor);
      else if (isObject(message.result) || request.params.cursor !== undefined)
        this.#pages.delete(request.method);
    }
    // 2025-11-25 basic/utilities/tasks › Creating Tasks: a task-augmented request's answer is a
    // CreateTaskResult, whose task names the task the learner's tasks/* requests go on with.
    const task = result.task;
    if (
      asker === this.side &&
      isObject(request.params.task) &&
      isObject(task) &&
      typeof task.taskId === 'string'
    ) {
      this.#tasks.push(task.taskId);
    }
    // The learner's own tasks: created by its CreateTaskResult, then as its tasks/get results say.
    if (asker !== this.side && isObject(request.params.task)) this.#ownTaskSays(task);
    if (asker !== this.side && request.method === 'tasks/get') this.#ownTaskSays(result);
    if (asker === this.side && result.resultType === 'input_required') {
      this.#rounds.push({
        of: report.id,
        method: request.method,
        params: request.params,
        inputRequests: isObject(result.inputRequests) ? result.inputRequests : {},
        requestState: typeof result.requestState === 'string' ? result.requestState : undefined,
      });
    }
  }
}
