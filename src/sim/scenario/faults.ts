import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { type Bilingual, filled } from '../../i18n/lang.js';
import {
  BATCH_REVISION,
  type Direction,
  type JsonObject,
  type ProgressToken,
  type RequestId,
} from '../../protocol/index.js';
import { isObject, ownTable } from '../../protocol/json.js';
import {
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  PROTOCOL_VERSION_META,
  SERVER_INFO_META,
} from '../../protocol/meta-keys.js';
import type { SessionLog } from '../../session/index.js';
import type { SimClient } from '../client/sim-client.js';
import { LEVELS } from '../server/served.js';
import type { SimServer } from '../server/sim-server.js';
import { declaredListNotFound } from './faults-declared-list.js';
import { discoverNotFound, initializeRefusedUnversioned } from './faults-discovery.js';
import {
  completedElicitationIdReused,
  formContentUnchecked,
  plainHttpElicitationUrl,
  tokenInElicitationUrl,
  urlElicitationErrorToFormClient,
} from './faults-elicitation-checks.js';
import {
  EXT_TASK_FAULT_RULES,
  type ExtTaskFault,
  scriptedClientFault,
  scriptedServerFault,
} from './faults-ext-tasks.js';
import {
  answeredInstead,
  bigProgressToken,
  cancelUnknownRequest,
  cancelWithoutRequestId,
  cursorMadeUp,
  duplicateProgressToken,
  duplicateResponse,
  malformedToolName,
  methodFromLaterRevision,
  paramsOffSchema,
  pingWithContent,
  resultOffSchema,
  retryInRefusedVersion,
  toolChoiceIgnored,
  toolSampling,
  toolSamplingAnswered,
  traceparentMalformed,
  wrongDirection,
} from './faults-gallery.js';
import {
  invalidAnswerServed,
  missingInputRefused,
  retryWithInvalidAnswer,
} from './faults-input-reasked.js';
import { duplicateInitialize } from './faults-lifecycle.js';
import { linkInForm, metaKeyMalformed, rootNotFile } from './faults-meta-roots.js';
import { modernFault } from './faults-modern.js';
import { toolSamplingUndeclared } from './faults-modern-sampling.js';
import { modernLogLevelAccepted, modernPromptServed } from './faults-modern-served.js';
import { rejectedToolCalled } from './faults-rejected-tool.js';
import {
  embeddedWithoutResources,
  imageMimeTypeBare,
  resourceUriUnencoded,
} from './faults-resources.js';
import {
  answerAboutRelatedTask,
  earlyTaskResult,
  failedTaskUnexplained,
  finishedTaskCancelled,
  finishedTaskReopened,
  forbiddenToolCalledAsTask,
  inputRequestWithoutTask,
  reusedTaskId,
  taskCallAnsweredDirectly,
  taskCancelledByNotification,
  taskOnUnsupportedRequest,
  taskPolledTooSoon,
  taskRequestWithRelatedMeta,
  taskResultUnrelated,
} from './faults-tasks.js';
import { toolsReordered } from './faults-tool-order.js';
import {
  invalidArgumentsServed,
  misspelledSchemaType,
  structuredContentOnly,
} from './faults-tool-schemas.js';
import {
  secretInForm,
  undeclaredElicitationModeAccepted,
  unknownElicitationCompleted,
  urlElicitationWithoutList,
} from './faults-url-elicitation.js';

