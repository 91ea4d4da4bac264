import type { Lang } from '../i18n/lang.js';
import type { Bilingual, KnownVersion } from '../protocol/index.js';
import type { Era } from './rule-sets.js';
import { BIG_ID_RULES } from './rules/big-ids.js';
import { CANCELLATION_RULES } from './rules/cancellation.js';
import { CAPABILITY_RULES } from './rules/capabilities.js';
import { DECLARED_LIST_RULES } from './rules/declared-lists.js';
import { DISCOVERY_RULES } from './rules/discovery.js';
import { ELICITATION_RULES } from './rules/elicitation.js';
import { ELICITATION_URL_SECRET_RULES } from './rules/elicitation-url-secrets.js';
import { ERA_RULES } from './rules/eras.js';
import { ERROR_CODE_RULES } from './rules/error-codes.js';
import { EXT_TASK_RULES } from './rules/ext-tasks.js';
import { HTTP_HEADER_RULES } from './rules/http-headers.js';
import { LIFECYCLE_RULES } from './rules/lifecycle.js';
import { LOGGING_RULES } from './rules/logging.js';
import { MEDIA_TYPE_RULES } from './rules/media-types.js';
import { META_KEY_RULES } from './rules/meta-keys.js';
import { CLIENT_INFO_RULES, MODERN_REQUEST_RULES } from './rules/modern-requests.js';
import { MODERN_NOTIFICATION_RULES, MODERN_RESULT_RULES } from './rules/modern-results.js';
import { MRTR_RULES } from './rules/mrtr.js';
import { PAGINATION_RULES } from './rules/pagination.js';
import { PROGRESS_RULES } from './rules/progress.js';
import { PROMPT_RULES } from './rules/prompts.js';
import { REJECTED_TOOL_RULES } from './rules/rejected-tools.js';
import { REQUEST_RULES } from './rules/requests.js';
import { RESOURCE_CONTENT_RULES } from './rules/resource-content.js';
import { RESOURCE_RULES } from './rules/resources.js';
import { ROOT_RULES } from './rules/roots.js';
import type { Finding, RuleDefinition, RuleRow, Severity } from './rules/rule.js';
import { SAMPLING_RULES } from './rules/sampling.js';
import { SCHEMA_RULES } from './rules/schema.js';
import { SUBSCRIPTION_RULES } from './rules/subscriptions.js';
import { TASK_MESSAGE_RULES } from './rules/task-messages.js';
import { TASK_RULES } from './rules/tasks.js';
import { TOOL_ORDER_RULES } from './rules/tool-order.js';
import { TOOL_SCHEMA_RULES } from './rules/tool-schemas.js';
import { TOOL_RULES } from './rules/tools.js';
import { TRACE_CONTEXT_RULES } from './rules/trace-context.js';
import { VERSION_RETRY_RULES } from './rules/version-retry.js';

export type { Check, Finding, RuleDefinition, RuleRow, Severity } from './rules/rule.js';

/** Every rule the referee enforces, one row each, area by area (`rules/<area>.ts`). */
const ROWS = [
  ...SCHEMA_RULES,
  ...CAPABILITY_RULES,
  ...LIFECYCLE_RULES,
  ...HTTP_HEADER_RULES,
  ...REQUEST_RULES,
  ...CANCELLATION_RULES,
  ...PROGRESS_RULES,
  ...RESOURCE_RULES,
  ...LOGGING_RULES,
  ...BIG_ID_RULES,
  ...ERA_RULES,
  ...ERROR_CODE_RULES,
  ...MODERN_REQUEST_RULES,
  ...MODERN_RESULT_RULES,
  ...MODERN_NOTIFICATION_RULES,
  ...MRTR_RULES,
  ...SUBSCRIPTION_RULES,
  ...TASK_RULES,
  ...TASK_MESSAGE_RULES,
  // 2026-07-28: the io.modelcontextprotocol/tasks extension (its own text, ext-tasks e434597)
  ...EXT_TASK_RULES,
  ...TOOL_RULES,
  ...ELICITATION_RULES,
  // 2026-07-28 audit (basic/index › General fields)
  ...TRACE_CONTEXT_RULES,
  ...VERSION_RETRY_RULES,
  ...SAMPLING_RULES,
  // server/prompts › Error Handling
  ...PROMPT_RULES,
  // server/utilities/pagination › Implementation Guidelines
  ...PAGINATION_RULES,
  // Tool schemas and tool inputs (server/tools, basic/index › JSON Schema Usage)
  ...TOOL_SCHEMA_RULES,
  // _meta key names (basic/index › _meta), roots (client/roots › Root)
  ...META_KEY_RULES,
  ...ROOT_RULES,
  // Resources in results (server/tools › Embedded Resources, server/resources › Common URI Schemes)
  ...RESOURCE_CONTENT_RULES,
  // The client's name on each 2026-07-28 request (basic/index › General fields)
  ...CLIENT_INFO_RULES,
  // Tools in a deterministic order (2026-07-28 server/tools › Capabilities)
  ...TOOL_ORDER_RULES,
  // A declared list is served (2026-07-28 server/tools, prompts, resources › Capabilities)
  ...DECLARED_LIST_RULES,
  // A tool the client had to reject is not called (2026-07-28 server/tools › x-mcp-header)
  ...REJECTED_TOOL_RULES,
  // No credential in an elicitation's URL (client/elicitation › Safe URL Handling)
  ...ELICITATION_URL_SECRET_RULES,
  // Image and audio blocks name a valid MIME type (server/prompts › Image Content, Audio Content)
  ...MEDIA_TYPE_RULES,
  // server/discover implemented, versions named to initialize (2026-07-28 basic/versioning)
  ...DISCOVERY_RULES,
] as const;

