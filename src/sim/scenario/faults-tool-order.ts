/**
 * A tool list returned in another order than the one before (2026-07-28 server/tools ›
 * Capabilities: servers SHOULD return tools in a deterministic order; lesson 30). It rewrites the
 * answer the lesson's server scheduled, so the rest of the answer stays as a real server sends it.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, scheduledAnswer } from './faults-modern.js';

/**
 * The server answers the client's pending tools/list with the list it had scheduled, its tools in
 * reverse order: the same tools, in an order that changed between calls.
 */
export function toolsReordered(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (request, answer) => request.method === 'tools/list' && isObject(answer.result),
  );
  const result = found && isObject(found.item.message.result) ? found.item.message.result : null;
  const tools = result && Array.isArray(result.tools) ? result.tools : [];
  if (!found || !result || tools.length < 2) return cannot(FAULT_STRINGS.needsTwoTools, { name });
  return resultInstead(ctx, found, { ...result, tools: [...tools].reverse() });
}
