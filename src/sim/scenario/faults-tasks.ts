import { FAULT_STRINGS as SAY } from '../../i18n/fault-strings.js';
import { isObject, type JsonObject, RELATED_TASK_META } from '../../protocol/index.js';
import { type TaskRecord, TaskStore } from '../server/tasks.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';

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
    server.outbox.dropAbout(request.id);
    const result: JsonObject = { ...TaskStore.view(task, ended), status: 'cancelled' };
    return {
      ok: true,
      direction: 'server->client',
      message: { jsonrpc: '2.0', id: request.id, result },
    };
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
    server.outbox.dropAbout(request.id);
    const { _meta, ...result } = task.result;
    const meta = isObject(_meta) ? { ..._meta } : {};
    delete meta[RELATED_TASK_META];
    return {
      ok: true,
      direction: 'server->client',
      message: {
        jsonrpc: '2.0',
        id: request.id,
        result: Object.keys(meta).length > 0 ? { ...result, _meta: meta } : result,
      },
    };
  }
  return cannot(SAY.needsEndedTaskResult, { name });
}
