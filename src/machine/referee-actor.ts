import { type Actor, createActor, type SnapshotFrom } from 'xstate';
import type { Direction } from '../protocol/index.js';
import type { Phase, SessionInput, StepReport } from './context.js';
import { sessionMachine } from './session-machine.js';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export type SidePhases = { readonly client: Phase; readonly server: Phase };

/** Each side's phase, read from the machine's state (not from the context). */
export function phasesOf(snapshot: SessionSnapshot): SidePhases {
  const value = snapshot.value as { client: unknown; server: unknown };
  const phase = (v: unknown): Phase =>
    v === 'operation' ? 'operation' : v === 'shutdown' ? 'shutdown' : 'initialization';
  return { client: phase(value.client), server: phase(value.server) };
}

/** A running referee: feed it envelopes one at a time and read its verdict on each. */
export type Referee = {
  readonly feed: (direction: Direction, message: unknown) => StepReport;
  readonly close: () => void;
  readonly snapshot: () => SessionSnapshot;
  readonly phases: () => SidePhases;
};

export function createReferee(input: SessionInput = {}): Referee {
  const actor: Actor<typeof sessionMachine> = createActor(sessionMachine, { input }).start();
  return {
    feed(direction, message) {
      actor.send({ type: 'envelope', direction, message });
      const report = actor.getSnapshot().context.last;
      if (!report) throw new Error('referee produced no report'); // programmer error
      return report;
    },
    close() {
      actor.send({ type: 'close' });
    },
    snapshot: () => actor.getSnapshot(),
    phases: () => phasesOf(actor.getSnapshot()),
  };
}
