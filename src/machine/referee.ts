import type { Direction } from '../protocol/index.js';
import type { SessionContext } from './context.js';
import { advance, type RefereeEvent, type RefereeState } from './model.js';
import { sessionMachine } from './session-machine.js';

export { requestKey, tokenKey } from './ledger.js';

/**
 * The state behind each context these wrappers handed out. A context from `initialContext` has
 * none yet: it is the context of a session that has seen nothing.
 */
const states = new WeakMap<SessionContext, RefereeState>();

function step(ctx: SessionContext, event: RefereeEvent): SessionContext {
  const state =
    states.get(ctx) ?? sessionMachine.resolveState({ value: 'undecided', context: ctx });
  const next = advance(state, event);
  states.set(next.context, next);
  return next.context;
}

/**
 * @deprecated The session log calls `advance(state, event)`; this is the same on a context, for
 * the callers that have not moved yet. The next context carries the step's report in `last`.
 */
export function refereeStep(
  ctx: SessionContext,
  direction: Direction,
  message: unknown,
): SessionContext {
  return step(ctx, { type: 'envelope', direction, message });
}

/** @deprecated Use `advance(state, { type: 'close' })`. */
export function refereeClose(ctx: SessionContext): SessionContext {
  return step(ctx, { type: 'close' });
}
