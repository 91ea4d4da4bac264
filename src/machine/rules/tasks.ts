import {
  hasCapability,
  isObject,
  RELATED_TASK_META,
  relatedTaskOf,
  type Side,
} from '../../protocol/index.js';
import { pointerToken } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { EXT_TASKS_PAGE } from '../ext-tasks.js';
import {
  answeredRecord,
  earlyResultsRevealed,
  extensionOfCall,
  hasHandshakeTasks,
  isTerminalTaskStatus,
  type TaskReport,
  taskDate,
  taskReports,
} from '../facts.js';
import type { TaskLife, TaskState } from '../ledger.js';
import { type Finding, type RuleRow, show, sideZh } from './rule.js';

/** The two sides of one tools/call: what the call asked, and how its tool said it runs. */
function toolCall(ctx: SessionContext, msg: ModelMessage) {
  if (msg.envelope.kind === 'request') {
    const name = msg.params?.name;
    if (msg.method !== 'tools/call' || typeof name !== 'string') return null;
    return {
      tool: name,
      task: isObject(msg.params?.task),
      support: ctx.ledger.taskSupport.get(name),
    };
  }
  const record = answeredRecord(ctx, msg);
  if (record?.method !== 'tools/call' || record.tool === undefined) return null;
  return {
    tool: record.tool,
    task: record.task === true,
    support: ctx.ledger.taskSupport.get(record.tool),
  };
}

/**
 * 2025-11-25 basic/utilities/tasks › Tool-Level Negotiation: where the server declared
 * task-augmented tools/call, each tool's `execution.taskSupport` binds its calls (a server without
 * that capability is capability-not-negotiated's). Judged for the tools the session saw listed.
 */