/** What a buggy peer does, by name: each produces one envelope that breaks one rule. */
export const FAULT_NAMES = [
  'request-before-initialize',
  'request-before-initialized',
  'reuse-id',
  'answer-unknown-id',
  'undeclared-notification',
  'undeclared-request',
  'decreasing-progress',
  'progress-after-completion',
  'progress-after-cancellation',
  'unknown-progress-token',
  'response-after-cancellation',
  'wrong-version',
  'null-id',
  'notification-with-id',
  'update-without-subscribe',
  'log-below-level',
  'unknown-method',
  'undeclared-method',
  'cancel-initialize',
  // 2026-07-28 (lessons 21–25)
  'request-meta-missing',
  'version-not-refused',
  'request-state-altered',
  // 2026-07-28 (lessons 26–30)
  'request-without-meta',
  'server-sends-request',
  'client-answers-request',
  'result-without-type',
  'result-without-cache-hints',
  'answer-unsupported-version',
  'malformed-request-served',
  'version-error-without-supported',
  'version-error-lists-requested',
  'input-request-not-declared',
  'capability-error-without-data',
  'result-without-server-info',
  'log-nobody-asked-for',
  'initialize-in-modern-session',
  'removed-method',
  'retired-error-code',
  'input-required-on-list',
  'input-required-empty-round',
  'retry-with-original-id',
  'retry-with-altered-state',
  'retry-without-answers',
  'retry-of-no-round',
  'notification-before-ack',
  'ack-beyond-filter',
  'list-changed-without-listen',
  'notification-not-in-filter',
  'server-cancels-request',
  // 2026-07-28 over HTTP (lesson 29)
  'message-after-stream-closed',
  // Both eras (server/tools › Output Schema, lesson 7)
  'structured-content-mismatch',
  // 2026-07-28 (server/utilities/caching › Interaction with Pagination, lesson 27)
  'cache-scope-changed',
  // 2026-07-28 (server/tools › x-mcp-header, lesson 29)
  'x-mcp-header-invalid',
  // 2025-11-25 (basic/utilities/tasks, lesson 31)
  'finished-task-cancelled',
  'finished-task-reopened',
  'task-result-unrelated',
  'early-task-result',
  // 2025-11-25 (client/elicitation, URL mode, lesson 14)
  'url-elicitation-without-list',
  'unknown-elicitation-completed',
  // 2025-11-25 (basic/utilities/tasks and client/elicitation modes, lesson 32)
  'task-call-answered-directly',
  'reused-task-id',
  'input-request-without-task',
  'task-request-with-related-meta',
  'answer-about-related-task',
  'failed-task-unexplained',
  'task-on-unsupported-request',
  'undeclared-elicitation-mode-accepted',
  'forbidden-tool-called-as-task',
  'task-cancelled-by-notification',
  'task-polled-too-soon',
  // 2025-11-25 (client/elicitation › Form Mode Security and › Capabilities, lesson 32)
  'form-content-unchecked',
  'url-elicitation-error-to-form-client',
  // 2025-11-25 (client/elicitation › Safe URL Handling and › URL Mode Elicitation Requests, lesson 14)
  'plain-http-elicitation-url',
  'completed-elicitation-id-reused',
  // 2025-11-25 (client/elicitation › Form Mode Security, lesson 14)
  'secret-in-form',
  // 2025-11-25 (basic/index, cancellation and progress; the faults gallery, lesson 19)
  'duplicate-response',
  'cancel-unknown-request',
  'duplicate-progress-token',
  'wrong-direction',
  // 2025-11-25 (the schema, server/tools › Tool Names and JSON's interoperable integers; lesson 19)
  'big-progress-token',
  'params-off-schema',
  'result-off-schema',
  'malformed-tool-name',
  // Handshake era (basic/lifecycle › Operation; lesson 5)
  'method-from-later-revision',
  // 2025-11-25 (basic/lifecycle › Initialization, lesson 20)
  'notification-before-initialized',
  'duplicate-initialize',
  // 2025-11-25 (basic/lifecycle › Initialization, lesson 3)
  'initialized-not-sent',
  // 2025-03-26 (basic/lifecycle › Initialization, JSON-RPC batches; lesson 33)
  'initialize-in-batch',
  // Handshake era (basic/lifecycle › Initialization; lesson 33)
  'initialized-before-result',
  // Handshake era (basic/utilities/ping › Behavior Requirements; lesson 11)
  'ping-with-content',
  // 2025-11-25 (schema › notifications/cancelled; lesson 11)
  'cancel-without-request-id',
  // 2026-07-28 (basic/index › General fields, OpenTelemetry trace context; lesson 30)
  'traceparent-malformed',
  // 2026-07-28 (basic/versioning › Protocol Version Negotiation; lesson 23)
  'retry-in-refused-version',
  // 2025-11-25 (client/sampling › Message Content Constraints; lesson 6)
  'tool-result-beside-text',
  'tool-use-unanswered',
  'tool-sampling-answered',
  // 2026-07-28 (client/sampling › Capabilities, in an input_required round; lesson 25)
  'tool-sampling-undeclared',
  // Handshake era (server/utilities/logging and server/prompts › Error Handling; lessons 15, 13)
  'invalid-log-level-accepted',
  'prompt-served-without-argument',
  // 2025-11-25 (client/sampling › Tool Choice Modes; lesson 32)
  'tool-choice-ignored',
  // Both eras (basic/index › JSON Schema Usage, server/tools › Security Considerations and ›
  // Structured Content; lessons 7 and 30)
  'misspelled-schema-type',
  'invalid-arguments-served',
  'structured-content-only',
  // Both eras, 2025-06-18 on (basic/index › General fields › _meta; lessons 19 and 30)
  'meta-key-malformed',
  // client/roots › Root, client/elicitation › Safe URL Handling (lesson 14)
  'root-not-file',
  'link-in-form',
  // Handshake era (server/utilities/pagination › Implementation Guidelines; lesson 7)
  'cursor-made-up',
  // Resources in results (server/tools › Embedded Resources, server/resources › Common URI
  // Schemes; lessons 18 and 12)
  'embedded-without-resources',
  'resource-uri-unencoded',
  // 2026-07-28 basic/index › General fields: clientInfo on every request (lesson 22)
  'request-without-client-info',
  // 2026-07-28 server/tools › Capabilities: tools in a deterministic order (lesson 30)
  'tools-reordered',
  // 2026-07-28 server/tools, prompts, resources › Capabilities: a declared list is served (lesson 30)
  'declared-list-not-found',
  // 2026-07-28 basic/versioning (lesson 30)
  'initialize-refused-unversioned',
  'discover-not-found',
  // 2026-07-28 server/tools › x-mcp-header: a tool the client had to reject (lesson 29)
  'rejected-tool-called',
  // client/elicitation › Safe URL Handling: no credential in the URL (lessons 14 and 25)
  'token-in-elicitation-url',
  // server/prompts › Image Content: a valid MIME type (lessons 19 and 30)
  'image-mime-type-bare',
  // 2026-07-28 basic/patterns/mrtr › Error Handling: missing input asked for again (lesson 30)
  'missing-input-refused',
  // 2026-07-28 basic/patterns/mrtr › Error Handling: invalid inputResponses refused (lesson 30)
  'retry-with-invalid-answer',
  'invalid-answer-served',
  // The io.modelcontextprotocol/tasks extension (ext-tasks e434597; lesson 35)
  ...(Object.keys(EXT_TASK_FAULT_RULES) as ExtTaskFault[]),
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

/**
 * The rule each fault is named for (docs/authoring-lessons.md, Faults): a fault step must break it.
 * One that breaks only another rule where it stands (undeclared-notification before initialize is
 * initialize-not-first) would teach that other rule under the fault's name.
 */
export const FAULT_RULES = {
  'request-before-initialize': 'initialize-not-first',
  'request-before-initialized': 'request-before-initialized',
  'reuse-id': 'duplicate-request-id',
  'answer-unknown-id': 'response-without-request',
  'undeclared-notification': 'capability-not-negotiated',
  'undeclared-request': 'capability-not-negotiated',
  'undeclared-method': 'capability-not-negotiated',
  'unknown-method': 'unknown-method',
  'decreasing-progress': 'progress-not-increasing',
  'progress-after-completion': 'progress-after-completion',
  'progress-after-cancellation': 'progress-after-cancellation',
  'unknown-progress-token': 'unknown-progress-token',
  'response-after-cancellation': 'response-after-cancellation',
  'cancel-initialize': 'cancel-initialize',
  'wrong-version': 'unsupported-version',
  'null-id': 'invalid-envelope',
  'notification-with-id': 'invalid-envelope',
  'update-without-subscribe': 'resource-not-subscribed',
  'log-below-level': 'log-below-level',
  'request-meta-missing': 'request-meta-missing',
  'version-not-refused': 'version-not-refused',
  'request-state-altered': 'request-state-altered',
  'request-without-meta': 'request-meta-missing',
  'server-sends-request': 'server-request',
  'client-answers-request': 'client-response',
  'result-without-type': 'result-type-missing',
  'result-without-cache-hints': 'cache-hints-missing',
  'result-without-server-info': 'server-info-missing',
  'answer-unsupported-version': 'version-not-refused',
  'malformed-request-served': 'malformed-request-served',
  'version-error-without-supported': 'unsupported-version-error-incomplete',
  'version-error-lists-requested': 'unsupported-version-contradicted',
  'input-request-not-declared': 'client-capability-not-declared',
  'capability-error-without-data': 'capability-error-incomplete',
  'log-nobody-asked-for': 'log-without-level',
  'initialize-in-modern-session': 'era-mixed',
  'removed-method': 'method-removed',
  'retired-error-code': 'error-code-not-in-revision',
  'input-required-on-list': 'input-required-not-allowed',
  'input-required-empty-round': 'input-required-empty',
  'retry-with-original-id': 'retry-same-id',
  'retry-with-altered-state': 'request-state-altered',
  'retry-without-answers': 'input-responses-missing',
  'retry-of-no-round': 'retry-without-round',
  'notification-before-ack': 'listen-ack-not-first',
  'ack-beyond-filter': 'ack-beyond-filter',
  'list-changed-without-listen': 'unsolicited-notification',
  'notification-not-in-filter': 'notification-not-subscribed',
  'server-cancels-request': 'server-cancel-not-listen',
  'message-after-stream-closed': 'message-after-stream-closed',
  'structured-content-mismatch': 'structured-content-mismatch',
  'cache-scope-changed': 'cache-scope-changed',
  'x-mcp-header-invalid': 'x-mcp-header-invalid',
  'finished-task-cancelled': 'task-cancel-terminal',
  'finished-task-reopened': 'task-status-transition',
  'task-result-unrelated': 'task-related-meta',
  'early-task-result': 'task-result-before-terminal',
  'url-elicitation-without-list': 'url-elicitation-error-invalid',
  'unknown-elicitation-completed': 'elicitation-complete-unknown',
  'task-call-answered-directly': 'task-result-kind',
  'reused-task-id': 'task-id-reused',
  'input-request-without-task': 'task-input-request-meta',
  'task-request-with-related-meta': 'task-meta-redundant',
  'answer-about-related-task': 'task-answer-other-task',
  'failed-task-unexplained': 'task-failed-without-message',
  'task-on-unsupported-request': 'task-augmentation-unsupported',
  'undeclared-elicitation-mode-accepted': 'elicitation-mode-not-refused',
  'forbidden-tool-called-as-task': 'task-support-mismatch',
  'task-cancelled-by-notification': 'cancel-task-augmented',
  'task-polled-too-soon': 'task-poll-too-soon',
  // 2025-11-25 client/elicitation (lesson 32)
  'form-content-unchecked': 'elicitation-content-mismatch',
  'url-elicitation-error-to-form-client': 'url-elicitation-error-undeclared',
  // 2025-11-25 client/elicitation, URL mode (lesson 14)
  'plain-http-elicitation-url': 'elicitation-url-not-https',
  'completed-elicitation-id-reused': 'elicitation-id-reused',
  'secret-in-form': 'elicitation-form-asks-secret',
  // 2025-11-25 (the faults gallery, lesson 19)
  'duplicate-response': 'duplicate-response',
  'cancel-unknown-request': 'cancel-unknown-request',
  'duplicate-progress-token': 'duplicate-progress-token',
  'wrong-direction': 'wrong-direction',
  'big-progress-token': 'id-beyond-safe-integer',
  'params-off-schema': 'invalid-params',
  'result-off-schema': 'invalid-result',
  'malformed-tool-name': 'tool-name-format',
  'method-from-later-revision': 'method-not-in-version',
  // 2025-11-25 basic/lifecycle (lesson 20)
  'notification-before-initialized': 'notification-before-initialized',
  'duplicate-initialize': 'duplicate-initialize',
  // 2025-11-25 basic/lifecycle (lesson 3)
  'initialized-not-sent': 'initialized-not-sent',
  'initialize-in-batch': 'initialize-in-batch',
  'initialized-before-result': 'initialized-before-result',
  // basic/utilities/ping (lesson 11)
  'ping-with-content': 'ping-result-not-empty',
  'cancel-without-request-id': 'cancel-without-request-id',
  'traceparent-malformed': 'trace-context-invalid',
  'retry-in-refused-version': 'version-not-from-supported',
  // client/sampling › Message Content Constraints (lesson 6)
  'tool-result-beside-text': 'sampling-tool-result-mixed',
  'tool-use-unanswered': 'sampling-tool-use-unanswered',
  'tool-sampling-answered': 'sampling-tools-not-refused',
  // 2026-07-28 client/sampling › Capabilities, basic/patterns/mrtr (lesson 25)
  'tool-sampling-undeclared': 'client-capability-not-declared',
  // server/utilities/logging, server/prompts › Error Handling (lessons 15, 13)
  'invalid-log-level-accepted': 'log-level-not-refused',
  'prompt-served-without-argument': 'prompt-arguments-not-refused',
  // client/sampling › Tool Choice Modes (lesson 32)
  'tool-choice-ignored': 'sampling-tool-choice-ignored',
  // basic/index › JSON Schema Usage, server/tools (lessons 7 and 30)
  'misspelled-schema-type': 'tool-schema-invalid',
  'invalid-arguments-served': 'tool-input-not-validated',
  'structured-content-only': 'structured-content-without-text',
  // basic/index › _meta (lessons 19 and 30), client/roots and client/elicitation (lesson 14)
  'meta-key-malformed': 'meta-key-invalid',
  'root-not-file': 'root-uri-not-file',
  'link-in-form': 'elicitation-form-url',
  // server/utilities/pagination (lesson 7)
  'cursor-made-up': 'cursor-not-issued',
  // server/tools › Embedded Resources (lesson 18), server/resources › Common URI Schemes (lesson 12)
  'embedded-without-resources': 'embedded-resource-without-capability',
  'resource-uri-unencoded': 'resource-uri-invalid',
  // basic/index › General fields (lesson 22)
  'request-without-client-info': 'client-info-missing',
  // server/tools › Capabilities (lesson 30)
  'tools-reordered': 'tool-order-changed',
  // server/tools, prompts, resources › Capabilities (lesson 30)
  'declared-list-not-found': 'declared-list-not-served',
  // basic/versioning › Backward Compatibility, › Protocol Version Negotiation (lesson 30)
  'initialize-refused-unversioned': 'initialize-error-without-versions',
  'discover-not-found': 'discover-not-implemented',
  // server/tools › x-mcp-header (lesson 29)
  'rejected-tool-called': 'x-mcp-header-tool-called',
  // client/elicitation › Safe URL Handling (lessons 14 and 25)
  'token-in-elicitation-url': 'elicitation-url-sensitive',
  // server/prompts › Image Content (lessons 19 and 30)
  'image-mime-type-bare': 'media-type-invalid',
  // basic/patterns/mrtr › Error Handling (lesson 30)
  'missing-input-refused': 'input-responses-not-reasked',
  // basic/patterns/mrtr › Error Handling (lesson 30): the client's invalid answer, then the server
  'retry-with-invalid-answer': 'invalid-params',
  'invalid-answer-served': 'input-responses-not-validated',
  ...EXT_TASK_FAULT_RULES,
} as const satisfies Record<FaultName, string>;

/**
 * Faults whose bug the referee can judge only at a later message, honest in itself, that the
 * fault plays after it (its reveal, narrated by the step's `reveal:`): the fault's first message
 * is the bug and breaks no rule yet, the reveal breaks the fault's rule. early-task-result: a
 * tasks/result answered while the task runs is provably early only once the server reports the
 * task unfinished (notifications/tasks/status is optional: the task might have ended unannounced).
 */
export const REVEALED_FAULTS: ReadonlySet<FaultName> = new Set<FaultName>(['early-task-result']);

export type FaultContext = {
  readonly client: SimClient;
  readonly server: SimServer;
  /** The session so far, asked through the log (never the referee's own records). */
  readonly log: SessionLog;
  /**
   * Client requests cancelled while still pending, oldest first, with their progress tokens; in
   * 2026-07-28, `streamClosed` when the client cancelled by closing the request's HTTP stream.
   */
  readonly cancelled: ReadonlyArray<{
    readonly id: RequestId;
    readonly token?: string;
    readonly streamClosed?: true;
  }>;
  /** Client progress tokens whose request was answered, oldest first. */
  readonly completedTokens: readonly (string | number)[];
  readonly params: JsonObject;
  /** The lesson's clock when the fault is played (virtual ms). */
  readonly now: number;
};

export type FaultResult =
  | {
      readonly ok: true;
      readonly direction: Direction;
      readonly message: JsonObject;
      /** Sent as a JSON-RPC batch of this one message (2025-03-26), not on its own. */
      readonly batch?: true;
      /** Written out by the lesson for a protocol no peer speaks: neither peer takes it. */
      readonly scripted?: true;
      /** A fault of REVEALED_FAULTS: the later message that shows the bug, a step of its own. */
      readonly reveal?: {
        readonly direction: Direction;
        readonly message: JsonObject;
        /** When it goes (virtual ms, at least the fault's own time). */
        readonly at: number;
      };
    }
  | { readonly ok: false; readonly error: Bilingual };

/** A fault that cannot be played where it stands: why, in both languages. */
export function cannot(text: Bilingual, values: Readonly<Record<string, string>>): FaultResult {
  return { ok: false, error: filled(text, values) };
}

const C2S: Direction = 'client->server';
const S2C: Direction = 'server->client';
const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

/**
 * The server answers request `id` with `answer`, a result or an error, in place of the answer it
 * had scheduled (taken out of its outbox): how a fault that replaces a scheduled answer sends it.
 */
export function answerInstead(
  ctx: Pick<FaultContext, 'server'>,
  id: RequestId,
  answer: { readonly result: JsonObject } | { readonly error: JsonObject },
): FaultResult {
  ctx.server.outbox.dropAbout(id);
  return { ok: true, direction: S2C, message: { jsonrpc: '2.0', id, ...answer } };
}

/** What a buggy server makes of explain_sql (lesson 13) when the query it explains is missing. */
const PROMPT_FILLED_WITHOUT_ARGUMENT: JsonObject = {
  description: 'Explain a SQL query',
  messages: [
    { role: 'user', content: { type: 'text', text: 'Explain what this SQL query does:\n\n' } },
  ],
};

function activeToken(ctx: FaultContext): { token: ProgressToken; last: number } | null {
  for (const p of [...ctx.log.view().pending].reverse()) {
    if (p.requester !== 'client' || p.progressToken === undefined) continue;
    const record = ctx.log.tokenProgress('client', p.progressToken);
    return { token: p.progressToken, last: record?.last ?? 0 };
  }
  return null;
}

const progress = (token: ProgressToken, value: number): JsonObject => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: value },
});

