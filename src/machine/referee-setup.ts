import { assertEvent, assign, raise, setup } from 'xstate';
import type { Phase, SessionContext, SessionInput } from './context.js';
import {
  type EnvelopeEvent,
  MESSAGE_TYPES,
  type MessageType,
  type ModelEvent,
  type ModelMessage,
  toModelEvent,
} from './events.js';
import {
  answeredRecord,
  answersInitialize,
  answersOpenRequest,
  answersProbe,
  carriesModernEnvelope,
  isRecognisedModernError,
  uriOf,
} from './facts.js';
import { judge } from './judge.js';
import {
  adoptModernRules,
  cancelRequest,
  completeRequest,
  concludeHandshake,
  concludeProbe,
  confirmSubscription,
  declareRequest,
  endSubscription,
  enterEra,
  failHandshake,
  handOutProgressToken,
  markClosed,
  markInitialized,
  noteServerInfo,
  openHandshake,
  recordDiscover,
  recordProgress,
  rememberBrokenRequest,
  rememberRequest,
  startProbe,
} from './records.js';
import { countLogLevel } from './records-modern-a.js';
import {
  recordAcknowledgement,
  recordListenCancelled,
  recordStreamAnswer,
  recordStreamRequest,
} from './records-streams.js';
import type { Era } from './rule-sets.js';

/** A record: the context fields it replaces, or nothing when it only wrote the ledger. */
type RecordOf = (ctx: SessionContext, msg: ModelMessage) => unknown;

/**
 * A message's records run in order, each seeing what the ones before it changed, in one `assign`:
 * XState copies the context once per assign, and a modern request has five records.
 */
function recordAll(
  context: SessionContext,
  msg: ModelMessage,
  records: readonly RecordOf[],
): Partial<SessionContext> {
  let ctx = context;
  let update: Partial<SessionContext> = {};
  for (const record of records) {
    const changed = record(ctx, msg) as Partial<SessionContext> | undefined;
    if (typeof changed !== 'object' || changed === null || Object.keys(changed).length === 0) {
      continue;
    }
    ctx = { ...ctx, ...changed };
    update = { ...update, ...changed };
  }
  return update;
}

/** What the machine accepts: classified messages and close; raw envelopes are classified first. */
export type MachineEvent = ModelEvent | EnvelopeEvent;

// The kinds of message each guard and action expects (`assertEvent` checks it).
const MESSAGES: MessageType[] = [...MESSAGE_TYPES];
const REQUESTS = ['client.initialize', 'client.request', 'server.request'] satisfies MessageType[];
const ANSWERS = [
  'client.result',
  'server.result',
  'client.error',
  'server.error',
] satisfies MessageType[];
const INVALID = ['client.invalid', 'server.invalid'] satisfies MessageType[];
const PROGRESS = ['client.progress', 'server.progress'] satisfies MessageType[];
const CANCELLED = ['client.cancelled', 'server.cancelled'] satisfies MessageType[];

/**
 * The referee's guards and actions, by name: every guard answers one question the lifecycle
 * asks (its doc names the spec section), every action is one record of what a message changes,
 * except `judge`, which applies the rule table. The machine (session-machine.ts) references them
 * by name; `machine.provide()` can swap any of them.
 */
