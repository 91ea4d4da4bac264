import type { Bilingual, RequestId, Side } from '../../protocol/index.js';
import type { SessionContext } from '../context.js';
import { answeredRecord } from '../facts.js';
import { roundedBeyondSafe } from './big-ids.js';
import { keysAt, type RuleRow, show, sideZh } from './rule.js';

/**
 * When an answer's id differs from a request of the requester only by its JSON type (1 against
 * "1"), the words that say so: JSON-RPC 2.0 matches an answer to its request by the id's type and
 * value, and a learner reading `#1` twice would not see why.
 */
function twinRequest(ctx: SessionContext, requester: Side, id: RequestId): Bilingual {
  const other = typeof id === 'number' ? String(id) : String(Number(id)) === id ? Number(id) : null;
  const record = other === null ? undefined : ctx.ledger.request(requester, other);
  if (record === undefined) return { en: '', zh: '' };
  const kind = typeof other === 'string' ? 'a string' : 'a number';
  const kindZh = typeof other === 'string' ? '字符串' : '数字';
  return {
    en: ` (its ${record.method} has id ${show(other)}, ${kind}: JSON-RPC 2.0 matches an answer to its request by the id's type as well as its value)`,
    zh: `（它的 ${record.method} 的 id 是${kindZh} ${show(other)}：JSON-RPC 2.0 按 id 的类型和值一起匹配回应与请求）`,
  };
}

