import { initialContext } from './context.js';
import { refereeSetup } from './referee-setup.js';

export type { MachineEvent } from './referee-setup.js';

/**
 * The session referee. Its first decision is the era, from the first message; in the handshake
 * era (`legacy`) the client and the server each go through initialization, operation and shutdown
 * (the client operates as soon as it has the initialize result, the server only once
 * notifications/initialized has arrived), while the referee judges every message by the rule set
 * of the negotiated revision and records what it changes.
 */
/** A request from either side: judged, its id and progress token remembered, an unsubscribe applied. */
const REQUEST = [
  {
    guard: 'endsSubscription',
    actions: ['judge', 'rememberRequest', 'handOutProgressToken', 'endSubscription'],
  },
  { actions: ['judge', 'rememberRequest', 'handOutProgressToken'] },
] as const;

export const sessionMachine = refereeSetup.createMachine({
  id: 'session',
  description: 'The session referee: the era first, then that era’s states.',
  context: ({ input }) => initialContext(input),
  initial: 'undecided',
  // Actors that are sent raw envelopes (the lesson engine, `play`) get them classified here;
  // `advance` classifies before the machine.
  on: { envelope: { actions: 'classify' } },
  states: {
    undecided: {
      description: 'No message yet: the first one decides the era.',
      on: {
        'client.*': [
          {
            guard: 'opensModernSession',
            target: 'modern',
            actions: ['adoptDeclaredRevision', 'replay'],
          },
          { target: 'legacy', actions: 'replay' },
        ],
        // Anything else first (initialize, ping, a request before initialize…) is the handshake
        // era, where the lifecycle rules judge it.
        'server.*': { target: 'legacy', actions: 'replay' },
        close: { target: 'legacy', actions: 'replay' },
      },
    },
    legacy: {
      description:
        'The handshake era (2024-11-05 … 2025-11-25): initialize opens the session, then each side goes through initialization, operation and shutdown.',
      type: 'parallel',
      states: {
        client: {
          description: 'The client’s view of the lifecycle.',
          initial: 'initialization',
          on: { close: '.shutdown' },
          states: {
            initialization: {
              description: 'Before the client has a successful initialize result.',
              initial: 'idle',
              states: {
                idle: {
                  description: 'Connected; initialize not sent yet (only ping may go first).',
                  on: { 'client.initialize': 'awaitingResult' },
                },
                awaitingResult: {
                  description: 'initialize sent; waiting for the server’s result.',
                  on: {
                    'server.result': {
                      target: '#session.legacy.client.operation',
                      guard: 'answersInitialize',
                    },
                    'server.error': { target: 'idle', guard: 'answersInitialize' },
                  },
                },
              },
            },
            operation: {
              description:
                'Version and capabilities are fixed; the client may use what was negotiated.',
            },
            // Not a final state: a transcript can go on after the close, and the referee must
            // still label what follows (message-after-shutdown).
            shutdown: { description: 'The transport is closed.' },
          },
        },
        server: {
          description:
            'The server’s view of the lifecycle, which is the session’s: a message’s phase is the server’s.',
          initial: 'initialization',
          on: { close: '.shutdown' },
          states: {
            initialization: {
              description: 'Before the server has received notifications/initialized.',
              entry: { type: 'enterPhase', params: { phase: 'initialization' } },
              initial: 'awaitingInitialize',
              // Even one sent too early (initialized-before-result): the server takes the
              // client's word that the session is operating.
              on: { 'client.initialized': 'operation' },
              states: {
                awaitingInitialize: {
                  description: 'Waiting for initialize (only ping may be answered).',
                  on: {
                    'server.result': { target: 'awaitingInitialized', guard: 'answersInitialize' },
                  },
                },
                awaitingInitialized: {
                  description:
                    'Result sent; only ping and logging until notifications/initialized.',
                },
              },
            },
            operation: {
              description: 'The server may use every capability both sides declared.',
              entry: { type: 'enterPhase', params: { phase: 'operation' } },
            },
            shutdown: {
              description: 'The transport is closed.',
              entry: { type: 'enterPhase', params: { phase: 'shutdown' } },
            },
          },
        },
        referee: {
          description:
            'Every message is judged by the rule set of the negotiated revision, then what it changes is recorded.',
          initial: 'judging',
          states: {
            judging: {
              description: 'Judging each message against the session so far.',
              on: {
                'client.initialize': [
                  {
                    guard: 'opensHandshake',
                    actions: ['judge', 'openHandshake', 'rememberRequest', 'handOutProgressToken'],
                  },
                  // A second initialize renegotiates nothing: version and capabilities are fixed.
                  { actions: ['judge', 'rememberRequest', 'handOutProgressToken'] },
                ],
                'client.initialized': { actions: ['judge', 'markInitialized'] },
                'client.request': REQUEST,
                'server.request': REQUEST,
                'client.notification': { actions: 'judge' },
                'server.notification': { actions: 'judge' },
                'client.progress': { actions: ['judge', 'recordProgress'] },
                'server.progress': { actions: ['judge', 'recordProgress'] },
                'client.cancelled': { actions: ['judge', 'cancelRequest'] },
                'server.cancelled': { actions: ['judge', 'cancelRequest'] },
                'server.result': [
                  {
                    guard: 'answersInitialize',
                    actions: ['judge', 'completeRequest', 'concludeHandshake'],
                  },
                  {
                    guard: 'confirmsSubscription',
                    actions: ['judge', 'completeRequest', 'confirmSubscription'],
                  },
                  { guard: 'answersOpenRequest', actions: ['judge', 'completeRequest'] },
                  // A stray or second answer: judged, and nothing to record.
                  { actions: 'judge' },
                ],
                'server.error': [
                  {
                    guard: 'answersInitialize',
                    actions: ['judge', 'completeRequest', 'failHandshake'],
                  },
                  { guard: 'answersOpenRequest', actions: ['judge', 'completeRequest'] },
                  { actions: 'judge' },
                ],
                'client.result': [
                  {
                    guard: 'confirmsSubscription',
                    actions: ['judge', 'completeRequest', 'confirmSubscription'],
                  },
                  { guard: 'answersOpenRequest', actions: ['judge', 'completeRequest'] },
                  { actions: 'judge' },
                ],
                'client.error': [
                  { guard: 'answersOpenRequest', actions: ['judge', 'completeRequest'] },
                  { actions: 'judge' },
                ],
                'client.invalid': { actions: ['judge', 'rememberBrokenRequest'] },
                'server.invalid': { actions: ['judge', 'rememberBrokenRequest'] },
              },
            },
          },
        },
      },
    },
    modern: {
      description:
        'Revisions without a handshake (2026-07-28 on): no lifecycle, each request names its revision in _meta. Entered only for a revision whose rule set is of this era; none is refereed yet.',
      initial: 'open',
      on: {
        'client.*': { actions: 'judge' },
        'server.*': { actions: 'judge' },
      },
      states: {
        open: {
          description: 'Every message stands on its own.',
          entry: { type: 'enterPhase', params: { phase: 'operation' } },
          on: { close: 'closed' },
        },
        closed: {
          description: 'The transport is closed.',
          entry: { type: 'enterPhase', params: { phase: 'shutdown' } },
        },
      },
    },
  },
});
