import {
  type Bilingual,
  type CapabilityLabel,
  type Direction,
  type Envelope,
  type HandshakeVersion,
  type JsonObject,
  type KnownVersion,
  LATEST_HANDSHAKE_VERSION,
  type Primitive,
  type ProgressToken,
  type RequestId,
  type Side,
} from '../protocol/index.js';
import { Ledger } from './ledger.js';
import { OpenRequests } from './open-requests.js';
import { type Era, RULE_SETS, type RuleSet, type RuleSets } from './rule-sets.js';
import type { Violation } from './rules.js';

export type Phase = 'initialization' | 'operation' | 'shutdown';

export type InitializeStatus = 'none' | 'sent' | 'succeeded' | 'failed';

/** A request still waiting for its answer. */
export type PendingRequest = {
  readonly requester: Side;
  readonly id: RequestId;
  readonly method: string;
  readonly progressToken?: ProgressToken;
  /** The `uri` param, when the request names one (resources/subscribe waits on it). */
  readonly uri?: string;
  readonly step: number;
};

/** What the referee remembers of every request it has seen (kept in the ledger). */
export type RequestRecord = {
  readonly requester: Side;
  readonly id: RequestId;
  /** The step that sent it. */
  readonly step: number;
  readonly method: string;
  readonly primitive: Primitive | null;
  readonly capability: CapabilityLabel | null;
  readonly status: 'pending' | 'answered' | 'cancelled';
  /**
   * Cancelled by the client closing its HTTP response stream (2026-07-28): the server MUST NOT
   * send anything more for it (basic/transports/streamable-http › Cancellation).
   */
  readonly streamClosed?: true;
  readonly progressToken?: ProgressToken;
  readonly uri?: string;
  /** The request broke the envelope rules: its id is kept only to recognise its error answer. */
  readonly invalid?: true;
  /**
   * Requests of the same sender still waiting when this one reused their id (duplicate-request-id),
   * oldest first: they wait on underneath, and the newest comes back when this one is answered, so
   * its own answer is judged as its answer, not as a second answer to this one (as a shadowed
   * progress token is: TokenRecord.shadowed).
   */
  readonly shadowed?: readonly RequestRecord[];
  /** Its number in the session's `OpenRequests` (a valid request, meaningful while pending). */
  readonly seq?: number;
  /** What a request of the modern era declared in its `_meta` envelope. */
  readonly declared?: Declared;
  /**
   * A modern request POSTed with headers that do not match its body (or lack a required one): the
   * server MUST refuse it unrun (basic/transports/streamable-http › Server Validation).
   */
  readonly headerMismatch?: true;
  /**
   * A task-augmented request (2025-11-25 basic/utilities/tasks: params.task): tasks/cancel, not
   * notifications/cancelled, cancels it.
   */
  readonly task?: true;
  /** The tool a tools/call calls (2025-11-25 on: its execution.taskSupport may bind the call). */
  readonly tool?: string;
  /**
   * A prompts/get that leaves out an argument the prompt's listing marks required: its name
   * (server/prompts › Error Handling: the server should refuse it with -32602).
   */
  readonly missingArgument?: string;
  /**
   * A tools/call's arguments (`{}` when it gives none) and the inputSchema its tool was last listed
   * with when it was sent (server/tools › Security Considerations: servers MUST validate tool
   * inputs); neither when the tool was never listed.
   */
  readonly toolInput?: { readonly args: unknown; readonly schema: JsonObject };
  /** The level a logging/setLevel asks for (the handshake era): set once the server accepts it. */
  readonly level?: string;
  /**
   * A 2026-07-28 retry of an input_required round that echoed its requestState, was valid, and has
   * no inputResponses for these keys of the round: an error answer to it is judged
   * (input-responses-not-reasked: basic/patterns/mrtr › Error Handling).
   */
  readonly missingInputs?: readonly string[];
  /**
   * A 2026-07-28 retry of an input_required round whose inputResponses break the schema: the
   * invalid-params finding on them, in both languages. A complete result to it is judged
   * (input-responses-not-validated: basic/patterns/mrtr › Error Handling).
   */
  readonly invalidInputs?: { readonly en: string; readonly zh: string };
  /** The cursor a modern list request continues from (server/utilities/pagination). */
  readonly cursor?: string;
  /**
   * The task a tasks/get or tasks/cancel names in its params (2025-11-25 basic/utilities/tasks ›
   * Associating Task-Related Messages: the source of truth for the target task), or, in
   * 2026-07-28, a tasks/get, tasks/update or tasks/cancel of the tasks extension.
   */
  readonly taskId?: string;
  /**
   * The mode an elicitation/create asks for (2025-11-25 client/elicitation: "form" when it names
   * none), which the client MUST refuse with -32602 when it did not declare it.
   */
  readonly elicitationMode?: 'form' | 'url';
  /**
   * A form-mode elicitation/create's requestedSchema (when it is an object), which the content of
   * an accepting answer should fit (client/elicitation › Form Mode Security).
   */
  readonly requestedSchema?: JsonObject;
  /**
   * A sampling/createMessage that offers the model tools (`tools` or `toolChoice`, 2025-11-25):
   * a client that did not declare sampling.tools MUST answer it with an error (schema ›
   * CreateMessageRequestParams).
   */
  readonly samplingTools?: true;
  /**
   * The toolChoice mode a sampling/createMessage binds its answer to (2025-11-25 client/sampling ›
   * Tool Choice Modes): `none`, no tool use; `required`, a tool use, in a conversation that has
   * none yet.
   */
  readonly samplingChoice?: 'none' | 'required';
  /**
   * The task its answer must name in its related-task `_meta` (2025-11-25 basic/utilities/tasks ›
   * Associating Task-Related Messages): the one a tasks/result names, or the one the request's
   * own `_meta` names (a request related to a task, other than tasks/get, tasks/list, tasks/cancel).
   */
  readonly relatedTask?: string;
};

