import type { JsonObject, RequestId } from '../../protocol/index.js';

/**
 * The tasks a 2025-11-25 server runs for task-augmented tools/call requests
 * (basic/utilities/tasks). A task's status follows the server's clock: working until its work is
 * done (completed, or failed when the tool's result is an error), or cancelled by tasks/cancel; a
 * terminal status never changes again (Task Status Lifecycle).
 */

/** The `_meta` key that ties a message to its task (› Related Task Metadata). */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

/** The wall-clock time of the server's ms 0, for the tasks' ISO 8601 timestamps (› TTL). */
const EPOCH_MS = Date.UTC(2025, 10, 25, 10, 30, 0);

/** How long a task is kept when the request names no ttl (ms). */
const DEFAULT_TTL_MS = 60_000;

/** How often the server suggests the client polls (ms; › Getting Tasks: pollInterval). */
const POLL_INTERVAL_MS = 500;

export type TaskStatus = 'working' | 'completed' | 'failed' | 'cancelled';

export type TaskRecord = {
  readonly taskId: string;
  /** The tools/call the task was created for. */
  readonly callId: RequestId;
  readonly createdAt: number;
  readonly ttl: number;
  /** When its work is done (server clock, ms). */
  readonly doneAt: number;
  /** What the tools/call would have answered (tasks/result gives it). */
  readonly result: JsonObject;
  /** When tasks/cancel moved it to cancelled (null: not cancelled). */
  cancelledAt: number | null;
};

/**
 * The statusMessage of a status that has one: a failed task's SHOULD carry diagnostic information
 * about the failure (› Task Execution Errors), here the tool error's own text.
 */
const STATUS_MESSAGES: Partial<Record<TaskStatus, (task: TaskRecord) => string>> = {
  cancelled: () => 'The task was cancelled by request.',
  failed: (task) => `Tool execution failed: ${errorText(task.result)}`,
};

function errorText(result: JsonObject): string {
  const first = Array.isArray(result.content) ? result.content[0] : undefined;
  const text =
    typeof first === 'object' && first !== null && 'text' in first ? first.text : undefined;
  return typeof text === 'string' ? text : 'the tool reported an error.';
}

const iso = (ms: number) => new Date(EPOCH_MS + Math.round(ms)).toISOString();

export class TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  #next = 1;

  /** A new task (› Task ID Requirements: a string the receiver makes, unique among its tasks). */
  create(callId: RequestId, now: number, ttl: unknown, doneAt: number, result: JsonObject) {
    const taskId = `task-${this.#next++}`;
    const task: TaskRecord = {
      taskId,
      callId,
      createdAt: now,
      ttl: typeof ttl === 'number' && ttl >= 0 ? ttl : DEFAULT_TTL_MS,
      doneAt,
      result,
      cancelledAt: null,
    };
    this.#tasks.set(taskId, task);
    return task;
  }

  get(taskId: unknown): TaskRecord | undefined {
    return typeof taskId === 'string' ? this.#tasks.get(taskId) : undefined;
  }

  all(): TaskRecord[] {
    return [...this.#tasks.values()];
  }

  /**
   * Cancelled stays cancelled even when the work would have finished (› Task Cancellation). Work
   * whose tool result has isError ends failed (› Task Execution Errors: for tool calls, a result
   * with isError true is a failed task).
   */
  static status(task: TaskRecord, now: number): TaskStatus {
    if (task.cancelledAt !== null) return 'cancelled';
    if (now < task.doneAt) return 'working';
    return task.result.isError === true ? 'failed' : 'completed';
  }

  /** The Task object (› Data Types › Task) as it stands at `now`. */
  static view(task: TaskRecord, now: number): JsonObject {
    const status = TaskStore.status(task, now);
    const updated =
      status === 'cancelled'
        ? (task.cancelledAt ?? now)
        : status === 'working'
          ? task.createdAt
          : task.doneAt;
    const message = STATUS_MESSAGES[status]?.(task);
    return {
      taskId: task.taskId,
      status,
      ...(message !== undefined ? { statusMessage: message } : {}),
      createdAt: iso(task.createdAt),
      lastUpdatedAt: iso(updated),
      ttl: task.ttl,
      pollInterval: POLL_INTERVAL_MS,
    };
  }
}
