import { not } from 'xstate';
import { initialContext } from './context.js';
import { refereeSetup } from './referee-setup.js';

export type { MachineEvent } from './referee-setup.js';

/**
 * The session referee. Its first decision is the era (basic/versioning › Backward Compatibility
 * with Initialization-Based Versions): an initialize, or anything else without the modern envelope,
 * opens the handshake era (`legacy`), where the client and the server each go through
 * initialization on their own (the client operates as soon as it has an initialize result with
 * the version it offered, or once it sent notifications/initialized after a counter-offer; the
 * server only once notifications/initialized has arrived: the handshake's parallel regions), then
 * the session operates as one, until the transport closes; a request carrying the `_meta` envelope
 * opens the modern era, where every request stands alone; a server/discover sent first is a probe,
 * and its answer decides: a DiscoverResult or a recognised modern error keeps the session modern,
 * any other error (or none) followed by initialize is a dual-era client falling back to the
 * handshake; and a request (an initialize, say) refused with a recognised modern error before any
 * initialize succeeded, then a modern request, is a client going forward to the modern era the
 * server named. The referee judges every message by the rule set of the session's revision and
 * records what it changes.
 */
/** A request from either side: judged, its id and progress token remembered, an unsubscribe applied. */
const REQUEST = [
  { guard: 'endsSubscription', actions: 'judgeUnsubscribe' },
  { actions: 'judgeRequest' },
] as const;

/** How the handshake era judges and records each kind of message, in every state of the era. */
const LEGACY_MESSAGES = {
  'client.initialize': [
    { guard: 'opensHandshake', actions: 'judgeOpeningInitialize' },
    // A second initialize renegotiates nothing: version and capabilities are fixed.
    { actions: 'judgeRequest' },
  ],
  'client.initialized': { actions: 'judgeInitialized' },
  'client.request': REQUEST,
  'server.request': REQUEST,
  'client.notification': { actions: 'judgeNotification' },
  'server.notification': { actions: 'judgeNotification' },
  'client.progress': { actions: 'judgeProgress' },
  'server.progress': { actions: 'judgeProgress' },
  'client.cancelled': { actions: 'judgeCancelled' },
  'server.cancelled': { actions: 'judgeCancelled' },
  'server.result': [
    { guard: 'answersInitialize', actions: 'judgeInitializeResult' },
    { guard: 'confirmsSubscription', actions: 'judgeSubscriptionConfirmed' },
    { guard: 'listsTools', actions: 'judgeToolList' },
    { guard: 'listsPrompts', actions: 'judgePromptList' },
    { guard: 'setsLogLevel', actions: 'judgeLogLevelSet' },
    { guard: 'answersOpenRequest', actions: 'judgeAnswer' },
    // A stray or second answer: judged, and nothing to record.
    { actions: 'judge' },
  ],
  'server.error': [
    { guard: 'answersInitialize', actions: 'judgeInitializeError' },
    { guard: 'answersOpenRequest', actions: 'judgeLegacyError' },
    { actions: 'judge' },
  ],
  'client.result': [
    { guard: 'confirmsSubscription', actions: 'judgeSubscriptionConfirmed' },
    { guard: 'answersOpenRequest', actions: 'judgeAnswer' },
    { actions: 'judge' },
  ],
  'client.error': [{ guard: 'answersOpenRequest', actions: 'judgeAnswer' }, { actions: 'judge' }],
  'client.invalid': { actions: 'judgeBroken' },
  'server.invalid': { actions: 'judgeBroken' },
} as const;

/**
 * The handshake before any initialize succeeded: as in every legacy state, but a modern request
 * after a modern refusal of initialize moves the session to the modern era, where it is judged.
 */
const HANDSHAKE_MESSAGES = {
  ...LEGACY_MESSAGES,
  'client.request': [
    {
      guard: 'fallsForward',
      target: '#session.modern',
      actions: ['adoptModernRules', 'replay'],
    },
    ...REQUEST,
  ],
} as const;

