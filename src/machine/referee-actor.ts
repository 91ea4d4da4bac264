import type { Direction } from '../protocol/index.js';
import type { LegacySessionInput, StepReport } from './context.js';
import {
  advance,
  type RefereeState,
  type SidePhases,
  sidePhases,
  startReferee,
  verdictOf,
} from './model.js';

export type { SidePhases } from './model.js';

/** @deprecated Use `RefereeState` (model.ts), which is the same. */
export type SessionSnapshot = RefereeState;

/** @deprecated Use `sidePhases` (model.ts). */
export const phasesOf = (snapshot: SessionSnapshot): SidePhases => sidePhases(snapshot);

/** A running referee: feed it envelopes one at a time and read its verdict on each. */
export type Referee = {
  readonly feed: (direction: Direction, message: unknown) => StepReport;
  readonly close: () => void;
  readonly snapshot: () => SessionSnapshot;
  readonly phases: () => SidePhases;
};

/**
 * @deprecated Sources move to the session log, which calls `advance` itself. A referee that holds
 * its latest state and advances it, one event at a time.
 */
export function createReferee({ history: _, ...input }: LegacySessionInput = {}): Referee {
  let state = startReferee(input);
  return {
    feed(direction, message) {
      state = advance(state, { type: 'envelope', direction, message });
      const report = verdictOf(state);
      if (!report) throw new Error('referee produced no report'); // programmer error
      return report;
    },
    close() {
      state = advance(state, { type: 'close' });
    },
    snapshot: () => state,
    phases: () => sidePhases(state),
  };
}
