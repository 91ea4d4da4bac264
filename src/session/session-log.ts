import {
  answeredTokenOwner,
  type BatchPosition,
  type HttpHeaders,
  openRound,
  type RefereeEvent,
  type RefereeRun,
  type RefereeState,
  requestIssued,
  requestPending,
  requestSeen,
  runReferee,
  type SessionInput,
  type SessionView,
  type SidePhases,
  type StepReport,
  sameSessionView,
  sessionView,
  sidePhases,
  type TokenProgress,
  tokenProgress,
  verdictIfSent,
  verdictOf,
} from '../machine/index.js';
import type { Direction, ProgressToken, RequestId, Side } from '../protocol/index.js';
import { isObject } from '../protocol/json.js';
import { batchInitializeOffer } from '../protocol/versions.js';
import { withinDepth } from './depth.js';
import { inferDirection } from './infer-direction.js';
import { type Abandoned, batchProblem, type Step, type WireEvent } from './step.js';

export type SessionLogOptions = SessionInput & {
  /**
   * Keep every step (default). A one-pass reader such as `trace` hands each step on and keeps
   * none, so a long transcript's memory stays flat.
   */
  readonly keep?: boolean;
  /**
   * False: no batch is read as messages here, whatever revision it or the session names, as
   * before any revision is agreed (see `batchProblem`). For a source where no session can open:
   * over Streamable HTTP outside any session, a session opens with an initialize POSTed alone.
   */
  readonly readsBatches?: boolean;
};

type Listener = (step: Step) => void;

/** The tool names a tools/list result carries, or null when the message is not one. */
function listedTools(report: StepReport, message: unknown): string[] | null {
  if (report.kind !== 'response' || report.method !== 'tools/list' || !isObject(message)) {
    return null;
  }
  const result = isObject(message.result) ? message.result : {};
  if (!Array.isArray(result.tools)) return null;
  return result.tools.map((t) => (isObject(t) ? String(t.name) : '?'));
}

/**
 * The one seam between the sources of a session and its observers. A source pushes wire events —
 * a message with its direction, a line that could not be read, the transport's close — and the log
 * runs the referee once per event and hands back one `Step`. Observers read the steps (all of them,
 * or as they come through `subscribe`); nothing else runs a referee, and nobody reads its state
 * but through the questions below.
 */
export class SessionLog {
  readonly #keep: boolean;
  readonly #readsBatches: boolean;
  readonly #steps: Step[] = [];
  readonly #listeners = new Set<Listener>();
  readonly #referee: RefereeRun;
  #state: RefereeState;
  #count = 0;
  #tools: readonly string[] | null = null;
  #phases: SidePhases;
  #view: SessionView;

  constructor(options: SessionLogOptions = {}) {
    const { keep, readsBatches, ...input } = options;
    this.#keep = keep !== false;
    this.#readsBatches = readsBatches !== false;
    this.#referee = runReferee(input);
    this.#state = this.#referee.state();
    this.#phases = sidePhases(this.#state);
    this.#view = sessionView(this.#state);
  }

  /**
   * Takes one event: the referee judges it, and its step is kept and told to every listener. A
   * message that is a JSON array (a batch) is read, in a session of 2025-03-26, as its messages in
   * order, each its own step (the last one is returned: `pushAll` returns them all); in any other session it is one
   * unreadable step, since a peer of that revision cannot read it (see `batchProblem`).
   */
  push(pushed: WireEvent): Step {
    const event = withinDepth(pushed);
    if (event.type === 'message' && Array.isArray(event.message)) {
      const steps = this.#pushBatch(event, event.message);
      return steps[steps.length - 1] as Step;
    }
    return this.#pushOne(event, null);
  }

