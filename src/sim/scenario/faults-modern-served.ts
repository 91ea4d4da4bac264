/**
 * Faults of a 2026-07-28 server that serves a request it should have refused with -32602, where
 * the handshake era's fault answers a logging/setLevel or a prompts/get: the answer is the one the
 * lesson's server builds for the request with the fault's flaw taken out (`shadowAnswer`), so it
 * carries what every modern result carries (resultType, serverInfo) and the rule that fires is the
 * one the lesson is about.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { isObject, type JsonObject } from '../../protocol/json.js';
import { LOG_LEVELS } from '../../protocol/log-levels.js';
import { LOG_LEVEL_META } from '../../protocol/meta-keys.js';
import { PROMPTS } from '../server/content.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, scheduledAnswer, shadowAnswer } from './faults-modern.js';

const metaOf = (params: JsonObject | undefined): JsonObject =>
  isObject(params?._meta) ? params._meta : {};

/**
 * A request whose _meta logLevel is not one of the eight levels, served as if it had asked for no
 * logs, where the server had scheduled -32602 (2026-07-28 server/utilities/logging › Error
 * Handling: such a request SHOULD be rejected with -32602). The latest such request is served.
 */
export function modernLogLevelAccepted(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(ctx, (request, answer) => {
    const level = metaOf(request.params)[LOG_LEVEL_META];
    return isObject(answer.error) && typeof level === 'string' && !LOG_LEVELS.includes(level);
  });
  if (!found) return cannot(FAULT_STRINGS.needsInvalidLogLevel, { name });
  const answer = shadowAnswer(ctx, found.request, ({ [LOG_LEVEL_META]: _level, ...meta }) => meta);
  const served = answer && isObject(answer.result) ? answer.result : null;
  if (!served) return cannot(FAULT_STRINGS.needsInvalidLogLevel, { name });
  return resultInstead(ctx, found, served);
}

/**
 * A prompts/get that left out an argument its prompt requires, served with the template filled
 * with nothing where the server had scheduled -32602 (2026-07-28 server/prompts › Error Handling).
 */
export function modernPromptServed(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (r, answer) => r.method === 'prompts/get' && 'error' in answer,
  );
  if (!found) return cannot(FAULT_STRINGS.needsPendingRequestOf, { name, method: 'prompts/get' });
  const params = found.request.params ?? {};
  const args = isObject(params.arguments) ? params.arguments : {};
  const prompt = PROMPTS.find((p) => p.name === params.name);
  const filled: JsonObject = { ...args };
  for (const arg of prompt?.arguments ?? [])
    if (arg.required && typeof filled[arg.name] !== 'string') filled[arg.name] = '';
  const answer = shadowAnswer(
    ctx,
    { ...found.request, params: { ...params, arguments: filled } },
    (meta) => meta,
  );
  const served = answer && isObject(answer.result) ? answer.result : null;
  if (!served) return cannot(FAULT_STRINGS.needsPendingRequestOf, { name, method: 'prompts/get' });
  return resultInstead(ctx, found, served);
}
