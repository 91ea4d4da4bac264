import { assign, setup } from 'xstate';
import type { Direction } from '../protocol/index.js';
import { initialContext, type SessionContext, type SessionInput } from './context.js';
import { refereeClose, refereeStep } from './referee.js';

export type SessionEvent =
  | { readonly type: 'envelope'; readonly direction: Direction; readonly message: unknown }
  | { readonly type: 'close' };

/**
 * The session referee. Every envelope goes through the `referee` action, which labels it and records
 * violations in the context; the two regions then follow the context into their phases. The client
 * and the server are tracked apart: the client operates as soon as it has the initialize result,
 * the server only once notifications/initialized has arrived.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput | undefined,
  },
  actions: {
    referee: assign(({ context, event }) =>
      event.type === 'envelope' ? refereeStep(context, event.direction, event.message) : context,
    ),
    close: assign(({ context }) => refereeClose(context)),
  },
  guards: {
    /** Lifecycle › Initialization: the client has sent initialize. */
    initializeSent: ({ context }) => context.handshake.initialize === 'sent',
    /** Lifecycle › Initialization: the server answered initialize with a result. */
    initializeSucceeded: ({ context }) => context.handshake.initialize === 'succeeded',
    /** Lifecycle › Initialization: the server answered initialize with an error. */
    initializeFailed: ({ context }) => context.handshake.initialize === 'failed',
    /** Lifecycle › Initialization: the client sent notifications/initialized. */
    initializedReceived: ({ context }) => context.handshake.initializedSent,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => initialContext(input ?? {}),
  on: {
    envelope: { actions: 'referee' },
    close: { target: ['.client.shutdown', '.server.shutdown'], actions: 'close' },
  },
  states: {
    client: {
      description: 'The client’s view of the lifecycle.',
      initial: 'initialization',
      states: {
        initialization: {
          description: 'Before the client has a successful initialize result.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Connected; initialize not sent yet (only ping may go first).',
              always: { target: 'awaitingResult', guard: 'initializeSent' },
            },
            awaitingResult: {
              description: 'initialize sent; waiting for the server’s result.',
              always: [
                { target: '#session.client.operation', guard: 'initializeSucceeded' },
                { target: 'idle', guard: 'initializeFailed' },
              ],
            },
          },
        },
        operation: {
          description:
            'Version and capabilities are fixed; the client may use what was negotiated.',
        },
        // Not a final state: a transcript can go on after the close, and the referee must still
        // label what follows (message-after-shutdown) instead of the stopped actor ignoring it.
        shutdown: { description: 'The transport is closed.' },
      },
    },
    server: {
      description: 'The server’s view of the lifecycle.',
      initial: 'initialization',
      states: {
        initialization: {
          description: 'Before the server has received notifications/initialized.',
          initial: 'awaitingInitialize',
          states: {
            awaitingInitialize: {
              description: 'Waiting for initialize (only ping may be answered).',
              always: { target: 'awaitingInitialized', guard: 'initializeSucceeded' },
            },
            awaitingInitialized: {
              description: 'Result sent; only ping and logging until notifications/initialized.',
              always: [
                { target: '#session.server.operation', guard: 'initializedReceived' },
                { target: 'awaitingInitialize', guard: 'initializeFailed' },
              ],
            },
          },
        },
        operation: {
          description: 'The server may use every capability both sides declared.',
        },
        shutdown: { description: 'The transport is closed.' },
      },
    },
  },
});
