import { createActor, initialTransition, type SnapshotFrom, transition } from 'xstate';
import type { Direction, ProgressToken, RequestId, Side } from '../protocol/index.js';
import type { PendingRequest, Phase, SessionContext, SessionInput, StepReport } from './context.js';
import {
  type BatchPosition,
  type CloseEvent,
  type HttpHeaders,
  type ModelEvent,
  toModelEvent,
} from './events.js';
import { isWaiting } from './records.js';
import { roundKey } from './records-streams.js';
import { sessionMachine } from './session-machine.js';

/**
 * What the session log, and only it, asks of the model: start it, advance it by one event, and
 * read what it decided. Sources that need to know something of the session (the lesson engine's
 * faults, direction inference) ask through the queries below, never the model's ledger.
 */
export type RefereeEvent =
  | {
      readonly type: 'envelope';
      readonly direction: Direction;
      readonly message: unknown;
      /** The HTTP request headers it travelled with, when the source knows them. */
      readonly headers?: HttpHeaders;
      /** Its place in the JSON-RPC batch it came in (2025-03-26), when it came in one. */
      readonly batch?: BatchPosition;
      /** When it crossed (ms), when its source read a clock (a transcript's t_ms, a live transport). */
      readonly at?: number;
    }
  | { readonly type: 'close' }
  /** The client closed the HTTP response stream of its request `id` before its answer. */
  | { readonly type: 'abandon'; readonly id: RequestId };

export type RefereeState = SnapshotFrom<typeof sessionMachine>;

export type SidePhases = { readonly client: Phase; readonly server: Phase };

/**
 * The session's era as `trace` reports it: `legacy`, `modern`, or `dual` when a server/discover
 * probe got no modern answer and the client fell back to initialize; null before any message.
 */
export type SessionEra = 'legacy' | 'modern' | 'dual';

export function sessionEra(ctx: SessionContext): SessionEra | null {
  if (ctx.era === null) return null;
  if (ctx.era === 'modern') return 'modern';
  // Legacy after a probe, or after modern traffic on the same connection: both eras met.
  return ctx.probe.status === 'none' && !ctx.wasModern ? 'legacy' : 'dual';
}

/** What an observer may know of the session after a step: declarations, version, pending. */
export type SessionView = {
  /** The session's era so far (null before the first message, unless the source said it). */
  readonly era: SessionEra | null;
  readonly ruleVersion: SessionContext['ruleVersion'];
  readonly handshake: SessionContext['handshake'];
  readonly capabilities: SessionContext['capabilities'];
  readonly info: SessionContext['info'];
  /** What the server's server/discover result declared (modern era), null before one. */
  readonly discover: SessionContext['discover'];
  /** The version the latest modern request named in `_meta` (null before one, or if it named none). */
  readonly declaredVersion: SessionContext['declaredVersion'];
  /**
   * The requests waiting for their answer after the step, oldest first. Built on first read from
   * the step's persistent set (then kept): a step costs nothing for it until an observer looks.
   */
  readonly pending: readonly PendingRequest[];
  readonly closed: boolean;
  /** Violations so far, over the whole session. */
  readonly violationCount: number;
};

export function startReferee(input: SessionInput = {}): RefereeState {
  return initialTransition(sessionMachine, input)[0];
}

const CLOSE: CloseEvent = { type: 'close' };

/**
 * The state after one more event: XState's pure `transition()` on the event classified by
 * `toModelEvent`. The contract: advance a session once per event, in order, and never again from
 * an older state. The state's record of requests, tokens and subscriptions (its ledger) is one
 * mutable object per session that every later state shares, so an older state still reads its
 * own report, phases, handshake and pending list, but the ledger (and `requestPending`) as it is
 * now; advancing it a second time would write into the same ledger. This keeps a step as cheap as
 * the rules allow.
 */
export function advance(state: RefereeState, event: RefereeEvent): RefereeState {
  return transition(state.machine, state, modelEventOf(event))[0];
}

/**
 * The verdict the referee would give one more event, without advancing the session: the event is
 * judged on a fork of the state (the same value and context, its own copy of the ledger), which is
 * then dropped. The sandbox asks it of every message the learner could send next.
 */
