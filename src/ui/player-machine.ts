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
  /** For each row of the violation list, the step that broke the rule (in step order). */
  readonly rowSteps: readonly number[];
  /** The violation list (`v`) is open. */
  readonly list: boolean;
  /** The list's chosen row. */
  readonly cursor: number;
  /**
   * Why a key did nothing: `]` or `[` did not move (no later / earlier step breaks a rule), `e`
   * found no envelope to open; until the next move.
   */
  readonly notice: PlayerNotice | null;
  /** The step on screen was reached by stepping forward (n, →, space, autoplay), not by a jump. */
  readonly stepped: boolean;
  /** Milliseconds left before autoplay moves on (counted down a second at a time). */
  readonly left: number;
  /** The step number typed after `:`, while the learner types it (`''` right after `:`). */
  readonly jump: string | null;
};

/** `]` and `[` stop at the ends with a notice rather than wrap: the learner always knows where they are. */
export type BrokenNotice = 'noLaterBroken' | 'noEarlierBroken' | 'noBroken';

/**
 * A key that did nothing says why, never silently: the broken-step moves, `e` on a step with no
 * envelope (a close, an unreadable line, a closed HTTP stream), and a step forward from the last
 * step (where no next lesson follows) or back from the first.
 */
export type PlayerNotice =
  | BrokenNotice
  | 'nothingToInspect'
  | 'atLastStep'
  | 'atFirstStep'
  | 'jumpPastEnd'
  | 'jumpBeforeStart';

export type PlayerEvent =
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'FIRST' }
  | { type: 'LAST' }
  | { type: 'TOGGLE_HELP' }
  | { type: 'CLOSE_HELP' }
  | { type: 'NEXT_BROKEN' }
  | { type: 'PREV_BROKEN' }
  | { type: 'TOGGLE_LIST' }
  | { type: 'CLOSE_LIST' }
  | { type: 'LIST_UP' }
  | { type: 'LIST_DOWN' }
  | { type: 'LIST_CHOOSE' }
  | { type: 'TOGGLE_PAUSE' }
  | { type: 'JUMP_START' }
  | { type: 'JUMP_TYPE'; readonly digit: string }
  | { type: 'JUMP_ERASE' }
  | { type: 'JUMP_GO' }
  | { type: 'JUMP_CANCEL' }
  /** `e` on a step that has no envelope to open as a field tree. */
  | { type: 'NO_ENVELOPE' }
  /** The field tree (`e`) opened, or closed: like help, it holds autoplay while open. */
  | { type: 'OPEN_TREE' }
  | { type: 'CLOSE_TREE' };

/** Autoplay counts down in steps of at most this many milliseconds (the countdown's resolution). */
export const TICK_MS = 1000;

export type PlayerInput = {
  readonly count: number;
  /** Where to start, e.g. the step the learner left off at; clamped to the lesson. */
  readonly start?: number;
  readonly autoplayMs?: number | null;
  /** For each violation of the session, the step that broke it (see violation-list.ts). */
  readonly rowSteps?: readonly number[];
};

const clamp = (index: number, count: number) => Math.max(0, Math.min(index, count - 1));

/** The next (`+1`) or previous (`-1`) step after `index` that breaks a rule, or null. */
function brokenFrom(context: PlayerContext, way: 1 | -1): number | null {
  const steps = way === 1 ? context.rowSteps : [...context.rowSteps].reverse();
  return steps.find((s) => (way === 1 ? s > context.index : s < context.index)) ?? null;
}

