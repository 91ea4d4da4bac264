import { isObject, type JsonObject } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord } from '../facts.js';
import { type RuleRow, show } from './rule.js';

/**
 * The names of a whole tool list in the order a 2026-07-28 tools/list result gives them: a result
 * (resultType "complete", or none: result-type-missing judges that) to a request without a cursor
 * that hands out no nextCursor, so one page holds the whole list. Null for any other message, for
 * a tool without a string name (the schema's), and for a list naming a tool twice (tool-name-format
 * judges that), where "the same set" means nothing.
 */
export function wholeToolList(ctx: SessionContext, msg: ModelMessage): readonly string[] | null {
  if (ctx.era !== 'modern' || msg.receiver !== 'client' || msg.envelope.kind !== 'response')
    return null;
  const record = answeredRecord(ctx, msg);
  if (record?.method !== 'tools/list' || record.status === 'answered') return null;
  if (record.cursor !== undefined) return null;
  const result = msg.envelope.result;
  if (result.nextCursor !== undefined) return null;
  if (result.resultType !== undefined && result.resultType !== 'complete') return null;
  return toolNames(result);
}

/**
 * Each result's tool names, read once: tool-order-changed asks before the answer is recorded and
 * recordToolOrder after, of the same result object. Keyed by the object, which nothing changes.
 */
const NAMES = new WeakMap<JsonObject, readonly string[] | null>();

/** A result's tool names in order; null unless each tool has a string name, no two the same. */
export function toolNames(result: JsonObject): readonly string[] | null {
  if (!NAMES.has(result)) NAMES.set(result, namesIn(result));
  return NAMES.get(result) ?? null;
}

function namesIn(result: JsonObject): readonly string[] | null {
  if (!Array.isArray(result.tools)) return null;
  const names: string[] = [];
  for (const tool of result.tools) {
    const name = isObject(tool) ? tool.name : undefined;
    if (typeof name !== 'string') return null;
    names.push(name);
  }
  return new Set(names).size === names.length ? names : null;
}

/**
 * Where a whole list naming exactly the tools of the order of record first departs from it: its
 * index, and the name each has there. Null when the set differs (not compared) or nothing moved.
 */
export function reordering(
  before: readonly string[] | null,
  now: readonly string[],
): { readonly at: number; readonly was: string; readonly is: string } | null {
  if (before === null || now.length !== before.length) return null;
  const known = new Set(before);
  if (!now.every((name) => known.has(name))) return null;
  for (let at = 0; at < now.length; at++) {
    const was = before[at];
    const is = now[at];
    if (was !== undefined && is !== undefined && was !== is) return { at, was, is };
  }
  return null;
}

/**
 * 2026-07-28 server/tools › Capabilities: "Servers SHOULD return tools in a deterministic order
 * (i.e., the same ordering across calls)", new in this revision (changelog: to enable client-side
 * caching and improve LLM prompt cache hit rates). Judged only where the order is all that
 * changed: a whole list (one page) naming exactly the tools the previous whole list named. A list
 * whose set changed (after notifications/tools/list_changed, or by the authorization presented,
 * which MAY vary it) is not compared. A server that removes a tool and registers it again keeps
 * the same set in a new order (the SDK v2 McpServer lists tools in registration order), and that
 * is flagged: the ordering across calls is what the sentence asks to keep. The order of record is
 * the latest whole list that was not itself a reordering: a list back in that order is clean, and
 * a server that keeps a new order is told on each list (records.ts, recordToolOrder).
 */
export const TOOL_ORDER_RULES = [
  {
    id: 'tool-order-changed',
    severity: 'warning',
    spec: '2026-07-28/server/tools › Capabilities',
    specNote: {
      en: 'servers SHOULD return tools in a deterministic order, the same ordering across calls',
      zh: '服务器应当以确定的顺序返回工具，每次调用的顺序都相同',
    },
    title: { en: 'Tools listed in another order', zh: '工具列表的顺序变了' },
    check: (ctx, msg) => {
      const before = ctx.ledger.toolOrder;
      if (before === null) return null;
      const now = wholeToolList(ctx, msg);
      const diff = now && reordering(before, now);
      if (!now || !diff) return null;
      return {
        pointer: `/result/tools/${diff.at}`,
        en: `tools/list result #${show(msg.id)} lists the same ${now.length} tools as the previous whole list, in another order: /result/tools/${diff.at} is "${diff.is}" where that list had "${diff.was}". Return tools in one fixed order (for example by name, or as registered) so that a client's cache and a model's prompt cache stay valid`,
        zh: `tools/list 结果 #${show(msg.id)} 列出的 ${now.length} 个工具与上一次的完整列表相同，顺序却不同：/result/tools/${diff.at} 是 "${diff.is}"，而上一次那里是 "${diff.was}"。请以一种固定的顺序返回工具（例如按名称，或按注册顺序），客户端的缓存和模型的提示缓存才能继续有效`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
