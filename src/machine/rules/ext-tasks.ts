import { isDeepStrictEqual } from 'node:util';
import { decodedHeader } from '../../protocol/http-headers.js';
import { isObject, type JsonObject, pointerToken } from '../../protocol/json.js';
import type { RequestRecord, SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import {
  callResultMarkedTask,
  declaresTasks,
  EXT_TASKS_PAGE,
  extTaskReport,
  isExtTasksMethod,
  knownWhenSent,
  TASK_SUPPORTED_METHODS,
  taskMarkedComplete,
  tasksRecordOf,
} from '../ext-tasks.js';
import { answeredRecord, cancelledId, isTerminalTaskStatus } from '../facts.js';
import {
  ACKNOWLEDGED,
  filterOf,
  LISTEN,
  type Listen,
  subscriptionIdOf,
} from '../records-streams.js';
import { refusalDue } from './modern-results.js';
import { type Finding, type RuleRow, show } from './rule.js';
import { subscriptionIdAt } from './subscription-places.js';

/**
 * The MUSTs of the `io.modelcontextprotocol/tasks` extension that one message and the ledger can
 * judge (2026-07-28 moved tasks into it: changelog › Major changes, item 6). The extension is
 * versioned apart from the core; its text is cited at its draft e434597 (ext-tasks-e434597/tasks).
 * Its shapes are the schema rules' (invalid-params, invalid-result against its own schema).
 */

const resultOf = (msg: ModelMessage): JsonObject | null =>
  msg.envelope.kind === 'response' ? msg.envelope.result : null;

/** The server declared the extension in its server/discover result (tasks extension › Capability Negotiation). */
const serverDeclaresTasks = (ctx: SessionContext) => declaresTasks(ctx.discover?.capabilities);

/**
 * The listen stream of a subscriptions/listen whose filter asks for notifications/tasks (a
 * non-empty taskIds), else undefined: the extension's, whatever the core makes of the rest (tasks
 * extension › Task Status Notifications).
 */
function tasksListen(ctx: SessionContext, record: RequestRecord): Listen | undefined {
  if (record.method !== LISTEN) return undefined;
  const listen = ctx.ledger.listens.get(record.id);
  return listen && listen.filter.taskIds.size > 0 ? listen : undefined;
}

/**
 * The acknowledgment of a listen that asked for taskIds without declaring the extension: a server
 * that has the extension MUST refuse that listen with -32021 instead (tasks extension › Task Status
 * Notifications). A server that declared the extension, or honours taskIds, has it; one without it
 * acknowledges the rest and leaves taskIds out, as it would any field it does not know.
 */
function undeclaredListenAcknowledged(ctx: SessionContext, msg: ModelMessage): Finding | null {
  const id = subscriptionIdOf(msg.params?._meta);
  const record = id === undefined ? undefined : ctx.ledger.request('client', id);
  if (record?.declared === undefined || declaresTasks(record.declared.capabilities)) return null;
  const listen = tasksListen(ctx, record);
  if (!listen || listen.ended || listen.ack !== null) return null;
  const honoured = filterOf(msg.params?.notifications).taskIds.size > 0;
  if (!honoured && !serverDeclaresTasks(ctx)) return null;
  const has = honoured ? 'honours taskIds' : 'declared the extension in server/discover';
  const hasZh = honoured ? '在确认中接受了 taskIds' : '在 server/discover 中声明了该扩展';
  return {
    pointer: subscriptionIdAt(msg),
    en: `listen ${show(id)} asks for task status notifications (taskIds) but does not declare io.modelcontextprotocol/tasks in its clientCapabilities.extensions, and the server, which ${has}, acknowledges it; it MUST refuse the listen with -32021 (Missing Required Client Capability), naming the extension in data.requiredCapabilities`,
    zh: `listen ${show(id)} 请求了任务状态通知（taskIds），却没有在 clientCapabilities.extensions 中声明 io.modelcontextprotocol/tasks，而服务器（它${hasZh}）确认了这个订阅；服务器必须以 -32021（缺少必需的客户端能力）拒绝这个 listen，并在 data.requiredCapabilities 中写明该扩展`,
  };
}

/**
 * 2026-07-28, the tasks extension (› Task Cancellation: "The notifications/cancelled notification
 * MUST NOT be used for task cancellation"): a client's notifications/cancelled naming the request a
 * CreateTaskResult answered. That request is over; its work goes on as the task, which tasks/cancel
 * cancels. cancel-task-augmented judges it, as it judges 2025-11-25's task-augmented requests.
 */
export function extTaskCancelledByNotification(
  ctx: SessionContext,
  msg: ModelMessage,
): Finding | null {
  if (ctx.era !== 'modern' || msg.sender !== 'client') return null;
  const id = cancelledId(msg);
  if (id === null) return null;
  // A request of that id still waiting for its answer is what it cancels (a CreateTaskResult
  // on its way crosses it, as any answer may).
  const record = ctx.ledger.request('client', id);
  if (record !== undefined && record.status !== 'answered') return null;
  for (const [taskId, task] of ctx.ledger.extTasks) {
    if (task.createdBy !== id) continue;
    return {
      pointer: '/params/requestId',
      en: `notifications/cancelled names request ${show(id)}, which was answered with a CreateTaskResult: that request is over, and its work goes on as task ${show(taskId)}. notifications/cancelled MUST NOT be used to cancel a task; the client sends tasks/cancel with taskId ${show(taskId)}`,
      zh: `notifications/cancelled 指向请求 ${show(id)}，而这个请求已经以 CreateTaskResult 得到回应：请求本身已经结束，它的工作作为任务 ${show(taskId)} 继续进行。不得用 notifications/cancelled 取消任务；客户端应发送带 taskId ${show(taskId)} 的 tasks/cancel`,
    };
  }
  return null;
}

export const EXT_TASK_RULES = [
  {
    id: 'task-unsupported-request',
    severity: 'error',
    spec: `${EXT_TASKS_PAGE} › Capability Negotiation`,
    specNote: {
      en: 'a CreateTaskResult to a request type the extension does not support (only tools/call: › Supported Methods) MUST be treated by the client as an invalid response',
      zh: '对扩展不支持的请求类型（目前只有 tools/call，见 › Supported Methods）返回的 CreateTaskResult，客户端必须视为无效回应',
    },
    title: {
      en: 'Task handed out for an unsupported request',
      zh: '对不支持任务的请求返回了任务',
    },
    check: (ctx, msg) => {
      const result = resultOf(msg);
      const record = result && tasksRecordOf(ctx, msg);
      if (!result || !record || result.resultType !== 'task') return null;
      // The extension's own methods answer with their own types: task-result-type says so.
      if (TASK_SUPPORTED_METHODS.includes(record.method) || isExtTasksMethod(record.method))
        return null;
      return {
        pointer: '/result/resultType',
        en: `${record.method} result #${show(msg.id)} is a CreateTaskResult (resultType "task"), but the tasks extension runs only tools/call as a task; the client MUST treat this answer to ${record.method} as invalid, though the request declared the extension`,
        zh: `${record.method} 结果 #${show(msg.id)} 是一个 CreateTaskResult（resultType 为 "task"），但 tasks 扩展只支持以任务方式执行 tools/call；即使请求声明了该扩展，客户端也必须把这个对 ${record.method} 的回应视为无效`,
      };
    },
  },
  {
    id: 'task-result-type',
    severity: 'error',
    spec: `${EXT_TASKS_PAGE} › Polymorphic Results`,
    specNote: {
      en: 'resultType "task" MUST be set on a CreateTaskResult, and MUST NOT be set on any other result type',
      zh: 'CreateTaskResult 必须把 resultType 设为 "task"，其他任何结果类型都不得使用 "task"',
    },
    title: { en: 'resultType "task" on the wrong result', zh: 'resultType "task" 用错了结果' },
    check: (ctx, msg) => {
      const result = resultOf(msg);
      const record = result && tasksRecordOf(ctx, msg);
      if (!result || !record) return null;
      const where = `${record.method} result #${show(msg.id)}`;
      const whereZh = `${record.method} 结果 #${show(msg.id)}`;
      if (result.resultType === 'task' && isExtTasksMethod(record.method)) {
        return {
          pointer: '/result/resultType',
          en: `${where} has resultType "task", which only a CreateTaskResult carries; ${record.method} answers with its own result type, whose resultType is "complete"`,
          zh: `${whereZh} 的 resultType 为 "task"，而只有 CreateTaskResult 才能使用它；${record.method} 以它自己的结果类型作答，其 resultType 为 "complete"`,
        };
      }
      if (!TASK_SUPPORTED_METHODS.includes(record.method)) return null;
      if (callResultMarkedTask(result)) {
        return {
          pointer: '/result/resultType',
          en: `${where} has resultType "task" but is a CallToolResult (content, no taskId): the client reads it as a task handle it cannot poll; a finished call says "complete"`,
          zh: `${whereZh} 的 resultType 为 "task"，但它是一个 CallToolResult（有 content，没有 taskId）：客户端会把它当作无法轮询的任务句柄；已经完成的调用应使用 "complete"`,
        };
      }
      if (taskMarkedComplete(result)) {
        return {
          pointer: '/result/resultType',
          en: `${where} is a CreateTaskResult (taskId ${show(result.taskId)}, status ${show(result.status)}) with resultType "complete": the server MUST set "task", or the client takes it for a CallToolResult without content`,
          zh: `${whereZh} 是一个 CreateTaskResult（taskId ${show(result.taskId)}，status ${show(result.status)}），却把 resultType 设为 "complete"：服务器必须设为 "task"，否则客户端会把它当作缺少 content 的 CallToolResult`,
        };
      }
      return null;
    },
  },
  {
    id: 'tasks-undeclared-not-refused',
    severity: 'error',
    spec: `${EXT_TASKS_PAGE} › Protocol Errors`,
    specNote: {
      en: 'tasks/get, tasks/update, tasks/cancel, or a subscriptions/listen asking for taskIds, from a client whose request does not declare the extension MUST get -32021 (Missing Required Client Capability)',
      zh: '请求中没有声明该扩展的客户端发来的 tasks/get、tasks/update、tasks/cancel，或请求 taskIds 的 subscriptions/listen，必须得到 -32021（缺少必需的客户端能力）',
    },
    title: {
      en: 'Undeclared tasks request not refused',
      zh: '未声明扩展的任务请求没有被拒绝',
    },
    check: (ctx, msg) => {
      if (ctx.era !== 'modern' || msg.receiver !== 'client') return null;
      if (msg.method === ACKNOWLEDGED) return undeclaredListenAcknowledged(ctx, msg);
      const record = answeredRecord(ctx, msg);
      if (!record || record.status === 'answered' || record.declared === undefined) return null;
      const listen = tasksListen(ctx, record);
      if (
        !(isExtTasksMethod(record.method) || listen) ||
        declaresTasks(record.declared.capabilities)
      )
        return null;
      // Malformed, of a version not served, headers that do not match: their own rules' codes.
      if (refusalDue(ctx, record)) return null;
      // A listen already acknowledged was judged then (undeclaredListenAcknowledged).
      if (listen && listen.ack !== null) return null;
      const asked = `${record.method} #${show(msg.id)}`;
      const what = listen ? ' asks for task status notifications (taskIds) but' : '';
      const whatZh = listen ? '请求了任务状态通知（taskIds），却' : '';
      if (msg.envelope.kind === 'error') {
        const { code } = msg.envelope.error;
        // A server without the extension does not know the method (-32601, as the core says);
        // one that declared it in server/discover is held to the extension's answer.
        if (code === -32021 || !serverDeclaresTasks(ctx)) return null;
        return {
          pointer: '/error/code',
          en: `${asked}${what} does not declare io.modelcontextprotocol/tasks in its clientCapabilities.extensions, and the server, which declared the extension, answers ${show(code)}; it MUST answer -32021 naming the extension in data.requiredCapabilities`,
          zh: `${asked} ${whatZh}没有在 clientCapabilities.extensions 中声明 io.modelcontextprotocol/tasks，而声明了该扩展的服务器以 ${show(code)} 回应；它必须以 -32021 回应，并在 data.requiredCapabilities 中写明该扩展`,
        };
      }
      // A listen's result ends its stream: what was wrong was its acknowledgment, judged then.
      if (listen) return null;
      return {
        en: `${asked} does not declare io.modelcontextprotocol/tasks in its clientCapabilities.extensions, yet the server answers it with a result; it MUST answer -32021 (Missing Required Client Capability), whatever earlier requests declared`,
        zh: `${asked} 没有在 clientCapabilities.extensions 中声明 io.modelcontextprotocol/tasks，服务器却以结果作答；无论之前的请求声明过什么，它都必须以 -32021（缺少必需的客户端能力）回应`,
      };
    },
  },
  {
    id: 'task-not-found-code',
    severity: 'error',
    spec: `${EXT_TASKS_PAGE} › Protocol Errors`,
    specNote: {
      en: 'an invalid or nonexistent taskId gets -32602 (Invalid params): MUST for tasks/get, SHOULD for tasks/update and tasks/cancel',
      zh: '无效或不存在的 taskId 应得到 -32602（参数无效）：tasks/get 必须如此，tasks/update 和 tasks/cancel 应当如此',
    },
    title: { en: 'Unknown task refused with another code', zh: '未知任务以其他错误码拒绝' },
    check: (ctx, msg) => {
      const record = tasksRecordOf(ctx, msg);
      if (!record || msg.envelope.kind !== 'error' || !isExtTasksMethod(record.method)) return null;
      const taskId = record.taskId;
      // Only a task this session never saw handed out is sure not to exist (an expired one may
      // be reported in other words); once the ledger forgot one, it cannot tell.
      if (taskId === undefined || ctx.ledger.extTasks.has(taskId)) return null;
      if (!ctx.ledger.knowsEveryExtTask() || refusalDue(ctx, record)) return null;
      const { code } = msg.envelope.error;
      // -32603 is the spec's other protocol error (an internal one), not a verdict on the task.
      if (code === -32602 || code === -32603) return null;
      // A server without the extension does not know the method (-32601, as the core says, and
      // as `serve` answers); only one that declared it in server/discover is held to -32602.
      if (code === -32601 && !serverDeclaresTasks(ctx)) return null;
      const get = record.method === 'tasks/get';
      return {
        ...(get ? {} : { severity: 'warning' as const }),
        pointer: '/error/code',
        en: `${record.method} #${show(msg.id)} names task ${show(taskId)}, which the server never handed out in this session, and is refused with ${show(code)}; a nonexistent taskId ${get ? 'MUST' : 'SHOULD'} get -32602 (Invalid params)`,
        zh: `${record.method} #${show(msg.id)} 指向任务 ${show(taskId)}，本会话中服务器从未发出过这个任务，回应的错误码却是 ${show(code)}；不存在的 taskId ${get ? '必须' : '应当'}得到 -32602（参数无效）`,
      };
    },
  },
  {
    // The client's MUST only: unlike the core's Mcp-Name (header-mismatch), the extension asks
    // nothing of the server here, so no refusal is due and `serve --http` answers as it would.
    // Judged only where the source saw the HTTP request: stdio has no headers.
    id: 'task-name-header',
    severity: 'error',
    spec: `${EXT_TASKS_PAGE} › Streamable HTTP: Routing Headers`,
    specNote: {
      en: 'over Streamable HTTP the client MUST set Mcp-Name to params.taskId on tasks/get, tasks/update and tasks/cancel, so that intermediaries route every request for a task to the server instance holding it',
      zh: '通过 HTTP 传输发送 tasks/get、tasks/update、tasks/cancel 时，客户端必须把 Mcp-Name 设为 params.taskId，以便中间设备把同一任务的每个请求都路由到保存它的服务器实例',
    },
    title: {
      en: 'Task request without its taskId in Mcp-Name',
      zh: '任务请求的 Mcp-Name 不是它的 taskId',
    },
    check: (ctx, msg) => {
      if (msg.type !== 'client.request' || ctx.era !== 'modern' || !msg.headers) return null;
      const taskId = msg.params?.taskId;
      // A request without a string taskId is the schema's (invalid-params).
      const method = msg.method ?? '';
      if (!isExtTasksMethod(method) || typeof taskId !== 'string') return null;
      const given = msg.headers['mcp-name'];
      const decoded = given === undefined ? undefined : decodedHeader(given);
      if (decoded === taskId) return null;
      const asked = `${method} #${show(msg.id)}`;
      const why = {
        en: `so a load balancer routing on it may send the request to a server instance that does not hold task ${show(taskId)}; the server is not required to refuse it, which is why the client must get it right`,
        zh: `这样，依据它路由的负载均衡器可能把请求送到并不保存任务 ${show(taskId)} 的服务器实例；扩展并没有要求服务器拒绝这样的请求，所以客户端必须自己写对`,
      };
      if (given === undefined) {
        return {
          en: `${asked} was POSTed without the Mcp-Name header; over Streamable HTTP the client MUST set it to params.taskId (${show(taskId)}), ${why.en}`,
          zh: `${asked} 在 POST 时没有带 Mcp-Name 请求头；通过 HTTP 传输发送时，客户端必须把它设为 params.taskId（${show(taskId)}），${why.zh}`,
        };
      }
      if (decoded === null) {
        return {
          en: `${asked} was POSTed with Mcp-Name: ${show(given)}, which is not valid Base64-encoded UTF-8 and so cannot name task ${show(taskId)}; the client MUST set it to params.taskId (Base64-encoded only when the id is not header-safe), ${why.en}`,
          zh: `${asked} 在 POST 时带的 Mcp-Name 是 ${show(given)}，它不是有效的 Base64 编码 UTF-8，无法表示任务 ${show(taskId)}；客户端必须把它设为 params.taskId（只有当 id 不能直接放进请求头时才用 Base64 编码），${why.zh}`,
        };
      }
      return {
        en: `${asked} was POSTed with Mcp-Name: ${show(given)}, while its params.taskId is ${show(taskId)}; the client MUST set the header to the task's id, ${why.en}`,
        zh: `${asked} 在 POST 时带的 Mcp-Name 是 ${show(given)}，而它的 params.taskId 是 ${show(taskId)}；客户端必须把这个请求头设为任务的 id，${why.zh}`,
      };
    },
  },
  {
    id: 'task-terminal-left',
    // The extension states it in its state diagram only, with no MUST (2025-11-25's core said
    // "MUST NOT" in words): a warning, as the text gives it no keyword.
    severity: 'warning',
    spec: `${EXT_TASKS_PAGE} › Task Status`,
    specNote: {
      en: 'the state diagram leads working ⇄ input_required → completed, failed or cancelled, and out of a terminal status only to the end',
      zh: '状态图为 working ⇄ input_required → completed、failed 或 cancelled；终止状态之后只有结束',
    },
    title: { en: 'Task left a terminal status', zh: '任务离开了终止状态' },
    check: (ctx, msg) => {
      const report = extTaskReport(ctx, msg);
      if (!report || report.created) return null;
      const before = knownWhenSent(ctx.ledger.extTasks.get(report.taskId), report.record);
      if (before === undefined || !isTerminalTaskStatus(before) || report.status === before)
        return null;
      const via = report.record ? `tasks/get #${show(msg.id)}` : 'notifications/tasks';
      return {
        pointer: `${report.at}/status`,
        en: `task ${show(report.taskId)} was "${before}", a terminal status, and ${via} now reports "${report.status}"; in the extension's status diagram nothing leaves completed, failed or cancelled`,
        zh: `任务 ${show(report.taskId)} 已处于终止状态 "${before}"，而 ${via} 现在报告 "${report.status}"；在扩展的状态图中，completed、failed、cancelled 都不会再转到其他状态`,
      };
    },
  },
  {
    id: 'task-input-key-reused',
    severity: 'error',
    spec: `${EXT_TASKS_PAGE} › Task Update Requests`,
    specNote: {
      en: 'each inputRequests key is unique over the task’s lifetime: the same key MUST NOT name two distinct requests',
      zh: '每个 inputRequests 键在任务的整个生命周期内唯一：同一个键不得指代两个不同的请求',
    },
    title: { en: 'Input key names another request', zh: '输入键指向了另一个请求' },
    check: (ctx, msg) => {
      const report = extTaskReport(ctx, msg);
      const known = report && ctx.ledger.extTasks.get(report.taskId);
      if (!report?.inputRequests || !known) return null;
      const findings: Finding[] = [];
      for (const [key, request] of Object.entries(report.inputRequests)) {
        if (!known.inputs.has(key) || isDeepStrictEqual(known.inputs.get(key), request)) continue;
        const before = known.inputs.get(key);
        const method = isObject(before) ? show(before.method) : show(before);
        findings.push({
          pointer: `${report.at}/inputRequests/${pointerToken(key)}`,
          en: `task ${show(report.taskId)} already used inputRequests key ${show(key)} for another request (${method}); a key names one request over the task's lifetime, so inputResponses under it always answer the request the client expects`,
          zh: `任务 ${show(report.taskId)} 已经把 inputRequests 键 ${show(key)} 用于另一个请求（${method}）；一个键在任务的整个生命周期内只指代一个请求，这样 inputResponses 中该键的回应才总是对应客户端所预期的请求`,
        });
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];
