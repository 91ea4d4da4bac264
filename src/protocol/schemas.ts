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
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  TaskStatusNotificationSchema,
  ToolListChangedNotificationSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { $ZodErrorMap } from 'zod/v4/core';
import zhCN from 'zod/v4/locales/zh-CN.js';
import { type HandshakeMethodName, isHandshakeMethod, type MethodName } from './catalogue.js';
import type { JsonObject } from './envelope.js';
import { pointerToken } from './json.js';

/** Anything with zod's safeParse: the SDK's schemas, whichever zod flavour they were built with. */
type Schema = {
  safeParse(
    value: unknown,
    params?: { error?: $ZodErrorMap },
  ): {
    success: boolean;
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
  };
};

type MethodSchemas = { readonly message: Schema; readonly result?: readonly Schema[] };

/**
 * Every catalogued method mapped to the official SDK schemas of its message and of its result. No MCP
 * schema is written by hand here: these are the zod schemas `@modelcontextprotocol/sdk` ships.
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
const ZH: $ZodErrorMap = zhCN().localeError;

function pointerOf(base: string, path: ReadonlyArray<PropertyKey>): string {
  return base + path.map((p) => `/${pointerToken(String(p))}`).join('');
}

function firstIssue(
  schema: Schema,
  value: unknown,
  base: string,
  strip: number,
): SchemaIssue | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error?.issues[0];
  if (!issue)
    return { pointer: base, message: 'does not match the schema', messageZh: '不符合模式' };
  // Only a failed parse is parsed again: the same first issue, in Chinese.
  const zh = schema.safeParse(value, { error: ZH }).error?.issues[0]?.message ?? '不符合模式';
  return {
    pointer: pointerOf(base, issue.path.slice(strip)),
    message: issue.message,
    messageZh: zh,
  };
}

/** Checks a request's or notification's params against the SDK schema of its method. */
export function checkParams(
  method: MethodName,
  params: JsonObject | undefined,
): SchemaIssue | null {
  // The methods 2026-07-28 added have no SDK v1 schema: the modern era's own check reads them.
  if (!isHandshakeMethod(method)) return null;
  const message = params === undefined ? { method } : { method, params };
  const issue = firstIssue(SCHEMAS[method].message, message, '', 0);
  return issue;
}

/** Checks a result against the SDK schema(s) of the method it answers (any alternative may match). */
export function checkResult(method: MethodName, result: JsonObject): SchemaIssue | null {
  if (!isHandshakeMethod(method)) return null;
  const alternatives = SCHEMAS[method].result ?? [];
  let first: SchemaIssue | null = null;
  for (const schema of alternatives) {
    const issue = firstIssue(schema, result, '/result', 0);
    if (!issue) return null;
    first ??= issue;
  }
  return first;
}