/**
 * What `undeclared-request` asks for by default, by method (`params.params` replaces it): sampling,
 * or elicitation in URL mode, which a client that declared only form mode did not declare
 * (2025-11-25 client/elicitation › Capabilities).
 */
const UNDECLARED_ASKS: Readonly<Record<string, JsonObject>> = ownTable({
  'sampling/createMessage': {
    messages: [{ role: 'user', content: { type: 'text', text: 'Hello?' } }],
    maxTokens: 50,
  },
  'elicitation/create': {
    mode: 'url',
    message: 'Sign in to your calendar to connect it.',
    elicitationId: 'calendar-sign-in',
    url: 'https://calendar.example.com/connect?elicitationId=calendar-sign-in',
  },
});

/**
 * A modern client's request as it sends every request (its `_meta` envelope), under an id of the
 * fault's choosing: the id is the one thing wrong with it (2026-07-28 basic/index › Requests).
 */
function modernRequestWithId(client: SimClient, id: RequestId | null, method: string): JsonObject {
  const version = client.modernVersion ?? client.preferredVersion;
  return { jsonrpc: '2.0', id, method, params: { _meta: client.envelope(version) } };
}

/**
 * A result as the server sends it in its era: in 2026-07-28 with its resultType and serverInfo
 * (basic/index › ResultType, General fields), so that a fault about the answer's id or timing
 * breaks only its own rule.
 */