type Row = (typeof ROWS)[number];

export type RuleId = Row['id'];

/**
 * Every rule the referee enforces, by stable kebab-case id. The same words appear in the UI, the
 * tracer and the grader.
 */
export const RULES = Object.fromEntries(ROWS.map((row) => [row.id, row])) as {
  readonly [Id in RuleId]: Extract<Row, { readonly id: Id }>;
};

export const RULE_IDS: RuleId[] = ROWS.map((row) => row.id);

export type Violation = {
  readonly rule: RuleId;
  readonly severity: Severity;
  /** What happened, in English. */
  readonly message: string;
  /** The same in Simplified Chinese. */
  readonly messageZh: string;
  /** The spec section, and what it asks for, in English: `2025-11-25/basic/index › Requests (an id …)`. */
  readonly spec: string;
  /** The same with the Simplified Chinese note: `2025-11-25/basic/index › Requests（同一会话中不得…）`. */
  readonly specZh: string;
  /** Where in the message the finding is (a JSON pointer), for the rules that know it. */
  readonly pointer?: string;
};

/**
 * A rule's spec section with its note in `lang` (the section itself is never translated); in a
 * session of the modern era, the 2026-07-28 section when the rule names one. Before any message
 * decided the era (`era` null: a broken first line), a rule that both eras have cites both
 * revisions, since neither is yet the session's.
 */
export function ruleSpecText(
  def: RuleDefinition,
  lang: Lang,
  era?: Era | null,
  version?: KnownVersion,
  cite?: Finding['cite'],
): string {
  const modern = era === 'modern' ? def.modern : undefined;
  const own = inRevision(cite?.spec ?? modern?.spec ?? def.spec, version);
  const spec = era === null && def.modern && !cite ? `${own}; ${def.modern.spec}` : own;
  const specNote = cite ? cite.specNote : (modern?.specNote ?? def.specNote);
  if (!specNote) return spec;
  return lang === 'zh' ? `${spec}（${specNote.zh}）` : `${spec} (${specNote.en})`;
}

/**
 * A section as the session's revision has it: 2024-11-05 kept the message rules on a page of their
 * own (basic/messages › Requests, Responses, Notifications), which 2025-03-26 moved into
 * basic/index › Messages.
 */
function inRevision(spec: string, version: KnownVersion | undefined): string {
  const page = '2025-11-25/basic/index › ';
  if (version !== '2024-11-05' || !spec.startsWith(page)) return spec;
  const section = spec.slice(page.length);
  return section === 'Messages'
    ? '2024-11-05/basic/messages'
    : `2024-11-05/basic/messages › ${section}`;
}

export { specText } from './spec-text.js';

/**
 * A violation of a row's rule. A rule set of another era brings rows of its own; their ids join
 * `RuleId` when that era lands in this table.
 */
export function violationOf(
  row: RuleRow,
  found: Finding,
  era?: Era | null,
  version?: KnownVersion,
): Violation {
  return {
    rule: row.id as RuleId,
    severity: found.severity ?? row.severity,
    message: found.en,
    messageZh: found.zh,
    spec: ruleSpecText(row, 'en', era, version, found.cite),
    specZh: ruleSpecText(row, 'zh', era, version, found.cite),
    ...(found.pointer === undefined ? {} : { pointer: found.pointer }),
  };
}

export function violation(rule: RuleId, text: Bilingual, severity?: Severity): Violation {
  return violationOf(RULES[rule], severity === undefined ? text : { ...text, severity });
}