function brokenMove(context: PlayerContext, way: 1 | -1): Partial<PlayerContext> {
  const to = brokenFrom(context, way);
  if (to !== null) return { index: to, notice: null, stepped: false };
  if (context.rowSteps.length === 0) return { notice: 'noBroken' };
  return { notice: way === 1 ? 'noLaterBroken' : 'noEarlierBroken' };
}

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
    hasRows: ({ context }) => context.rowSteps.length > 0,
    helpOpen: ({ context }) => context.help,
    autoplaying: ({ context }) => context.autoplayMs !== null && context.index < context.count - 1,
  },
  actions: {
    next: assign({
      index: ({ context }) => clamp(context.index + 1, context.count),
      stepped: true,
    }),
    prev: assign({
      index: ({ context }) => clamp(context.index - 1, context.count),
      stepped: false,
    }),
    first: assign({ index: 0, stepped: false }),
    // Jumping to the end is a look, not a lesson learnt: `stepped` stays false.
    last: assign({
      index: ({ context }) => clamp(context.count - 1, context.count),
      stepped: false,
    }),
    resetLeft: assign({ left: ({ context }) => context.autoplayMs ?? 0 }),
    countDown: assign({ left: ({ context }) => context.left - TICK_MS }),
    jumpStart: assign({ jump: '', notice: null }),
    jumpType: assign({
      jump: ({ context, event }) =>
        event.type === 'JUMP_TYPE' && /^[0-9]$/.test(event.digit) && (context.jump ?? '').length < 6
          ? `${context.jump ?? ''}${event.digit}`
          : context.jump,
    }),
    jumpErase: assign({ jump: ({ context }) => (context.jump ?? '').slice(0, -1) }),
    jumpCancel: assign({ jump: null }),
    jumpGo: assign(({ context }) => {
      const n = Number(context.jump);
      if (context.jump === '' || context.jump === null || !Number.isFinite(n))
        return { jump: null };
      // A number past either end goes to that end and says so (`:99` in a 10-step lesson).
      const notice: PlayerNotice | null =
        n > context.count ? 'jumpPastEnd' : n < 1 ? 'jumpBeforeStart' : null;
      return { jump: null, index: clamp(n - 1, context.count), stepped: false, notice };
    }),
    toggleHelp: assign({ help: ({ context }) => !context.help }),
    closeHelp: assign({ help: false }),
    clearNotice: assign({ notice: null }),
    nothingToInspect: assign({ notice: 'nothingToInspect' as const }),
    atLastStep: assign({ notice: 'atLastStep' as const }),
    atFirstStep: assign({ notice: 'atFirstStep' as const }),
    nextBroken: assign(({ context }) => brokenMove(context, 1)),
    prevBroken: assign(({ context }) => brokenMove(context, -1)),
    // The list opens at the first violation from the step on screen on.
    openList: assign(({ context }) => {
      const at = context.rowSteps.findIndex((s) => s >= context.index);
      return {
        list: true,
        help: false,
        notice: null,
        cursor: at === -1 ? Math.max(0, context.rowSteps.length - 1) : at,
      };
    }),
    closeList: assign({ list: false }),
    listUp: assign({ cursor: ({ context }) => Math.max(0, context.cursor - 1) }),
    listDown: assign({
      cursor: ({ context }) =>
        Math.max(0, Math.min(context.cursor + 1, context.rowSteps.length - 1)),
    }),
    choose: assign(({ context }) => ({
      list: false,
      index: context.rowSteps[context.cursor] ?? context.index,
      stepped: false,
    })),
  },
  delays: {
    tick: ({ context }) => Math.max(0, Math.min(TICK_MS, context.left)),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({
    index: clamp(input.start ?? 0, input.count),
    count: input.count,
    help: false,
    autoplayMs: input.autoplayMs ?? null,
    rowSteps: input.rowSteps ?? [],
    list: false,
    cursor: 0,
    notice: null,
    stepped: false,
    left: input.autoplayMs ?? 0,
    jump: null,
  }),
  initial: 'choosing',
  on: {
    NEXT: [{ guard: 'hasNext', actions: ['clearNotice', 'next'] }, { actions: 'atLastStep' }],
    PREV: [{ guard: 'hasPrev', actions: ['clearNotice', 'prev'] }, { actions: 'atFirstStep' }],
    FIRST: { guard: 'hasPrev', actions: ['clearNotice', 'first'] },
    LAST: { guard: 'hasNext', actions: ['clearNotice', 'last'] },
    TOGGLE_HELP: { actions: ['clearNotice', 'toggleHelp'] },
    CLOSE_HELP: { actions: ['clearNotice', 'closeHelp'] },
    NEXT_BROKEN: { actions: 'nextBroken' },
    PREV_BROKEN: { actions: 'prevBroken' },
    TOGGLE_LIST: { actions: 'openList' },
    CLOSE_LIST: { actions: 'closeList' },
    LIST_UP: { actions: 'listUp' },
    LIST_DOWN: { actions: 'listDown' },
    LIST_CHOOSE: { guard: 'hasRows', actions: 'choose' },
    JUMP_START: { actions: 'jumpStart' },
    JUMP_TYPE: { actions: 'jumpType' },
    JUMP_ERASE: { actions: 'jumpErase' },
    JUMP_CANCEL: { actions: 'jumpCancel' },
    JUMP_GO: { actions: ['clearNotice', 'jumpGo'] },
    NO_ENVELOPE: { actions: 'nothingToInspect' },
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
        'Moves one step on after each delay and stops at the last step; a key the learner presses starts the delay afresh, help holds it, and space pauses it.',
      entry: 'resetLeft',
      initial: 'counting',
      states: {
        counting: {
          description: 'Counts the delay down a second at a time, so the screen can show it.',
          after: {
            tick: [
              {
                guard: ({ context }) => context.left <= TICK_MS,
                target: '#player.autoplay',
                reenter: true,
                actions: 'next',
              },
              { target: 'counting', reenter: true, actions: 'countDown' },
            ],
          },
        },
      },
      always: { guard: ({ context }) => context.index >= context.count - 1, target: 'manual' },
      on: {
        NEXT: { guard: 'hasNext', target: 'autoplay', reenter: true, actions: 'next' },
        PREV: { guard: 'hasPrev', target: 'autoplay', reenter: true, actions: 'prev' },
        FIRST: { guard: 'hasPrev', target: 'autoplay', reenter: true, actions: 'first' },
        LAST: { guard: 'hasNext', target: 'autoplay', reenter: true, actions: 'last' },
        NEXT_BROKEN: { target: 'autoplay', reenter: true, actions: 'nextBroken' },
        PREV_BROKEN: { target: 'autoplay', reenter: true, actions: 'prevBroken' },
        TOGGLE_HELP: { target: 'autoplayHeld', actions: 'toggleHelp' },
        TOGGLE_LIST: { target: 'autoplayHeld', actions: 'openList' },
        OPEN_TREE: { target: 'autoplayHeld' },
        JUMP_START: { target: 'autoplayHeld', actions: 'jumpStart' },
        TOGGLE_PAUSE: { target: 'autoplayPaused' },
        JUMP_GO: { target: 'autoplay', reenter: true, actions: ['clearNotice', 'jumpGo'] },
      },
    },
    autoplayPaused: {
      description:
        'The learner paused autoplay with space: the keys move the steps, space plays on from here.',
      always: { guard: ({ context }) => context.index >= context.count - 1, target: 'manual' },
      on: { TOGGLE_PAUSE: { target: 'autoplay' } },
    },
    autoplayHeld: {
      description:
        'Help, the violation list, the field tree or the jump prompt (`:`) is open over an autoplaying lesson: no step moves until it closes.',
      on: {
        TOGGLE_HELP: { target: 'autoplay', actions: 'toggleHelp' },
        CLOSE_HELP: { target: 'autoplay', actions: 'closeHelp' },
        CLOSE_LIST: { target: 'autoplay', actions: 'closeList' },
        CLOSE_TREE: { target: 'autoplay' },
        // Enter jumps and Esc cancels; either way autoplay plays on, its delay started afresh.
        // (Typed under help, the jump leaves autoplay held until the help closes.)
        JUMP_GO: [
          { guard: 'helpOpen', actions: ['clearNotice', 'jumpGo'] },
          { target: 'autoplay', actions: ['clearNotice', 'jumpGo'] },
        ],
        JUMP_CANCEL: [
          { guard: 'helpOpen', actions: 'jumpCancel' },
          { target: 'autoplay', actions: 'jumpCancel' },
        ],
        LIST_CHOOSE: { guard: 'hasRows', target: 'autoplay', actions: 'choose' },
      },
    },
  },
});
