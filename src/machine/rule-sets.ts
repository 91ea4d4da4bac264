import type { KnownVersion } from '../protocol/index.js';
import type { MessageType } from './events.js';
import type { RuleRow } from './rules/rule.js';
import { RULES, type RuleId } from './rules.js';

/**
 * The two eras of the protocol (DESIGN.md › The model). `legacy` (2024-11-05 … 2025-11-25):
 * initialize opens the session, and each side goes through initialization, operation and
 * shutdown. `modern` (2026-07-28 on): no handshake and no phases; each request names its
 * revision in `_meta`.
 */
export type Era = 'legacy' | 'modern';

/** What judges the messages of one revision. */
export type RuleSet = {
  readonly era: Era;
  /** For each kind of message, the rules that judge it, in the order their violations are reported. */
  readonly judges: { readonly [Type in MessageType]?: readonly RuleRow[] };
};

/** The rule set of each revision, by its version string. */
export type RuleSets = { readonly [revision: string]: RuleSet | undefined };

const rules = (...ids: RuleId[]): readonly RuleRow[] => ids.map((id) => RULES[id]);

/** What every method call is checked for: is it MCP, of this revision, sent this way, well formed, negotiated? */
const CALL = [
  'unknown-method',
  'method-not-in-version',
  'wrong-direction',
  'invalid-params',
  'capability-not-negotiated',
] as const satisfies readonly RuleId[];

/** What every request is checked for after its call: a fresh id, a free progress token. */
const IDS = [
  'duplicate-request-id',
  'duplicate-progress-token',
  'id-beyond-safe-integer',
] as const satisfies readonly RuleId[];

/** What every answer is checked for: one answer to one request still waiting for it. */
const ANSWER = [
  'response-without-request',
  'duplicate-response',
  'response-after-cancellation',
  'id-beyond-safe-integer',
] as const satisfies readonly RuleId[];

const PROGRESS = [
  'unknown-progress-token',
  'progress-after-completion',
  'progress-after-cancellation',
  'progress-not-increasing',
  'id-beyond-safe-integer',
] as const satisfies readonly RuleId[];

const CANCELLED = [
  'cancel-without-request-id',
  'cancel-unknown-request',
  'cancel-initialize',
  'cancel-task-augmented',
  'id-beyond-safe-integer',
] as const satisfies readonly RuleId[];

/** A receiver's answer about a task it runs (2025-11-25 basic/utilities/tasks). */
const TASK_ANSWER = [
  'task-status-transition',
  'task-cancel-terminal',
  'task-related-meta',
  'task-meta-redundant',
  'task-answer-other-task',
  'task-failed-without-message',
  'task-result-kind',
  'task-result-before-terminal',
  'task-id-reused',
] as const satisfies readonly RuleId[];

/** What every message with params or a result is checked for: its `_meta` keys (basic/index › _meta). */
const META = ['meta-key-invalid'] as const satisfies readonly RuleId[];

/**
 * The handshake era's rules, kind of message by kind of message. Nothing may follow a closed
 * transport, so every list starts with message-after-shutdown. Progress and cancellation are
 * utilities: they may concern a request sent before initialize (ping), so the handshake's timing
 * rules do not judge them.
 */
