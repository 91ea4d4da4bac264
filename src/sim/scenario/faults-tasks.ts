import { FAULT_STRINGS as SAY } from '../../i18n/fault-strings.js';
import {
  isObject,
  isTaskAugmentable,
  type JsonObject,
  RELATED_TASK_META,
  type RequestId,
  relatedTaskOf,
} from '../../protocol/index.js';
import { type TaskRecord, TaskStore } from '../server/tasks.js';
import { answerInstead, cannot, type FaultContext, type FaultResult } from './faults.js';

/**
 * The faults of 2025-11-25 tasks (basic/utilities/tasks, lesson 31): a server that breaks the
 * task lifecycle. A faulty answer replaces the answer the simulated server had scheduled.
 */

/** When the task reached its terminal status, or null when it has not at `now`. */
function endedAt(task: TaskRecord, now: number): number | null {
  const status = TaskStore.status(task, now);
  if (status === 'working' || status === 'input_required') return null;
  return task.cancelledAt ?? task.doneAt;
}

/**
 * finished-task-cancelled: the client's pending tasks/cancel names a task already terminal, and
 * the server serves it with a result ("cancelled") instead of -32602 (› Task Cancellation).
 */
export function finishedTaskCancelled(ctx: FaultContext, name: string): FaultResult {
  const { client, server, now } = ctx;
  for (const request of [...client.pending()].reverse()) {
    if (request.method !== 'tasks/cancel') continue;
    const task = server.tasks.get(request.params?.taskId);
    const ended = task ? endedAt(task, now) : null;
    if (!task || ended === null) continue;
    const result: JsonObject = { ...TaskStore.view(task, ended), status: 'cancelled' };
    return answerInstead(ctx, request.id, { result });
  }
  return cannot(SAY.needsTerminalCancel, { name });
}

/**
 * finished-task-reopened: notifications/tasks/status for a task the server completed, with
 * another status (`params.status`, default working), as a server that reuses a finished task's
 * record for new work sends it (› Task Status Lifecycle: a terminal status MUST NOT change).
 */
export function finishedTaskReopened(ctx: FaultContext, name: string): FaultResult {
  const { server, now, params } = ctx;
  const task = server.tasks.all().find((t) => TaskStore.status(t, now) === 'completed');
  if (!task) return cannot(SAY.needsFinishedTask, { name });
  const status = typeof params.status === 'string' ? params.status : 'working';
  return {
    ok: true,
    direction: 'server->client',
    message: {
      jsonrpc: '2.0',
      method: 'notifications/tasks/status',
      params: { ...TaskStore.view(task, now), status },
    },
  };
}

/**
 * task-result-unrelated: the client's pending tasks/result names a task that completed or failed,
 * and the server answers it with the tool's result but without the related-task `_meta` the
 * result itself cannot replace (› Associating Task-Related Messages: tasks/result MUST carry it).
 */
export function taskResultUnrelated(ctx: FaultContext, name: string): FaultResult {
  const { client, server, now } = ctx;
  for (const request of [...client.pending()].reverse()) {
    if (request.method !== 'tasks/result') continue;
    const task = server.tasks.get(request.params?.taskId);
    const status = task ? TaskStore.status(task, now) : null;
    if (!task || (status !== 'completed' && status !== 'failed')) continue;
    const { _meta, ...result } = task.result;
    const meta = isObject(_meta) ? { ..._meta } : {};
    delete meta[RELATED_TASK_META];
    return answerInstead(ctx, request.id, {
      result: Object.keys(meta).length > 0 ? { ...result, _meta: meta } : result,
    });
  }
  return cannot(SAY.needsEndedTaskResult, { name });
}

/**
 * The client's latest pending task-augmented tools/call whose CreateTaskResult the server has
 * scheduled, with the task it made for it.
 */