/**
 * What one request of the modern era (2026-07-28) declares in its `_meta` (basic/index › _meta):
 * each request stands alone, so the server may rely on nothing another request declared.
 */
export type Declared = {
  /** `io.modelcontextprotocol/protocolVersion`, when it is a string. */
  readonly version: string | null;
  /** `io.modelcontextprotocol/clientCapabilities`, when it is an object. */
  readonly capabilities: JsonObject | null;
  /** `io.modelcontextprotocol/clientInfo`, when it is an object. */
  readonly clientInfo: JsonObject | null;
  /** `io.modelcontextprotocol/logLevel`, when it is a string. */
  readonly logLevel: string | null;
};

/**
 * How the session found its era (basic/versioning › Backward Compatibility with
 * Initialization-Based Versions): `none` when its first message decided it; `sent` while a
 * server/discover probe waits; `failed` once the server answered the probe with an error that is
 * not a recognised modern one (the client may fall back to initialize); `modern` once a
 * DiscoverResult or a recognised modern error answered it.
 */
export type ProbeStatus = 'none' | 'sent' | 'failed' | 'modern';

/** What the server said of itself in the modern era: its server/discover result and serverInfo. */
export type DiscoverFacts = {
  readonly supportedVersions: readonly string[] | null;
  readonly capabilities: JsonObject | null;
};

/** A progress token handed out by a requester, and how far its progress has got. */
export type TokenRecord = {
  /** The request that handed it out (in the id space of the token's requester). */
  readonly requestId: RequestId;
  readonly status: 'active' | 'completed' | 'cancelled';
  /** The highest progress so far (progress must go above it). */
  readonly last: number | null;
  /** The progress of the latest notification, when it is not `last` (it went down). */
  readonly previous?: number;
  readonly total?: number;
  /**
   * The records of earlier requests still waiting for their answer that handed out the same token
   * (duplicate-progress-token), oldest first: when this request ends, the newest of them holds the
   * token again, with how far it had got. Absent when no other request shares the token.
   */
  readonly shadowed?: readonly TokenRecord[];
  /**
   * The task its task-augmented request created (2025-11-25 basic/utilities/progress › Behavior
   * Requirements: the token stays valid after the CreateTaskResult, until the task reaches a
   * terminal status).
   */
  readonly task?: string;
};