  /** As `push`, returning every step the event made: one, or one per message of a read batch. */
  pushAll(pushed: WireEvent): readonly Step[] {
    const event = withinDepth(pushed);
    if (event.type === 'message' && Array.isArray(event.message)) {
      return this.#pushBatch(event, event.message);
    }
    return [this.#pushOne(event, null)];
  }

  #pushBatch(event: Extract<WireEvent, { type: 'message' }>, items: readonly unknown[]): Step[] {
    const first = items.find(isObject);
    const direction = event.direction ?? inferDirection(this.#state, first);
    const problem = this.batchProblem(items);
    const { message: _, headers: __, type: ___, ...origin } = event;
    if (problem) {
      const step = this.#pushOne(
        {
          ...origin,
          type: 'unreadable',
          direction,
          problem: problem.en,
          problemZh: problem.zh,
          raw: items,
        },
        null,
      );
      return [step];
    }
    // A source's narration and silent events belong to the batch, told once at its first message.
    const { note: _n, events: _e, ...rest } = event.notes ?? {};
    const later = event.notes ? { ...event, notes: rest } : event;
    return items.map((message, index) =>
      this.#pushOne(
        { ...(index === 0 ? event : later), direction, message },
        { index, size: items.length },
      ),
    );
  }

  /**
   * Why this session could not read `items` as a batch now (see `batchProblem`), or null when a
   * push of them would be read as messages: what a transport asks before it takes a batch in.
   */
  batchProblem(items: readonly unknown[]): { readonly en: string; readonly zh: string } | null {
    return batchProblem(this.#readsBatches ? this.#batchRevision(items) : null, items.length);
  }

  /**
   * The revision that decides whether a batch is read: the negotiated one, else the one initialize
   * offered; before any initialize, the one an initialize inside the batch offers (the referee
   * then flags it: initialize-in-batch).
   */
  #batchRevision(items: readonly unknown[]): string | null {
    const view = this.#view;
    if (view.era === 'modern') return view.ruleVersion;
    const known = view.handshake.negotiatedVersion ?? view.handshake.offeredVersion;
    return known ?? batchInitializeOffer(items);
  }

  #pushOne(event: WireEvent, batch: BatchPosition | null): Step {
    let direction: Direction;
    let message: unknown = null;
    let headers: HttpHeaders | null = null;
    let verdict: StepReport | null = null;
    let problem: string | null = null;
    let problemZh: string | null = null;
    let raw: unknown;
    let closedBy: Side | null = null;
    let abandoned: Abandoned | null = null;
    if (event.type === 'message') {
      direction = event.direction ?? inferDirection(this.#state, event.message);
      message = event.message;
      headers = event.headers ?? null;
      // A clock's reading, or the clock a lesson's peers run on; not the sandbox's turns.
      const at = event.timed === true || event.simulatedClock === true ? event.t : undefined;
      this.#advance(
        event.headers || batch || at !== undefined
          ? {
              type: 'envelope',
              direction,
              message,
              ...(event.headers ? { headers: event.headers } : {}),
              ...(batch ? { batch } : {}),
              ...(at !== undefined ? { at } : {}),
            }
          : { type: 'envelope', direction, message },
      );
      verdict = verdictOf(this.#state) as StepReport;
      const listed = listedTools(verdict, message);
      if (listed) this.#tools = listed;
    } else if (event.type === 'unreadable') {
      // Not a message: the referee has nothing to judge, and the session's state is unchanged.
      direction = event.direction ?? 'client->server';
      problem = event.problem;
      problemZh = event.problemZh ?? null;
      // A kept JSON null stays null: only undefined means nothing was kept.
      raw = event.raw;
    } else if (event.type === 'abandon') {
      direction = 'client->server';
      const waiting = this.#view.pending.find((p) => p.requester === 'client' && p.id === event.id);
      this.#advance({ type: 'abandon', id: event.id });
      abandoned = {
        id: event.id,
        method: waiting?.method ?? null,
        cancelled: waiting !== undefined && !this.requestPending('client', event.id),
      };
    } else {
      this.#advance({ type: 'close' });
      direction = event.by === 'client' ? 'client->server' : 'server->client';
      closedBy = event.by;
    }
    // One literal with every field in one order: a step is made once per message of a transcript.
    const step: Step = {
      index: this.#count,
      kind: event.type,
      direction,
      message,
      headers,
      batch,
      verdict,
      problem,
      problemZh,
      raw,
      closedBy,
      abandoned,
      phases: this.#phases,
      session: this.#view,
      tools: this.#tools,
      line: event.line ?? null,
      t: event.t ?? this.#count,
      timed: event.timed === true && event.t !== undefined,
      notes: event.notes ?? null,
    };
    this.#count += 1;
    if (this.#keep) this.#steps.push(step);
    for (const listener of this.#listeners) listener(step);
    return step;
  }

  #advance(event: RefereeEvent): void {
    const before = this.#state;
    this.#referee.send(event);
    this.#state = this.#referee.state();
    this.#phases = samePhases(this.#phases, sidePhases(this.#state));
    // A new view only when something in it changed; it builds no pending list (see SessionView).
    if (!sameSessionView(before, this.#state)) this.#view = sessionView(this.#state);
  }

  /** Every step so far, oldest first (empty when the log keeps none). */
  get steps(): readonly Step[] {
    return this.#steps;
  }

  /** How many events the log has taken. */
  get size(): number {
    return this.#count;
  }

  /** Tells `listener` about every step from now on; returns the way to stop. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** The session as it stands: version, declarations, pending requests, closed or not. */
  view(): SessionView {
    return this.#view;
  }

  phases(): SidePhases {
    return this.#phases;
  }

  get closed(): boolean {
    return this.#view.closed;
  }

  /** Whether `requester` has used this request id in the session. */
  requestSeen(requester: Side, id: RequestId): boolean {
    return requestSeen(this.#state, requester, id);
  }

  /** Whether `requester` ever sent this id, answered requests the referee forgot included. */
  requestIssued(requester: Side, id: RequestId): boolean {
    return requestIssued(this.#state, requester, id);
  }

  /** Whether `requester`'s request with this id still waits for its answer. */
  requestPending(requester: Side, id: RequestId): boolean {
    return requestPending(this.#state, requester, id);
  }

  /** How far the progress of a token `requester` handed out has got. */
  tokenProgress(requester: Side, token: ProgressToken): TokenProgress | null {
    return tokenProgress(this.#state, requester, token);
  }

  /** The id of the answered, forgotten request that carried this token (2026-07-28), or null. */
  answeredTokenOwner(requester: Side, token: ProgressToken): RequestId | null {
    return answeredTokenOwner(this.#state, requester, token);
  }

  /** The request whose input_required round for `method` on `target` is still open (or null). */
  openRound(method: string, target: string): RequestId | null {
    return openRound(this.#state, method, target);
  }

  /**
   * What the referee would say if `message` were pushed now, travelling `direction`; the log does
   * not change (no step, no listener told). The sandbox asks it of each message it offers.
   */
  verdictIfSent(direction: Direction, message: unknown): StepReport {
    return verdictIfSent(this.#state, { type: 'envelope', direction, message }) as StepReport;
  }

  /** The direction the log would give a bare message now (a transcript line without one). */
  inferDirection(message: unknown): Direction {
    return inferDirection(this.#state, message);
  }
}

/** The same object while nothing changed: observers can compare phases by identity. */
function samePhases(before: SidePhases, after: SidePhases): SidePhases {
  return before.client === after.client && before.server === after.server ? before : after;
}
