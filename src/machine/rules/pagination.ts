import { PAGINATED } from '../../protocol/pagination.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { type RuleRow, show } from './rule.js';

/**
 * Pagination (server/utilities/pagination › Implementation Guidelines, 2025-11-25): clients MUST
 * treat cursors as opaque tokens: not parse or modify them, not persist them across sessions. A
 * cursor that no answer of this session handed out for this list was therefore made, changed, or
 * kept from another session: each breaks that MUST. Judged in the handshake era only: 2026-07-28
 * has no sessions and drops "across sessions" from the same list, so a cursor kept from an earlier
 * connection may be legal there.
 */
export const PAGINATION_RULES = [
  {
    id: 'cursor-not-issued',
    severity: 'error',
    spec: '2025-11-25/server/utilities/pagination › Implementation Guidelines',
    specNote: {
      en: 'clients MUST treat cursors as opaque tokens: not parse or modify them, not persist them across sessions',
      zh: '客户端必须把游标当作不透明的令牌：不解析、不修改，也不跨会话保存',
    },
    title: { en: 'Cursor never handed out', zh: '游标并非对方给出' },
    check: (ctx: SessionContext, msg: ModelMessage) => {
      if (ctx.era === 'modern' || msg.envelope.kind !== 'request') return null;
      const cursor = msg.params?.cursor;
      const method = msg.method ?? '';
      if (typeof cursor !== 'string' || !PAGINATED.has(method)) return null;
      if (ctx.ledger.handedOut(msg.receiver, method, cursor)) return null;
      // A cursor among the oldest, forgotten ones (a session that paged thousands of times) may
      // well have been handed out: not judged rather than called made up.
      if (!ctx.ledger.knowsEveryCursor(msg.receiver)) return null;
      const from = ctx.ledger.listsHandingOut(msg.receiver, cursor)[0];
      if (from !== undefined) {
        return {
          pointer: '/params/cursor',
          en: `${method} #${show(msg.id)} continues from the cursor ${show(cursor)} (/params/cursor), which the ${msg.receiver} handed out for ${from}, not for ${method}; a cursor continues only the list it came with`,
          zh: `${method} #${show(msg.id)} 从游标 ${show(cursor)}（/params/cursor）继续，而这个游标是${msg.receiver === 'server' ? '服务器' : '客户端'}为 ${from} 给出的，不是为 ${method}；游标只能用来继续给出它的那个列表`,
        };
      }
      return {
        pointer: '/params/cursor',
        en: `${method} #${show(msg.id)} continues from the cursor ${show(cursor)} (/params/cursor), which no answer of this session handed out as nextCursor: a cursor made up, changed, or kept from an earlier session. Send back exactly the nextCursor of the previous page, or no cursor for the first page`,
        zh: `${method} #${show(msg.id)} 从游标 ${show(cursor)}（/params/cursor）继续，但本次会话中没有任何回应把它作为 nextCursor 给出：它是编造的、改动过的，或是从之前的会话保存下来的。应当原样发回上一页的 nextCursor；第一页则不带游标`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
