import { and, assertEvent, assign, or, raise, setup, stateIn } from 'xstate';
import { LATEST_STATELESS_VERSION } from '../protocol/versions.js';
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
  isDiscoverResult,
  isRecognisedModernError,
  uriOf,
} from './facts.js';
import { judge } from './judge.js';
import {
  abandonRequest,
  adoptHandshakeRules,
  adoptModernRules,
  cancelRequest,
  clientSupportsAnswer,
  completeElicitation,
  completeRequest,
  concludeHandshake,
  concludeProbe,
  confirmSubscription,
  declareRequest,
  endSubscription,
  enterEra,
  establishElicitations,
  failHandshake,
  handOutProgressToken,
  markClosed,
  markInitialized,
  noteInitialize,
  noteModernRefusal,
  noteServerInfo,
  openHandshake,
  recordDiscover,
  recordLogLevel,
  recordNextCursor,
  recordPageScope,
  recordProgress,
  recordPromptList,
  recordRefusal,
  recordSupported,
  recordTaskStatus,
  recordToolList,
  recordToolOrder,
  refuseBatchedInitialize,
  rememberBrokenRequest,
  rememberRequest,
  settleRefusal,
  startProbe,
} from './records.js';
import { noteDiscoverUnfound, noteModernAnswer } from './records-discovery.js';
import { recordExtTask } from './records-ext-tasks.js';
import { countLogLevel } from './records-modern-a.js';
import {
  endListen,
  recordAcknowledgement,
  recordListenCancelled,
  recordStreamAnswer,
  recordStreamRequest,
} from './records-streams.js';
import type { Era } from './rule-sets.js';

/** A record: the context fields it replaces, or nothing when it only wrote the ledger. */
type RecordOf = (ctx: SessionContext, msg: ModelMessage) => unknown;

/**
 * One message's whole effect, in one `assign`: its verdict first (`judge` sees the session as it
 * was before the message), then each named record in order, each seeing what the ones before it
 * changed. XState copies the context and rebuilds its snapshot (state value, tags) once per
 * assign, so a message costs one of each, however many records it has.
 */
function judged(
  context: SessionContext,
  msg: ModelMessage,
  ...records: readonly RecordOf[]
): Partial<SessionContext> {
  const update: Partial<SessionContext> = judge(context, msg);
  if (records.length === 0) return update;
  // The session as the records see it, one copy for all of them: only this function holds it.
  const ctx: SessionContext = { ...context, ...update };
  for (const record of records) {
    const changed = record(ctx, msg) as Partial<SessionContext> | undefined;
    if (typeof changed !== 'object' || changed === null) continue;
    Object.assign(ctx, changed);
    Object.assign(update, changed);
  }
  return update;
}

/** The probe's answer says the server is modern. */
const probeModern = (ctx: SessionContext) => concludeProbe(ctx, true);
/** The probe's answer says the server is legacy: the client may fall back to initialize. */
const probeFailed = (ctx: SessionContext) => concludeProbe(ctx, false);

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
 * asks (its doc names the spec section). Every message takes one action, named for what the
 * message is: it applies the rule table (`judge`) and then the named records of what the message
 * changes (records.ts, records-streams.ts), in one `assign`. The few actions that are not a
 * message's (the era's and phase's entry stamps, the probe's start, the close) are records of
 * their own. The machine (session-machine.ts) references them by name; `machine.provide()` can
 * swap any of them.
 */