export type ProgressReport = {
  readonly token: ProgressToken;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
};

/** The referee's verdict on one envelope: the labels the tracer prints and the UI shows. */
export type StepReport = {
  readonly index: number;
  readonly direction: Direction;
  readonly kind: Envelope['kind'];
  readonly envelope: Envelope;
  readonly id: RequestId | null;
  readonly method: string | null;
  readonly primitive: Primitive | null;
  /** The era that judged the message: `modern` for a modern session and a server/discover probe. */
  readonly era: Era;
  /**
   * The protocol's phase when the message was sent (DESIGN.md › trace --json), read from the
   * machine's state: the phase the session was in before this message moved it. A modern message
   * has none (null): 2026-07-28 has no lifecycle.
   */
  readonly phase: Phase | null;
  readonly capability: CapabilityLabel | null;
  readonly violations: readonly Violation[];
  /** The progress a notifications/progress reported, for the UI's progress bar. */
  readonly progress: ProgressReport | null;
};

/** An answer that shows the server speaks 2026-07-28: the request it answered, and what shows it. */
export type ModernAnswer = {
  readonly method: string;
  readonly id: RequestId;
  readonly shows: Bilingual;
};

export type Handshake = {
  readonly initialize: InitializeStatus;
  readonly initializeId: RequestId | null;
  /**
   * The initialize came inside a JSON-RPC batch (2025-03-26; initialize-in-batch): one error with
   * id null then refuses the batch as a whole, initialize included (JSON-RPC 2.0 › Batch: the
   * answers to a batch that is read come as an array).
   */
  readonly initializeInBatch: boolean;
  /** The version the client offered in initialize. */
  readonly offeredVersion: string | null;
  /**
   * The initialize's params break its schema (in the offered revision, else 2025-11-25): an error
   * to it may be about the request, not the era (initialize-error-without-versions).
   */
  readonly offerMalformed: boolean;
  /** The version the server answered with: the one the server holds. */
  readonly negotiatedVersion: string | null;
  /**
   * The version the client holds: null until the wire shows the client supports the answer. A
   * client MUST offer a version it supports, so an answer that echoes the offer is supported at
   * once; another version (a counter-offer) only once the client sends notifications/initialized,
   * for a client that does not support it SHOULD disconnect instead (Lifecycle › Version
   * Negotiation), and the wire cannot tell which versions it supports besides the one it offered.
   */
  readonly acceptedVersion: string | null;
  readonly initializedSent: boolean;
  /**
   * Before any initialize succeeded, the server refused a request with an error only a modern
   * server sends (-32022 naming its versions to an initialize, -32020 to a request without the
   * headers): it has said it speaks 2026-07-28, so a client may go on in that era.
   */
  readonly refusedAsModern: boolean;
};

