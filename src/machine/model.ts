import { createActor, initialTransition, transition } from 'xstate';
import { type Direction, idKey, type RequestId, type Side } from '../protocol/index.js';
import type { SessionContext, SessionInput, StepReport, TokenRecord } from './context.js';
import { requestKey, tokenKey } from './referee.js';
import { phasesOf, type SessionSnapshot, type SidePhases } from './referee-actor.js';
import { sessionMachine } from './session-machine.js';

/**
 * What the session log, and only it, asks of the model: start it, advance it by one event, and
 * read what it decided. Everything here is pure: `advance` is XState's `transition()`, so a step
 * never changes an earlier state. Sources that need to know something of the session (the lesson
 * engine's faults, direction inference) ask through the queries below, never the model's ledger.
 */
export type RefereeEvent =
  | { readonly type: 'envelope'; readonly direction: Direction; readonly message: unknown }
  | { readonly type: 'close' };

export type RefereeState = SessionSnapshot;

/** What an observer may know of the session after a step: declarations, version, pending. */
export type SessionView = {
  readonly ruleVersion: SessionContext['ruleVersion'];
  readonly handshake: SessionContext['handshake'];
  readonly capabilities: SessionContext['capabilities'];
  readonly info: SessionContext['info'];
  readonly pending: SessionContext['pending'];
  readonly closed: boolean;
  /** Violations so far, over the whole session. */
  readonly violationCount: number;
};

export function startReferee(input: SessionInput = {}): RefereeState {
  return initialTransition(sessionMachine, input)[0];
}

export function advance(state: RefereeState, event: RefereeEvent): RefereeState {
  return transition(sessionMachine, state, event)[0];
}

/**
 * The same machine as a running actor, for a log that only ever moves forward. XState 5.33's pure
 * `transition()` builds an actor scope for every call: about 65 µs per event even for a trivial
 * machine, against about 16 µs for `send` on a started actor (docs/benchmarks.md), and a transcript
 * of 100,000 messages goes through here. The states it reaches are the ones `advance` would.
 */
export type RefereeRun = {
  readonly send: (event: RefereeEvent) => void;
  readonly state: () => RefereeState;
};

export function runReferee(input: SessionInput = {}): RefereeRun {
  const actor = createActor(sessionMachine, { input }).start();
  return {
    send: (event) => actor.send(event),
    state: () => actor.getSnapshot(),
  };
}

/** The verdict on the latest envelope (null before any, and unchanged by a close). */
export function verdictOf(state: RefereeState): StepReport | null {
  return state.context.last;
}

export function sidePhases(state: RefereeState): SidePhases {
  return phasesOf(state);
}

export function sessionView(state: RefereeState): SessionView {
  const c = state.context;
  return {
    ruleVersion: c.ruleVersion,
    handshake: c.handshake,
    capabilities: c.capabilities,
    info: c.info,
    pending: c.pending,
    closed: c.closed,
    violationCount: c.violationCount,
  };
}

/** Whether `requester` has sent a request with this id in the session (answered or not). */
export function requestSeen(state: RefereeState, requester: Side, id: RequestId): boolean {
  return state.context.ledger.read(requestKey(requester, id)) !== undefined;
}

/** Whether `requester` has a request with this id still waiting for its answer. */
export function requestPending(state: RefereeState, requester: Side, id: RequestId): boolean {
  const key = idKey(id);
  return state.context.pending.some((p) => p.requester === requester && idKey(p.id) === key);
}

export type TokenProgress = {
  readonly status: 'active' | 'completed' | 'cancelled';
  /** The highest progress reported so far, or null before the first notification. */
  readonly last: number | null;
};

/** A progress token `requester` handed out: how far its progress got, or null if never seen. */
export function tokenProgress(
  state: RefereeState,
  requester: Side,
  token: string | number,
): TokenProgress | null {
  const record = state.context.ledger.read<TokenRecord>(tokenKey(requester, token));
  return record ? { status: record.status, last: record.last } : null;
}