export const TASK_RULES = [
  {
    id: 'task-support-mismatch',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Tool-Level Negotiation',
    specNote: {
      en: '"required": the client MUST call the tool as a task, else the server MUST answer -32601; absent or "forbidden": the client MUST NOT, and the server SHOULD answer -32601',
      zh: '"required"：客户端必须以任务方式调用该工具，否则服务器必须回应 -32601；缺省或 "forbidden"：客户端不得以任务方式调用，服务器应当回应 -32601',
    },
    title: { en: 'Tool called against its taskSupport', zh: '工具调用方式违背了它的 taskSupport' },
    check: (ctx, msg): Finding | null => {
      if (
        ctx.era !== 'legacy' ||
        !hasCapability(ctx.capabilities, 'server.tasks.requests.tools.call')
      ) {
        return null;
      }
      const call = toolCall(ctx, msg);
      if (call === null || call.support === undefined || call.support === 'optional') return null;
      const tool = show(call.tool);
      if (msg.envelope.kind === 'request') {
        if (call.support === 'required' && !call.task) {
          return {
            en: `tools/call #${show(msg.id)} calls ${tool} as a normal request, but its tools/list entry says execution.taskSupport "required": the client MUST call it as a task (params.task), and the server answers -32601`,
            zh: `tools/call #${show(msg.id)} 以普通请求调用 ${tool}，但它在 tools/list 中的 execution.taskSupport 为 "required"：客户端必须以任务方式调用（params.task），服务器会回应 -32601`,
          };
        }
        if (call.support === 'forbidden' && call.task) {
          return {
            en: `tools/call #${show(msg.id)} calls ${tool} as a task, but its tools/list entry has no execution.taskSupport or "forbidden": the client MUST NOT call it as a task`,
            zh: `tools/call #${show(msg.id)} 以任务方式调用 ${tool}，但它在 tools/list 中没有 execution.taskSupport 或为 "forbidden"：客户端不得以任务方式调用它`,
          };
        }
        return null;
      }
      // The server's answer: a result where the spec asks for -32601.
      if (msg.envelope.kind !== 'response') return null;
      if (call.support === 'required' && !call.task) {
        return {
          en: `the answer to tools/call #${show(msg.id)} is a result, but ${tool} requires task augmentation and the call was a normal request: the server MUST answer -32601 (Method not found), not a result (an isError result is still a result)`,
          zh: `对 tools/call #${show(msg.id)} 的回应是一个结果，但 ${tool} 要求任务增强，而这次调用是普通请求：服务器必须回应 -32601（Method not found），而不是结果（isError 结果仍然是结果）`,
        };
      }
      if (call.support === 'forbidden' && call.task) {
        return {
          severity: 'warning',
          en: `the answer to tools/call #${show(msg.id)} is a result, but ${tool} does not run as a task and the call asked for one: the server should answer -32601 (Method not found)`,
          zh: `对 tools/call #${show(msg.id)} 的回应是一个结果，但 ${tool} 不支持任务方式，而这次调用要求了任务：服务器应当回应 -32601（Method not found）`,
        };
      }
      return null;
    },
  },
  {
    id: 'task-status-transition',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Task Status Lifecycle',
    specNote: {
      en: 'a task MUST begin in working and move only working ⇄ input_required → completed, failed or cancelled; a terminal status MUST NOT change',
      zh: '任务必须以 working 开始，只能在 working 与 input_required 之间往返，再进入 completed、failed 或 cancelled；终止状态不得再改变',
    },
    title: { en: 'Task status moved the wrong way', zh: '任务状态的变化不合法' },
    check: (ctx, msg) => {
      const findings: Finding[] = [];
      const known = ctx.ledger.tasks[msg.sender];
      // The request a result answers: one sent before the task was known to be terminal may
      // show an older status (read before the task ended), which is no transition.
      const asked = msg.envelope.kind === 'response' ? answeredRecord(ctx, msg)?.seq : undefined;
      for (const report of taskReports(ctx, msg)) {
        const finding = transitionFinding(report, knownWhenAsked(known.get(report.taskId), asked));
        if (finding) findings.push(finding);
      }
      return findings.length > 0 ? findings : null;
    },
  },
  {
    id: 'task-cancel-terminal',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Task Cancellation',
    specNote: {
      en: 'a tasks/cancel for a task already completed, failed or cancelled MUST be rejected with -32602 (Invalid params)',
      zh: '对已处于 completed、failed 或 cancelled 的任务发出的 tasks/cancel 必须以 -32602（参数无效）拒绝',
    },
    title: { en: 'A finished task cancelled', zh: '取消了已经结束的任务' },
    check: (ctx, msg) => {
      if (!hasHandshakeTasks(ctx)) return null;
      const record = answeredRecord(ctx, msg);
      if (record?.method !== 'tasks/cancel' || record.taskId === undefined) return null;
      if (record.status === 'answered') return null;
      if (record.seq === undefined) return null;
      // Terminal before the cancellation was sent; one that crossed the task's end may be served.
      const status = knownWhenAsked(ctx.ledger.tasks[msg.sender].get(record.taskId), record.seq);
      if (!isTerminalTaskStatus(status)) return null;
      const envelope = msg.envelope;
      if (envelope.kind === 'error' && envelope.error.code === -32602) return null;
      const task = `task ${show(record.taskId)}`;
      const answered =
        envelope.kind === 'error'
          ? { en: `error ${envelope.error.code}`, zh: `错误 ${envelope.error.code}` }
          : { en: 'a result', zh: '一个结果' };
      return {
        en: `tasks/cancel #${show(msg.id)} names ${task}, already "${status}" (a terminal status), and is answered with ${answered.en}: the ${msg.sender} MUST reject it with -32602 (Invalid params)`,
        zh: `tasks/cancel #${show(msg.id)} 指向的任务 ${show(record.taskId)} 已是 "${status}"（终止状态），却得到${answered.zh}作为回应：${sideZh(msg.sender)}必须以 -32602（参数无效）拒绝它`,
      };
    },
  },
  {
    id: 'task-related-meta',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Associating Task-Related Messages',
    specNote: {
      en: `every response related to a task MUST carry _meta "${RELATED_TASK_META}" with its taskId: a tasks/result result, and the answer to a request that names a task there`,
      zh: `与任务相关的每个回应都必须在 _meta 中带上 "${RELATED_TASK_META}" 及其 taskId：tasks/result 的结果，以及对在 _meta 中指明了任务的请求的回答`,
    },
    title: { en: 'Task result without its related task', zh: '与任务相关的回应缺少 related-task' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'response') return null;
      const record = answeredRecord(ctx, msg);
      const taskId = record?.relatedTask;
      if (record === undefined || taskId === undefined || record.status === 'answered') return null;
      const named = relatedTaskOf(msg.envelope.result);
      if (named === taskId) return null;
      const task = show(taskId);
      const found =
        named === undefined
          ? { en: `has no _meta "${RELATED_TASK_META}"`, zh: `没有 _meta "${RELATED_TASK_META}"` }
          : { en: `names task ${show(named)} there`, zh: `在其中指向的是任务 ${show(named)}` };
      // The related-task key, or the result's _meta that should hold it, or where that belongs.
      const pointer = isObject(msg.envelope.result._meta)
        ? `/result/_meta/${pointerToken(RELATED_TASK_META)}`
        : '/result/_meta';
      if (record.method === 'tasks/result') {
        return {
          pointer,
          en: `the result of tasks/result #${show(msg.id)} for task ${task} ${found.en}: the result does not hold the task ID, so tasks/result MUST carry {"taskId": ${task}} in _meta "${RELATED_TASK_META}"`,
          zh: `tasks/result #${show(msg.id)}（任务 ${task}）的结果${found.zh}：结果本身不含任务编号，所以 tasks/result 必须在 _meta "${RELATED_TASK_META}" 中带上 {"taskId": ${task}}`,
        };
      }
      return {
        pointer,
        en: `the answer to ${record.method} #${show(msg.id)}, a request related to task ${task}, ${found.en}: every response related to a task MUST carry {"taskId": ${task}} in _meta "${RELATED_TASK_META}"`,
        zh: `对 ${record.method} #${show(msg.id)}（与任务 ${task} 相关的请求）的回答${found.zh}：与任务相关的每个回应都必须在 _meta "${RELATED_TASK_META}" 中带上 {"taskId": ${task}}`,
      };
    },
  },
  {
    id: 'task-result-before-terminal',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Result Retrieval',
    specNote: {
      en: 'a tasks/result for a task that is working or input_required MUST block until the task reaches a terminal status: its result is sent only once the task completed, failed or was cancelled',
      zh: '对处于 working 或 input_required 的任务发出的 tasks/result 必须阻塞，直到任务进入终止状态：只有任务完成、失败或被取消之后才发出结果',
    },
    title: { en: 'Task result sent before the task ended', zh: '任务结束之前就发出了结果' },
    check: (ctx, msg) => {
      const findings = earlyResultsRevealed(ctx, msg).map(({ report, resultId }) =>
        earlyResultFinding(report, show(resultId), msg.sender),
      );
      return findings.length > 0 ? findings : null;
    },
  },
  {
    id: 'task-id-reused',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/tasks › Task ID Requirements',
    specNote: {
      en: 'task IDs MUST be unique among all tasks controlled by the receiver; a task lives at least its ttl from createdAt (only then MAY it be deleted), a cancelled one MAY be deleted at any time',
      zh: '任务编号必须在接收方掌管的所有任务中唯一；任务自 createdAt 起至少存在 ttl 这么久（此后才可以删除），被取消的任务可以随时删除',
    },
    title: { en: 'Task ID of a live task reused', zh: '重复使用了仍然存在的任务的编号' },
    check: (ctx, msg) => {
      const lives = ctx.ledger.taskLives[msg.sender];
      if (lives.size === 0) return null;
      const findings: Finding[] = [];
      for (const report of taskReports(ctx, msg)) {
        if (report.via !== 'created') continue;
        const earlier = lives.get(report.taskId);
        if (earlier === undefined) continue;
        // A cancelled task MAY be deleted at any time (› Task Cancellation), its ID freed.
        if (ctx.ledger.tasks[msg.sender].get(report.taskId)?.status === 'cancelled') continue;
        if (cancelling(ctx, msg, report.taskId)) continue;
        const alive = stillAlive(earlier, taskDate(report.createdAt));
        if (alive === null) continue;
        const task = show(report.taskId);
        findings.push({
          pointer: `${report.at}/taskId`,
          en: `the CreateTaskResult creates task ${task}, but the ${msg.sender} already created a task ${task} in this session, ${alive.en}, so it still exists: task IDs MUST be unique among all tasks the receiver controls, and the requestor could no longer tell the two apart in tasks/get, tasks/result or tasks/cancel`,
          zh: `CreateTaskResult 创建了任务 ${task}，但${sideZh(msg.sender)}在本次会话中已经创建过任务 ${task}，${alive.zh}，所以它仍然存在：任务编号必须在接收方掌管的所有任务中唯一，否则请求方在 tasks/get、tasks/result 或 tasks/cancel 中无法再区分这两个任务`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
  {
    id: 'task-poll-too-soon',
    severity: 'warning',
    spec: '2025-11-25/basic/utilities/tasks › Getting Tasks',
    specNote: {
      en: 'requestors SHOULD respect the pollInterval the responses give when determining polling frequency: judged from a tasks/get result to the next tasks/get of its task, only where the source read a clock or runs its peers on one (a transcript with t_ms, a live connection, a lesson), with 10 ms allowed for timers and clocks',
      zh: '请求方决定轮询频率时应当（SHOULD）遵守回应给出的 pollInterval：从 tasks/get 的结果到同一任务的下一次 tasks/get 之间判断，只在来源读过时钟、或其模拟对端按某个时钟运行时判断（带 t_ms 的记录文件、实时连接、课程），并为计时器和时钟留出 10 毫秒的误差',
    },
    // 2026-07-28: the tasks extension's tasks/get, in a request that declares it (› Task
    // Polling: "Clients SHOULD respect the pollIntervalMs provided in responses").
    modern: {
      spec: `${EXT_TASKS_PAGE} › Task Polling`,
      specNote: {
        en: 'clients SHOULD respect the pollIntervalMs responses give when determining polling frequency: judged from a tasks/get result to the next tasks/get of its task, only where the source read a clock or runs its peers on one, with 10 ms allowed for timers and clocks',
        zh: '客户端决定轮询频率时应当（SHOULD）遵守回应给出的 pollIntervalMs：从 tasks/get 的结果到同一任务的下一次 tasks/get 之间判断，只在来源读过时钟、或其模拟对端按某个时钟运行时判断，并为计时器和时钟留出 10 毫秒的误差',
      },
    },
    title: {
      en: 'Task polled sooner than its pollInterval',
      zh: '轮询任务的间隔短于 pollInterval',
    },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'request' || msg.method !== 'tasks/get' || msg.at === undefined)
        return null;
      const taskId = msg.params?.taskId;
      const modern = ctx.era === 'modern';
      if (modern ? extensionOfCall(msg) === null : !hasHandshakeTasks(ctx)) return null;
      if (typeof taskId !== 'string') return null;
      const last = ctx.ledger.taskPolls[msg.receiver].get(taskId);
      if (last === undefined) return null;
      const gap = msg.at - last.at;
      // A clock that went back cannot be judged; a timer may fire, and a clock read, a little early.
      if (gap < 0 || gap + POLL_SLACK_MS >= last.interval) return null;
      const task = show(taskId);
      if (modern) {
        return {
          en: `tasks/get #${show(msg.id)} polls task ${task} ${gap} ms after the server's last tasks/get result for it, which gave a pollIntervalMs of ${last.interval}: a client should wait that long between polls; sooner, it asks again for a status that has most likely not changed, and the server may rate-limit it`,
          zh: `tasks/get #${show(msg.id)} 在服务器上一次给出任务 ${task} 的 tasks/get 结果之后仅 ${gap} 毫秒就再次轮询，而那个结果给出的 pollIntervalMs 为 ${last.interval}：客户端应当在两次轮询之间等待这么久；更早轮询，只会再问一次多半没有变化的状态，服务器也可能对它限流`,
        };
      }
      return {
        en: `tasks/get #${show(msg.id)} polls task ${task} ${gap} ms after the ${msg.receiver}'s last tasks/get result for it, which suggested a pollInterval of ${last.interval} ms: a requestor should wait that long between polls; sooner, it asks the receiver again for a status that has most likely not changed`,
        zh: `tasks/get #${show(msg.id)} 在${sideZh(msg.receiver)}上一次给出任务 ${task} 的 tasks/get 结果之后仅 ${gap} 毫秒就再次轮询，而那个结果建议的 pollInterval 为 ${last.interval} 毫秒：请求方应当在两次轮询之间等待这么久；更早轮询，只会让接收方再报告一次多半没有变化的状态`,
      };
    },
  },
] as const satisfies readonly RuleRow[];

/** How much sooner than its pollInterval a poll may go out unflagged (ms): timers and clocks. */
const POLL_SLACK_MS = 10;

/** What an early tasks/result's answer shows when the receiver then reports its task unfinished. */
function earlyResultFinding(report: TaskReport, resultId: string, sender: Side): Finding {
  const task = show(report.taskId);
  const via =
    report.via === 'notification'
      ? { en: 'notifications/tasks/status', zh: 'notifications/tasks/status' }
      : { en: `the ${report.via} result`, zh: `${report.via} 的结果` };
  return {
    pointer: `${report.at}/status`,
    en: `${via.en} reports task ${task} as "${report.status}", but the ${sender} already answered tasks/result #${resultId} for it with a result, when it had reported no terminal status: a tasks/result for a task still working or input_required MUST block until the task completed, failed or was cancelled, so that result was sent before the task ended`,
    zh: `${via.zh} 报告任务 ${task} 为 "${report.status}"，但${sideZh(sender)}此前在未报告任何终止状态时就已经以结果回应了针对它的 tasks/result #${resultId}：对仍处于 working 或 input_required 的任务发出的 tasks/result 必须阻塞，直到任务完成、失败或被取消，所以那个结果是在任务结束之前发出的`,
  };
}

/** Whether the requestor's tasks/cancel of the task waits for its answer (the task may be gone). */
function cancelling(ctx: SessionContext, msg: ModelMessage, taskId: string): boolean {
  for (const record of ctx.ledger.requests[msg.receiver].values()) {
    if (record.method === 'tasks/cancel' && record.status === 'pending' && record.taskId === taskId)
      return true;
  }
  return false;
}

/**
 * Why an earlier task is sure to exist when a new one of its ID is created at `created`: an
 * unlimited ttl, or a ttl not yet elapsed by the receiver's own timestamps; null when it may be gone.
 */
function stillAlive(
  earlier: TaskLife,
  created: number | undefined,
): { en: string; zh: string } | null {
  if (earlier.ttl === null)
    return { en: 'with an unlimited ttl (null)', zh: '其 ttl 为无限（null）' };
  if (earlier.ttl === undefined || earlier.createdAt === undefined || created === undefined)
    return null;
  const age = created - earlier.createdAt;
  if (age >= earlier.ttl) return null;
  return {
    en: `${age} ms before the new one by their createdAt, within its ttl of ${earlier.ttl} ms (a task MAY be deleted only after its ttl)`,
    zh: `按 createdAt 计算比新任务早 ${age} 毫秒，仍在其 ${earlier.ttl} 毫秒的 ttl 之内（任务只有在 ttl 过后才可以删除）`,
  };
}

/**
 * A task's status as its receiver had reported it when the request numbered `seq` was sent (a
 * notification, with no request: its latest): a terminal status reported after that request went
 * out is not counted (undefined), since the answer may have been read before the task ended.
 */
function knownWhenAsked(state: TaskState | undefined, seq: number | undefined): string | undefined {
  if (state?.terminalFrom === undefined || seq === undefined) return state?.status;
  return seq < state.terminalFrom ? undefined : state.status;
}

/** What is wrong with a status report for a task last known at `before` (undefined: unknown). */
function transitionFinding(report: TaskReport, before: string | undefined): Finding | null {
  const task = `task ${show(report.taskId)}`;
  const status = `"${report.status}"`;
  if (report.via === 'created') {
    if (report.status === 'working') return null;
    return {
      pointer: `${report.at}/status`,
      en: `the CreateTaskResult creates ${task} in status ${status}; a task MUST begin in "working"`,
      zh: `CreateTaskResult 创建的任务 ${show(report.taskId)} 状态为 ${status}；任务必须以 "working" 开始`,
    };
  }
  if (report.via === 'tasks/cancel' && !isTerminalTaskStatus(before)) {
    if (report.status === 'cancelled') return null;
    return {
      pointer: `${report.at}/status`,
      cite: {
        spec: '2025-11-25/basic/utilities/tasks › Task Cancellation',
        specNote: {
          en: 'the receiver MUST move the task to cancelled before it answers a tasks/cancel',
          zh: '接收方必须在回应 tasks/cancel 之前把任务转为 cancelled',
        },
      },
      en: `the tasks/cancel result reports ${task} as ${status}; a receiver that accepts the cancellation MUST move the task to "cancelled" before it answers`,
      zh: `tasks/cancel 的结果报告任务 ${show(report.taskId)} 为 ${status}；接受取消的接收方必须在回应之前把任务转为 "cancelled"`,
    };
  }
  // A tasks/cancel of a task already terminal is task-cancel-terminal's.
  if (report.via === 'tasks/cancel') return null;
  if (!isTerminalTaskStatus(before) || report.status === before) return null;
  const via =
    report.via === 'notification' ? 'notifications/tasks/status' : `the ${report.via} result`;
  return {
    pointer: `${report.at}/status`,
    en: `${via} reports ${task} as ${status}, but it was already "${before}", a terminal status: a task that completed, failed or was cancelled MUST NOT move to any other status`,
    zh: `${via === 'notifications/tasks/status' ? `${via} ` : `${report.via} 的结果`}报告任务 ${show(report.taskId)} 为 ${status}，但它已经是终止状态 "${before}"：已完成、失败或取消的任务不得再转为其他状态`,
  };
}