export function verdictIfSent(state: RefereeState, event: RefereeEvent): StepReport | null {
  const context = { ...state.context, ledger: state.context.ledger.fork() };
  const fork = state.machine.resolveState({ value: state.value, context });
  return verdictOf(transition(state.machine, fork, modelEventOf(event))[0]);
}

/** A wire event as the machine takes it: a message classified, a close or an abandon as it is. */
function modelEventOf(event: RefereeEvent): ModelEvent {
  if (event.type === 'envelope') {
    return toModelEvent(event.direction, event.message, event.headers, event.batch, event.at);
  }
  return event.type === 'close' ? CLOSE : event;
}

/**
 * The same machine as a running actor, for a log that only ever moves forward (the session log).
 * XState 5.33's pure `transition()` builds a throwaway actor for every call: about 60 µs per event
 * even for a trivial machine, against about 15 µs for `send` on a started actor, and a transcript
 * of 100,000 messages goes through here. The events are the ones `advance` sends, classified the
 * same way, so the states it reaches are the ones `advance` would reach (a test checks it).
 */
export type RefereeRun = {
  readonly send: (event: RefereeEvent) => void;
  readonly state: () => RefereeState;
};

export function runReferee(input: SessionInput = {}): RefereeRun {
  const actor = createActor(sessionMachine, { input }).start();
  return {
    send: (event) => actor.send(modelEventOf(event)),
    state: () => actor.getSnapshot(),
  };
}

/** The verdict on the latest envelope (null before any, and unchanged by a close). */
export function verdictOf(state: RefereeState): StepReport | null {
  return state.context.last;
}

const phase = (value: unknown): Phase =>
  value === 'operation' ? 'operation' : value === 'shutdown' ? 'shutdown' : 'initialization';

const PHASES: readonly Phase[] = ['initialization', 'operation', 'shutdown'];

/**
 * Every pair of phases, made once: a step reads the pair of its state, so it allocates nothing,
 * and the same pair is the same object.
 */
const PAIRS = new Map<Phase, ReadonlyMap<Phase, SidePhases>>(
  PHASES.map((client) => [
    client,
    new Map(PHASES.map((server): [Phase, SidePhases] => [server, { client, server }])),
  ]),
);

const pairOf = (client: Phase, server: Phase): SidePhases =>
  PAIRS.get(client)?.get(server) ?? { client, server };

/** Each side's phase, read from the machine's state (not from the context). */
export function sidePhases(state: RefereeState): SidePhases {
  const value = state.value;
  if (typeof value === 'string') return pairOf('initialization', 'initialization');
  if ('legacy' in value && value.legacy) {
    // Operation and shutdown are the whole session's; during the handshake each side has its own.
    const legacy = value.legacy;
    if (typeof legacy === 'string') return pairOf(phase(legacy), phase(legacy));
    const sides = legacy.handshake;
    if (typeof sides !== 'object') return pairOf('initialization', 'initialization');
    return pairOf(phase(sides.client), phase(sides.server));
  }
  // A modern session has no lifecycle phases; its sides are shown operating until the transport
  // closes (the reports of its messages carry no phase at all).
  const both: Phase = 'modern' in value && value.modern === 'closed' ? 'shutdown' : 'operation';
  return pairOf(both, both);
}

/**
 * A view as `sessionView` makes it: one per step that changed what it shows, so a class rather
 * than a literal with a getter (which V8 builds slowly, and large). `pending` is built on first
 * read from the step's persistent set.
 */
class View implements SessionView {
  readonly era: SessionEra | null;
  readonly ruleVersion: SessionContext['ruleVersion'];
  readonly handshake: SessionContext['handshake'];
  readonly capabilities: SessionContext['capabilities'];
  readonly info: SessionContext['info'];
  readonly discover: SessionContext['discover'];
  readonly declaredVersion: SessionContext['declaredVersion'];
  readonly closed: boolean;
  readonly violationCount: number;
  readonly #open: SessionContext['pending'];

