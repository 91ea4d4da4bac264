import {
  CallToolRequestSchema,
  CallToolResultSchema,
  CancelledNotificationSchema,
  CancelTaskRequestSchema,
  CancelTaskResultSchema,
  CompleteRequestSchema,
  CompleteResultSchema,
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  CreateMessageResultWithToolsSchema,
  CreateTaskResultSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ElicitRequestURLParamsSchema,
  ElicitResultSchema,
  GetPromptRequestSchema,
  GetPromptResultSchema,
  GetTaskPayloadRequestSchema,
  GetTaskPayloadResultSchema,
  GetTaskRequestSchema,
  GetTaskResultSchema,
  InitializedNotificationSchema,
  InitializeRequestSchema,
  InitializeResultSchema,
  ListPromptsRequestSchema,
  ListPromptsResultSchema,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListRootsRequestSchema,
  ListRootsResultSchema,
  ListTasksRequestSchema,
  ListTasksResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  LoggingMessageNotificationSchema,
  PingRequestSchema,
  ProgressNotificationSchema,
  PromptListChangedNotificationSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ResultSchema,
  RootsListChangedNotificationSchema,
  ServerCapabilitiesSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  TaskStatusNotificationSchema,
  ToolListChangedNotificationSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { $ZodErrorMap } from 'zod/v4/core';
import { type HandshakeMethodName, isHandshakeMethod, type MethodName } from './catalogue.js';
import type { JsonObject } from './envelope.js';
import { isObject, pointerToken } from './json.js';
import { hasJsonSchema, revisionMessageIssues, revisionResultIssues } from './revision-schema.js';
import type { ModernSchemaIssue } from './schema-book.js';
import { type HandshakeVersion, LATEST_HANDSHAKE_VERSION } from './versions.js';
import { ZOD_ZH } from './zod-zh.js';

/** Anything with zod's safeParse: the SDK's schemas, whichever zod flavour they were built with. */
type Schema = {
  safeParse(
    value: unknown,
    params?: { error?: $ZodErrorMap },
  ): {
    success: boolean;
    data?: unknown;
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
  };
};

type MethodSchemas = {
  readonly message: Schema;
  readonly result?: readonly Schema[];
  /** Which of its parts holds a type whose SDK schema fills in a default (see `addedField`). */
  readonly fillsDefaults?: 'result' | 'message and result';
};

/**
 * Every catalogued method mapped to the official SDK schemas of its message and of its result, the
 * schemas a 2025-11-25 message is judged with. No MCP schema is written by hand here: these are the
 * zod schemas `@modelcontextprotocol/sdk` ships. The SDK v1 follows the newest handshake revision;
 * the older ones are judged with their own JSON Schema (revision-schema.ts).
 */
/**
 * The result of ping, resources/subscribe, resources/unsubscribe and logging/setLevel. The spec's
 * `EmptyResult` is `Result` (schema.ts: `export type EmptyResult = Result`): any object, `_meta`
 * and other keys allowed. The SDK's EmptyResultSchema is `ResultSchema.strict()`, which refuses
 * any other key; the referee follows the spec, so the plain ResultSchema judges these results.
 */
const EMPTY_RESULT = ResultSchema;

const SCHEMAS: Record<HandshakeMethodName, MethodSchemas> = {
  initialize: { message: InitializeRequestSchema, result: [InitializeResultSchema] },
  'notifications/initialized': { message: InitializedNotificationSchema },
  ping: { message: PingRequestSchema, result: [EMPTY_RESULT] },
  'notifications/cancelled': { message: CancelledNotificationSchema },
  'notifications/progress': { message: ProgressNotificationSchema },
  'tools/list': { message: ListToolsRequestSchema, result: [ListToolsResultSchema] },
  'tools/call': {
    message: CallToolRequestSchema,
    result: [CallToolResultSchema, CreateTaskResultSchema],
    fillsDefaults: 'result',
  },
  'notifications/tools/list_changed': { message: ToolListChangedNotificationSchema },
  'resources/list': { message: ListResourcesRequestSchema, result: [ListResourcesResultSchema] },
  'resources/templates/list': {
    message: ListResourceTemplatesRequestSchema,
    result: [ListResourceTemplatesResultSchema],
  },
  'resources/read': { message: ReadResourceRequestSchema, result: [ReadResourceResultSchema] },
  'resources/subscribe': { message: SubscribeRequestSchema, result: [EMPTY_RESULT] },
  'resources/unsubscribe': { message: UnsubscribeRequestSchema, result: [EMPTY_RESULT] },
  'notifications/resources/updated': { message: ResourceUpdatedNotificationSchema },
  'notifications/resources/list_changed': { message: ResourceListChangedNotificationSchema },
  'prompts/list': { message: ListPromptsRequestSchema, result: [ListPromptsResultSchema] },
  'prompts/get': { message: GetPromptRequestSchema, result: [GetPromptResultSchema] },
  'notifications/prompts/list_changed': { message: PromptListChangedNotificationSchema },
  'logging/setLevel': { message: SetLevelRequestSchema, result: [EMPTY_RESULT] },
  'notifications/message': { message: LoggingMessageNotificationSchema },
  'completion/complete': { message: CompleteRequestSchema, result: [CompleteResultSchema] },
  'roots/list': { message: ListRootsRequestSchema, result: [ListRootsResultSchema] },
  'notifications/roots/list_changed': { message: RootsListChangedNotificationSchema },
  'sampling/createMessage': {
    message: CreateMessageRequestSchema,
    result: [CreateMessageResultSchema, CreateMessageResultWithToolsSchema, CreateTaskResultSchema],
    fillsDefaults: 'message and result',
  },
  'elicitation/create': {
    message: ElicitRequestSchema,
    result: [ElicitResultSchema, CreateTaskResultSchema],
  },
  'notifications/elicitation/complete': { message: ElicitationCompleteNotificationSchema },
  'tasks/get': { message: GetTaskRequestSchema, result: [GetTaskResultSchema] },
  'tasks/result': { message: GetTaskPayloadRequestSchema, result: [GetTaskPayloadResultSchema] },
  'tasks/list': { message: ListTasksRequestSchema, result: [ListTasksResultSchema] },
  'tasks/cancel': { message: CancelTaskRequestSchema, result: [CancelTaskResultSchema] },
  'notifications/tasks/status': { message: TaskStatusNotificationSchema },
};

/** Where a value fails its schema, and zod's message about it in English and Simplified Chinese. */
export type SchemaIssue = {
  readonly pointer: string;
  readonly message: string;
  readonly messageZh: string;
};

/** zod's own Simplified Chinese messages (its zh-CN locale), for one parse. */
const ZH: $ZodErrorMap = ZOD_ZH;

function pointerOf(base: string, path: ReadonlyArray<PropertyKey>): string {
  return base + path.map((p) => `/${pointerToken(String(p))}`).join('');
}

/**
 * The first field the parse added to `value`, as a JSON pointer into it, or null. The SDK v1's
 * CallToolResult and ToolResultContent (a sampling message's tool result) fill in a missing
 * `content` with [] (`z.array(ContentBlockSchema).default([])`), but CallToolResult.required and
 * ToolResultContent.required in the 2025-11-25 schema list `content`: the sender must write it. A
 * parse that passes would hide the missing field, so for the methods whose messages hold those
 * types (`fillsDefaults`) the parsed value is compared with the one sent. The spec wins here.
 */
function addedField(value: unknown, parsed: unknown): string | null {
  // zod passes what its schema does not describe (`z.unknown()`, a tool's arguments) through as
  // it is: the walk stops there, at the depth of the schema, however deep the value goes.
  if (parsed === value) return null;
  if (Array.isArray(parsed)) {
    if (!Array.isArray(value)) return null;
    for (let i = 0; i < parsed.length; i++) {
      const added = addedField(value[i], parsed[i]);
      if (added !== null) return `/${i}${added}`;
    }
    return null;
  }
  if (!isObject(parsed) || !isObject(value)) return null;
  for (const key in parsed) {
    const child = parsed[key];
    const added = Object.hasOwn(value, key)
      ? addedField(value[key], child)
      : child === undefined
        ? null
        : '';
    if (added !== null) return `/${pointerToken(key)}${added}`;
  }
  return null;
}

/** The issue of a required field the SDK's schema filled in (see `addedField`). */
function filledIn(pointer: string): SchemaIssue {
  const field = pointer.split('/').at(-1) ?? '';
  return {
    pointer,
    message: `must have required property '${field}': the spec requires it; the SDK v1's schema fills it in when missing, and the referee follows the spec`,
    messageZh: `应当有必需属性 ${field}：规范要求它；SDK v1 的模式在缺少时会自动补上，裁判以规范为准`,
  };
}

function firstIssue(
  schema: Schema,
  value: unknown,
  base: string,
  fillsDefaults = false,
): SchemaIssue | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    const added = fillsDefaults ? addedField(value, parsed.data) : null;
    return added === null ? null : filledIn(base + added);
  }
  const issue = parsed.error?.issues[0];
  if (!issue)
    return { pointer: base, message: 'does not match the schema', messageZh: '不符合模式' };
  // Only a failed parse is parsed again: the same first issue, in Chinese.
  const zh = schema.safeParse(value, { error: ZH }).error?.issues[0]?.message ?? '不符合模式';
  return {
    pointer: pointerOf(base, issue.path),
    message: issue.message,
    messageZh: zh,
  };
}