function modernShaped(ctx: FaultContext, result: JsonObject): JsonObject {
  const era = ctx.log.view().era;
  // Before any message the era is the client's: a modern one opens a modern session.
  const modern = era === 'modern' || (era === null && ctx.client.modernVersion !== null);
  if (!modern) return result;
  const info = { name: ctx.server.config.name, version: ctx.server.config.version };
  return { ...result, resultType: 'complete', _meta: { [SERVER_INFO_META]: info } };
}

/** Builds the faulty envelope; the engine then sends it like any other. */
export function makeFault(name: FaultName, ctx: FaultContext): FaultResult {
  const { client, server, params } = ctx;
  switch (name) {
    case 'request-before-initialize':
    case 'reuse-id': {
      const method = str(params.method, name === 'reuse-id' ? 'ping' : 'tools/list');
      if (name === 'request-before-initialize') {
        return { ok: true, direction: C2S, message: client.request(method) };
      }
      const used = client.peekId() - 1;
      if (used < 1) return cannot(FAULT_STRINGS.needsEarlierRequest, { name });
      // A modern client sends its envelope on every request, this one too, and ping is gone
      // from 2026-07-28: the reused id is then the request's one fault.
      if (client.modernVersion !== null) {
        const modern = str(params.method, 'tools/list');
        return { ok: true, direction: C2S, message: modernRequestWithId(client, used, modern) };
      }
      return { ok: true, direction: C2S, message: { jsonrpc: '2.0', id: used, method } };
    }
    case 'initialize-in-batch': {
      // 2025-03-26 basic/lifecycle › Initialization: initialize MUST NOT be part of a JSON-RPC
      // batch. A session reads a batch holding it only when that initialize offers 2025-03-26.
      const state = ctx.log.view().handshake.initialize;
      if (client.preferredVersion !== BATCH_REVISION || state === 'sent' || state === 'succeeded')
        return cannot(FAULT_STRINGS.needsBatchInitialize, { name });
      return { ok: true, direction: C2S, message: client.initialize(), batch: true };
    }
    case 'request-before-initialized':
      return {
        ok: true,
        direction: S2C,
        message: server.makeRequest(str(params.method, 'roots/list')),
      };
    case 'answer-unknown-id':
      return {
        ok: true,
        direction: S2C,
        message: { jsonrpc: '2.0', id: 999, result: modernShaped(ctx, {}) },
      };
    case 'undeclared-notification':
    // The same envelope: what it breaks depends on when it goes (before notifications/initialized).
    case 'notification-before-initialized':
      return {
        ok: true,
        direction: S2C,
        message: { jsonrpc: '2.0', method: str(params.method, 'notifications/tools/list_changed') },
      };
    case 'undeclared-request': {
      const method = str(params.method, 'sampling/createMessage');
      const given = isObject(params.params) ? params.params : UNDECLARED_ASKS[method];
      return { ok: true, direction: S2C, message: server.makeRequest(method, given) };
    }
    case 'decreasing-progress': {
      const active = activeToken(ctx);
      if (!active) return cannot(FAULT_STRINGS.needsProgressToken, { name });
      return {
        ok: true,
        direction: S2C,
        message: progress(active.token, Math.max(0, active.last - 1)),
      };
    }
    case 'progress-after-completion': {
      const token = ctx.completedTokens.at(-1);
      if (token === undefined) return cannot(FAULT_STRINGS.needsCompletedToken, { name });
      return { ok: true, direction: S2C, message: progress(token, 99) };
    }
    case 'progress-after-cancellation': {
      // The token the cancelled request itself carried: progress on it is what a server that
      // ignores the cancellation keeps sending.
      const token = ctx.cancelled.findLast((c) => c.token !== undefined)?.token;
      if (token === undefined) return cannot(FAULT_STRINGS.needsCancelledToken, { name });
      return { ok: true, direction: S2C, message: progress(token, 99) };
    }
    case 'unknown-progress-token':
      return { ok: true, direction: S2C, message: progress('nobody-sent-this-token', 1) };
    case 'response-after-cancellation': {
      const id = ctx.cancelled.at(-1)?.id;
      if (id === undefined) return cannot(FAULT_STRINGS.needsCancelled, { name });
      return {
        ok: true,
        direction: S2C,
        message: {
          jsonrpc: '2.0',
          id,
          result: modernShaped(ctx, { content: [{ type: 'text', text: 'Done anyway.' }] }),
        },
      };
    }
    case 'wrong-version': {
      const init = client.pending().find((p) => p.method === 'initialize');
      if (!init) return cannot(FAULT_STRINGS.needsPendingInitialize, { name });
      const version = str(params.version, '2099-01-01');
      // The buggy server holds the version it sent, not the one it would have negotiated: its
      // panel and its later answers go by what crossed the wire.
      server.negotiatedVersion = version;
      return answerInstead(ctx, init.id, {
        result: {
          protocolVersion: version,
          capabilities: server.config.capabilities,
          serverInfo: { name: server.config.name, version: server.config.version },
        },
      });
    }
    // A request after the initialize result, before notifications/initialized (lesson 3).
    case 'initialized-not-sent':
      return {
        ok: true,
        direction: C2S,
        message: client.request(str(params.method, 'tools/list')),
      };
    case 'unknown-method':
      return {
        ok: true,
        direction: C2S,
        message: client.request(str(params.method, 'weather/forecast')),
      };
    case 'undeclared-method':
      return {
        ok: true,
        direction: C2S,
        message: client.request(str(params.method, 'resources/list')),
      };
    // notifications/initialized while the client's initialize is unanswered (lesson 33).
    case 'initialized-before-result': {
      if (!client.pending().some((p) => p.method === 'initialize'))
        return cannot(FAULT_STRINGS.needsPendingInitialize, { name });
      return { ok: true, direction: C2S, message: client.initialized() };
    }
    case 'cancel-initialize': {
      const init = client.pending().find((p) => p.method === 'initialize');
      if (!init) return cannot(FAULT_STRINGS.needsPendingInitialize, { name });
      return {
        ok: true,
        direction: C2S,
        message: {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: init.id, reason: 'taking too long' },
        },
      };
    }
    case 'null-id':
      // In 2026-07-28 a request of the revision (ping is gone), with the envelope a modern client
      // sends: only its null id is wrong.
      if (client.modernVersion !== null) {
        const modern = str(params.method, 'tools/list');
        return { ok: true, direction: C2S, message: modernRequestWithId(client, null, modern) };
      }
      return { ok: true, direction: C2S, message: { jsonrpc: '2.0', id: null, method: 'ping' } };
    case 'notification-with-id':
      return {
        ok: true,
        direction: C2S,
        message: { jsonrpc: '2.0', id: client.allocateId(), method: 'notifications/initialized' },
      };
    case 'log-below-level': {
      // A server that ignores the level the client set: one step less severe than it.
      const set = LEVELS.indexOf(server.logLevel);
      const level = str(params.level, LEVELS[Math.max(0, set - 1)] ?? 'debug');
      return {
        ok: true,
        direction: S2C,
        message: {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level, logger: server.config.name, data: params.data ?? 'cache warmed' },
        },
      };
    }
    case 'update-without-subscribe':
      return {
        ok: true,
        direction: S2C,
        message: {
          jsonrpc: '2.0',
          method: 'notifications/resources/updated',
          params: { uri: str(params.uri, 'file:///project/README.md') },
        },
      };
    // 2026-07-28 (lessons 21–25)
    case 'request-meta-missing':
      return requestMetaMissing(ctx);
    case 'version-not-refused':
      return versionNotRefused(ctx);
    case 'request-state-altered':
      return requestStateAltered(ctx);
    // 2025-11-25 tasks (lesson 31)
    case 'finished-task-cancelled':
      return finishedTaskCancelled(ctx, name);
    case 'finished-task-reopened':
      return finishedTaskReopened(ctx, name);
    case 'task-result-unrelated':
      return taskResultUnrelated(ctx, name);
    case 'early-task-result':
      return earlyTaskResult(ctx, name);
    // 2025-11-25 URL-mode elicitation (lesson 14)
    case 'url-elicitation-without-list':
      return urlElicitationWithoutList(ctx, name);
    case 'unknown-elicitation-completed':
      return unknownElicitationCompleted(ctx);
    // 2025-11-25 tasks and elicitation modes (lesson 32)
    case 'task-call-answered-directly':
      return taskCallAnsweredDirectly(ctx, name);
    case 'reused-task-id':
      return reusedTaskId(ctx, name);
    case 'input-request-without-task':
      return inputRequestWithoutTask(ctx, name);
    case 'task-request-with-related-meta':
      return taskRequestWithRelatedMeta(ctx, name);
    case 'answer-about-related-task':
      return answerAboutRelatedTask(ctx, name);
    case 'failed-task-unexplained':
      return failedTaskUnexplained(ctx, name);
    case 'task-on-unsupported-request':
      return taskOnUnsupportedRequest(ctx, name);
    case 'undeclared-elicitation-mode-accepted':
      return undeclaredElicitationModeAccepted(ctx, name);
    case 'forbidden-tool-called-as-task':
      return forbiddenToolCalledAsTask(ctx, name);
    case 'task-cancelled-by-notification':
      return taskCancelledByNotification(ctx, name);
    case 'task-polled-too-soon':
      return taskPolledTooSoon(ctx, name);
    // 2025-11-25 client/elicitation (lesson 32)
    case 'form-content-unchecked':
      return formContentUnchecked(ctx, name);
    case 'url-elicitation-error-to-form-client':
      return urlElicitationErrorToFormClient(ctx, name);
    case 'plain-http-elicitation-url':
      return plainHttpElicitationUrl(ctx, name);
    case 'completed-elicitation-id-reused':
      return completedElicitationIdReused(ctx, name);
    case 'secret-in-form':
      return secretInForm(ctx, name);
    // 2025-11-25 (the faults gallery, lesson 19)
    case 'duplicate-response':
      return duplicateResponse(ctx, name);
    case 'ping-with-content':
      return pingWithContent(ctx, name);
    case 'cancel-without-request-id':
      return cancelWithoutRequestId(ctx);
    case 'traceparent-malformed':
      return traceparentMalformed(ctx, name);
    case 'retry-in-refused-version':
      return retryInRefusedVersion(ctx, name);
    case 'tool-result-beside-text':
      return toolSampling(ctx, name, 'mixed');
    case 'tool-use-unanswered':
      return toolSampling(ctx, name, 'unanswered');
    case 'tool-sampling-answered':
      return toolSamplingAnswered(ctx, name);
    case 'tool-sampling-undeclared':
      return toolSamplingUndeclared(ctx, name);
    case 'cursor-made-up':
      return cursorMadeUp(ctx);
    // 2026-07-28 (lesson 28): the request itself is served, shaped as every modern result is.
    case 'invalid-log-level-accepted':
      return ctx.server.era === 'modern'
        ? modernLogLevelAccepted(ctx, name)
        : answeredInstead(ctx, name, 'logging/setLevel', {});
    case 'prompt-served-without-argument':
      return ctx.server.era === 'modern'
        ? modernPromptServed(ctx, name)
        : answeredInstead(ctx, name, 'prompts/get', PROMPT_FILLED_WITHOUT_ARGUMENT);
    case 'tool-choice-ignored':
      return toolChoiceIgnored(ctx, name);
    case 'cancel-unknown-request':
      return cancelUnknownRequest(ctx, name);
    case 'duplicate-progress-token':
      return duplicateProgressToken(ctx, name);
    case 'wrong-direction':
      return wrongDirection(ctx);
    case 'big-progress-token':
      return bigProgressToken(ctx);
    case 'params-off-schema':
      return paramsOffSchema(ctx);
    case 'result-off-schema':
      return resultOffSchema(ctx, name);
    case 'malformed-tool-name':
      return malformedToolName(ctx, name);
    case 'method-from-later-revision':
      return methodFromLaterRevision(ctx, name);
    // 2025-11-25 basic/lifecycle (lesson 20)
    case 'duplicate-initialize':
      return duplicateInitialize(ctx, name);
    // Both eras: tool schemas and tool results (lessons 7 and 30)
    case 'misspelled-schema-type':
      return misspelledSchemaType(ctx, name);
    case 'invalid-arguments-served':
      return invalidArgumentsServed(ctx, name);
    case 'structured-content-only':
      return structuredContentOnly(ctx, name);
    // _meta key names, roots, links in forms (lessons 14, 19 and 30)
    case 'meta-key-malformed':
      return metaKeyMalformed(ctx, name);
    case 'root-not-file':
      return rootNotFile(ctx, name);
    case 'link-in-form':
      return linkInForm(ctx, name);
    // Resources in results (lessons 18 and 12)
    case 'embedded-without-resources':
      return embeddedWithoutResources(ctx, name);
    case 'resource-uri-unencoded':
      return resourceUriUnencoded(ctx, name);
    // 2026-07-28 basic/index › General fields (lesson 22)
    case 'request-without-client-info':
      return requestWithoutClientInfo(ctx, name);
    // 2026-07-28 server/tools › Capabilities (lesson 30)
    case 'tools-reordered':
      return toolsReordered(ctx, name);
    case 'task-for-unsupported-request':
    case 'task-result-marked-task':
    case 'undeclared-tasks-request-served':
    case 'unknown-task-wrong-code':
    case 'finished-ext-task-reopened':
    case 'input-key-reused':
    case 'task-not-listened':
      return scriptedServerFault(ctx, name);
    case 'task-name-header-wrong':
    case 'ext-task-cancel-notified':
      return scriptedClientFault(ctx, name);
    // 2026-07-28 server/tools, prompts, resources › Capabilities (lesson 30)
    case 'declared-list-not-found':
      return declaredListNotFound(ctx, name);
    // 2026-07-28 basic/versioning (lesson 30)
    case 'initialize-refused-unversioned':
      return initializeRefusedUnversioned(ctx, name);
    case 'discover-not-found':
      return discoverNotFound(ctx, name);
    // 2026-07-28 server/tools › x-mcp-header (lesson 29)
    case 'rejected-tool-called':
      return rejectedToolCalled(ctx, name);
    // client/elicitation › Safe URL Handling (lessons 14 and 25)
    case 'token-in-elicitation-url':
      return tokenInElicitationUrl(ctx, name);
    // server/prompts › Image Content (lessons 19 and 30)
    case 'image-mime-type-bare':
      return imageMimeTypeBare(ctx, name);
    // 2026-07-28 basic/patterns/mrtr › Error Handling (lesson 30)
    case 'missing-input-refused':
      return missingInputRefused(ctx, name);
    case 'retry-with-invalid-answer':
      return retryWithInvalidAnswer(ctx, name);
    case 'invalid-answer-served':
      return invalidAnswerServed(ctx, name);
    default:
      return modernFault(name, ctx);
  }
}

