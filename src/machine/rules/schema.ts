import { schemaId, schemaParams } from '../../protocol/exact-ids.js';
import {
  createTaskResultIssues,
  EXT_TASKS_METHODS,
  extTasksNotificationIssues,
  extTasksRequestIssues,
  extTasksResultIssues,
  TASKS_EXTENSION,
} from '../../protocol/ext-tasks-schema.js';
import {
  checkParams,
  checkResult,
  directionsIn,
  type HandshakeVersion,
  idKey,
  isCatalogued,
  isHandshakeVersion,
  isObject,
  isStatelessVersion,
  type JsonObject,
  type KnownVersion,
  LATEST_HANDSHAKE_VERSION,
  resolveVersion,
  type SchemaIssue,
  versionAtLeast,
} from '../../protocol/index.js';
import { tokenKey } from '../../protocol/json.js';
import { SUBSCRIPTION_ID_META, subscriptionIdOf } from '../../protocol/meta-keys.js';
import {
  inputResponseIssues,
  type ModernSchemaIssue,
  modernMessageIssues,
  modernResultIssues,
} from '../../protocol/modern-schema.js';
import type { RequestRecord, SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import {
  callResultMarkedTask,
  declaresTasks,
  EXT_TASKS_NAME,
  extTasksCite,
  TASK_SUPPORTED_METHODS,
  taskMarkedComplete,
} from '../ext-tasks.js';
import {
  answeredRecord,
  CLIENT_CAPABILITIES_META,
  CORE_RESULT_TYPES,
  calledMethod,
  extensionFate,
  extensionOfCall,
  PROTOCOL_VERSION_META,
  resultOrigin,
} from '../facts.js';
import { MRTR_METHODS, retriedRound, TASK_STATUS } from '../records-streams.js';
import { RESOURCE_URI_RESULTS } from './resource-content.js';
import { type Finding, type RuleRow, show } from './rule.js';

/**
 * Fields a rule of its own reports in the modern era (the `_meta` envelope, resultType, the cache
 * hints): the schema check leaves their absence and their shape to it, so one fault is one violation.
 */
const OWNED_FIELDS = new Set([
  'params',
  '_meta',
  PROTOCOL_VERSION_META,
  CLIENT_CAPABILITIES_META,
  'resultType',
  'ttlMs',
  'cacheScope',
]);

/**
 * A result's `_meta` is no one else's: server-info-missing judges only the serverInfo in it (a
 * SHOULD), and one result type requires `_meta` for a MUST of its own, SubscriptionsListenResult,
 * whose `_meta` names the stream it ends (subscriptions › Graceful Closure). Without `_meta` at all
 * that result broke the schema unseen.
 */
const RESULT_OWNED_FIELDS = new Set([...OWNED_FIELDS].filter((field) => field !== '_meta'));

function ownedElsewhere(issue: ModernSchemaIssue, owned: ReadonlySet<string>): boolean {
  const missing = issue.params.missingProperty;
  if (issue.keyword === 'required' && typeof missing === 'string') return owned.has(missing);
  const token = issue.pointer.split('/').at(-1);
  const last = token === undefined ? undefined : tokenKey(token);
  return last !== undefined && owned.has(last) && issue.pointer.split('/').length <= 4;
}

const firstOwnIssue = (
  issues: readonly ModernSchemaIssue[],
  owned: ReadonlySet<string> = OWNED_FIELDS,
): SchemaIssue | null => issues.find((issue) => !ownedElsewhere(issue, owned)) ?? null;

/**
 * The handshake revision whose schema judges a message: the session's (`ruleVersion`: negotiated,
 * else offered, else the latest). The handshake itself is judged by the revision each side names
 * in it: an initialize by the version it requests (nothing is negotiated yet), its result by the
 * version the server answers with (the server writes its result in that revision). A version the
 * spec does not know falls back to the session's; the versions' own rules judge it.
 */
function schemaRevision(ctx: SessionContext, method: string, named: unknown): HandshakeVersion {
  const fallback = isHandshakeVersion(ctx.ruleVersion) ? ctx.ruleVersion : LATEST_HANDSHAKE_VERSION;
  if (method !== 'initialize') return fallback;
  return resolveVersion(named) ?? fallback;
}

/** The revision a schema issue is reported against, in both languages' messages. */
const against = (revision: KnownVersion) => ({
  en: `(MCP ${revision} schema)`,
  zh: `MCP ${revision} 中`,
});

type Judged = {
  readonly issue: SchemaIssue;
  readonly revision: KnownVersion;
  /**
   * Judged by the tasks extension's schema, not the revision's: the extension's method, or `task`
   * for a CreateTaskResult (its text says where it states each).
   */
  readonly extension?: string;
};

/** The extension's results: only resultType is another rule's (result-type-missing, task-result-type). */
const EXT_RESULT_OWNED_FIELDS = new Set(['resultType']);

const PARAMS_NOTE = {
  en: 'the method’s Request/Notification type, in the session’s revision',
  zh: '会话所用修订版中该方法的 Request/Notification 类型',
};
const RESULT_NOTE = {
  en: 'the method’s Result type, in the session’s revision',
  zh: '会话所用修订版中该方法的 Result 类型',
};

/**
 * Where the spec states a method's types in a revision: its section of the schema page (2025-06-18
 * on, a section per method), or, before the page existed, that revision's schema.ts.
 */
function schemaCite(revision: KnownVersion, method: string, specNote: typeof PARAMS_NOTE) {
  const spec =
    isStatelessVersion(revision) || versionAtLeast(revision, '2025-06-18')
      ? `${revision}/schema › ${method}`
      : `${revision}/schema.ts`;
  return { spec, specNote };
}

const DIRECTION_NOTE = {
  en: 'the method’s type, whose description says which side sends it',
  zh: '该方法的类型，其说明写明由哪一方发送',
};
const UNIONS_NOTE = {
  en: 'the unions of the messages each side may send',
  zh: '每一方可以发送的消息的联合类型',
};
const INPUT_NOTE = {
  en: 'requests to the client travel inside an input_required result',
  zh: '发给客户端的请求放在 input_required 结果中传递',
};

const EXT_NOTE = {
  en: 'the message’s type in the extension’s own schema, versioned apart from the core revision',
  zh: '该消息在扩展自己的 schema 中的类型；扩展的版本独立于核心修订版',
};

/** What a finding of `judged` cites, and the schema it names, in both languages. */
function judgedBy(judged: Judged, method: string, note: typeof PARAMS_NOTE) {
  if (judged.extension === undefined) {
    return { cite: schemaCite(judged.revision, method, note), against: against(judged.revision) };
  }
  return {
    cite: extTasksCite(judged.extension, EXT_NOTE),
    against: { en: `(${EXT_TASKS_NAME.en} schema)`, zh: `${EXT_TASKS_NAME.zh}的 schema 中` },
  };
}

/**
 * Where a revision says which side sends a method: the method's section of the schema page (its
 * type's description: "A request from the client to the server…"), or, before the page existed,
 * the unions of that revision's schema.ts that list each side's messages.
 */
function directionCite(revision: KnownVersion, method: string) {
  if (isStatelessVersion(revision) || versionAtLeast(revision, '2025-06-18')) {
    return schemaCite(revision, method, DIRECTION_NOTE);
  }
  return {
    spec: `${revision}/schema.ts › ClientRequest / ServerRequest / ClientNotification / ServerNotification`,
    specNote: UNIONS_NOTE,
  };
}

/** A request's or notification's params against its revision's official schema. */
function paramsIssue(ctx: SessionContext, msg: ModelMessage, method: string): Judged | null {
  if (ctx.era !== 'modern') {
    if (!isCatalogued(method)) return null;
    const revision = schemaRevision(ctx, method, msg.params?.protocolVersion);
    const issue = checkParams(method, schemaParams(msg.params), revision);
    return issue && { issue, revision };
  }
  const kind = msg.envelope.kind === 'request' ? 'request' : 'notification';
  // The whole message, as the schema's message types describe it (jsonrpc, id, method, params).
  const { envelope } = msg;
  if (envelope.kind !== 'request' && envelope.kind !== 'notification') return null;
  const params = schemaParams(msg.params);
  const message =
    envelope.kind === 'request'
      ? { jsonrpc: '2.0', id: schemaId(envelope.id), method, ...(params ? { params } : {}) }
      : { jsonrpc: '2.0', method, ...(params ? { params } : {}) };
  // The tasks extension's status notification, which only its own schema defines.
  if (envelope.kind === 'notification' && method === TASK_STATUS) {
    const issue = firstOwnIssue(extTasksNotificationIssues(message));
    return issue && { issue, revision: ctx.ruleVersion, extension: method };
  }
  // A request that declares the tasks extension calls its tasks/get, tasks/update, tasks/cancel.
  if (extensionOfCall(msg) === TASKS_EXTENSION) {
    const issue = firstOwnIssue(extTasksRequestIssues(method, message));
    return issue && { issue, revision: ctx.ruleVersion, extension: method };
  }
  const issue = firstOwnIssue(modernMessageIssues(method, kind, message));
  return issue && { issue: inputResponseIssue(ctx, msg, issue), revision: ctx.ruleVersion };
}

/**
 * A result the tasks extension defines, where the request declared it: the answer to one of its
 * methods, or a `resultType: "task"` one (a CreateTaskResult) to a request that may get one (tasks
 * extension › Supported Methods; task-unsupported-request judges the others). Null when the
 * extension does not define the result.
 */
function extResultIssue(
  ctx: SessionContext,
  record: RequestRecord,
  result: JsonObject,
): Judged | null | undefined {
  if (ctx.era !== 'modern' || !declaresTasks(record.declared?.capabilities)) return undefined;
  const owned = EXT_RESULT_OWNED_FIELDS;
  if (EXT_TASKS_METHODS.includes(record.method)) {
    // A "task" there is task-result-type's: the extension's methods answer with their own types.
    if (result.resultType === 'task') return null;
    const issue = firstOwnIssue(extTasksResultIssues(record.method, result), owned);
    return issue && { issue, revision: ctx.ruleVersion, extension: record.method };
  }
  if (!TASK_SUPPORTED_METHODS.includes(record.method)) return undefined;
  // A CallToolResult marked "task", a CreateTaskResult marked "complete": task-result-type's.
  if (callResultMarkedTask(result) || taskMarkedComplete(result)) return null;
  if (result.resultType !== 'task') return undefined;
  const issue = firstOwnIssue(createTaskResultIssues(result), owned);
  return issue && { issue, revision: ctx.ruleVersion, extension: 'task' };
}

/** A result against the revision's official schema of the method it answers. */
function resultIssue(ctx: SessionContext, method: string, exact: JsonObject): Judged | null {
  // A listen result's `_meta` names its stream by the request's id, exact past 2^53 − 1.
  const result = schemaParams(exact);
  const leftToUriRule = (issue: ModernSchemaIssue) => resourceUriFormat(method, issue);
  if (ctx.era === 'modern') {
    const issues = modernResultIssues(method, result).filter((i) => !leftToUriRule(i));
    const issue = firstOwnIssue(issues, RESULT_OWNED_FIELDS);
    return issue && { issue, revision: ctx.ruleVersion };
  }
  if (!isCatalogued(method)) return null;
  const revision = schemaRevision(ctx, method, result.protocolVersion);
  const shaped = method === 'roots/list' ? withFileRoots(result) : result;
  const issue = checkResult(method, shaped, revision, leftToUriRule);
  return issue && { issue, revision };
}

/**
 * A resource's uri that fails the official schema's `format: "uri"` in a result whose resource
 * uris resource-uri-invalid judges (server/resources › Common URI Schemes): that rule says which
 * uri and why, at each one; invalid-result checks the rest of the result. (The SDK's 2025-11-25
 * zod schema takes any string there, so only the revisions with a JSON Schema, and 2026-07-28,
 * reported it before.)
 */
function resourceUriFormat(method: string, issue: ModernSchemaIssue): boolean {
  return (
    issue.keyword === 'format' &&
    issue.params.format === 'uri' &&
    issue.pointer.endsWith('/uri') &&
    RESOURCE_URI_RESULTS.has(method)
  );
}

/**
 * A ListRootsResult whose string uris that are not file:// read as file:// ones: the SDK's schema
 * of 2025-11-25 (which stands for that revision's here) checks the scheme, case-sensitively,
 * which client/roots › Root states and root-uri-not-file judges in every revision, once (a
 * scheme is case-insensitive, RFC 3986 § 3.1); this checks the rest.
 */
function withFileRoots(result: JsonObject): JsonObject {
  if (!Array.isArray(result.roots)) return result;
  const roots = result.roots.map((root) =>
    isObject(root) && typeof root.uri === 'string' && !root.uri.startsWith('file://')
      ? { ...root, uri: 'file:///' }
      : root,
  );
  return { ...result, roots };
}

/**
 * A listen's graceful end names the stream it closes: its `_meta` subscriptionId "is the JSON-RPC
 * ID of the subscriptions/listen request that opened the stream (and equals this response's id)"
 * (2026-07-28 schema, SubscriptionsListenResultMetaObject; subscriptions › Graceful Closure). The
 * schema can only say the key is there; this says it names the right stream.
 */
function listenEndIssue(msg: ModelMessage, result: JsonObject): SchemaIssue | null {
  const named = subscriptionIdOf(result._meta);
  // Both are read exactly past 2^53 − 1 (withExactIds reads a result's _meta ids too).
  if (named === undefined || msg.id === null || idKey(named) === idKey(msg.id)) return null;
  return {
    pointer: `/result/_meta/${SUBSCRIPTION_ID_META.replace('/', '~1')}`,
    message: `names the stream ${show(named)}, but this response ends listen ${show(msg.id)}: the value is the id of the subscriptions/listen request it answers`,
    messageZh: `指向流 ${show(named)}，而这个回应结束的是 listen ${show(msg.id)}：它的值应是所回应的 subscriptions/listen 请求的 id`,
  };
}

/**
 * An issue inside one of a retry's `inputResponses`: the schema only knows each value is one of
 * the three results (elicitation, sampling, roots), and so names what the last of them lacks. The
 * round says which one its request asked for: the value is checked against that result, as the
 * server checks it (mrtr › Server Requirements).
 */
function inputResponseIssue(
  ctx: SessionContext,
  msg: ModelMessage,
  issue: SchemaIssue,
): SchemaIssue {
  const [, params, field, token] = issue.pointer.split('/');
  if (params !== 'params' || field !== 'inputResponses' || token === undefined) return issue;
  const key = tokenKey(token);
  const asked = retriedRound(ctx, msg).round?.methods[key];
  const responses = msg.params?.inputResponses;
  if (asked === undefined || !isObject(responses)) return issue;
  return firstOwnIssue(inputResponseIssues(key, responses[key], asked)) ?? issue;
}

/**
 * The answer to tasks/result against the Result type of the request that created its task: the
 * schema types it GetTaskPayloadResult, which takes any object, but it carries "exactly what the
 * underlying request would have returned" (2025-11-25 basic/utilities/tasks › Result Retrieval): a
 * CallToolResult for a tools/call, an ElicitResult for an elicitation/create, a CreateMessageResult
 * for a sampling/createMessage. Nothing for a task this session never saw created.
 */
function taskResultFinding(ctx: SessionContext, msg: ModelMessage): Finding | null {
  const origin = resultOrigin(ctx, msg);
  if (origin?.task === undefined || msg.envelope.kind !== 'response') return null;
  const { method } = origin.record;
  if (!isCatalogued(method)) return null;
  const judged = resultIssue(ctx, method, msg.envelope.result);
  if (!judged) return null;
  const { issue, revision } = judged;
  const task = show(origin.task);
  const created = `${method} #${show(origin.record.id)}`;
  return {
    cite: schemaCite(revision, method, RESULT_NOTE),
    pointer: issue.pointer,
    en: `${issue.pointer}: ${issue.message} ${against(revision).en}: this is the task's result of ${created} (task ${task}, fetched by tasks/result #${show(msg.id)}), which must be exactly what ${method} would have returned (basic/utilities/tasks › Result Retrieval)`,
    zh: `${issue.pointer}：不符合 ${against(revision).zh} ${method} 结果的模式（${issue.messageZh}）；这是 ${created} 的任务结果（任务 ${task}，由 tasks/result #${show(msg.id)} 取回），必须正是 ${method} 本会返回的内容（basic/utilities/tasks › Result Retrieval）`,
  };
}

/** JSON-RPC and the schema: is it a message at all, and does it say what its method says? */
export const SCHEMA_RULES = [
  {
    id: 'invalid-envelope',
    severity: 'error',
    spec: '2025-11-25/basic/index › Messages',
    // The same sentence in 2026-07-28: every message MUST follow JSON-RPC 2.0.
    modern: { spec: '2026-07-28/basic/index › Messages' },
    title: { en: 'Not a valid JSON-RPC 2.0 message', zh: '不是有效的 JSON-RPC 2.0 消息' },
    check: (_ctx, msg) => {
      const e = msg.envelope;
      if (e.kind !== 'invalid') return null;
      return {
        en: `${e.text.en}${e.pointer ? ` (at ${e.pointer})` : ''}`,
        zh: `${e.text.zh}${e.pointer ? `（位置 ${e.pointer}）` : ''}`,
      };
    },
  },
  {
    id: 'invalid-params',
    severity: 'error',
    // Each finding cites its method's section of the schema page (schemaCite).
    spec: '2025-11-25/schema',
    specNote: PARAMS_NOTE,
    title: { en: 'Params do not match the schema', zh: '参数不符合协议模式' },
    check: (ctx, msg) => {
      const method = calledMethod(msg);
      // The tasks extension's: a request that declares it, its status notification.
      const extension =
        ctx.era === 'modern' &&
        (extensionOfCall(msg) === TASKS_EXTENSION ||
          (method === TASK_STATUS && msg.envelope.kind === 'notification'));
      if (method === null || (!isCatalogued(method) && !extension)) return null;
      const judged = paramsIssue(ctx, msg, method);
      if (!judged) return null;
      const { issue } = judged;
      const { cite, against: schema } = judgedBy(judged, method, PARAMS_NOTE);
      return {
        cite,
        pointer: issue.pointer,
        en: `${issue.pointer || '/'}: ${issue.message} ${schema.en}`,
        zh: `${issue.pointer || '/'}：不符合 ${schema.zh} ${method} 的模式（${issue.messageZh}）`,
      };
    },
  },
  {
    id: 'invalid-result',
    severity: 'error',
    spec: '2025-11-25/schema',
    specNote: RESULT_NOTE,
    title: { en: 'Result does not match the schema', zh: '结果不符合协议模式' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'response') return null;
      const record = answeredRecord(ctx, msg);
      // A second answer is a duplicate-response; its result is not checked again.
      if (!record || record.status === 'answered') return null;
      const result = msg.envelope.result;
      const extension = extResultIssue(ctx, record, result);
      if (extension !== undefined) {
        if (extension === null) return null;
        const { cite, against: schema } = judgedBy(extension, record.method, RESULT_NOTE);
        const { issue } = extension;
        const what = extension.extension === 'task' ? 'CreateTaskResult' : `${record.method} 结果`;
        return {
          cite,
          pointer: issue.pointer,
          en: `${issue.pointer}: ${issue.message} ${schema.en}`,
          zh: `${issue.pointer}：不符合 ${schema.zh} ${what} 的模式（${issue.messageZh}）`,
        };
      }
      if (!isCatalogued(record.method)) return null;
      // A resultType the core does not define (an extension's "task"): the core schema does not
      // describe that result, and result-type-missing judges whether the request made it valid.
      const type = result.resultType;
      if (ctx.era === 'modern' && typeof type === 'string' && !CORE_RESULT_TYPES.includes(type)) {
        return null;
      }
      // input_required to a request that may not get it: input-required-not-allowed says so, once;
      // the method's Result type does not describe a round.
      if (ctx.era === 'modern' && type === 'input_required' && !MRTR_METHODS.has(record.method)) {
        return null;
      }
      const ended = record.method === 'subscriptions/listen' ? listenEndIssue(msg, result) : null;
      const judged =
        resultIssue(ctx, record.method, result) ??
        (ended && { issue: ended, revision: ctx.ruleVersion });
      if (!judged) return record.method === 'tasks/result' ? taskResultFinding(ctx, msg) : null;
      const { issue, revision } = judged;
      return {
        cite: schemaCite(revision, record.method, RESULT_NOTE),
        pointer: issue.pointer,
        en: `${issue.pointer}: ${issue.message} ${against(revision).en}`,
        zh: `${issue.pointer}：不符合 ${against(revision).zh} ${record.method} 结果的模式（${issue.messageZh}）`,
      };
    },
  },
  {
    id: 'unknown-method',
    severity: 'warning',
    spec: '2025-11-25/basic/index › Messages',
    modern: { spec: '2026-07-28/basic/index › Messages' },
    specNote: {
      en: 'a request is answered -32601; a notification never is',
      zh: '请求以 -32601 回应；通知从不回应',
    },
    title: { en: 'Method not in the protocol', zh: '协议中没有该方法' },
    check: (ctx, msg) => {
      const method = calledMethod(msg);
      if (method === null || isCatalogued(method)) return null;
      // An official extension's method, in a request that declares the extension (tasks/update).
      if (ctx.era === 'modern' && extensionOfCall(msg) !== null) return null;
      // The tasks extension's status notification from a server: the stream rules judge where it
      // travels, the schema rules its shape (tasks extension › Task Status Notifications).
      if (ctx.era === 'modern' && method === TASK_STATUS && msg.sender === 'server') return null;
      // A method only an official extension has (tasks/update), in a modern request that does
      // not declare it: a server that has the extension MUST answer -32021 (tasks extension ›
      // Protocol Errors; tasks-undeclared-not-refused), one without it knows no such method.
      const fate = ctx.era === 'modern' ? extensionFate(method) : null;
      if (msg.envelope.kind === 'request' && fate?.fate === 'moved') {
        return {
          en: `"${method}" is not a method of MCP ${ctx.ruleVersion}'s core but of the ${fate.extension} extension, which this request does not declare in clientCapabilities.extensions; a server without the extension answers -32601, and one that has it MUST answer -32021 (Missing Required Client Capability)`,
          zh: `"${method}" 不是 MCP ${ctx.ruleVersion} 核心协议的方法，而是 ${fate.extension} 扩展的方法，这个请求没有在 clientCapabilities.extensions 中声明该扩展；没有该扩展的服务器会以 -32601 回应，有该扩展的服务器必须以 -32021（缺少必需的客户端能力）回应`,
        };
      }
      // A request gets -32601; a notification gets no answer at all (JSON-RPC 2.0 › Notification).
      return msg.envelope.kind === 'request'
        ? {
            en: `"${method}" is not a method of MCP ${ctx.ruleVersion}; the receiver should answer -32601`,
            zh: `"${method}" 不是 MCP ${ctx.ruleVersion} 的方法；接收方应回复 -32601`,
          }
        : {
            en: `"${method}" is not a notification of MCP ${ctx.ruleVersion}; the receiver ignores it and never replies to a notification`,
            zh: `"${method}" 不是 MCP ${ctx.ruleVersion} 的通知；接收方忽略它，通知永远不需要回复`,
          };
    },
  },
  {
    id: 'wrong-direction',
    severity: 'error',
    // Each finding cites where its revision says who sends the method (directionCite).
    spec: '2025-11-25/schema',
    specNote: DIRECTION_NOTE,
    title: { en: 'Sent by the wrong side', zh: '由错误的一方发送' },
    check: (ctx, msg) => {
      const method = calledMethod(msg);
      if (!isCatalogued(method)) return null;
      // 2026-07-28: a server sends no requests at all; server-request says so, once.
      if (msg.type === 'server.request' && ctx.era === 'modern') return null;
      const directions = directionsIn(method, ctx.ruleVersion);
      if (msg.direction in directions) return null;
      const allowed = Object.keys(directions).join(' / ');
      if (allowed === '') {
        // 2026-07-28: roots/list, sampling/createMessage, elicitation/create are input requests.
        return {
          cite: { spec: `${ctx.ruleVersion}/schema › Multi Round-Trip`, specNote: INPUT_NOTE },
          en: `"${method}" is no JSON-RPC message in ${ctx.ruleVersion}: it travels only inside an input_required result`,
          zh: `"${method}" 在 ${ctx.ruleVersion} 中不是独立的 JSON-RPC 消息：它只能出现在 input_required 结果中`,
        };
      }
      return {
        cite: directionCite(ctx.ruleVersion, method),
        en: `"${method}" may only travel ${allowed}, not ${msg.direction}`,
        zh: `"${method}" 只能按 ${allowed} 方向发送，而不是 ${msg.direction}`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
