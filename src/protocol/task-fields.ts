import type { Bilingual } from './catalogue.js';
import { ownTable } from './json.js';

/**
 * What the fields of 2025-11-25 tasks mean (basic/utilities/tasks, experimental; 2026-07-28 moves
 * tasks to the io.modelcontextprotocol/tasks extension), keyed like fields.ts. Worded from the
 * 2025-11-25 schema's descriptions (TaskMetadata, Task, CreateTaskResult, ListTasksResult,
 * RelatedTaskMetadata, GetTaskPayloadResult) and the page's Data Types and Behavior Requirements.
 */

/** The fields of a Task, as tasks/get, tasks/cancel, notifications/tasks/status and a CreateTaskResult's task carry them. */
export const TASK: Record<string, Bilingual> = ownTable({
  taskId: {
    en: 'The task’s id (tasks are new in 2025-11-25, experimental): a string the receiver made, unique among its tasks. tasks/get, tasks/result and tasks/cancel name the task with it.',
    zh: '任务的 id（任务是 2025-11-25 新增的功能，实验性）：由接收方生成的字符串，在它的所有任务中唯一。tasks/get、tasks/result 和 tasks/cancel 都用它指明任务。',
  },
  status: {
    en: 'Where the task is: working (every task begins there), input_required (the receiver needs input: the requestor should call tasks/result), or completed, failed or cancelled, terminal statuses it never leaves.',
    zh: '任务所处的状态：working（每个任务都从这里开始）、input_required（接收方需要输入：请求方应当调用 tasks/result），或 completed、failed、cancelled 这三个终止状态，一旦进入就不再改变。',
  },
  statusMessage: {
    en: 'Optional: a human-readable message on the current status, such as why it was cancelled, a summary when completed, or what went wrong when failed.',
    zh: '可选：对当前状态的说明，供人阅读，例如取消的原因、完成时的摘要，或失败时出了什么问题。',
  },
  createdAt: {
    en: 'When the task was created: an ISO 8601 timestamp, required in every task response.',
    zh: '任务的创建时间：ISO 8601 时间戳，每个任务回应都必须带上。',
  },
  lastUpdatedAt: {
    en: 'When the task was last updated: an ISO 8601 timestamp, required in every task response.',
    zh: '任务最后一次更新的时间：ISO 8601 时间戳，每个任务回应都必须带上。',
  },
  ttl: {
    en: 'How long the receiver keeps the task and its result, in milliseconds from its creation (it may differ from the ttl the requestor asked for); null means unlimited. After that it may delete them, whatever the status.',
    zh: '接收方保留任务及其结果的时长，从创建时起算，单位为毫秒（它可以不按请求的 ttl 来定）；null 表示不限时。超过这个时长后，无论任务处于什么状态，接收方都可以删除它们。',
  },
  pollInterval: {
    en: 'Optional: how many milliseconds the receiver suggests waiting between two tasks/get; the requestor should respect it.',
    zh: '可选：接收方建议两次 tasks/get 之间间隔多少毫秒；请求方应当遵守。',
  },
});

/** Each Task field under `base`, for the messages `scopes` name. */
const taskFields = (scopes: readonly string[], base: string): Record<string, Bilingual> =>
  Object.fromEntries(
    scopes.flatMap((scope) =>
      Object.entries(TASK).map(([name, text]) => [`${scope}|${base}/${name}`, text]),
    ),
  );

const TASK_ID_PARAM = (what: Bilingual): Bilingual => ({
  en: `${what.en}: the taskId the receiver gave when it created the task; this parameter, not any related-task _meta, names the task. An unknown or expired one gets -32602.`,
  zh: `${what.zh}：接收方创建任务时给出的 taskId；指明任务的是这个参数，而不是任何 related-task _meta。未知或已过期的任务会得到 -32602。`,
});

/** The related-task `_meta` key (RelatedTaskMetadata). */
const RELATED_TASK: Bilingual = {
  en: 'The task this message belongs to, by taskId (2025-11-25 tasks, experimental): every request, notification and response related to a task MUST carry it, and a tasks/result result MUST, having no taskId of its own. tasks/get, tasks/list and tasks/cancel should not: their taskId already says it.',
  zh: '这条消息所属的任务，以 taskId 表示（2025-11-25 的任务功能，实验性）：与任务相关的每个请求、通知和回应都必须带上它；tasks/result 的结果本身没有 taskId，所以必须带上。tasks/get、tasks/list 和 tasks/cancel 不应当带：它们的 taskId 已经说明了是哪个任务。',
};