/** Requests and responses: each side's own ids, never reused; one answer per request. */
export const REQUEST_RULES = [
  {
    id: 'duplicate-request-id',
    severity: 'error',
    spec: '2025-11-25/basic/index › Requests',
    specNote: { en: 'an id MUST NOT be reused in a session', zh: '同一会话中不得重复使用 id' },
    modern: {
      spec: '2026-07-28/basic/index › Requests',
      specNote: {
        en: 'an id MUST NOT match a request of the sender still waiting for its response',
        zh: 'id 不得与发送方仍在等待回应的请求相同',
      },
    },
    title: { en: 'Request id reused', zh: '请求 id 被重复使用' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'request' || msg.id === null) return null;
      // Two rounded ids past 2^53 may read as one number here: id-beyond-safe-integer says so
      // instead. One read from a transcript's text is exact (a bigint) and judged as any id.
      if (roundedBeyondSafe(msg.id)) return null;
      const earlier = ctx.ledger.request(msg.sender, msg.id);
      // A broken request's id was kept only to recognise its error answer (rememberBrokenRequest).
      if (!earlier || earlier.invalid) return null;
      if (ctx.era === 'modern') {
        // 2026-07-28 basic/index › Requests: only an id still waiting for its answer is taken. A
        // cancelled request counts as no longer waiting: its sender stopped waiting for the answer
        // (patterns/cancellation › Timeouts), though the sentence's letter, "not yet received a
        // response for", does not say so; the lessons do not teach reusing such an id.
        if (earlier.status !== 'pending') return null;
        return {
          pointer: '/id',
          en: `the ${msg.sender} already has request ${show(msg.id)} waiting for its answer; in 2026-07-28 an id must not match a request still in flight`,
          zh: `${sideZh(msg.sender)}的请求 ${show(msg.id)} 还在等待回应；在 2026-07-28 中 id 不得与仍在进行的请求相同`,
        };
      }
      return {
        pointer: '/id',
        en: `the ${msg.sender} already used id ${show(msg.id)} in this session; ids are never reused`,
        zh: `${sideZh(msg.sender)}在本会话中已用过 id ${show(msg.id)}；id 不能重复使用`,
      };
    },
  },
  {
    id: 'response-without-request',
    severity: 'error',
    spec: '2025-11-25/basic/index › Responses',
    specNote: { en: 'the id MUST match a request', zh: 'id 必须与某个请求对应' },
    // 2026-07-28 says the same ("MUST include the same ID as the request they correspond to").
    modern: { spec: '2026-07-28/basic/index › Responses' },
    title: { en: 'Response to no pending request', zh: '回应没有对应的待处理请求' },
    check: (ctx, msg) => {
      const kind = msg.envelope.kind;
      // An error about a request whose id could not be read (id null) answers nothing in particular.
      if ((kind !== 'response' && kind !== 'error') || msg.id === null) return null;
      if (answeredRecord(ctx, msg)) return null;
      // The answer travels opposite to its request: the request came from the receiver.
      const requester = msg.receiver;
      const word = kind === 'error' ? 'error response' : 'response';
      const wordZh = kind === 'error' ? '错误回应' : '回应';
      const twin = twinRequest(ctx, requester, msg.id);
      if (ctx.era === 'modern') {
        // 2026-07-28: an answered request is forgotten but for its id (the newest ones): a second
        // answer to it is duplicate-response's; one the referee no longer knows lands here.
        if (ctx.ledger.forgotten[requester].has(msg.id)) return null;
        return {
          pointer: '/id',
          en: `${word} for id ${show(msg.id)}, but no request of the ${requester} with that id is waiting for its answer (never sent, or answered so long ago that the referee no longer keeps its id)${twin.en}`,
          zh: `id 为 ${show(msg.id)} 的${wordZh}，但${sideZh(requester)}没有这个 id 的请求在等待回应（从未发送，或早已得到回应、裁判已不再记得它的 id）${twin.zh}`,
        };
      }
      return {
        pointer: '/id',
        en: `${word} for id ${show(msg.id)}, but the ${requester} sent no request with that id${twin.en}`,
        zh: `id 为 ${show(msg.id)} 的${wordZh}，但${sideZh(requester)}没有发送过这个 id 的请求${twin.zh}`,
      };
    },
  },
  {
    id: 'duplicate-response',
    severity: 'error',
    // MCP's page says a response carries the id of the request it corresponds to; that one call
    // gets one Response is JSON-RPC 2.0's (§ 5: "the Server MUST reply with a Response").
    spec: '2025-11-25/basic/index › Responses',
    modern: { spec: '2026-07-28/basic/index › Responses' },
    specNote: {
      en: 'a response carries the id of the request it answers; JSON-RPC 2.0 § 5: a call gets one Response',
      zh: '回应带有它所回答请求的 id；JSON-RPC 2.0 第 5 节：一次调用只得到一个 Response',
    },
    title: { en: 'Request answered twice', zh: '同一请求被回应了两次' },
    check: (ctx, msg) => {
      const record = answeredRecord(ctx, msg);
      const kind = msg.envelope.kind;
      // 2026-07-28: the answered request is forgotten but for its id; no request waits with it.
      if (
        ctx.era === 'modern' &&
        record === undefined &&
        (kind === 'response' || kind === 'error') &&
        msg.id !== null &&
        ctx.ledger.forgotten[msg.receiver].has(msg.id)
      ) {
        return {
          pointer: '/id',
          en: `request #${show(msg.id)} was already answered, and no request waiting now has that id: a request gets one response`,
          zh: `请求 #${show(msg.id)} 已经得到回应，而现在没有等待回应的请求使用这个 id：一个请求只能得到一个回应`,
        };
      }
      if (record?.status !== 'answered' || roundedBeyondSafe(msg.id)) return null;
      return {
        en: `${record.method} #${show(msg.id)} was already answered`,
        zh: `${record.method} #${show(msg.id)} 已经被回应过`,
      };
    },
  },
  {
    id: 'ping-result-not-empty',
    severity: 'error',
    spec: '2025-11-25/basic/utilities/ping › Behavior Requirements',
    specNote: {
      en: 'the receiver MUST respond promptly with an empty response, "result": {}',
      zh: '接收方必须立即以空的回应作答，即 "result": {}',
    },
    title: { en: 'Ping answered with content', zh: 'ping 的回应带有内容' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'response') return null;
      const record = answeredRecord(ctx, msg);
      // A second answer is a duplicate-response; the first one was judged.
      if (record?.method !== 'ping' || record.status === 'answered') return null;
      // EmptyResult is a Result: `_meta` is the one field it may carry.
      const extra = Object.keys(msg.envelope.result).filter((key) => key !== '_meta');
      if (extra.length === 0) return null;
      const fields = extra.map((key) => show(key)).join(', ');
      return {
        pointer: keysAt('/result', extra),
        en: `the answer to ping #${show(msg.id)} carries ${fields}; a ping's result is empty (only _meta may be there), and a peer that reads it gets nothing more from it`,
        zh: `对 ping #${show(msg.id)} 的回应带有 ${fields}；ping 的结果是空的（最多只能有 _meta），对方读它也得不到更多信息`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
