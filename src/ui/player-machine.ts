import { assign, setup } from 'xstate';

export type PlayerContext = {
  /** The step on screen (0-based). */
  readonly index: number;
  /** How many steps the lesson has. */
  readonly count: number;
  /** The help overlay is open. */
  readonly help: boolean;
  /** Milliseconds between automatic steps, or null when the learner drives. */
  readonly autoplayMs: number | null;
};

export type PlayerEvent =
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'FIRST' }
  | { type: 'LAST' }
  | { type: 'TOGGLE_HELP' }
  | { type: 'CLOSE_HELP' };

export type PlayerInput = {
  readonly count: number;
  /** Where to start, e.g. the step the learner left off at; clamped to the lesson. */
  readonly start?: number;
  readonly autoplayMs?: number | null;
};

const clamp = (index: number, count: number) => Math.max(0, Math.min(index, count - 1));

/**
 * Steps through a played lesson. The timeline is computed up front, so going back is just
 * indexing; the machine only decides which step is on screen, whether help is open, and (with
 * --autoplay) when to move on by itself.
 */
export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
  },
  guards: {
    hasNext: ({ context }) => context.index < context.count - 1,
    hasPrev: ({ context }) => context.index > 0,
    autoplaying: ({ context }) => context.autoplayMs !== null && context.index < context.count - 1,
  },
  actions: {
    next: assign({ index: ({ context }) => clamp(context.index + 1, context.count) }),
    prev: assign({ index: ({ context }) => clamp(context.index - 1, context.count) }),
    first: assign({ index: 0 }),
    last: assign({ index: ({ context }) => clamp(context.count - 1, context.count) }),
    toggleHelp: assign({ help: ({ context }) => !context.help }),
    closeHelp: assign({ help: false }),
  },
  delays: {
    autoplay: ({ context }) => context.autoplayMs ?? 0,
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({
    index: clamp(input.start ?? 0, input.count),
    count: input.count,
    help: false,
    autoplayMs: input.autoplayMs ?? null,
  }),
  initial: 'choosing',
  on: {
    NEXT: { guard: 'hasNext', actions: 'next' },
    PREV: { guard: 'hasPrev', actions: 'prev' },
    FIRST: { guard: 'hasPrev', actions: 'first' },
    LAST: { guard: 'hasNext', actions: 'last' },
    TOGGLE_HELP: { actions: 'toggleHelp' },
    CLOSE_HELP: { actions: 'closeHelp' },
  },
  states: {
    choosing: {
      description: 'Decides once, at start, whether the lesson plays by itself.',
      always: [{ guard: 'autoplaying', target: 'autoplay' }, { target: 'manual' }],
    },
    manual: {
      description: 'The learner moves with the keys.',
    },
    autoplay: {
      description:
        'Moves one step on after each delay and stops at the last step; a key the learner presses starts the delay afresh, and help holds it.',
      after: {
        autoplay: [
          { guard: 'hasNext', target: 'autoplay', reenter: true, actions: 'next' },
          { target: 'manual' },
        ],
      },
      always: { guard: ({ context }) => context.index >= context.count - 1, target: 'manual' },
      on: {
        NEXT: { guard: 'hasNext', target: 'autoplay', reenter: true, actions: 'next' },
        PREV: { guard: 'hasPrev', target: 'autoplay', reenter: true, actions: 'prev' },
        FIRST: { guard: 'hasPrev', target: 'autoplay', reenter: true, actions: 'first' },
        LAST: { guard: 'hasNext', target: 'autoplay', reenter: true, actions: 'last' },
        TOGGLE_HELP: { target: 'autoplayHeld', actions: 'toggleHelp' },
      },
    },
    autoplayHeld: {
      description: 'Help is open over an autoplaying lesson: no step moves until it closes.',
      on: {
        TOGGLE_HELP: { target: 'autoplay', actions: 'toggleHelp' },
        CLOSE_HELP: { target: 'autoplay', actions: 'closeHelp' },
      },
    },
  },
});