/**
 * Checks a request's or notification's params against the schema of its method in `revision`:
 * the SDK's zod schema for 2025-11-25, the revision's official JSON Schema before it.
 */
export function checkParams(
  method: MethodName,
  params: JsonObject | undefined,
  revision: HandshakeVersion = LATEST_HANDSHAKE_VERSION,
): SchemaIssue | null {
  // The methods 2026-07-28 added have no SDK v1 schema: the modern era's own check reads them.
  if (!isHandshakeMethod(method)) return null;
  const message = params === undefined ? { method } : { method, params };
  if (hasJsonSchema(revision)) return revisionMessageIssues(revision, method, message)[0] ?? null;
  const { message: schema, fillsDefaults } = SCHEMAS[method];
  return firstIssue(schema, message, '', fillsDefaults === 'message and result');
}

/**
 * Checks a result against the schema(s) of the method it answers in `revision` (any alternative
 * may match): the SDK's zod schemas for 2025-11-25, the revision's official JSON Schema before it.
 * An issue of the official schema that `leftToOthers` claims is another rule's to report: the next
 * one counts.
 */
export function checkResult(
  method: MethodName,
  result: JsonObject,
  revision: HandshakeVersion = LATEST_HANDSHAKE_VERSION,
  leftToOthers: (issue: ModernSchemaIssue) => boolean = () => false,
): SchemaIssue | null {
  if (!isHandshakeMethod(method)) return null;
  if (hasJsonSchema(revision))
    return revisionResultIssues(revision, method, result).find((i) => !leftToOthers(i)) ?? null;
  const { result: alternatives = [], fillsDefaults } = SCHEMAS[method];
  let first: SchemaIssue | null = null;
  for (const schema of alternatives) {
    const issue = firstIssue(schema, result, '/result', fillsDefaults !== undefined);
    if (!issue) return null;
    first ??= issue;
  }
  return first;
}

