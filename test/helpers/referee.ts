import {
  advance,
  type HttpHeaders,
  type RefereeState,
  type SessionInput,
  type SidePhases,
  type StepReport,
  sidePhases,
  startReferee,
  verdictOf,
} from '../../src/machine/index.js';
import type { Direction } from '../../src/protocol/index.js';

/** A referee for the machine's own tests: its latest state, advanced one event at a time. */
export type TestReferee = {
  readonly feed: (direction: Direction, message: unknown, headers?: HttpHeaders) => StepReport;
  readonly close: () => void;
  readonly snapshot: () => RefereeState;
  readonly phases: () => SidePhases;
};

export function createReferee(input: SessionInput = {}): TestReferee {
  let state = startReferee(input);
  return {
    feed(direction, message, headers) {
      state = advance(state, {
        type: 'envelope',
        direction,
        message,
        ...(headers ? { headers } : {}),
      });
      const report = verdictOf(state);
      if (!report) throw new Error('referee produced no report');
      return report;
    },
    close() {
      state = advance(state, { type: 'close' });
    },
    snapshot: () => state,
    phases: () => sidePhases(state),
  };
}