function scheduledCreation(ctx: FaultContext): { id: RequestId; task: TaskRecord } | null {
  const { client, server } = ctx;
  const items = server.outbox.list();
  for (const request of [...client.pending()].reverse()) {
    if (request.method !== 'tools/call' || !isObject(request.params?.task)) continue;
    const task = server.tasks.all().find((t) => t.callId === request.id);
    const created = items.some(
      (i) =>
        i.about === request.id && isObject(i.message.result) && isObject(i.message.result.task),
    );
    if (task && created) return { id: request.id, task };
  }
  return null;
}

/** The buggy server makes no task after all: its CreateTaskResult, its later messages, its record. */
function unmake(ctx: FaultContext, id: RequestId, task: TaskRecord): void {
  ctx.server.outbox.dropAbout(id);
  ctx.server.outbox.takeTask(task.taskId);
  ctx.server.tasks.remove(task.taskId);
}

/**
 * task-call-answered-directly: the server declared tasks.requests.tools.call, yet answers the
 * client's task-augmented tools/call with the tool's own result, as if params.task were not there
 * (› Result Retrieval: a receiver that accepts a task-augmented request MUST answer with a
 * CreateTaskResult). A tool that needs the client's input has no result yet: it cannot be one.
 */
export function taskCallAnsweredDirectly(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledCreation(ctx);
  if (!found || found.task.input !== null) return cannot(SAY.needsTaskCreation, { name });
  const { result } = found.task;
  unmake(ctx, found.id, found.task);
  return {
    ok: true,
    direction: 'server->client',
    message: { jsonrpc: '2.0', id: found.id, result },
  };
}

/**
 * reused-task-id: the server answers the client's task-augmented tools/call with a CreateTaskResult
 * whose taskId is that of its latest earlier task still alive (not cancelled, within its ttl), as
 * a server that numbers its tasks per tool or restarts its counter does (› Task ID Requirements:
 * task IDs MUST be unique among all tasks the receiver controls).
 */
export function reusedTaskId(ctx: FaultContext, name: string): FaultResult {
  const { server, now } = ctx;
  const found = scheduledCreation(ctx);
  if (!found) return cannot(SAY.needsTaskCreation, { name });
  const earlier = server.tasks
    .all()
    .filter((t) => t !== found.task && t.cancelledAt === null && now < t.createdAt + t.ttl)
    .at(-1);
  if (!earlier) return cannot(SAY.needsLiveTask, { name });
  const task = { ...TaskStore.view(found.task, now), taskId: earlier.taskId };
  unmake(ctx, found.id, found.task);
  return {
    ok: true,
    direction: 'server->client',
    message: { jsonrpc: '2.0', id: found.id, result: { task } },
  };
}

/**
 * input-request-without-task: the request the server has scheduled for the input its task needs
 * (sent on the client's tasks/result) goes out without its related-task `_meta` (› Input Required
 * Status: it MUST carry it). The client's answer then cannot name the task either.
 */
export function inputRequestWithoutTask(ctx: FaultContext, name: string): FaultResult {
  const item = ctx.server.outbox.takeLast(
    (i) =>
      typeof i.message.method === 'string' &&
      i.message.id !== undefined &&
      relatedTaskOf(i.message.params) !== undefined,
  );
  if (!item) return cannot(SAY.needsTaskInputRequest, { name });
  const params = isObject(item.message.params) ? { ...item.message.params } : {};
  const meta = isObject(params._meta) ? { ...params._meta } : {};
  delete meta[RELATED_TASK_META];
  if (Object.keys(meta).length > 0) params._meta = meta;
  else delete params._meta;
  return {
    ok: true,
    direction: 'server->client',
    message: { ...item.message, params },
  };
}

/**
 * task-request-with-related-meta: the client's tasks/get names the task in params.taskId
 * (`params.taskId`, default its latest task) and also carries the related-task `_meta`, naming
 * another of its tasks (`params.relatedTaskId`, default the one before), as a client that copies
 * the `_meta` of the last message it handled does (› Associating Task-Related Messages: requestors
 * SHOULD NOT include it there).
 */
