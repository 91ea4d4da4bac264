import {
  hasCapability,
  isObject,
  isTaskAugmentable,
  RELATED_TASK_META,
  relatedTaskOf,
  taskCapabilityOf,
} from '../../protocol/index.js';
import { pointerToken } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord, hasHandshakeTasks } from '../facts.js';
import { type Finding, metaKeysAt, type RuleRow, show, sideZh } from './rule.js';

/** The operations on tasks themselves (2025-11-25 basic/utilities/tasks › Protocol Messages). */
const TASK_METHODS: ReadonlySet<string> = new Set([
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
]);

/** Does a message's params or result carry the related-task key in its `_meta`, whatever its value? */
function carriesRelatedTask(body: unknown): boolean {
  const meta = isObject(body) ? body._meta : undefined;
  return isObject(meta) && RELATED_TASK_META in meta;
}

/** Related Task Metadata names tasks/list too, which Associating Task-Related Messages leaves out. */
const RELATED_TASK_METADATA = {
  spec: '2025-11-25/basic/utilities/tasks › Related Task Metadata',
  specNote: {
    en: 'for tasks/get, tasks/list and tasks/cancel, requestors and receivers SHOULD NOT include the related-task metadata: the taskId is already in the message',
    zh: '对于 tasks/get、tasks/list 和 tasks/cancel，请求方和接收方都不应带上 related-task 元数据：消息中已经有 taskId',
  },
} as const;

/** What the related-task `_meta` of a tasks/* message repeats, and where the spec says so. */
function redundantMeta(ctx: SessionContext, msg: ModelMessage): Finding | null {
  const e = msg.envelope;
  if (e.kind === 'request' && TASK_METHODS.has(e.method) && carriesRelatedTask(msg.params)) {
    const where =
      e.method === 'tasks/list'
        ? { en: 'the request names no task at all', zh: '这个请求根本不涉及某一个任务' }
        : {
            en: 'its params.taskId names the task, and the receiver MUST go by that parameter and ignore the _meta',
            zh: '它的 params.taskId 已经指明了任务，接收方必须以这个参数为准并忽略 _meta',
          };
    return {
      pointer: `/params/_meta/${pointerToken(RELATED_TASK_META)}`,
      en: `${e.method} #${show(msg.id)} carries _meta "${RELATED_TASK_META}": requestors SHOULD NOT include it in tasks/get, tasks/result, tasks/list or tasks/cancel, since ${where.en}`,
      zh: `${e.method} #${show(msg.id)} 带有 _meta "${RELATED_TASK_META}"：请求方不应在 tasks/get、tasks/result、tasks/list 或 tasks/cancel 中带上它，因为${where.zh}`,
      // tasks/list is named only by Related Task Metadata; the other three by both sections.
      ...(e.method === 'tasks/list' ? { cite: RELATED_TASK_METADATA } : {}),
    };
  }
  if (e.kind === 'notification' && e.method === 'notifications/tasks/status') {
    if (!carriesRelatedTask(msg.params)) return null;
    return {
      pointer: `/params/_meta/${pointerToken(RELATED_TASK_META)}`,
      en: `notifications/tasks/status carries _meta "${RELATED_TASK_META}": when sent, it SHOULD NOT include it, since params.taskId already names the task`,
      zh: `notifications/tasks/status 带有 _meta "${RELATED_TASK_META}"：发送这个通知时不应带上它，因为 params.taskId 已经指明了任务`,
      cite: {
        spec: '2025-11-25/basic/utilities/tasks › Task Notifications',
        specNote: {
          en: 'notifications/tasks/status SHOULD NOT include the related-task metadata: its params carry the taskId',
          zh: 'notifications/tasks/status 不应带有 related-task 元数据：它的参数里已经有 taskId',
        },
      },
    };
  }
  if (e.kind !== 'response' || !carriesRelatedTask(e.result)) return null;
  const record = answeredRecord(ctx, msg);
  const method = record?.method;
  if (method !== 'tasks/get' && method !== 'tasks/list' && method !== 'tasks/cancel') return null;
  if (record?.status === 'answered') return null;
  return {
    pointer: `/result/_meta/${pointerToken(RELATED_TASK_META)}`,
    en: `the result of ${method} #${show(msg.id)} carries _meta "${RELATED_TASK_META}": receivers SHOULD NOT include it in tasks/get, tasks/list or tasks/cancel results, whose taskId already names each task (only a tasks/result result MUST carry it)`,
    zh: `${method} #${show(msg.id)} 的结果带有 _meta "${RELATED_TASK_META}"：接收方不应在 tasks/get、tasks/list 或 tasks/cancel 的结果中带上它，因为其中的 taskId 已经指明了每个任务（只有 tasks/result 的结果必须带上它）`,
  };
}