// 2026-07-28 (lessons 21–25)

/** The envelope keys a `request-meta-missing` fault may leave out (the required ones). */
const REQUIRED_META: Readonly<Record<string, string>> = ownTable({
  protocolVersion: PROTOCOL_VERSION_META,
  clientCapabilities: CLIENT_CAPABILITIES_META,
});

/**
 * A modern client's request (`params.method`, default tools/list, with `params.params`) without one
 * required `_meta` key (`params.key`: clientCapabilities by default, or protocolVersion), as a
 * client that takes server/discover for a handshake sends it: 2026-07-28 basic/index › _meta,
 * per-request protocol fields.
 */
function requestMetaMissing(ctx: FaultContext): FaultResult {
  const { client, params } = ctx;
  const fault = 'request-meta-missing';
  if (client.modernVersion === null)
    return cannot(FAULT_STRINGS.needsModernClient, { name: fault });
  const name = str(params.key, 'clientCapabilities');
  const key = REQUIRED_META[name];
  if (key === undefined) return cannot(FAULT_STRINGS.metaKeyOneOf, { name: fault, key: name });
  const given = isObject(params.params) ? params.params : undefined;
  const message = client.request(str(params.method, 'tools/list'), given);
  const body = isObject(message.params) ? message.params : {};
  const { [key]: _left, ...meta } = isObject(body._meta) ? body._meta : {};
  return { ok: true, direction: C2S, message: { ...message, params: { ...body, _meta: meta } } };
}