export const HANDSHAKE_RULES: RuleSet = {
  era: 'legacy',
  judges: {
    'client.initialize': rules(
      'message-after-shutdown',
      ...CALL,
      'duplicate-initialize',
      'initialize-in-batch',
      ...IDS,
      ...META,
    ),
    'client.initialized': rules(
      'message-after-shutdown',
      ...CALL,
      'initialized-before-result',
      'protocol-version-header',
      ...META,
    ),
    'client.request': rules(
      'message-after-shutdown',
      ...CALL,
      'initialize-not-first',
      'request-before-initialized',
      'initialized-not-sent',
      'era-mixed',
      'protocol-version-header',
      'task-support-mismatch',
      'task-meta-redundant',
      'task-augmentation-unsupported',
      'task-poll-too-soon',
      ...IDS,
      ...META,
      // server/utilities/pagination › Implementation Guidelines
      'cursor-not-issued',
    ),
    'server.request': rules(
      'message-after-shutdown',
      ...CALL,
      'initialize-not-first',
      'request-before-initialized',
      'task-input-request-meta',
      'task-meta-redundant',
      'task-augmentation-unsupported',
      'task-poll-too-soon',
      'elicitation-id-reused',
      'elicitation-url-not-https',
      'elicitation-form-asks-secret',
      ...IDS,
      'cursor-not-issued',
      // 2025-11-25 client/sampling › Message Content Constraints
      'sampling-tool-result-mixed',
      'sampling-tool-use-unanswered',
      // 2025-11-25 basic/index › JSON Schema Usage: the tools a sampling request offers
      'tool-schema-invalid',
      ...META,
      // client/elicitation › Safe URL Handling
      'elicitation-form-url',
      'elicitation-url-sensitive',
      // server/prompts › Image Content, Audio Content: the blocks of a sampling request
      'media-type-invalid',
    ),
    'client.notification': rules(
      'message-after-shutdown',
      ...CALL,
      'initialize-not-first',
      'resource-not-subscribed',
      'protocol-version-header',
      'task-status-transition',
      'task-result-before-terminal',
      'task-meta-redundant',
      ...META,
    ),
    'server.notification': rules(
      'message-after-shutdown',
      ...CALL,
      'initialize-not-first',
      'notification-before-initialized',
      'resource-not-subscribed',
      'log-below-level',
      'task-status-transition',
      'task-result-before-terminal',
      'task-meta-redundant',
      'elicitation-complete-unknown',
      ...META,
    ),
    'client.progress': rules(
      'message-after-shutdown',
      ...CALL,
      ...PROGRESS,
      'protocol-version-header',
      ...META,
    ),
    'server.progress': rules('message-after-shutdown', ...CALL, ...PROGRESS, ...META),
    'client.cancelled': rules(
      'message-after-shutdown',
      ...CALL,
      ...CANCELLED,
      'protocol-version-header',
      ...META,
    ),
    'server.cancelled': rules('message-after-shutdown', ...CALL, ...CANCELLED, ...META),
    'client.result': rules(
      'message-after-shutdown',
      ...ANSWER,
      'invalid-result',
      'ping-result-not-empty',
      'protocol-version-header',
      ...TASK_ANSWER,
      'elicitation-mode-not-refused',
      'elicitation-content-mismatch',
      // 2025-11-25 schema › CreateMessageRequestParams
      'sampling-tools-not-refused',
      // 2025-11-25 client/sampling › Tool Choice Modes
      'sampling-tool-choice-ignored',
      // server/prompts › Image Content, Audio Content: the blocks of a sampling answer
      'media-type-invalid',
      ...META,
      // client/roots › Root
      'root-uri-not-file',
    ),
    'server.result': rules(
      'message-after-shutdown',
      ...ANSWER,
      'invalid-result',
      'ping-result-not-empty',
      'unsupported-version',
      'task-support-mismatch',
      'structured-content-mismatch',
      'tool-name-format',
      ...TASK_ANSWER,
      // server/utilities/logging and server/prompts › Error Handling
      'log-level-not-refused',
      'prompt-arguments-not-refused',
      // server/tools and basic/index › JSON Schema Usage: tool schemas and tool inputs
      'tool-schema-invalid',
      'tool-input-not-validated',
      'structured-content-without-text',
      ...META,
      // Resources in results (server/tools › Embedded Resources, server/resources › Common URI
      // Schemes)
      'embedded-resource-without-capability',
      'resource-uri-invalid',
      // server/prompts › Image Content, Audio Content: a valid MIME type
      'media-type-invalid',
    ),
    'client.error': rules(
      'message-after-shutdown',
      ...ANSWER,
      'protocol-version-header',
      'task-cancel-terminal',
      'elicitation-mode-not-refused',
    ),
    'server.error': rules(
      'message-after-shutdown',
      ...ANSWER,
      'task-cancel-terminal',
      // A modern-only server's -32022 to a bare initialize (2026-07-28 basic/versioning ›
      // Backward Compatibility): its data is UnsupportedProtocolVersionError's, as after a modern
      // opening.
      'unsupported-version-error-incomplete',
      'unsupported-version-contradicted',
      // A -32022 naming 2026-07-28 to the initialize after a probe the server answered -32601
      // (2026-07-28 basic/versioning: servers MUST implement server/discover)
      'discover-not-implemented',
      'url-elicitation-error-invalid',
      'url-elicitation-error-undeclared',
      'elicitation-id-reused',
      'elicitation-url-not-https',
      // client/elicitation › Safe URL Handling: no credential in the URL
      'elicitation-url-sensitive',
    ),
    'client.invalid': rules('message-after-shutdown', 'invalid-envelope'),
    'server.invalid': rules('message-after-shutdown', 'invalid-envelope'),
  },
};

