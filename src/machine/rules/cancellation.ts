import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { EXT_TASKS_PAGE } from '../ext-tasks.js';
import {
  answeredRecord,
  cancelledId,
  cancelledLogRequest,
  cancelledRecord,
  progressOf,
} from '../facts.js';
import { onCancelledListen } from '../records-streams.js';
import { extTaskCancelledByNotification } from './ext-tasks.js';
import { type RuleRow, show, sideZh, stdioCancellationRace } from './rule.js';

/**
 * The request a server's answer or progress is about, when the client cancelled it by closing its
 * HTTP response stream (2026-07-28), else undefined.
 */
function closedStreamRequest(ctx: SessionContext, msg: ModelMessage) {
  const answered = answeredRecord(ctx, msg) ?? cancelledLogRequest(ctx, msg);
  if (answered) return answered.streamClosed ? answered : undefined;
  const p = progressOf(msg);
  const token = p ? ctx.ledger.token(msg.receiver, p.token) : undefined;
  if (token?.status !== 'cancelled') return undefined;
  const request = ctx.ledger.request(msg.receiver, token.requestId);
  return request?.streamClosed ? request : undefined;
}

/** Cancellation: only the requester cancels, never initialize, and a cancelled request gets no answer. */
export const CANCELLATION_RULES = [
  {
    id: 'response-after-cancellation',
    severity: 'warning',
    spec: '2025-11-25/basic/utilities/cancellation › Behavior Requirements',
    // 2026-07-28 states it twice: patterns/cancellation › Behavior Requirements (SHOULD not send a
    // response) and transports/stdio › Cancellation (MUST NOT send any further messages). A
    // transcript cannot tell the second's case, an answer written after the cancellation arrived,
    // from the race both pages allow (cancellation › Timing Considerations: the notification "may
    // arrive … after a response has already been sent"), so the rule stays a warning and says so.
    modern: {
      spec: '2026-07-28/basic/patterns/cancellation › Behavior Requirements; 2026-07-28/basic/transports/stdio › Cancellation',
      specNote: {
        en: 'no response after cancellation; over stdio, nothing more once it has arrived',
        zh: '取消之后不再回应；通过 stdio 时，收到取消之后不得再发送任何消息',
      },
    },
    specNote: { en: 'no response after cancellation', zh: '取消之后不再回应' },
    title: { en: 'Response after cancellation', zh: '取消之后仍然回应' },
    check: (ctx, msg) => {
      // A notification on a listen stream the client cancelled is one more message for that
      // request, the same race as an answer (stdio › Cancellation, Timing Considerations).
      const listen = onCancelledListen(ctx, msg);
      if (listen !== undefined) {
        const race = stdioCancellationRace('notification');
        return {
          en: `${msg.method} on listen ${show(listen)}, which the client cancelled; the server should send nothing more on it${race.en}`,
          zh: `${msg.method} 发送在客户端已取消的 listen ${show(listen)} 上；服务器不应再在上面发送任何消息${race.zh}`,
        };
      }
      // A log message for a request the client cancelled: the same race as its answer.
      const logged = cancelledLogRequest(ctx, msg);
      if (logged) {
        if (logged.streamClosed) return null; // message-after-stream-closed
        const what = `${logged.method} #${show(logged.id)}`;
        const race = stdioCancellationRace('notification');
        return {
          en: `notifications/message for ${what}, which the client cancelled (the only request that asked for log messages); the server should have stopped working on it${race.en}`,
          zh: `notifications/message 属于客户端已取消的 ${what}（唯一要求日志的请求）；服务器应当停止处理它${race.zh}`,
        };
      }
      const record = answeredRecord(ctx, msg);
      // A stream the client closed: a MUST NOT of its own (message-after-stream-closed).
      if (record?.status !== 'cancelled' || record.streamClosed) return null;
      const what = `${record.method} #${show(msg.id)}`;
      if (ctx.era === 'modern') {
        const race = stdioCancellationRace('answer');
        return {
          en: `${what} was cancelled; the server should not answer it${race.en}`,
          zh: `${what} 已被取消；服务器不应再回应它${race.zh}`,
        };
      }
      return {
        en: `${what} was cancelled; the receiver should not answer it`,
        zh: `${what} 已被取消；接收方不应再回应`,
      };
    },
  },
  {
    id: 'message-after-stream-closed',
    severity: 'error',
    spec: '2026-07-28/basic/transports/streamable-http › Cancellation',
    specNote: {
      en: 'the server MUST NOT send any further messages for a request whose stream the client closed',
      zh: '客户端关闭了请求的流之后，服务器不得再为它发送任何消息',
    },
    title: { en: 'Message after the stream was closed', zh: '流关闭之后仍有消息' },
    check: (ctx, msg) => {
      const request = closedStreamRequest(ctx, msg);
      if (!request) return null;
      const what = `${request.method} #${show(request.id)}`;
      return {
        en: `the client closed the response stream of ${what}, which cancelled it; the server must send nothing more for it`,
        zh: `客户端关闭了 ${what} 的响应流，这就取消了它；服务器不得再为它发送任何东西`,
      };
    },
  },
  {
    id: 'cancel-unknown-request',
    severity: 'error',
    // In 2026-07-28 only the client's: a server's cancel is server-cancel-not-listen's. An
    // answered request's id counts as sent there too (`Ledger.issued`): a cancellation of it may
    // have crossed the answer, which the receiver ignores (patterns/cancellation › Timing
    // Considerations, Error Handling).
    spec: '2025-11-25/basic/utilities/cancellation › Behavior Requirements',
    specNote: {
      en: 'requestId MUST name a request of the sender',
      zh: 'requestId 必须指向发送方自己发出的请求',
    },
    modern: {
      spec: '2026-07-28/basic/patterns/cancellation › Behavior Requirements',
      specNote: {
        en: 'a cancellation MUST only reference requests the client previously issued',
        zh: '取消通知只能指向客户端之前发出的请求',
      },
    },
    title: { en: 'Cancelling a request never sent', zh: '取消一个从未发出的请求' },
    check: (ctx, msg) => {
      const id = cancelledId(msg);
      if (id === null || ctx.ledger.issued(msg.sender, id)) return null;
      return {
        pointer: '/params/requestId',
        en: `the ${msg.sender} never sent a request with id ${show(id)}`,
        zh: `${sideZh(msg.sender)}从未发送过 id 为 ${show(id)} 的请求`,
      };
    },
  },
  {
    id: 'cancel-task-augmented',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/cancellation › Behavior Requirements',
    specNote: {
      en: 'a task-augmented request MUST be cancelled with tasks/cancel instead (2025-11-25)',
      zh: '任务增强请求必须改用 tasks/cancel 取消（2025-11-25）',
    },
    // 2026-07-28: tasks are the extension's, which says the same of the call a task answered.
    modern: {
      spec: `${EXT_TASKS_PAGE} › Task Cancellation`,
      specNote: {
        en: 'a client cancels a task with tasks/cancel; notifications/cancelled MUST NOT be used for task cancellation',
        zh: '客户端用 tasks/cancel 取消任务；不得用 notifications/cancelled 取消任务',
      },
    },
    title: {
      en: 'Task-augmented request cancelled with a notification',
      zh: '用通知取消了任务增强请求',
    },
    check: (ctx, msg) => {
      if (ctx.era === 'modern') return extTaskCancelledByNotification(ctx, msg);
      const record = cancelledRecord(ctx, msg);
      if (!record?.task) return null;
      const what = `${record.method} #${show(record.id)}`;
      return {
        pointer: '/params/requestId',
        en: `${what} was task-augmented (params.task); notifications/cancelled does not cancel a task: the requestor sends tasks/cancel with the taskId the receiver's CreateTaskResult gave it`,
        zh: `${what} 是任务增强请求（带有 params.task）；notifications/cancelled 不能取消任务：请求方应发送 tasks/cancel，并带上接收方在 CreateTaskResult 中给出的 taskId`,
      };
    },
  },
  {
    id: 'cancel-without-request-id',
    severity: 'error',
    // 2025-11-25 made requestId optional in the schema (the revisions before it require it, so
    // there invalid-params names it) and says in CancelledNotificationParams when it is needed.
    spec: '2025-11-25/schema › notifications/cancelled',
    specNote: {
      en: 'requestId MUST be provided for cancelling non-task requests; a task is cancelled with tasks/cancel',
      zh: '取消非任务请求时必须提供 requestId；任务要用 tasks/cancel 取消',
    },
    title: { en: 'Cancellation naming no request', zh: '取消通知没有指明请求' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'notification' || msg.method !== 'notifications/cancelled') {
        return null;
      }
      if (ctx.ruleVersion !== '2025-11-25' || msg.params?.requestId !== undefined) return null;
      return {
        // The field that is missing, or params when the notification has none to hold it.
        pointer: msg.params === undefined ? '/params' : '/params/requestId',
        en: 'notifications/cancelled without requestId cancels nothing: a request is cancelled by naming its id, and a task with tasks/cancel (the notification MUST NOT be used for tasks)',
        zh: '没有 requestId 的 notifications/cancelled 取消不了任何东西：取消请求要写明它的 id，取消任务则要用 tasks/cancel（不得用这个通知取消任务）',
      };
    },
  },
  {
    id: 'cancel-initialize',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/cancellation › Behavior Requirements',
    specNote: { en: 'initialize MUST NOT be cancelled', zh: '不得取消 initialize' },
    title: { en: 'initialize cancelled', zh: '取消了 initialize' },
    check: (ctx, msg) =>
      cancelledRecord(ctx, msg)?.method === 'initialize'
        ? {
            pointer: '/params/requestId',
            en: 'initialize must never be cancelled',
            zh: 'initialize 请求不能被取消',
          }
        : null,
  },
] as const satisfies readonly RuleRow[];
