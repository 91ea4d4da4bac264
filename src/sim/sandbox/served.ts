import type { Bilingual } from '../../i18n/lang.js';
import {
  type CapabilityPath,
  capabilitySide,
  gateFor,
  isCatalogued,
  isObject,
  LATEST_STATELESS_VERSION,
} from '../../protocol/index.js';
import { ownTable } from '../../protocol/json.js';
import type { Step } from '../../session/index.js';
import type { OfferView } from './blocks.js';
import type { Candidate } from './offers.js';

/**
 * Why the learner's client cannot count on the server to answer a request the rules allow without
 * an error: a 2026-07-28 client never learnt that the server has the capability it needs, or a
 * task request names a task the server never created. `tag` follows the offer's label in the
 * list; `why` and `spec` are its detail line (and, whole, under `i`'s field tree).
 */
export type Unsure = {
  readonly tag: Bilingual;
  readonly why: Bilingual;
  readonly spec: Bilingual;
};

/** What the learner's modern client knows of what the server serves, read off the session log. */
type Known = {
  /** The server paths a request needing them was answered with a result for. */
  readonly served: ReadonlySet<CapabilityPath>;
  /** The server paths a request needing them was answered -32601 for, with that method. */
  readonly refused: ReadonlyMap<CapabilityPath, string>;
};

/** The server capabilities a client's request needs (2026-07-28's gates). */
function serverPaths(method: string, params: unknown): CapabilityPath[] {
  if (!isCatalogued(method)) return [];
  return gateFor(method, 'client->server', params, LATEST_STATELESS_VERSION).requires.filter(
    (path) => capabilitySide(path) === 'server',
  );
}

/**
 * The answers of the server in the modern era: a result says it serves what the request needed
 * (an input_required round too: the method is there); -32601 says it does not (2026-07-28 schema
 * › MethodNotFoundError: the answer to "a method gated behind a server capability the server did
 * not advertise").
 */
function knownFrom(steps: readonly Step[]): Known {
  const served = new Set<CapabilityPath>();
  const refused = new Map<CapabilityPath, string>();
  for (const step of steps) {
    const report = step.verdict;
    if (step.direction !== 'server->client' || report?.era !== 'modern' || !report.method) continue;
    const message = isObject(step.message) ? step.message : {};
    const error = isObject(message.error) ? message.error : null;
    for (const path of serverPaths(report.method, undefined)) {
      if (report.kind === 'response') served.add(path);
      else if (report.kind === 'error' && error?.code === -32601) refused.set(path, report.method);
    }
  }
  for (const path of served) refused.delete(path);
  return { served, refused };
}

/** The tasks/* requests that name one task by its taskId (2025-11-25 basic/utilities/tasks). */
const NAMES_A_TASK = new Set(['tasks/get', 'tasks/result', 'tasks/cancel']);

const STATUS_ZH: Readonly<Record<string, string>> = ownTable({
  completed: '完成',
  failed: '失败',
  cancelled: '取消',
});

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/**
 * The status the server last reported of each task (by taskId), from the Task objects it sent:
 * a CreateTaskResult's task, tasks/get, tasks/cancel and tasks/list results, and
 * notifications/tasks/status (2025-11-25 basic/utilities/tasks › Data Types › Task).
 */
function taskStatuses(steps: readonly Step[]): ReadonlyMap<string, string> {
  const statuses = new Map<string, string>();
  const note = (task: unknown) => {
    if (isObject(task) && typeof task.taskId === 'string' && typeof task.status === 'string')
      statuses.set(task.taskId, task.status);
  };
  for (const step of steps) {
    if (step.direction !== 'server->client' || !isObject(step.message)) continue;
    const { result, params } = step.message;
    if (isObject(result)) {
      note(result);
      note(result.task);
      if (Array.isArray(result.tasks)) for (const task of result.tasks) note(task);
    }
    if (step.message.method === 'notifications/tasks/status') note(params);
  }
  return statuses;
}

/**
 * A tasks/get, tasks/result or tasks/cancel of the learner's client before the server created any
 * task for it: the taskId it names is one the client cannot know, and the server answers a
 * nonexistent taskId with -32602 (2025-11-25 basic/utilities/tasks › Error Handling). And a
 * tasks/cancel of a task the server said is in a terminal status, which it MUST reject with
 * -32602 (› Task Cancellation).
 */
