import { type JsonObject, RELATED_TASK_META, type RequestId } from '../../protocol/index.js';
import type { InputToolName } from './input-tools.js';

/**
 * The tasks a 2025-11-25 server runs for task-augmented tools/call requests
 * (basic/utilities/tasks). A task's status follows the server's clock: working until its work is
 * done (completed, or failed when the tool's result is an error), or cancelled by tasks/cancel; a
 * terminal status never changes again (Task Status Lifecycle).
 */

export { RELATED_TASK_META };

/** How long after its creation a task that needs the client's input moves to input_required (ms). */
export const INPUT_AFTER_MS = 250;

/** How long the work takes once the client's input came (ms). */
export const WORK_AFTER_INPUT_MS = 1000;

/** The wall-clock time of the server's ms 0, for the tasks' ISO 8601 timestamps (› TTL). */
const EPOCH_MS = Date.UTC(2025, 10, 25, 10, 30, 0);

/** How long a task is kept when the request names no ttl (ms). */
const DEFAULT_TTL_MS = 60_000;

/** How often the server suggests the client polls (ms; › Getting Tasks: pollInterval). */
const POLL_INTERVAL_MS = 500;

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/**
 * What a task needs from the requestor (› Input Required Status): the request the server sends
 * when the requestor calls tasks/result, and what became of it.
 */
export type TaskInput = {
  readonly tool: InputToolName;
  readonly method: string;
  readonly params: JsonObject | undefined;
  /** When the task needs it: it moves to input_required (server clock, ms). */
  readonly at: number;
  /** The server's request, once sent (null: no tasks/result asked for it yet). */
  requestId: RequestId | null;
  /** When the requestor's answer came: the task is working again (null: not yet). */
  answeredAt: number | null;
};

export type TaskRecord = {
  readonly taskId: string;
  /** The tools/call the task was created for. */
  readonly callId: RequestId;
  readonly createdAt: number;
  readonly ttl: number;
  /** When its work is done (server clock, ms; Infinity while it waits for input). */
  doneAt: number;
  /** What the tools/call would have answered (tasks/result gives it; set once its input came). */
  result: JsonObject;
  /** What it needs from the requestor before its work can end (null: nothing). */
  readonly input: TaskInput | null;
  /** tasks/result requests held until the end of its work is known (it waits for input). */
  readonly held: RequestId[];
  /** When tasks/cancel moved it to cancelled (null: not cancelled). */
  cancelledAt: number | null;
};

/**
 * The statusMessage of a status that has one: a failed task's SHOULD carry diagnostic information
 * about the failure (› Task Execution Errors), here the tool error's own text.
 */
const STATUS_MESSAGES: Partial<Record<TaskStatus, (task: TaskRecord) => string>> = {
  cancelled: () => 'The task was cancelled by request.',
  input_required: (task) =>
    `The task needs the client's answer to ${task.input?.method ?? 'a request'}: call tasks/result to receive it.`,
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

  /**
   * A new task (› Task ID Requirements: a string the receiver makes, unique among its tasks): its
   * work ends at doneAt with result, or, when it needs input, once that input came.
   */
  create(
    callId: RequestId,
    now: number,
    ttl: unknown,
    work: { readonly doneAt: number; readonly result: JsonObject } | { readonly input: TaskInput },
  ) {
    const taskId = `task-${this.#next++}`;
    const task: TaskRecord = {
      taskId,
      callId,
      createdAt: now,
      ttl: typeof ttl === 'number' && ttl >= 0 ? ttl : DEFAULT_TTL_MS,
      doneAt: 'input' in work ? Number.POSITIVE_INFINITY : work.doneAt,
      result: 'input' in work ? {} : work.result,
      input: 'input' in work ? work.input : null,
      held: [],
      cancelledAt: null,
    };
    this.#tasks.set(taskId, task);
    return task;
  }

  get(taskId: unknown): TaskRecord | undefined {
    return typeof taskId === 'string' ? this.#tasks.get(taskId) : undefined;
  }

  /**
   * Forgets a task the requestor was never told of (a faulty server's); the latest one made gives
   * its ID back, so the next task takes it.
   */
  remove(taskId: string): void {
    this.#tasks.delete(taskId);
    if (taskId === `task-${this.#next - 1}`) this.#next--;
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
    const input = task.input;
    // › Input Required Status: from when it needs the input until the input came.
    if (input && now >= input.at && (input.answeredAt === null || now < input.answeredAt))
      return 'input_required';
    if (now < task.doneAt) return 'working';
    return task.result.isError === true ? 'failed' : 'completed';
  }

  /** The Task object (› Data Types › Task) as it stands at `now`. */
  static view(task: TaskRecord, now: number): JsonObject {
    const status = TaskStore.status(task, now);
    const input = task.input;
    const updated =
      status === 'cancelled'
        ? (task.cancelledAt ?? now)
        : status === 'input_required'
          ? (input?.at ?? now)
          : status === 'working'
            ? (input?.answeredAt ?? task.createdAt)
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