export const TASK_FIELDS: Record<string, Bilingual> = ownTable({
  'request *|/params/task': {
    en: 'Run this request as a task (2025-11-25, experimental): the receiver answers at once with a CreateTaskResult, and the real result comes later from tasks/result. Only for a request the receiver’s tasks.requests capability lists (and, for a tool, its execution.taskSupport allows).',
    zh: '把这个请求作为任务运行（2025-11-25，实验性）：接收方立即以 CreateTaskResult 回应，真正的结果稍后通过 tasks/result 取得。只能用于接收方 tasks.requests 能力列出的请求（对工具而言，还要它的 execution.taskSupport 允许）。',
  },
  'request *|/params/task/ttl': {
    en: 'Optional: how long, in milliseconds from creation, the requestor asks the receiver to keep the task and its result; the receiver may grant another ttl.',
    zh: '可选：请求方希望接收方保留任务及其结果多长时间，从创建时起算，单位为毫秒；接收方可以给出不同的 ttl。',
  },
  'result *|/result/task': {
    en: 'A CreateTaskResult (2025-11-25, experimental): the receiver accepted the request as a task and answers with the task, not the result, which only tasks/result brings once the task ends.',
    zh: '这是 CreateTaskResult（2025-11-25，实验性）：接收方把请求作为任务接受下来，回应的是任务本身，而不是结果；结果要等任务结束后通过 tasks/result 取得。',
  },
  ...taskFields(['result *'], '/result/task'),
  ...taskFields(['result tasks/get', 'result tasks/cancel'], '/result'),
  ...taskFields(['notification notifications/tasks/status'], '/params'),
  'request tasks/get|/params/taskId': TASK_ID_PARAM({
    en: 'The task to ask about',
    zh: '要查询的任务',
  }),
  'request tasks/result|/params/taskId': TASK_ID_PARAM({
    en: 'The task whose result is wanted',
    zh: '要取回结果的任务',
  }),
  'request tasks/cancel|/params/taskId': TASK_ID_PARAM({
    en: 'The task to cancel',
    zh: '要取消的任务',
  }),
  'result tasks/list|/result/tasks': {
    en: 'The requestor’s tasks, each as tasks/get describes it (taskId, status, createdAt, lastUpdatedAt, ttl; optionally statusMessage and pollInterval). Every task tasks/get can fetch MUST be listed; nextCursor when there are more (2025-11-25, experimental).',
    zh: '请求方的任务，每个都与 tasks/get 的描述相同（taskId、status、createdAt、lastUpdatedAt、ttl；可选 statusMessage 和 pollInterval）。凡是 tasks/get 能取到的任务都必须列出；还有更多时会给出 nextCursor（2025-11-25，实验性）。',
  },
  'result tasks/result|/result/content': {
    en: 'The task’s result, exactly what its request would have answered (tasks/result only adds the related-task _meta): for a tools/call, the tool’s output as content blocks.',
    zh: '任务的结果，与它的请求原本会得到的回应完全相同（tasks/result 只多了 related-task _meta）：对 tools/call 而言，就是以内容块表示的工具输出。',
  },
  'result tasks/result|/result/isError': {
    en: 'true: the tool failed, so its task ended failed; tasks/result still returns that tool result, exactly as the tools/call would have.',
    zh: 'true 表示工具失败了，因此它的任务以 failed 结束；tasks/result 仍然返回这个工具结果，与 tools/call 原本的回应完全相同。',
  },
  'result tasks/result|/result/structuredContent': {
    en: 'The tool’s output as structured JSON, exactly as the tools/call would have answered it.',
    zh: '工具输出的结构化 JSON，与 tools/call 原本的回应完全相同。',
  },
  '*|/params/_meta/io.modelcontextprotocol~1related-task': RELATED_TASK,
  '*|/result/_meta/io.modelcontextprotocol~1related-task': RELATED_TASK,
});