  constructor(state: RefereeState) {
    const c = state.context;
    this.era = sessionEra(c);
    this.ruleVersion = c.ruleVersion;
    this.handshake = c.handshake;
    this.capabilities = c.capabilities;
    this.info = c.info;
    this.discover = c.discover;
    this.declaredVersion = c.declaredVersion;
    this.#open = c.pending;
    this.closed = sidePhases(state).server === 'shutdown';
    this.violationCount = c.violationCount;
  }

  get pending(): readonly PendingRequest[] {
    return this.#open.list();
  }

  /**
   * The view as JSON writes it, `pending` included: a getter of a class is not an own property, so
   * without this a step written out (the build's compiled timelines) would lose its pending list.
   */
  toJSON(): SessionView {
    return {
      era: this.era,
      ruleVersion: this.ruleVersion,
      handshake: this.handshake,
      capabilities: this.capabilities,
      info: this.info,
      discover: this.discover,
      declaredVersion: this.declaredVersion,
      pending: this.pending,
      closed: this.closed,
      violationCount: this.violationCount,
    };
  }
}

export function sessionView(state: RefereeState): SessionView {
  return new View(state);
}

/**
 * Whether the view after `after` would say what the view after `before` says: the session log keeps
 * the same view object then, so observers can compare views by identity. Compares what the views are
 * made of (the pending set by identity), never the pending lists themselves.
 */
export function sameSessionView(before: RefereeState, after: RefereeState): boolean {
  const b = before.context;
  const a = after.context;
  return (
    b.pending === a.pending &&
    b.handshake === a.handshake &&
    b.capabilities === a.capabilities &&
    b.info === a.info &&
    b.discover === a.discover &&
    b.declaredVersion === a.declaredVersion &&
    b.ruleVersion === a.ruleVersion &&
    b.era === a.era &&
    b.probe === a.probe &&
    b.violationCount === a.violationCount &&
    (sidePhases(before).server === 'shutdown') === (sidePhases(after).server === 'shutdown')
  );
}

/** Whether `requester` has sent a request with this id in the session (answered or not). */
export function requestSeen(state: RefereeState, requester: Side, id: RequestId): boolean {
  return state.context.ledger.request(requester, id) !== undefined;
}

/**
 * Whether `requester` ever sent a request with this id, answered ones a 2026-07-28 referee has
 * forgotten included (the newest `FORGOTTEN_IDS` of those).
 */
export function requestIssued(state: RefereeState, requester: Side, id: RequestId): boolean {
  return state.context.ledger.issued(requester, id);
}

/**
 * Whether `requester` has a request with this id still waiting for its answer, as the ledger says
 * now (ask the latest state; an older state's own list is its view's `pending`).
 */
export function requestPending(state: RefereeState, requester: Side, id: RequestId): boolean {
  // The ledger's record, not the step's list: one look-up however many requests are open.
  return isWaiting(state.context.ledger.request(requester, id));
}

export type TokenProgress = {
  readonly status: 'active' | 'completed' | 'cancelled';
  /** The highest progress reported so far, or null before the first notification. */
  readonly last: number | null;
};

/**
 * The id of the request whose input_required round for `method` on `target` (a tool or prompt
 * name, a resource URI) still waits for the client's retry, or null when no round is open
 * (2026-07-28 basic/patterns/mrtr: a retry closes it); of several, the latest.
 */
export function openRound(state: RefereeState, method: string, target: string): RequestId | null {
  return state.context.ledger.rounds.get(roundKey({ method, target }))?.at(-1)?.id ?? null;
}

/** A progress token `requester` handed out: how far its progress got, or null if never seen. */
export function tokenProgress(
  state: RefereeState,
  requester: Side,
  token: ProgressToken,
): TokenProgress | null {
  const record = state.context.ledger.token(requester, token);
  return record ? { status: record.status, last: record.last } : null;
}

/**
 * The id of the answered request that carried this progress token, when a 2026-07-28 referee has
 * forgotten the request but keeps its token (the newest `FORGOTTEN_IDS`), or null.
 */
export function answeredTokenOwner(
  state: RefereeState,
  requester: Side,
  token: ProgressToken,
): RequestId | null {
  return state.context.ledger.answeredTokens[requester].get(token) ?? null;
}