/** What every method call of the modern era is checked for: is it MCP, of this revision, sent this way, well formed? */
const MODERN_CALL = [
  'unknown-method',
  'method-removed',
  'wrong-direction',
  'invalid-params',
] as const satisfies readonly RuleId[];

/** A modern client's retry of an input_required round (basic/patterns/mrtr › Client Requirements (Basic Workflow)). */
const MRTR_RETRY = [
  'retry-without-round',
  'retry-same-id',
  'request-state-altered',
  'input-responses-missing',
] as const satisfies readonly RuleId[];

/** A modern server's input_required answer (basic/patterns/mrtr). */
const MRTR_ANSWER = [
  'input-required-not-allowed',
  'input-required-empty',
] as const satisfies readonly RuleId[];

/** A modern server's notifications on listen streams (basic/patterns/subscriptions). */
const STREAM = [
  'unsolicited-notification',
  // On a stream the client cancelled: the race an answer after cancellation is.
  'response-after-cancellation',
  'listen-ack-not-first',
  'ack-beyond-filter',
  'notification-not-subscribed',
] as const satisfies readonly RuleId[];

/**
 * The modern era's rules (2026-07-28): no lifecycle, so no timing rules; every request stands on
 * its own. Only a closed transport still ends the session, so every list starts with
 * message-after-shutdown; initialize and initialized are era-mixed.
 */