export function taskRequestWithRelatedMeta(ctx: FaultContext, name: string): FaultResult {
  const { client, params } = ctx;
  const taskId = typeof params.taskId === 'string' ? params.taskId : client.tasks.at(-1);
  if (taskId === undefined) return cannot(SAY.needsClientTask, { name });
  const related =
    typeof params.relatedTaskId === 'string'
      ? params.relatedTaskId
      : ([...client.tasks].reverse().find((t) => t !== taskId) ?? taskId);
  return {
    ok: true,
    direction: 'client->server',
    message: client.request('tasks/get', {
      taskId,
      _meta: { [RELATED_TASK_META]: { taskId: related } },
    }),
  };
}

/**
 * task-polled-too-soon: the client polls a task with tasks/get again (`params.taskId`, default its
 * latest task) as soon as the last tasks/get result for it came, not waiting the pollInterval that
 * result suggested (› Getting Tasks: requestors SHOULD respect it). The honest client waits.
 */
export function taskPolledTooSoon(ctx: FaultContext, name: string): FaultResult {
  const { client, params, now } = ctx;
  const taskId = typeof params.taskId === 'string' ? params.taskId : client.tasks.at(-1);
  if (taskId === undefined) return cannot(SAY.needsClientTask, { name });
  const due = client.pollDueAt(taskId);
  // Sooner by more than the 10 ms the referee allows for timers and clocks.
  if (!client.pollAnswered(taskId) || due === undefined || due - now <= 10)
    return cannot(SAY.needsRecentPoll, { name, taskId });
  return {
    ok: true,
    direction: 'client->server',
    message: client.request('tasks/get', { taskId }),
  };
}

/**
 * answer-about-related-task: the server answers the client's pending tasks/get whose related-task
 * `_meta` names another task than its params.taskId with that other task, going by the `_meta`
 * (› Associating Task-Related Messages: the taskId parameter MUST be the source of truth).
 */
export function answerAboutRelatedTask(ctx: FaultContext, name: string): FaultResult {
  const { client, server, now } = ctx;
  for (const request of [...client.pending()].reverse()) {
    if (request.method !== 'tasks/get') continue;
    const named = relatedTaskOf(request.params);
    const other = named === request.params?.taskId ? undefined : server.tasks.get(named);
    if (!other) continue;
    return answerInstead(ctx, request.id, { result: TaskStore.view(other, now) });
  }
  return cannot(SAY.needsTaskGetWithMeta, { name });
}

/**
 * failed-task-unexplained: the server answers the client's pending tasks/get of a failed task
 * without its statusMessage (› Task Execution Errors: the response SHOULD include one).
 */
export function failedTaskUnexplained(ctx: FaultContext, name: string): FaultResult {
  const { client, server, now } = ctx;
  for (const request of [...client.pending()].reverse()) {
    if (request.method !== 'tasks/get') continue;
    const task = server.tasks.get(request.params?.taskId);
    if (!task || TaskStore.status(task, now) !== 'failed') continue;
    const { statusMessage: _left, ...result } = TaskStore.view(task, now);
    return answerInstead(ctx, request.id, { result });
  }
  return cannot(SAY.needsFailedTaskGet, { name });
}

/**
 * task-on-unsupported-request: the client sends `params.method` (default tools/list, with
 * `params.params`) with params.task, though no tasks.requests capability can name that method
 * (› Capability Negotiation: the set is exhaustive). The server processes it normally.
 */
export function taskOnUnsupportedRequest(ctx: FaultContext, name: string): FaultResult {
  const { client, params } = ctx;
  const method = typeof params.method === 'string' ? params.method : 'tools/list';
  if (isTaskAugmentable(method)) return cannot(SAY.taskAugmentableMethod, { name, method });
  const given = isObject(params.params) ? params.params : {};
  return {
    ok: true,
    direction: 'client->server',
    message: client.request(method, { ...given, task: { ttl: 60000 } }),
  };
}

