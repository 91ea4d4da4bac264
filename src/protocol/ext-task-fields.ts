import type { Bilingual } from './catalogue.js';
import type { ByRevision } from './fields.js';
import { ownTable } from './json.js';
import { TASK } from './task-fields.js';

/**
 * What the fields of the io.modelcontextprotocol/tasks extension mean (2026-07-28 moved tasks out
 * of the core into it; the extension is versioned on its own, worded here from its draft at
 * e434597: › Tasks, Task Creation, Task Polling, Task Update Requests), keyed like fields.ts. A
 * CreateTaskResult answers a tools/call; tasks/get's result is the Task itself. Where a 2025-11-25
 * tasks/get result has a field of the same name, the meaning changes with the revision.
 */

const since2026 = (from: Bilingual, before: Bilingual | undefined): Bilingual | ByRevision =>
  before === undefined ? from : { since: '2026-07-28', from, before };

/** A Task's fields in the extension (› Tasks). */
const EXT_TASK: Record<string, Bilingual> = ownTable({
  taskId: {
    en: 'The task’s id, made by the server (tasks extension io.modelcontextprotocol/tasks): tasks/get, tasks/update and tasks/cancel name the task with it. It should be unguessable: it may act as a bearer token for the task.',
    zh: '任务的 id，由服务器生成（tasks 扩展 io.modelcontextprotocol/tasks）：tasks/get、tasks/update 和 tasks/cancel 都用它指明任务。它应当无法猜测：它可能被当作访问该任务的凭据。',
  },
  status: {
    en: 'Where the task is: working, input_required (the server waits for answers to its inputRequests, sent with tasks/update), or completed, failed or cancelled, the terminal statuses (the extension’s diagram leaves them only to the end).',
    zh: '任务所处的状态：working、input_required（服务器在等待对其 inputRequests 的回答，客户端用 tasks/update 发送），或终止状态 completed、failed、cancelled（扩展的状态图中，它们之后只有结束）。',
  },
  statusMessage: {
    en: 'Optional: a message on the current status (progress, what the task waits for, why it failed or was cancelled); it may be shown to the user or the model.',
    zh: '可选：对当前状态的说明（进展、任务在等什么、失败或取消的原因）；可以展示给用户或模型。',
  },
  createdAt: {
    en: 'When the task was created: an ISO 8601 timestamp (required).',
    zh: '任务的创建时间：ISO 8601 时间戳（必填）。',
  },
  lastUpdatedAt: {
    en: 'When the task was last updated: an ISO 8601 timestamp (required).',
    zh: '任务最后一次更新的时间：ISO 8601 时间戳（必填）。',
  },
  ttlMs: {
    en: 'How long the task lives, in milliseconds from its creation; null for unlimited (required; not a cache hint here). It may change; after it elapses the server may mark the task failed and delete it.',
    zh: '任务的存续时长，从创建时起算，单位为毫秒；null 表示不限时（必填；这里不是缓存提示）。它可以改变；过期后服务器可以把任务标为 failed 并删除它。',
  },
  pollIntervalMs: {
    en: 'Optional: how many milliseconds the server suggests between two tasks/get; clients should honour it, and it may change over the task’s life.',
    zh: '可选：服务器建议两次 tasks/get 之间间隔多少毫秒；客户端应当遵守，它在任务的生命周期内可以改变。',
  },
});

/** Each Task field under `/result` of `scope`, by revision where 2025-11-25 had the same field. */
const resultFields = (scope: string): Record<string, Bilingual | ByRevision> =>
  Object.fromEntries(
    Object.entries(EXT_TASK).map(([name, text]) => [
      `${scope}|/result/${name}`,
      since2026(text, Object.hasOwn(TASK, name) ? TASK[name] : undefined),
    ]),
  );

/** The status-specific fields a tasks/get result and a notifications/tasks carry (› Task Status). */
const STATUS_FIELDS = {
  inputRequests: {
    en: 'With status input_required: every request the server still needs answered (elicitation/create, sampling/createMessage, roots/list), each under a key unique over the task’s life. The client answers them with tasks/update, not by retrying tools/call.',
    zh: '状态为 input_required 时：服务器仍需回答的全部请求（elicitation/create、sampling/createMessage、roots/list），每个都在一个在任务生命周期内唯一的键下。客户端用 tasks/update 回答，而不是重试 tools/call。',
  },
  result: {
    en: 'With status completed: the final result, exactly what the request would have returned (for a tools/call, its CallToolResult, isError true included).',
    zh: '状态为 completed 时：最终结果，正是原请求本会返回的内容（对 tools/call 而言就是它的 CallToolResult，包括 isError 为 true 的情况）。',
  },
  error: {
    en: 'With status failed: the JSON-RPC error the request ended in (failed is only for JSON-RPC errors; a tool error is a completed task).',
    zh: '状态为 failed 时：请求最终得到的 JSON-RPC 错误（failed 只用于 JSON-RPC 错误；工具错误属于 completed 的任务）。',
  },
} satisfies Record<string, Bilingual>;

/**
 * A notifications/tasks's params: the whole task, as tasks/get would return it at that moment
 * (› Task Status Notifications). The method is the extension's alone (2025-11-25 had
 * notifications/tasks/status), so its meanings do not change with the revision.
 */
const NOTIFICATION_FIELDS: Record<string, Bilingual> = Object.fromEntries(
  Object.entries({ ...EXT_TASK, ...STATUS_FIELDS }).map(([name, text]) => [
    `notification notifications/tasks|/params/${name}`,
    text,
  ]),
);

export const EXT_TASK_FIELDS: Record<string, Bilingual | ByRevision> = ownTable({
  ...NOTIFICATION_FIELDS,
  // A CreateTaskResult (resultType "task"): the Task instead of the CallToolResult.
  ...resultFields('result tools/call'),
  ...resultFields('result tasks/get'),
  'result tasks/get|/result/inputRequests': STATUS_FIELDS.inputRequests,
  'result tasks/get|/result/result': STATUS_FIELDS.result,
  'result tasks/get|/result/error': STATUS_FIELDS.error,
  'request tasks/update|/params/taskId': {
    en: 'The task whose inputRequests this answers: the taskId of its CreateTaskResult (tasks extension).',
    zh: '这次回答的是哪个任务的 inputRequests：即其 CreateTaskResult 中的 taskId（tasks 扩展）。',
  },
  'request tasks/update|/params/inputResponses': {
    en: 'Answers to the task’s outstanding inputRequests, one per key (all or some of them); the server acknowledges with an empty result and the task moves on later.',
    zh: '对任务尚未完成的 inputRequests 的回答，每个键一个（可以是全部或部分）；服务器以空结果确认，任务随后继续推进。',
  },
});