/** How the modern era judges and records each kind of message (its states add the probe's outcome). */
const MODERN_MESSAGES = {
  'client.request': { actions: 'judgeModernRequest' },
  // initialize and initialized do not exist in 2026-07-28: judged (era-mixed), the request kept so
  // that its answer is not taken for a stray one, and the initialize's offer noted.
  'client.initialize': { actions: 'judgeModernInitialize' },
  'client.initialized': { actions: 'judge' },
  // A server sends no requests in 2026-07-28; kept all the same, so the client's answer is judged
  // as an answer.
  'server.request': { actions: 'judgeForeignRequest' },
  'client.notification': { actions: 'judge' },
  'server.notification': { actions: 'judgeServerNotification' },
  'client.progress': { actions: 'judgeProgress' },
  'server.progress': { actions: 'judgeProgress' },
  'client.cancelled': { actions: 'judgeModernCancelled' },
  'server.cancelled': { actions: 'judgeModernCancelled' },
  'server.result': [
    // A dual-era server took up the client's fallback (it MAY serve both eras on one connection,
    // basic/versioning › Backward Compatibility): the connection goes on in the handshake era,
    // its answer judged there, as the client waiting for it.
    {
      guard: 'answersInitialize',
      target: '#session.legacy.handshake.client.initialization.awaitingResult',
      actions: ['adoptHandshakeRules', 'replay'],
    },
    { guard: 'answersOpenRequest', actions: 'judgeModernAnswer' },
    { actions: 'judge' },
  ],
  'server.error': [
    { guard: 'answersOpenRequest', actions: 'judgeModernError' },
    { actions: 'judge' },
  ],
  'client.result': [{ guard: 'answersOpenRequest', actions: 'judgeAnswer' }, { actions: 'judge' }],
  'client.error': [{ guard: 'answersOpenRequest', actions: 'judgeAnswer' }, { actions: 'judge' }],
  'client.invalid': { actions: 'judgeBroken' },
  'server.invalid': { actions: 'judgeBroken' },
  // Over HTTP, the client closing a request's response stream is its cancellation (2026-07-28
  // basic/patterns/cancellation › Transport-Specific Cancellation). The handshake era has no such
  // event: there a disconnection is not a cancellation (2025-11-25 basic/transports › Sending
  // Messages to the Server), so the request still waits for its answer.
  abandon: { actions: 'abandonRequest' },
  close: { target: '.closed', actions: 'markClosed' },
} as const;

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
      // Unless the source knew it before any message (a sandbox opened in the modern era).
      always: { guard: 'opensModern', target: 'modern', actions: 'adoptLatestModernRules' },
      on: {
        'client.request': [
          {
            guard: 'probes',
            target: 'modern.probing',
            actions: ['adoptModernRules', 'startProbe', 'replay'],
          },
          {
            guard: 'carriesModernEnvelope',
            target: 'modern',
            actions: ['adoptModernRules', 'replay'],
          },
          { target: 'legacy', actions: 'replay' },
        ],
        // A line that is no message decides nothing: it has no envelope to read the era from
        // (a transcript of 2026-07-28 whose first line is broken stays open to either era). Its
        // envelope rules are the same in both.
        'client.invalid': { actions: 'judgeBroken' },
        'server.invalid': { actions: 'judgeBroken' },
        // Anything else first (initialize, ping, a request without the envelope…) is the
        // handshake era, where the lifecycle rules judge it.
        'client.*': { target: 'legacy', actions: 'replay' },
        'server.*': { target: 'legacy', actions: 'replay' },
        close: { target: 'legacy', actions: 'replay' },
      },
    },
    legacy: {
      description:
        'The handshake era (2024-11-05 … 2025-11-25): initialize opens the session, then each side goes through initialization, operation and shutdown.',
      entry: { type: 'enterEra', params: { era: 'legacy' } },
      initial: 'handshake',
      states: {
        handshake: {
          description:
            'Initialization: each side on its own way to operation, while the referee judges every message.',
          type: 'parallel',
          // Lifecycle › Operation: the handshake is over once both sides operate.
          always: { guard: 'bothOperate', target: 'operation' },
          on: { close: { target: 'shutdown', actions: 'markClosed' } },
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
                      on: { 'client.initialize': 'awaitingResult' },
                    },
                    awaitingResult: {
                      description: 'initialize sent; waiting for the server’s result.',
                      on: {
                        'server.result': [
                          {
                            target: '#session.legacy.handshake.client.operation',
                            guard: 'clientSupportsAnswer',
                          },
                          { target: 'weighingAnswer', guard: 'answersInitialize' },
                        ],
                        'server.error': { target: 'idle', guard: 'answersInitialize' },
                      },
                    },
                    // Lifecycle › Version Negotiation: "If the client does not support the version
                    // in the server's response, it SHOULD disconnect". The wire shows only the one
                    // version the client offered, so a counter-offer leaves the client here until
                    // its next act says which: notifications/initialized (it supports the answer and
                    // operates on it), or a close (it did not, and never operated).
                    weighingAnswer: {
                      description:
                        'The server answered another version than the client offered; the client operates on it only once it sends notifications/initialized, or disconnects.',
                      on: { 'client.initialized': '#session.legacy.handshake.client.operation' },
                    },
                  },
                },
                operation: {
                  description:
                    'Version and capabilities are fixed; the client may use what was negotiated.',
                },
              },
            },
            server: {
              description:
                'The server’s view of the lifecycle, which is the session’s: a message’s phase is the server’s.',
              initial: 'initialization',
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
                        'server.result': {
                          target: 'awaitingInitialized',
                          guard: 'answersInitialize',
                        },
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
              },
            },
            referee: {
              description:
                'Every message is judged by the rule set of the negotiated revision, then what it changes is recorded.',
              initial: 'judging',
              states: {
                judging: {
                  description: 'Judging each message against the session so far.',
                  on: HANDSHAKE_MESSAGES,
                },
              },
            },
          },
        },
        operation: {
          description:
            'Both sides operate: version and capabilities are fixed, and each side may use what both declared.',
          on: { ...LEGACY_MESSAGES, close: { target: 'shutdown', actions: 'markClosed' } },
        },
        // Not a final state: a transcript can go on after the close, and the referee must
        // still label what follows (message-after-shutdown).
        shutdown: {
          description: 'The transport is closed.',
          entry: { type: 'enterPhase', params: { phase: 'shutdown' } },
          on: { ...LEGACY_MESSAGES, close: { actions: 'markClosed' } },
        },
      },
    },
    modern: {
      description:
        'Revisions without a handshake (2026-07-28 on): no lifecycle and no phases; each request names its revision and capabilities in _meta, and the server relies on nothing an earlier request declared.',
      entry: { type: 'enterEra', params: { era: 'modern' } },
      initial: 'open',
      on: MODERN_MESSAGES,
      states: {
        probing: {
          description:
            'A server/discover probe opened the session: its answer decides the era (basic/versioning › Backward Compatibility with Initialization-Based Versions).',
          on: {
            'server.result': [
              { guard: 'answersProbeModern', target: 'open', actions: 'judgeDiscoverResult' },
              // A result that is no DiscoverResult is "anything else": a legacy server, as an
              // error would be (basic/versioning › Backward Compatibility).
              { guard: 'answersProbe', actions: 'judgeFailedProbe' },
            ],
            'server.error': [
              {
                guard: 'answersProbeModern',
                target: 'open',
                actions: 'judgeModernProbeError',
              },
              // Any other error: a legacy server; the client may fall back to initialize.
              { guard: 'answersProbe', actions: 'judgeFailedProbe' },
            ],
            // The dual-era fallback: after an error that is not a modern one, or no answer at all.
            'client.initialize': { target: '#session.legacy', actions: 'replay' },
            // Another request: the client goes on in the modern era without waiting.
            'client.request': {
              guard: not('probes'),
              target: 'open',
              actions: 'judgeModernRequest',
            },
          },
        },
        open: { description: 'Every message stands on its own.' },
        closed: { description: 'The transport is closed.' },
      },
    },
  },
});