/**
 * The server answers a modern request whose protocolVersion it does not serve with a result (its
 * usual one, as if it spoke that revision) instead of the -32022 it had scheduled: 2026-07-28
 * basic/versioning › Protocol Version Negotiation. The latest such request is the one answered.
 */
function versionNotRefused(ctx: FaultContext): FaultResult {
  const { server } = ctx;
  // The -32022 the server has scheduled: the request it is about is the one answered wrongly.
  const refusal = server.outbox
    .list()
    .filter((item) => isObject(item.message.error) && item.message.error.code === -32022)
    .at(-1);
  const target = refusal?.about;
  if (target === undefined)
    return cannot(FAULT_STRINGS.needsRefusal, { name: 'version-not-refused' });
  const method = ctx.client.pending().find((p) => p.id === target)?.method;
  const listed = method === 'tools/list';
  return answerInstead(ctx, target, {
    result: modernShaped(
      ctx,
      listed ? { tools: server.toolDefinitions(), ttlMs: 0, cacheScope: 'private' } : {},
    ),
  });
}

/**
 * The client's next retry after an input_required round goes out with its requestState edited: the
 * payload (readable base64url JSON in the sim) gets an expiry a year later, the MAC is kept. The
 * client MUST echo the state exactly, and the server, which MUST treat it as attacker-controlled,
 * finds the HMAC does not match (2026-07-28 basic/patterns/mrtr › Client Requirements (Basic
 * Workflow), Server Requirements). The honest retry is not sent.
 */