export const MODERN_RULES: RuleSet = {
  era: 'modern',
  judges: {
    'client.initialize': rules('message-after-shutdown', 'era-mixed', 'invalid-params', ...IDS),
    'client.initialized': rules('message-after-shutdown', 'era-mixed'),
    'client.request': rules(
      'message-after-shutdown',
      ...MODERN_CALL,
      // Once server/discover answered: what the server declared there (architecture/index ›
      // Capability Negotiation).
      'capability-not-negotiated',
      'era-mixed',
      ...IDS,
      'request-meta-missing',
      'header-mismatch',
      // tasks extension › Streamable HTTP: Routing Headers: the task's id in Mcp-Name
      'task-name-header',
      // tasks extension › Task Polling: a tasks/get sooner than the last result's pollIntervalMs
      'task-poll-too-soon',
      ...MRTR_RETRY,
      'elicitation-content-mismatch',
      'trace-context-invalid',
      'version-not-from-supported',
      // A retry's answers to the round's sampling requests (2026-07-28 client/sampling, schema ›
      // CreateMessageRequestParams)
      'sampling-tools-not-refused',
      'sampling-tool-choice-ignored',
      // server/prompts › Image Content, Audio Content: the blocks of those answers
      'media-type-invalid',
      ...META,
      // client/roots › Root
      'root-uri-not-file',
      // basic/index › General fields: clientInfo on every request (a SHOULD)
      'client-info-missing',
      // server/tools › x-mcp-header: a tool the client over Streamable HTTP had to reject
      'x-mcp-header-tool-called',
    ),
    'server.request': rules('message-after-shutdown', ...MODERN_CALL, ...IDS, 'server-request'),
    'client.notification': rules(
      'message-after-shutdown',
      ...MODERN_CALL,
      'trace-context-invalid',
      ...META,
    ),
    'server.notification': rules(
      'message-after-shutdown',
      ...MODERN_CALL,
      // Only a log message: the other notifications travel on listen streams, judged there.
      'capability-not-negotiated',
      'log-without-level',
      'log-below-level',
      ...STREAM,
      // The task a notifications/tasks reports, an acknowledgment of a listen that asked for
      // taskIds undeclared (tasks extension › Task Status Notifications).
      'tasks-undeclared-not-refused',
      'task-terminal-left',
      'task-input-key-reused',
      // A log message for a request whose stream the client closed.
      'message-after-stream-closed',
      'trace-context-invalid',
      ...META,
    ),
    'client.progress': rules(
      'message-after-shutdown',
      ...MODERN_CALL,
      ...PROGRESS,
      'trace-context-invalid',
      ...META,
    ),
    'server.progress': rules(
      'message-after-shutdown',
      ...MODERN_CALL,
      ...PROGRESS,
      'message-after-stream-closed',
      'trace-context-invalid',
      ...META,
    ),
    // Not cancel-initialize: 2026-07-28 has no initialize. Tasks left its core for an
    // extension (changelog), whose tasks cancel-task-augmented judges.
    'client.cancelled': rules(
      'message-after-shutdown',
      ...MODERN_CALL,
      'cancel-unknown-request',
      // tasks extension › Task Cancellation: tasks/cancel, not notifications/cancelled
      'cancel-task-augmented',
      'id-beyond-safe-integer',
      'trace-context-invalid',
      ...META,
    ),
    // A server cancels only a listen stream, a request of the client's (cancellation.mdx).
    'server.cancelled': rules(
      'message-after-shutdown',
      ...MODERN_CALL,
      'server-cancel-not-listen',
      'id-beyond-safe-integer',
      'trace-context-invalid',
      ...META,
    ),
    'client.result': rules(
      'message-after-shutdown',
      'client-response',
      ...ANSWER,
      'invalid-result',
    ),
    'server.result': rules(
      'message-after-shutdown',
      ...ANSWER,
      'invalid-result',
      'result-type-missing',
      'version-not-refused',
      'malformed-request-served',
      'cache-hints-missing',
      'cache-scope-changed',
      'client-capability-not-declared',
      'server-info-missing',
      'structured-content-mismatch',
      'tool-name-format',
      'x-mcp-header-invalid',
      ...MRTR_ANSWER,
      'elicitation-url-not-https',
      'elicitation-form-asks-secret',
      'message-after-stream-closed',
      'trace-context-invalid',
      // server/utilities/logging and server/prompts › Error Handling
      'log-level-not-refused',
      'prompt-arguments-not-refused',
      // The sampling requests of an input_required round (2026-07-28 client/sampling › Message
      // Content Constraints)
      'sampling-tool-result-mixed',
      'sampling-tool-use-unanswered',
      // server/tools and basic/index › JSON Schema Usage: tool schemas and tool inputs
      'tool-schema-invalid',
      'tool-input-not-validated',
      'structured-content-without-text',
      ...META,
      // client/elicitation › Safe URL Handling
      'elicitation-form-url',
      // Resources in results (server/tools › Embedded Resources, server/resources › Common URI
      // Schemes)
      'embedded-resource-without-capability',
      'resource-uri-invalid',
      // server/tools › Capabilities: tools in a deterministic order
      'tool-order-changed',
      // client/elicitation › Safe URL Handling: no credential in the URL
      'elicitation-url-sensitive',
      // server/prompts › Image Content, Audio Content: a valid MIME type
      'media-type-invalid',
      // basic/patterns/mrtr › Error Handling: invalid inputResponses get an error
      'input-responses-not-validated',
      // basic/versioning › Protocol Version Negotiation: servers MUST implement server/discover
      'discover-not-implemented',
      // The tasks extension (ext-tasks e434597): its results and the tasks they report
      'task-unsupported-request',
      'task-result-type',
      'tasks-undeclared-not-refused',
      'task-terminal-left',
      'task-input-key-reused',
    ),
    'client.error': rules(
      'message-after-shutdown',
      'client-response',
      ...ANSWER,
      'error-code-not-in-revision',
    ),
    'server.error': rules(
      'message-after-shutdown',
      ...ANSWER,
      'error-code-not-in-revision',
      'version-not-refused',
      'malformed-request-served',
      'unsupported-version-error-incomplete',
      'unsupported-version-contradicted',
      'capability-error-incomplete',
      'message-after-stream-closed',
      // server/tools, prompts, resources › Capabilities: a declared list is served
      'declared-list-not-served',
      // basic/patterns/mrtr › Error Handling: missing input is asked for again, not refused
      'input-responses-not-reasked',
      // basic/versioning: server/discover implemented; versions named in an error to initialize
      'discover-not-implemented',
      'initialize-error-without-versions',
      // The tasks extension (ext-tasks e434597): how its requests are refused
      'tasks-undeclared-not-refused',
      'task-not-found-code',
    ),
    'client.invalid': rules('message-after-shutdown', 'invalid-envelope'),
    'server.invalid': rules('message-after-shutdown', 'invalid-envelope'),
  },
};

/**
 * Which rules judge each revision: the catalogue the era decision reads. The revisions with a
 * handshake share one rule set; where they differ (a method's first revision, SHOULD becoming
 * MUST) the rules ask the negotiated version.
 */
export const RULE_SETS: RuleSets = {
  '2024-11-05': HANDSHAKE_RULES,
  '2025-03-26': HANDSHAKE_RULES,
  '2025-06-18': HANDSHAKE_RULES,
  '2025-11-25': HANDSHAKE_RULES,
  '2026-07-28': MODERN_RULES,
} satisfies Record<KnownVersion, RuleSet>;