/**
 * forbidden-tool-called-as-task: the client calls a tool as a task (`params.name`, default the
 * first its latest tools/list showed without execution.taskSupport or with "forbidden"; with
 * `params.arguments`) although the tool said it does not run as one (› Tool-Level Negotiation: the
 * client MUST NOT). The server answers -32601, as it should.
 */
export function forbiddenToolCalledAsTask(ctx: FaultContext, name: string): FaultResult {
  const { client, params } = ctx;
  const support = (tool: { execution?: { taskSupport?: string | undefined } | undefined }) =>
    tool.execution?.taskSupport ?? 'forbidden';
  const listed = client.tools ?? [];
  const tool =
    typeof params.name === 'string'
      ? listed.find((t) => t.name === params.name)
      : listed.find((t) => support(t) === 'forbidden');
  if (!tool || support(tool) !== 'forbidden') return cannot(SAY.needsForbiddenTool, { name });
  const args = isObject(params.arguments) ? params.arguments : {};
  return {
    ok: true,
    direction: 'client->server',
    message: client.request('tools/call', {
      name: tool.name,
      arguments: args,
      task: { ttl: 60000 },
    }),
  };
}

/**
 * task-cancelled-by-notification: the client tries to stop a task with notifications/cancelled
 * naming the tools/call that created it (`params.taskId`, default the server's latest task), as it
 * would stop a normal request (basic/utilities/cancellation › Behavior Requirements: a
 * task-augmented request MUST be cancelled with tasks/cancel). The server goes on with the task.
 */
export function taskCancelledByNotification(ctx: FaultContext, name: string): FaultResult {
  const { server, params } = ctx;
  const task =
    typeof params.taskId === 'string' ? server.tasks.get(params.taskId) : server.tasks.all().at(-1);
  if (!task) return cannot(SAY.needsServerTask, { name });
  return {
    ok: true,
    direction: 'client->server',
    message: {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: task.callId, reason: 'The user no longer needs it' },
    },
  };
}

/** Whether a message is notifications/tasks/status reporting the task working or input_required. */
function unfinishedReport(message: JsonObject, taskId: string): boolean {
  if (message.method !== 'notifications/tasks/status' || !isObject(message.params)) return false;
  const { status } = message.params;
  return message.params.taskId === taskId && (status === 'working' || status === 'input_required');
}

/**
 * early-task-result: the client's pending tasks/result names a task still working, and the server
 * answers it at once with what the tool has produced so far (nothing: an empty content list, with
 * its related-task `_meta`) instead of holding it until the task ends (› Result Retrieval: it MUST
 * block). That answer alone proves nothing (notifications/tasks/status is optional, so the task
 * might have ended unannounced); the reveal does: the server's own next report of the task, which
 * it had scheduled, says it is still unfinished (input_required). The task goes on as it would.
 */
export function earlyTaskResult(ctx: FaultContext, name: string): FaultResult {
  const { client, server, now } = ctx;
  for (const request of [...client.pending()].reverse()) {
    if (request.method !== 'tasks/result') continue;
    const task = server.tasks.get(request.params?.taskId);
    if (!task || endedAt(task, now) !== null) continue;
    const reveal = server.outbox.takeFirst((i) => unfinishedReport(i.message, task.taskId));
    if (!reveal) continue;
    // The buggy server answers now: the request is no longer held, nor answered again later.
    server.answeredElsewhere(request.id);
    return {
      ok: true,
      direction: 'server->client',
      message: {
        jsonrpc: '2.0',
        id: request.id,
        result: { content: [], _meta: { [RELATED_TASK_META]: { taskId: task.taskId } } },
      },
      reveal: { direction: 'server->client', message: reveal.message, at: reveal.at },
    };
  }
  return cannot(SAY.needsUnfinishedTaskResult, { name });
}