function requestStateAltered(ctx: FaultContext): FaultResult {
  const { client } = ctx;
  const state = client.queuedNext()?.params.requestState;
  if (typeof state !== 'string')
    return cannot(FAULT_STRINGS.needsRetryAboutToGo, { name: 'request-state-altered' });
  // It goes out as the retry would have, with the id it gets now, only its state edited.
  const message = client.sendQueuedEdited((params) => ({
    ...params,
    requestState: alteredState(state),
  }));
  if (message === null)
    return cannot(FAULT_STRINGS.needsRetryAboutToGo, { name: 'request-state-altered' });
  return { ok: true, direction: C2S, message };
}

const YEAR_MS = 365 * 24 * 3600_000;

/** A state with its payload changed and its MAC kept (or, when unreadable, one character changed). */
function alteredState(state: string): string {
  const [payload, mac] = state.split('.');
  if (payload !== undefined && mac !== undefined) {
    try {
      const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (isObject(value) && typeof value.exp === 'number') {
        const later = JSON.stringify({ ...value, exp: value.exp + YEAR_MS });
        return `${Buffer.from(later, 'utf8').toString('base64url')}.${mac}`;
      }
    } catch {
      // not JSON: change a character instead
    }
  }
  const last = state.at(-1) === 'A' ? 'B' : 'A';
  return `${state.slice(0, -1)}${last}`;
}

/**
 * A modern client's request (`params.method`, default tools/list, with `params.params`) whose
 * `_meta` envelope keeps its two required keys but not clientInfo, as a client that names itself
 * only on server/discover sends it: 2026-07-28 basic/index › General fields (clients SHOULD include
 * clientInfo on every request).
 */
function requestWithoutClientInfo(ctx: FaultContext, name: FaultName): FaultResult {
  const { client, params } = ctx;
  if (client.modernVersion === null) return cannot(FAULT_STRINGS.needsModernClient, { name });
  const given = isObject(params.params) ? params.params : undefined;
  const message = client.request(str(params.method, 'tools/list'), given);
  const body = isObject(message.params) ? message.params : {};
  const { [CLIENT_INFO_META]: _left, ...meta } = isObject(body._meta) ? body._meta : {};
  return { ok: true, direction: C2S, message: { ...message, params: { ...body, _meta: meta } } };
}
