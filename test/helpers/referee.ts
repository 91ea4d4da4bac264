import {
  advance,
  type BatchPosition,
  type HttpHeaders,
  type RefereeState,
  type SessionInput,
  type SidePhases,
  type StepReport,
  sidePhases,
  startReferee,
  verdictOf,
} from '../../src/machine/index.js';
import type { Direction, RequestId } from '../../src/protocol/index.js';

/** A referee for the machine's own tests: its latest state, advanced one event at a time. */
export type TestReferee = {
  readonly feed: (
    direction: Direction,
    message: unknown,
    headers?: HttpHeaders,
    batch?: BatchPosition,
    at?: number,
  ) => StepReport;
  readonly close: () => void;
  /** The client closes the HTTP response stream of its request `id`. */
  readonly abandon: (id: RequestId) => void;
  readonly snapshot: () => RefereeState;
  readonly phases: () => SidePhases;
};

export function createReferee(input: SessionInput = {}): TestReferee {
  let state = startReferee(input);
  return {
    feed(direction, message, headers, batch, at) {
      state = advance(state, {
        type: 'envelope',
        direction,
        message,
        ...(headers ? { headers } : {}),
        ...(batch ? { batch } : {}),
        ...(at !== undefined ? { at } : {}),
      });
      const report = verdictOf(state);
      if (!report) throw new Error('referee produced no report');
      return report;
    },
    close() {
      state = advance(state, { type: 'close' });
    },
    abandon(id) {
      state = advance(state, { type: 'abandon', id });
    },
    snapshot: () => state,
    phases: () => sidePhases(state),
  };
}
