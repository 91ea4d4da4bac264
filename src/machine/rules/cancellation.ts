import { answeredRecord, cancelledId, cancelledRecord } from '../facts.js';
import { type RuleRow, show, sideZh } from './rule.js';

/** Cancellation: only the requester cancels, never initialize, and a cancelled request gets no answer. */
export const CANCELLATION_RULES = [
  {
    id: 'response-after-cancellation',
    severity: 'warning',
    spec: 'basic/utilities/cancellation › Behavior Requirements',
    modern: { spec: '2026-07-28/basic/patterns/cancellation › Behavior Requirements' },
    specNote: { en: 'no response after cancellation', zh: '取消之后不再回应' },
    title: { en: 'Response after cancellation', zh: '取消之后仍然回应' },
    check: (ctx, msg) => {
      const record = answeredRecord(ctx, msg);
      if (record?.status !== 'cancelled') return null;
      return {
        en: `${record.method} #${show(msg.id)} was cancelled; the receiver should not answer it`,
        zh: `${record.method} #${show(msg.id)} 已被取消；接收方不应再回应`,
      };
    },
  },
  {
    id: 'cancel-unknown-request',
    severity: 'error',
    spec: 'basic/utilities/cancellation › Behavior Requirements',
    modern: { spec: '2026-07-28/basic/patterns/cancellation › Behavior Requirements' },
    specNote: {
      en: 'requestId MUST name a request of the sender',
      zh: 'requestId 必须指向发送方自己发出的请求',
    },
    title: { en: 'Cancelling a request never sent', zh: '取消一个从未发出的请求' },
    check: (ctx, msg) => {
      const id = cancelledId(msg);
      if (id === null || ctx.ledger.request(msg.sender, id)) return null;
      // 2026-07-28: an answered request is forgotten (its id is free again), so an unknown id may be
      // a cancellation that crossed the answer, which the receiver ignores (patterns/cancellation ›
      // Error Handling): nothing to tell apart, nothing to flag.
      if (ctx.era === 'modern') return null;
      return {
        en: `the ${msg.sender} never sent a request with id ${show(id)}`,
        zh: `${sideZh(msg.sender)}从未发送过 id 为 ${show(id)} 的请求`,
      };
    },
  },
  {
    id: 'cancel-initialize',
    severity: 'error',
    spec: 'basic/utilities/cancellation › Behavior Requirements',
    specNote: { en: 'initialize MUST NOT be cancelled', zh: '不得取消 initialize' },
    title: { en: 'initialize cancelled', zh: '取消了 initialize' },
    check: (ctx, msg) =>
      cancelledRecord(ctx, msg)?.method === 'initialize'
        ? { en: 'initialize must never be cancelled', zh: 'initialize 请求不能被取消' }
        : null,
  },
] as const satisfies readonly RuleRow[];