export const refereeSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as MachineEvent,
    input: {} as SessionInput | undefined,
  },
  guards: {
    /**
     * basic/versioning › Backward Compatibility: a server/discover sent first is a dual-era
     * client's probe (or a modern client's first question); its answer decides the era.
     */
    probes: ({ event }) => event.type === 'client.request' && event.method === 'server/discover',
    /** basic/versioning: "a request carrying modern per-request `_meta` is served statelessly". */
    carriesModernEnvelope: ({ event }) =>
      event.type === 'client.request' && carriesModernEnvelope(event),
    /**
     * The probe's answer says the server is modern: a DiscoverResult, or a recognised modern
     * error such as -32022 (the client retries with a supported version, never falls back).
     */
    answersProbeModern: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      if (!answersProbe(context, event)) return false;
      return event.envelope.kind === 'response' || isRecognisedModernError(event);
    },
    /** Any other answer to the probe: the server is legacy; the client may fall back. */
    answersProbe: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return answersProbe(context, event);
    },
    /** Lifecycle › Initialization: a first initialize, or a new one after a failed one. */
    opensHandshake: ({ context }) =>
      context.handshake.initialize === 'none' || context.handshake.initialize === 'failed',
    /** Lifecycle › Initialization: the server's answer to the initialize that opened the handshake. */
    answersInitialize: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return answersInitialize(context, event);
    },
    /** Basic › Responses: an answer to a request still waiting for one. */
    answersOpenRequest: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return answersOpenRequest(context, event);
    },
    /** Resources › Subscriptions: the server confirms a resources/subscribe. */
    confirmsSubscription: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      if (!answersOpenRequest(context, event)) return false;
      const record = answeredRecord(context, event);
      return record?.method === 'resources/subscribe' && record.uri !== undefined;
    },
    /** Resources › Subscriptions: the client asks to stop the updates of a resource. */
    endsSubscription: ({ event }) => {
      assertEvent(event, REQUESTS);
      return event.method === 'resources/unsubscribe' && uriOf(event) !== undefined;
    },
  },
  actions: {
    /** A raw envelope sent to an actor: classify it, then handle the classified message. */
    classify: raise(({ event }) => {
      assertEvent(event, 'envelope');
      return toModelEvent(event.direction, event.message);
    }),
    /** The first message decided the era; the era handles it now. */
    replay: raise(({ event }) => event),
    /** A modern session follows the rule set of the modern revision its first request names. */
    adoptModernRules: assign(({ context, event }) => {
      assertEvent(event, 'client.request');
      return adoptModernRules(context, event);
    }),
    /** The phase states stamp their phase as they are entered; reports read it from here. */
    enterPhase: assign((_, params: { readonly phase: Phase }) => ({ phase: params.phase })),
    /** The era states stamp their era as they are entered. */
    enterEra: assign((_, params: { readonly era: Era }) => enterEra(params.era)),
    startProbe: assign(({ context, event }) => {
      assertEvent(event, 'client.request');
      return startProbe(context, event);
    }),
    probeModern: assign(({ context }) => concludeProbe(context, true)),
    probeFailed: assign(({ context }) => concludeProbe(context, false)),
    declareRequest: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return declareRequest(context, event);
    }),
    recordDiscover: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return recordDiscover(context, event);
    }),
    noteServerInfo: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return noteServerInfo(context, event);
    }),
    /** A modern request that declared a log level may get notifications/message while it waits. */
    countLogLevel: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return countLogLevel(context, event);
    }),
    markClosed: assign(() => markClosed()),
    /** A modern request: its id and token remembered, what it declared, its logLevel, a call or a listen. */
    recordModernRequest: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return recordAll(context, event, [
        rememberRequest,
        handOutProgressToken,
        declareRequest,
        countLogLevel,
        recordStreamRequest,
      ]);
    }),
    /** A modern answer: a round opened or a stream ended, the request done, what the server said of itself. */
    recordModernAnswer: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return recordAll(context, event, [
        recordStreamAnswer,
        recordDiscover,
        noteServerInfo,
        completeRequest,
      ]);
    }),
    judge: assign(({ context, event }) => {
      assertEvent(event, MESSAGES);
      return judge(context, event);
    }),
    openHandshake: assign(({ context, event }) => {
      assertEvent(event, 'client.initialize');
      return openHandshake(context, event);
    }),
    concludeHandshake: assign(({ context, event }) => {
      assertEvent(event, 'server.result');
      return concludeHandshake(context, event);
    }),
    failHandshake: assign(({ context }) => failHandshake(context)),
    markInitialized: assign(({ context }) => markInitialized(context)),
    rememberRequest: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return rememberRequest(context, event);
    }),
    handOutProgressToken: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return handOutProgressToken(context, event);
    }),
    rememberBrokenRequest: assign(({ context, event }) => {
      assertEvent(event, INVALID);
      return rememberBrokenRequest(context, event);
    }),
    recordProgress: assign(({ context, event }) => {
      assertEvent(event, PROGRESS);
      return recordProgress(context, event);
    }),
    cancelRequest: assign(({ context, event }) => {
      assertEvent(event, CANCELLED);
      return cancelRequest(context, event);
    }),
    completeRequest: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return completeRequest(context, event);
    }),
    confirmSubscription: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return confirmSubscription(context, event);
    }),
    endSubscription: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return endSubscription(context, event);
    }),
    /** MRTR and listen streams: a modern client's call, retry or listen (records-streams.ts). */
    recordStreamRequest: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      recordStreamRequest(context, event);
      return {};
    }),
    /** MRTR and listen streams: an input_required round opens, a listen's answer ends it. */
    recordStreamAnswer: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      recordStreamAnswer(context, event);
      return {};
    }),
    /** Subscriptions › Acknowledgment: what a listen stream honours. */
    recordAcknowledgement: assign(({ context, event }) => {
      assertEvent(event, 'server.notification');
      recordAcknowledgement(context, event);
      return {};
    }),
    /** Subscriptions › Cancellation: either side's notifications/cancelled ends a listen stream. */
    recordListenCancelled: assign(({ context, event }) => {
      assertEvent(event, CANCELLED);
      recordListenCancelled(context, event);
      return {};
    }),
  },
});