/**
 * Checks a server's capabilities object (what its initialize result declares) against the SDK's
 * schema of 2025-11-25's `ServerCapabilities`: `tools.listChanged` is a boolean, `logging` an
 * object, and so on. The pointer is into the capabilities object (`/tools/listChanged`).
 */
export function checkServerCapabilities(value: unknown): SchemaIssue | null {
  return firstIssue(ServerCapabilitiesSchema, value, '');
}

/**
 * 2025-11-25 client/elicitation › URL Elicitation Required Error: a -32042 error's data lists the
 * URL-mode elicitations to complete (the spec's URLElicitationRequiredError), each judged with the
 * SDK's schema of a URL-mode elicitation's params (mode "url", message, elicitationId, url).
 */
const URL_ELICITATION_DATA = z.object({ elicitations: z.array(ElicitRequestURLParamsSchema) });

/** The first way a -32042 error's `data` is not what 2025-11-25 asks, at its JSON pointer. */
export function checkUrlElicitationData(data: unknown): SchemaIssue | null {
  if (data === undefined)
    return {
      pointer: '/error/data',
      message: 'data is missing: it must list the URL-mode elicitations (data.elicitations)',
      messageZh: '缺少 data：它必须列出 URL 模式的信息征询（data.elicitations）',
    };
  return firstIssue(URL_ELICITATION_DATA, data, '/error/data');
}