/**
 * The server's own request while a task it runs is input_required, with no request of the client
 * open that it could belong to (other than the tasks/* operations, such as the tasks/result that
 * waits for the task): the input the task needs. Only the server's: a client that runs a task
 * (task-augmented sampling or elicitation) has nothing to ask the server for it.
 */
function inputRequestTasks(ctx: SessionContext, msg: ModelMessage): string[] {
  if (msg.envelope.kind !== 'request' || msg.sender !== 'server') return [];
  const method = msg.envelope.method;
  if (method === 'ping' || TASK_METHODS.has(method)) return [];
  const waiting: string[] = [];
  for (const [taskId, state] of ctx.ledger.tasks.server) {
    if (state.status === 'input_required') waiting.push(taskId);
  }
  if (waiting.length === 0) return [];
  for (const record of ctx.ledger.requests.client.values()) {
    if (record.status === 'pending' && !record.invalid && !TASK_METHODS.has(record.method))
      return [];
  }
  return waiting;
}

/**
 * 2025-11-25 basic/utilities/tasks › Associating Task-Related Messages, Input Required Status, Task
 * Notifications and Task Execution Errors: how the messages about a task name it. The handshake
 * era from 2025-11-25 (2026-07-28 moved tasks to an extension).
 */
export const TASK_MESSAGE_RULES = [
  {
    id: 'task-meta-redundant',
    severity: 'warning',
    spec: '2025-11-25/basic/utilities/tasks › Associating Task-Related Messages',
    specNote: {
      en: 'requestors SHOULD NOT include the related-task metadata in tasks/get, tasks/result and tasks/cancel requests, nor receivers in tasks/get, tasks/list and tasks/cancel results: the taskId is the source of truth',
      zh: '请求方不应在 tasks/get、tasks/result 和 tasks/cancel 请求中带上 related-task 元数据，接收方也不应在 tasks/get、tasks/list 和 tasks/cancel 的结果中带上它：taskId 才是依据',
    },
    title: {
      en: 'Redundant related-task metadata',
      zh: '多余的 related-task 元数据',
    },
    check: (ctx, msg) => (hasHandshakeTasks(ctx) ? redundantMeta(ctx, msg) : null),
  },
  {
    id: 'task-input-request-meta',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Input Required Status',
    specNote: {
      en: 'a request the receiver sends for the input its task needs MUST include the related-task metadata, to associate it with the task',
      zh: '接收方为任务所需的输入而发出的请求必须带上 related-task 元数据，把它与任务关联起来',
    },
    title: {
      en: 'Input request without its related task',
      zh: '为任务请求输入却没有 related-task',
    },
    check: (ctx, msg) => {
      if (!hasHandshakeTasks(ctx) || relatedTaskOf(msg.params) !== undefined) return null;
      const waiting = inputRequestTasks(ctx, msg);
      if (waiting.length === 0) return null;
      const tasks = waiting.map(show).join(', ');
      const named =
        waiting.length === 1 ? `{"taskId": ${tasks}}` : `the taskId of the task (${tasks})`;
      const namedZh =
        waiting.length === 1 ? `{"taskId": ${tasks}}` : `所属任务（${tasks}）的 taskId`;
      return {
        pointer: metaKeysAt(msg.params, [RELATED_TASK_META]),
        en: `${msg.method} #${show(msg.id)} is the server's request while its task ${tasks} is "input_required" and no other request of the client is open: it asks for the task's input, so it MUST carry ${named} in _meta "${RELATED_TASK_META}", and the client's answer names the task the same way`,
        zh: `${msg.method} #${show(msg.id)} 是服务器在其任务 ${tasks} 处于 "input_required"、客户端没有其他进行中请求时发出的请求：它是在为任务请求输入，所以必须在 _meta "${RELATED_TASK_META}" 中带上 ${namedZh}，客户端的回答也以同样方式指明任务`,
      };
    },
  },
  {
    id: 'task-answer-other-task',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Associating Task-Related Messages',
    specNote: {
      en: 'for tasks/get, tasks/result and tasks/cancel, the taskId parameter of the request MUST be used as the source of truth for the target task; related-task metadata there MUST be ignored',
      zh: '对于 tasks/get、tasks/result 和 tasks/cancel，必须以请求中的 taskId 参数作为目标任务的依据；其中的 related-task 元数据必须忽略',
    },
    title: { en: 'Answer about another task', zh: '回答的是另一个任务' },
    check: (ctx, msg) => {
      if (!hasHandshakeTasks(ctx) || msg.envelope.kind !== 'response') return null;
      const record = answeredRecord(ctx, msg);
      if (record === undefined || record.status === 'answered' || record.taskId === undefined)
        return null;
      const answered = msg.envelope.result.taskId;
      if (typeof answered !== 'string' || answered === record.taskId) return null;
      return {
        pointer: '/result/taskId',
        en: `${record.method} #${show(msg.id)} asks about task ${show(record.taskId)} (params.taskId), and the ${msg.sender} answers about task ${show(answered)}: the taskId parameter MUST be used as the source of truth for the target task, whatever a related-task _meta says`,
        zh: `${record.method} #${show(msg.id)} 询问的是任务 ${show(record.taskId)}（params.taskId），${sideZh(msg.sender)}回答的却是任务 ${show(answered)}：必须以 taskId 参数作为目标任务的依据，无论 related-task _meta 写的是什么`,
      };
    },
  },
  {
    id: 'task-failed-without-message',
    severity: 'warning',
    spec: '2025-11-25/basic/utilities/tasks › Task Execution Errors',
    specNote: {
      en: 'the tasks/get response for a failed task SHOULD include a statusMessage with diagnostic information about the failure',
      zh: '对失败任务的 tasks/get 回应应当带有 statusMessage，给出关于失败的诊断信息',
    },
    title: { en: 'Failed task without a statusMessage', zh: '失败的任务没有 statusMessage' },
    check: (ctx, msg) => {
      if (!hasHandshakeTasks(ctx) || msg.envelope.kind !== 'response') return null;
      const result = msg.envelope.result;
      if (result.status !== 'failed' || typeof result.statusMessage === 'string') return null;
      const record = answeredRecord(ctx, msg);
      if (record?.method !== 'tasks/get' || record.status === 'answered') return null;
      return {
        pointer: '/result/statusMessage',
        en: `tasks/get #${show(msg.id)} reports task ${show(result.taskId)} as "failed" with no statusMessage: the response SHOULD say what went wrong, so the requestor can tell the user more than "failed"`,
        zh: `tasks/get #${show(msg.id)} 报告任务 ${show(result.taskId)} 为 "failed"，却没有 statusMessage：回应应当说明出了什么问题，请求方才能告诉用户比 "failed" 更多的信息`,
      };
    },
  },
  {
    id: 'task-augmentation-unsupported',
    severity: 'warning',
    spec: '2025-11-25/basic/utilities/tasks › Capability Negotiation',
    specNote: {
      en: 'requestors SHOULD augment a request with a task only where the receiver declared it; the tasks.requests set is exhaustive: a request type not in it does not support task augmentation',
      zh: '请求方只应在接收方声明过的请求上使用任务增强；tasks.requests 中列出的就是全部：不在其中的请求类型不支持任务增强',
    },
    title: {
      en: 'Task augmentation of a request that cannot be a task',
      zh: '对不能作为任务的请求使用了任务增强',
    },
    check: (ctx, msg) => {
      if (!hasHandshakeTasks(ctx) || msg.envelope.kind !== 'request') return null;
      const method = msg.envelope.method;
      if (!isObject(msg.params?.task) || isTaskAugmentable(method)) return null;
      return {
        pointer: '/params/task',
        en: `${method} #${show(msg.id)} carries params.task, but no tasks.requests capability can name ${method}: only tools/call (the server's tasks.requests.tools.call) and sampling/createMessage and elicitation/create (the client's) can run as tasks. The ${msg.receiver} MUST process it normally, ignoring the task field`,
        zh: `${method} #${show(msg.id)} 带有 params.task，但没有任何 tasks.requests 能力能指明 ${method}：只有 tools/call（服务器的 tasks.requests.tools.call）以及 sampling/createMessage 和 elicitation/create（客户端的）可以作为任务运行。${sideZh(msg.receiver)}必须照常处理它，忽略 task 字段`,
      };
    },
  },
  {
    id: 'task-result-kind',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Result Retrieval',
    specNote: {
      en: 'a receiver that accepts a task-augmented request MUST answer it with a CreateTaskResult; one that did not declare tasks.requests for that request type MUST process it normally, ignoring the task field',
      zh: '接受任务增强请求的接收方必须以 CreateTaskResult 回应；没有为该请求类型声明 tasks.requests 的接收方必须照常处理它，忽略 task 字段',
    },
    title: {
      en: 'Task-augmented request answered with the wrong kind of result',
      zh: '任务增强请求得到了错误种类的结果',
    },
    check: (ctx, msg) => {
      if (!hasHandshakeTasks(ctx) || msg.envelope.kind !== 'response') return null;
      const record = answeredRecord(ctx, msg);
      if (!record?.task || record.status === 'answered') return null;
      const path = taskCapabilityOf(record.method);
      if (path === undefined) return null;
      const created = isObject(msg.envelope.result.task);
      const call = `${record.method} #${show(msg.id)}`;
      if (!hasCapability(ctx.capabilities, path)) {
        if (!created) return null;
        return {
          en: `${call} asked to run as a task, but the ${msg.sender} did not declare ${path}, and it answers with a CreateTaskResult: a receiver that did not declare the task capability for a request type MUST process it normally, ignoring the task field`,
          zh: `${call} 要求作为任务运行，但${sideZh(msg.sender)}没有声明 ${path}，却以 CreateTaskResult 回应：没有为某类请求声明任务能力的接收方必须照常处理它，忽略 task 字段`,
          cite: {
            spec: '2025-11-25/basic/utilities/tasks › Task Support and Handling',
            specNote: {
              en: 'receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata',
              zh: '没有为某类请求声明任务能力的接收方必须照常处理这类请求，忽略任何任务增强信息',
            },
          },
        };
      }
      // A tool that does not run as a task: -32601 is what task-support-mismatch asks for.
      if (created || (record.tool && ctx.ledger.taskSupport.get(record.tool) === 'forbidden'))
        return null;
      return {
        en: `${call} asked to run as a task, the ${msg.sender} declared ${path}, and it answers with the operation's result directly: a receiver that accepts a task-augmented request MUST answer with a CreateTaskResult (the result itself comes from tasks/result), or refuse it with an error`,
        zh: `${call} 要求作为任务运行，${sideZh(msg.sender)}声明了 ${path}，却直接以操作的结果回应：接受任务增强请求的接收方必须以 CreateTaskResult 回应（结果本身通过 tasks/result 取得），否则就以错误拒绝`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
