import type { Bilingual, ProgressToken, Side } from '../../protocol/index.js';
import type { SessionContext, TokenRecord } from '../context.js';
import { progressOf } from '../facts.js';
import { type RuleRow, show, sideZh, stdioCancellationRace } from './rule.js';

/** "tools/call #1" for the request a token belongs to (or the token itself, if it is unknown). */
function requestOfToken(
  ctx: SessionContext,
  record: TokenRecord,
  requester: Side,
  token: ProgressToken,
): Bilingual {
  const request = ctx.ledger.request(requester, record.requestId);
  if (request) {
    const named = `${request.method} #${show(request.id)}`;
    return { en: named, zh: named };
  }
  return { en: `token ${show(token)}`, zh: `令牌 ${show(token)}` };
}

/**
 * Progress flows from the receiver of a request back to its requester: the token a progress
 * notification names is one its receiver handed out.
 */
export const PROGRESS_RULES = [
  {
    id: 'unknown-progress-token',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/progress › Behavior Requirements',
    modern: { spec: '2026-07-28/basic/patterns/progress › Behavior Requirements' },
    specNote: { en: 'only tokens of active requests', zh: '只能使用进行中请求的令牌' },
    title: { en: 'Progress for an unknown token', zh: '进度令牌未知' },
    check: (ctx, msg) => {
      const p = progressOf(msg);
      if (!p || ctx.ledger.token(msg.receiver, p.token)) return null;
      if (ctx.era === 'modern') {
        // 2026-07-28: an answered request is forgotten, and its token with it; a token an answered
        // request held is progress-after-completion's.
        if (ctx.ledger.answeredTokens[msg.receiver].has(p.token)) return null;
        return {
          pointer: '/params/progressToken',
          en: `no request of the ${msg.receiver} still waiting for its answer carries progress token ${show(p.token)}`,
          zh: `${sideZh(msg.receiver)}没有仍在等待回应的请求带有进度令牌 ${show(p.token)}`,
        };
      }
      return {
        pointer: '/params/progressToken',
        en: `no request from the ${msg.receiver} carried progress token ${show(p.token)}`,
        zh: `${sideZh(msg.receiver)}的请求中没有进度令牌 ${show(p.token)}`,
      };
    },
  },
  {
    id: 'duplicate-progress-token',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/progress › Progress Flow',
    modern: { spec: '2026-07-28/basic/patterns/progress › Progress Flow' },
    specNote: { en: 'tokens unique across active requests', zh: '令牌在所有进行中的请求之间唯一' },
    title: { en: 'Progress token already in use', zh: '进度令牌已被占用' },
    check: (ctx, msg) => {
      const token = msg.progressToken;
      if (token === undefined || ctx.ledger.token(msg.sender, token)?.status !== 'active') {
        return null;
      }
      return {
        pointer: '/params/_meta/progressToken',
        en: `progress token ${show(token)} already belongs to an active request`,
        zh: `进度令牌 ${show(token)} 已属于另一个进行中的请求`,
      };
    },
  },
  {
    id: 'progress-not-increasing',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/progress › Progress Flow',
    modern: { spec: '2026-07-28/basic/patterns/progress › Progress Flow' },
    specNote: { en: 'progress MUST increase', zh: '进度值必须递增' },
    title: { en: 'Progress did not increase', zh: '进度没有增加' },
    check: (ctx, msg) => {
      const p = progressOf(msg);
      const record = p && ctx.ledger.token(msg.receiver, p.token);
      if (!p || record?.status !== 'active' || record.last === null) return null;
      if (p.progress > record.last) return null;
      const from = record.previous ?? record.last;
      const reached = from === record.last ? '' : ` (it had reached ${record.last})`;
      return {
        pointer: '/params/progress',
        en: `progress went from ${from} to ${p.progress}${reached}; it must increase with every notification`,
        zh: `进度从 ${from} 变为 ${p.progress}${reached ? `（此前已到 ${record.last}）` : ''}；每次通知都必须增加`,
      };
    },
  },
  {
    id: 'progress-after-completion',
    severity: 'error',
    // "Progress notifications MUST stop after completion" sits under Implementation Notes in both.
    spec: '2025-11-25/basic/utilities/progress › Implementation Notes',
    modern: { spec: '2026-07-28/basic/patterns/progress › Implementation Notes' },
    specNote: { en: 'stop after completion', zh: '请求完成之后不再发送进度通知' },
    title: { en: 'Progress after the response', zh: '回应之后仍有进度通知' },
    check: (ctx, msg) => {
      const p = progressOf(msg);
      const record = p && ctx.ledger.token(msg.receiver, p.token);
      // 2026-07-28: the answered request is forgotten, its token remembered (the newest ones).
      const answered =
        p && !record ? ctx.ledger.answeredTokens[msg.receiver].get(p.token) : undefined;
      if (p && ctx.era === 'modern' && answered !== undefined) {
        return {
          pointer: '/params/progressToken',
          en: `request #${show(answered)}, which carried progress token ${show(p.token)}, was already answered; progress must stop after completion`,
          zh: `带有进度令牌 ${show(p.token)} 的请求 #${show(answered)} 已经得到回应；完成之后不能再发送进度`,
        };
      }
      if (!p || record?.status !== 'completed') return null;
      const what = requestOfToken(ctx, record, msg.receiver, p.token);
      if (record.task !== undefined) {
        // A task-augmented request's token outlives its CreateTaskResult, until the task ends.
        const task = show(record.task);
        const status = ctx.ledger.tasks[msg.sender].get(record.task)?.status ?? 'terminal';
        return {
          cite: {
            spec: '2025-11-25/basic/utilities/progress › Behavior Requirements',
            specNote: {
              en: 'progress for a task MUST stop after the task reaches a terminal status',
              zh: '任务进入终止状态之后，它的进度通知必须停止',
            },
          },
          en: `${what.en} created task ${task}, which is already "${status}" (a terminal status); progress for a task MUST stop once it reaches a terminal status`,
          zh: `${what.zh} 创建的任务 ${task} 已是 "${status}"（终止状态）；任务进入终止状态之后，它的进度通知必须停止`,
        };
      }
      return {
        en: `${what.en} was already answered; progress must stop after completion`,
        zh: `${what.zh} 已经得到回应；完成之后不能再发送进度`,
      };
    },
  },
  {
    id: 'progress-after-cancellation',
    severity: 'warning',
    spec: '2025-11-25/basic/utilities/cancellation › Behavior Requirements',
    // As response-after-cancellation: stdio's MUST NOT cannot be told from the race a transcript
    // shows alike, so a warning that says both.
    modern: {
      spec: '2026-07-28/basic/patterns/cancellation › Behavior Requirements; 2026-07-28/basic/transports/stdio › Cancellation',
      specNote: {
        en: 'the server SHOULD stop processing; over stdio, nothing more once the cancellation has arrived',
        zh: '服务器应当停止处理；通过 stdio 时，收到取消之后不得再发送任何消息',
      },
    },
    specNote: { en: 'the receiver SHOULD stop processing', zh: '接收方应当停止处理' },
    title: { en: 'Progress after cancellation', zh: '取消之后仍有进度通知' },
    check: (ctx, msg) => {
      const p = progressOf(msg);
      const record = p && ctx.ledger.token(msg.receiver, p.token);
      if (!p || record?.status !== 'cancelled') return null;
      // A stream the client closed: a MUST NOT of its own (message-after-stream-closed).
      if (ctx.ledger.request(msg.receiver, record.requestId)?.streamClosed) return null;
      const what = requestOfToken(ctx, record, msg.receiver, p.token);
      if (ctx.era === 'modern') {
        const race = stdioCancellationRace('progress');
        return {
          en: `${what.en} was cancelled; the server should have stopped working on it${race.en}`,
          zh: `${what.zh} 已被取消；服务器应当停止处理它${race.zh}`,
        };
      }
      return {
        en: `${what.en} was cancelled; the receiver should have stopped working on it`,
        zh: `${what.zh} 已被取消；接收方应当停止处理它`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
