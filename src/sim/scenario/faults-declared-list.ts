/**
 * A list the server declared, answered "Method not found" (2026-07-28 server/tools, server/prompts,
 * server/resources › Capabilities: a server that declares the capability MUST respond to its list
 * request; lesson 30). It replaces the answer the lesson's server scheduled: the simulated server
 * answers a list only for a capability it declared (it answers -32601 itself for the others).
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { LIST_OF_CAPABILITY } from '../../protocol/capabilities.js';
import { isObject } from '../../protocol/json.js';
import { answerInstead, cannot, type FaultContext, type FaultResult } from './faults.js';
import { scheduledAnswer } from './faults-modern.js';

/**
 * The server answers the client's pending tools/list, prompts/list or resources/list, for which it
 * had scheduled a result, with -32601 (Method not found), as if it had no such method.
 */
export function declaredListNotFound(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (request, answer) => LIST_OF_CAPABILITY.has(request.method) && isObject(answer.result),
  );
  if (!found) return cannot(FAULT_STRINGS.needsDeclaredList, { name });
  return answerInstead(ctx, found.request.id, {
    error: { code: -32601, message: `Method not found: ${found.request.method}` },
  });
}
