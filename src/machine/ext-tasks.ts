/**
 * Facts of the `io.modelcontextprotocol/tasks` extension (2026-07-28 changelog › Major changes,
 * item 6 moved tasks out of the core into it). The extension is versioned apart from the core: the
 * referee follows its draft at e434597 (github.com/modelcontextprotocol/ext-tasks), cited as
 * `ext-tasks-e434597/tasks › <section>`.
 */

import { EXT_TASKS_METHODS, TASKS_EXTENSION } from '../protocol/ext-tasks-schema.js';
import type { Bilingual } from '../protocol/index.js';
import { isObject, type JsonObject } from '../protocol/json.js';
import type { Declared, RequestRecord, SessionContext } from './context.js';
import type { ModelMessage } from './events.js';
import { answeredRecord, declaredExtensions } from './facts.js';
import { TASK_STATUS } from './records-streams.js';

/** The extension's specification page, as a citation names it. */
export const EXT_TASKS_PAGE = 'ext-tasks-e434597/tasks';

/** How the learner-facing texts name the extension's text, in both languages. */
export const EXT_TASKS_NAME: Bilingual = {
  en: 'tasks extension (ext-tasks draft, e434597)',
  zh: 'tasks 扩展（ext-tasks 草案，e434597）',
};

/** Where the extension states each of its messages (a CreateTaskResult is `task`). */
const SECTIONS: Readonly<Record<string, string>> = {
  'tasks/get': 'Task Polling',
  'tasks/update': 'Task Update Requests',
  'tasks/cancel': 'Task Cancellation',
  'notifications/tasks': 'Task Status Notifications',
  task: 'Task Creation',
};

/** The citation of the section that states a method of the extension, or its CreateTaskResult. */
export function extTasksCite(of: string, specNote: Bilingual) {
  const section = Object.hasOwn(SECTIONS, of) ? SECTIONS[of] : 'Tasks';
  return { spec: `${EXT_TASKS_PAGE} › ${section}`, specNote };
}

/**
 * The requests a server may answer with a CreateTaskResult (tasks extension › Supported Methods:
 * "currently" only tools/call).
 */
export const TASK_SUPPORTED_METHODS: readonly string[] = ['tools/call'];

/** Does a modern request's `clientCapabilities` declare the tasks extension? */
export function declaresTasks(capabilities: JsonObject | null | undefined): boolean {
  return declaredExtensions(capabilities).includes(TASKS_EXTENSION);
}

/** A modern request that declared the tasks extension, as the ledger keeps it. */
export type TasksRecord = RequestRecord & { readonly declared: Declared };

/**
 * The request a server's answer answers, when it is a modern request that declared the tasks
 * extension and still waits for its answer (a second answer is duplicate-response's).
 */
export function tasksRecordOf(ctx: SessionContext, msg: ModelMessage): TasksRecord | null {
  if (ctx.era !== 'modern' || msg.receiver !== 'client') return null;
  const record = answeredRecord(ctx, msg);
  if (!record || record.status === 'answered' || record.declared === undefined) return null;
  return declaresTasks(record.declared.capabilities) ? (record as TasksRecord) : null;
}

/** Is `method` one of the extension's own (tasks/get, tasks/update, tasks/cancel)? */
export const isExtTasksMethod = (method: string) => EXT_TASKS_METHODS.includes(method);

/**
 * A task a server reports: handed out (a CreateTaskResult), polled (a tasks/get result) or pushed
 * (a notifications/tasks, whose params are the task: › Task Status Notifications).
 */
export type ExtTaskReport = {
  readonly taskId: string;
  readonly status: string;
  readonly created: boolean;
  readonly inputRequests: JsonObject | undefined;
  /** The interval it suggests before the next poll, as the message gives it. */
  readonly pollIntervalMs: unknown;
  /** The request a result answers; undefined for a notification. */
  readonly record: TasksRecord | undefined;
  /** Where the task is in the message: `/result`, or `/params` for a notification. */
  readonly at: '/result' | '/params';
};

/**
 * The task a server's message reports, if it is a CreateTaskResult answering a tools/call that
 * declared the extension, a tasks/get result, or a notifications/tasks in a modern session (tasks
 * extension › Task Creation, Task Polling, Task Status Notifications). Null when it names no
 * taskId or status (the schema rules say so).
 */
export function extTaskReport(ctx: SessionContext, msg: ModelMessage): ExtTaskReport | null {
  if (msg.envelope.kind === 'notification') {
    if (ctx.era !== 'modern' || msg.sender !== 'server' || msg.method !== TASK_STATUS) return null;
    return msg.params ? reportOf(msg.params, '/params', false, undefined) : null;
  }
  if (msg.envelope.kind !== 'response') return null;
  const record = tasksRecordOf(ctx, msg);
  if (!record) return null;
  const result = msg.envelope.result;
  const created = result.resultType === 'task' && TASK_SUPPORTED_METHODS.includes(record.method);
  if (!created && (record.method !== 'tasks/get' || result.resultType === 'task')) return null;
  return reportOf(result, '/result', created, record);
}

/** What `task` (a result, or a notification's params) reports; null without a taskId or status. */
function reportOf(
  task: JsonObject,
  at: ExtTaskReport['at'],
  created: boolean,
  record: TasksRecord | undefined,
): ExtTaskReport | null {
  if (typeof task.taskId !== 'string' || typeof task.status !== 'string') return null;
  const inputs = task.inputRequests;
  return {
    taskId: task.taskId,
    status: task.status,
    created,
    inputRequests: isObject(inputs) ? inputs : undefined,
    pollIntervalMs: task.pollIntervalMs,
    record,
    at,
  };
}

/** The status the ledger knew a task by when `record` was sent (see `TaskState.terminalFrom`). */
export function knownWhenSent(
  task: { readonly status: string; readonly terminalFrom?: number } | undefined,
  record: RequestRecord | undefined,
): string | undefined {
  if (task?.terminalFrom === undefined || record?.seq === undefined) return task?.status;
  return record.seq < task.terminalFrom ? undefined : task.status;
}

/**
 * A tools/call result marked "task" that is a CallToolResult (content, no taskId): the other result
 * type resultType "task" MUST NOT be set on (tasks extension › Polymorphic Results).
 */
export function callResultMarkedTask(result: JsonObject): boolean {
  return result.resultType === 'task' && 'content' in result && !('taskId' in result);
}

/**
 * A tools/call result marked "complete" that is a CreateTaskResult (taskId and status, no content):
 * servers MUST set resultType "task" on it (tasks extension › Polymorphic Results).
 */
export function taskMarkedComplete(result: JsonObject): boolean {
  return (
    result.resultType === 'complete' &&
    typeof result.taskId === 'string' &&
    typeof result.status === 'string' &&
    !('content' in result)
  );
}