export const refereeSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as MachineEvent,
    input: {} as SessionInput | undefined,
  },
  guards: {
    /**
     * basic/versioning › Backward Compatibility with Initialization-Based Versions: a
     * server/discover sent first is a dual-era client's probe (or a modern client's first
     * question); its answer decides the era.
     */
    probes: ({ event }) => event.type === 'client.request' && event.method === 'server/discover',
    /** The source knows the session is modern before its first message (a modern sandbox). */
    opensModern: ({ context }) => context.opensModern,
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
      return isDiscoverResult(event) || isRecognisedModernError(event);
    },
    /**
     * The mirror of the dual-era fallback: a request was refused with a recognised modern error
     * (a modern-only server SHOULD name its versions in any error to initialize, basic/versioning
     * › Backward Compatibility), no initialize has succeeded or waits, and the client now sends a
     * modern request (the envelope, or server/discover). The server is modern; so is the session.
     */
    fallsForward: and(['opensHandshake', 'namedModern', or(['probes', 'carriesModernEnvelope'])]),
    /** The server refused a request with a recognised modern error before any initialize succeeded. */
    namedModern: ({ context }) => context.handshake.refusedAsModern,
    /** Any other answer to the probe: the server is legacy; the client may fall back. */
    answersProbe: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return answersProbe(context, event);
    },
    /** Lifecycle › Operation: the client has its initialize result, the server its initialized. */
    bothOperate: and([
      stateIn('#session.legacy.handshake.client.operation'),
      stateIn('#session.legacy.handshake.server.operation'),
    ]),
    /** Lifecycle › Initialization: a first initialize, or a new one after a failed one. */
    opensHandshake: ({ context }) =>
      context.handshake.initialize === 'none' || context.handshake.initialize === 'failed',
    /** Lifecycle › Initialization: the server's answer to the initialize that opened the handshake. */
    answersInitialize: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return answersInitialize(context, event);
    },
    /**
     * Lifecycle › Version Negotiation: the initialize result names a version the wire shows the
     * client supports (the one it offered), so the client operates on it at once.
     */
    clientSupportsAnswer: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return (
        answersInitialize(context, event) &&
        event.envelope.kind === 'response' &&
        clientSupportsAnswer(context, event.envelope.result.protocolVersion)
      );
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
    /** Tasks › Tool-Level Negotiation: the server answers a tools/list (2025-11-25 on). */
    listsTools: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return (
        event.envelope.kind === 'response' &&
        answersOpenRequest(context, event) &&
        answeredRecord(context, event)?.method === 'tools/list'
      );
    },
    /** Prompts › Listing Prompts: the server answers a prompts/list. */
    listsPrompts: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return (
        event.envelope.kind === 'response' &&
        answersOpenRequest(context, event) &&
        answeredRecord(context, event)?.method === 'prompts/list'
      );
    },
    /** Logging › Setting Log Level: the server accepts a logging/setLevel. */
    setsLogLevel: ({ context, event }) => {
      assertEvent(event, ANSWERS);
      return (
        event.envelope.kind === 'response' &&
        answersOpenRequest(context, event) &&
        answeredRecord(context, event)?.level !== undefined
      );
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
      return toModelEvent(event.direction, event.message, event.headers, event.batch, event.at);
    }),
    /** The first message decided the era; the era handles it now. */
    replay: raise(({ event }) => event),
    /** A modern session follows the rule set of the modern revision its first request names. */
    /** A session known to be modern from its start follows the latest stateless revision. */
    adoptLatestModernRules: assign(({ context }) => ({
      ruleVersion: LATEST_STATELESS_VERSION,
      rules: context.ruleSets[LATEST_STATELESS_VERSION] ?? context.rules,
    })),
    adoptModernRules: assign(({ context, event }) => {
      assertEvent(event, 'client.request');
      return adoptModernRules(context, event);
    }),
    adoptHandshakeRules: assign(({ context }) => adoptHandshakeRules(context)),
    /** The phase states stamp their phase as they are entered; reports read it from here. */
    enterPhase: assign((_, params: { readonly phase: Phase }) => ({ phase: params.phase })),
    /** The era states stamp their era as they are entered. */
    enterEra: assign((_, params: { readonly era: Era }) => enterEra(params.era)),
    startProbe: assign(({ context, event }) => {
      assertEvent(event, 'client.request');
      return startProbe(context, event);
    }),
    /** The transport closed. */
    markClosed: assign(() => markClosed()),
    /** A message whose only effect is its verdict (a notification, a stray answer…). */
    judge: assign(({ context, event }) => {
      assertEvent(event, MESSAGES);
      return judged(context, event);
    }),
    /** A request: judged, its id remembered, its progress token handed out. */
    judgeRequest: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return judged(context, event, rememberRequest, handOutProgressToken, establishElicitations);
    }),
    /** Resources › Subscriptions: a resources/unsubscribe, which also ends the subscription. */
    judgeUnsubscribe: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return judged(context, event, rememberRequest, handOutProgressToken, endSubscription);
    }),
    /** Lifecycle › Initialization: the initialize that opens the handshake. */
    judgeOpeningInitialize: assign(({ context, event }) => {
      assertEvent(event, 'client.initialize');
      return judged(context, event, openHandshake, rememberRequest, handOutProgressToken);
    }),
    /** Lifecycle › Initialization: notifications/initialized completes the handshake. */
    judgeInitialized: assign(({ context, event }) => {
      assertEvent(event, 'client.initialized');
      return judged(context, event, markInitialized);
    }),
    /** Lifecycle › Initialization: the server's result to initialize fixes version and capabilities. */
    judgeInitializeResult: assign(({ context, event }) => {
      assertEvent(event, 'server.result');
      return judged(context, event, completeRequest, concludeHandshake);
    }),
    /** Lifecycle › Initialization: the server refused initialize. */
    judgeInitializeError: assign(({ context, event }) => {
      assertEvent(event, 'server.error');
      return judged(
        context,
        event,
        noteModernAnswer,
        completeRequest,
        refuseBatchedInitialize,
        failHandshake,
        noteModernRefusal,
      );
    }),
    /** The handshake era: an error answers a request; a modern one names the server modern. */
    judgeLegacyError: assign(({ context, event }) => {
      assertEvent(event, 'server.error');
      return judged(context, event, completeRequest, noteModernRefusal, establishElicitations);
    }),
    /** An answer to a request still waiting: the request is done. */
    judgeAnswer: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(context, event, recordTaskStatus, recordNextCursor, completeRequest);
    }),
    /**
     * A notification: judged; a task status it reports kept (tasks › Task Status Lifecycle), an
     * elicitation it completes ended (elicitation › Completion Notifications).
     */
    judgeNotification: assign(({ context, event }) => {
      assertEvent(event, MESSAGES);
      return judged(context, event, recordTaskStatus, completeElicitation);
    }),
    /** Tools: a tools/list result says how each tool runs as a task and what its results fit. */
    judgeToolList: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(context, event, recordNextCursor, completeRequest, recordToolList);
    }),
    /** Prompts: a prompts/list result says which arguments each prompt requires. */
    judgePromptList: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(context, event, recordNextCursor, completeRequest, recordPromptList);
    }),
    /** Logging › Setting Log Level: the answer accepts a logging/setLevel. */
    judgeLogLevelSet: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(context, event, completeRequest, recordLogLevel);
    }),
    /** Resources › Subscriptions: the answer confirms a resources/subscribe. */
    judgeSubscriptionConfirmed: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(context, event, completeRequest, confirmSubscription);
    }),
    /** Utilities › Progress: how far the request's progress got. */
    judgeProgress: assign(({ context, event }) => {
      assertEvent(event, PROGRESS);
      return judged(context, event, recordProgress);
    }),
    /** Utilities › Cancellation: the request it names is cancelled. */
    judgeCancelled: assign(({ context, event }) => {
      assertEvent(event, CANCELLED);
      return judged(context, event, cancelRequest);
    }),
    /** Not a JSON-RPC message: its id kept only to recognise its error answer. */
    judgeBroken: assign(({ context, event }) => {
      assertEvent(event, INVALID);
      return judged(context, event, rememberBrokenRequest);
    }),
    /**
     * A modern request: its id and token remembered, what it declared in `_meta`, its logLevel, a
     * call, a retry or a listen (records-streams.ts).
     */
    judgeModernRequest: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return judged(
        context,
        event,
        rememberRequest,
        handOutProgressToken,
        declareRequest,
        countLogLevel,
        recordStreamRequest,
        settleRefusal,
      );
    }),
    /**
     * A request the modern era does not have (initialize) or does not expect (a server's): judged,
     * its id kept so that its answer is not taken for a stray one.
     */
    judgeForeignRequest: assign(({ context, event }) => {
      assertEvent(event, REQUESTS);
      return judged(context, event, rememberRequest);
    }),
    /** An initialize on a modern connection: judged (era-mixed), kept, and its offer noted. */
    judgeModernInitialize: assign(({ context, event }) => {
      assertEvent(event, 'client.initialize');
      return judged(context, event, rememberRequest, noteInitialize);
    }),
    /** A modern answer: a round opened or a stream ended, a task reported, the request done, what the server said of itself. */
    judgeModernAnswer: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(
        context,
        event,
        recordExtTask,
        recordStreamAnswer,
        recordDiscover,
        noteServerInfo,
        recordToolList,
        recordPromptList,
        recordPageScope,
        recordToolOrder,
        noteModernAnswer,
        completeRequest,
      );
    }),
    /** A modern error to a waiting request: a listen stream it ends, the request done. */
    judgeModernError: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(
        context,
        event,
        recordStreamAnswer,
        recordRefusal,
        noteModernAnswer,
        noteDiscoverUnfound,
        completeRequest,
      );
    }),
    /**
     * Subscriptions › Acknowledgment: a server notification, and what a listen stream honours; a
     * task a notifications/tasks reports (tasks extension › Task Status Notifications).
     */
    judgeServerNotification: assign(({ context, event }) => {
      assertEvent(event, 'server.notification');
      return judged(context, event, recordAcknowledgement, recordExtTask);
    }),
    /** Cancellation, modern: the request cancelled, and a listen stream it ends. */
    judgeModernCancelled: assign(({ context, event }) => {
      assertEvent(event, CANCELLED);
      return judged(context, event, cancelRequest, recordListenCancelled);
    }),
    /**
     * The client closed the HTTP response stream of its request (2026-07-28
     * basic/transports/streamable-http › Cancellation): that request is cancelled, and a listen
     * stream's subscription ends. No message, so nothing to judge: the verdict stays the last one.
     */
    abandonRequest: assign(({ context, event }) => {
      assertEvent(event, 'abandon');
      const ctx: SessionContext = { ...context };
      const update = abandonRequest(ctx, event.id);
      endListen(ctx, event.id);
      return update;
    }),
    /** The probe's DiscoverResult: the session stays modern, and what the server offers is kept. */
    judgeDiscoverResult: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(
        context,
        event,
        noteModernAnswer,
        completeRequest,
        recordDiscover,
        noteServerInfo,
        probeModern,
      );
    }),
    /** A recognised modern error to the probe (-32022…): the session stays modern. */
    judgeModernProbeError: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(
        context,
        event,
        noteModernAnswer,
        completeRequest,
        recordSupported,
        recordRefusal,
        probeModern,
      );
    }),
    /**
     * Any other answer to the probe (an error that is not a modern one, a result that is no
     * DiscoverResult): a legacy server; the client may fall back to initialize.
     */
    judgeFailedProbe: assign(({ context, event }) => {
      assertEvent(event, ANSWERS);
      return judged(context, event, noteDiscoverUnfound, completeRequest, probeFailed);
    }),
  },
});