function noTaskYet(
  candidate: Candidate,
  tasks: readonly string[],
  statuses: ReadonlyMap<string, string>,
): Unsure | null {
  if (candidate.kind !== 'request' || !NAMES_A_TASK.has(candidate.method)) return null;
  if (tasks.length > 0) {
    const params = candidate.envelope.params;
    const taskId = isObject(params) && typeof params.taskId === 'string' ? params.taskId : '';
    const status = statuses.get(taskId);
    if (candidate.method !== 'tasks/cancel' || status === undefined || !TERMINAL.has(status))
      return null;
    return {
      tag: { en: `${taskId} already ${status}`, zh: `${taskId} 已${STATUS_ZH[status] ?? status}` },
      why: {
        en: `${taskId} is already ${status}, a terminal status: the server rejects cancelling it with -32602`,
        zh: `${taskId} 已经${STATUS_ZH[status] ?? status}，这是终止状态：服务器会以 -32602 拒绝取消它`,
      },
      spec: {
        en: '2025-11-25/basic/utilities/tasks › Task Cancellation (terminal status: MUST reject with -32602)',
        zh: '2025-11-25/basic/utilities/tasks › Task Cancellation（终止状态：必须以 -32602 拒绝）',
      },
    };
  }
  return {
    tag: { en: 'no task yet', zh: '还没有任务' },
    why: {
      en: 'no task yet: the server created none for your client, so it answers -32602 (run a tools/call as a task first)',
      zh: '还没有任务：服务器还没为你的客户端创建任何任务，所以会回以 -32602（先以任务方式调用 tools/call）',
    },
    spec: {
      en: '2025-11-25/basic/utilities/tasks › Error Handling (nonexistent taskId: -32602)',
      zh: '2025-11-25/basic/utilities/tasks › Error Handling（不存在的 taskId：-32602）',
    },
  };
}

/** What `unsureOf` reads of the session besides its log. */
export type UnsureContext = {
  readonly era: 'legacy' | 'modern';
  readonly side: 'client' | 'server';
  readonly view: OfferView;
  /** The taskIds the server created for the learner's requests (OfferState.tasks). */
  readonly tasks: readonly string[];
};

/**
 * For the learner as a client: which of the requests the rules allow the server would (or may)
 * refuse, and why. A task request before any task (noTaskYet). And, in 2026-07-28, a request the
 * server is not known to serve: no handshake tells a modern client the server's capabilities, it
 * may call any method inline (server/discover › When to Call), and the server answers -32601 to
 * one gated behind a capability it did not advertise (schema › MethodNotFoundError). Once
 * server/discover has answered, the referee holds the client to what it declared
 * (capability-not-negotiated); before it, what the client saw answered is all it knows.
 */
export function unsureOf(
  { era, side, view, tasks }: UnsureContext,
  steps: readonly Step[],
): (candidate: Candidate) => Unsure | null {
  if (side !== 'client') return () => null;
  if (era !== 'modern' || view.capabilities.server !== null) {
    const statuses = taskStatuses(steps);
    return (candidate) => noTaskYet(candidate, tasks, statuses);
  }
  const known = knownFrom(steps);
  return (candidate) => {
    if (candidate.kind !== 'request') return null;
    const missing = serverPaths(candidate.method, candidate.envelope.params).filter(
      (path) => !known.served.has(path),
    );
    const [path] = missing;
    if (path === undefined) return null;
    const name = path.replace(/^server\./, '');
    const before = known.refused.get(path);
    if (before !== undefined) {
      return {
        tag: { en: 'answered -32601 before', zh: '之前得到 -32601' },
        why: {
          en: `the server answered ${before} with -32601 (Method not found): it does not serve ${name}`,
          zh: `服务器对 ${before} 回了 -32601（Method not found）：它不提供 ${name}`,
        },
        spec: {
          en: '2026-07-28/schema › MethodNotFoundError',
          zh: '2026-07-28/schema › MethodNotFoundError',
        },
      };
    }
    return {
      tag: { en: 'not advertised', zh: '未公布' },
      why: {
        en: `${name} not advertised: call server/discover first, or risk -32601`,
        zh: `服务器未公布 ${name}：请先调用 server/discover，否则可能得到 -32601`,
      },
      spec: {
        en: '2026-07-28/server/discover › When to Call; schema › MethodNotFoundError',
        zh: '2026-07-28/server/discover › When to Call；schema › MethodNotFoundError',
      },
    };
  };
}