export type SessionContext = {
  /** How many envelopes the referee has seen. */
  readonly step: number;
  /** The rule set of every revision the referee knows (the era decision reads it). */
  readonly ruleSets: RuleSets;
  /** The rule set that judges the session's messages (that of `ruleVersion` in the handshake era). */
  readonly rules: RuleSet | null;
  /**
   * The revision whose rules apply: in the handshake era negotiated, else offered, else the latest
   * with a handshake; in the modern era the modern revision the session follows.
   */
  readonly ruleVersion: KnownVersion;
  /** The era the machine's state is in (null before the first message); its states write it. */
  readonly era: Era | null;
  /**
   * The session has been in the modern era (an initialize after it is a client falling back to
   * the handshake: era-mixed judges it in the handshake era too).
   */
  readonly wasModern: boolean;
  /** The source said the session is modern before its first message (`SessionInput.era`). */
  readonly opensModern: boolean;
  /** The server/discover probe that opened the session, if one did, and what came of it. */
  readonly probe: { readonly id: RequestId | null; readonly status: ProbeStatus };
  /** What the server's server/discover result declared (modern era), null before one. */
  readonly discover: DiscoverFacts | null;
  /**
   * The protocol version the latest modern client request named in its `_meta` (it may name one
   * the server does not serve), null before one or when it named none.
   */
  readonly declaredVersion: string | null;
  /**
   * The server's latest -32022: the method it refused and the versions its `data.supported`
   * listed (2026-07-28 basic/versioning › Protocol Version Negotiation: what the client SHOULD
   * retry with). Null before one, after the client's next request of that method (its retry),
   * and once a DiscoverResult lists the versions anew.
   */
  readonly refusal: { readonly method: string; readonly supported: readonly string[] } | null;
  /**
   * The server's first answer that only a 2026-07-28 server sends (records-discovery.ts), and its
   * latest -32601 to a server/discover: a 2026-07-28 server MUST implement server/discover
   * (basic/versioning › Protocol Version Negotiation), so the two together are
   * discover-not-implemented, judged at whichever of them comes second. Null before one.
   */
  readonly modernAnswer: ModernAnswer | null;
  readonly discoverUnfound: { readonly id: RequestId } | null;
  /** The transport closed (either era). */
  readonly closed: boolean;
  /**
   * The session's phase as the machine's state last entered it. The phase states write it on
   * entry and nothing else does; a step's report reads it, so the report carries the phase the
   * message was sent in.
   */
  readonly phase: Phase;
  readonly handshake: Handshake;
  readonly capabilities: { readonly client: JsonObject | null; readonly server: JsonObject | null };
  readonly info: { readonly client: JsonObject | null; readonly server: JsonObject | null };
  /**
   * The requests still waiting for their answer after this step: a persistent set, so that every
   * step keeps its own at the cost of one request's change (see `OpenRequests`).
   */
  readonly pending: OpenRequests;
  /** Requests, progress tokens and subscriptions: mutable, see `Ledger`. */
  readonly ledger: Ledger;
  readonly last: StepReport | null;
  readonly violationCount: number;
};

export type SessionInput = {
  /** Rules to apply before a version is negotiated (default: the latest with a handshake). */
  readonly version?: HandshakeVersion;
  /** The rule set of each revision (default `RULE_SETS`); a test can add an era's. */
  readonly ruleSets?: RuleSets;
  /**
   * The era the source knows the session is in before any message (a sandbox opened in the
   * modern era): the machine starts there instead of reading the era off the first message.
   */
  readonly era?: 'modern';
};

/** The machine's context before the first message. */
export function initialContext(input: SessionInput = {}): SessionContext {
  const ruleVersion = input.version ?? LATEST_HANDSHAKE_VERSION;
  const ruleSets = input.ruleSets ?? RULE_SETS;
  return {
    step: 0,
    ruleSets,
    rules: ruleSets[ruleVersion] ?? null,
    ruleVersion,
    era: null,
    wasModern: false,
    opensModern: input.era === 'modern',
    probe: { id: null, status: 'none' },
    discover: null,
    declaredVersion: null,
    refusal: null,
    modernAnswer: null,
    discoverUnfound: null,
    closed: false,
    phase: 'initialization',
    handshake: {
      initialize: 'none',
      initializeId: null,
      initializeInBatch: false,
      offeredVersion: null,
      offerMalformed: false,
      negotiatedVersion: null,
      acceptedVersion: null,
      initializedSent: false,
      refusedAsModern: false,
    },
    capabilities: { client: null, server: null },
    info: { client: null, server: null },
    pending: OpenRequests.EMPTY,
    ledger: new Ledger(),
    last: null,
    violationCount: 0,
  };
}
