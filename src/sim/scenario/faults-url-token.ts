/**
 * token-in-elicitation-url and plain-http-elicitation-url in 2026-07-28 (client/elicitation › Safe
 * URL Handling, the same sentences as 2025-11-25): URL mode stays, but it travels in an
 * input_required round's inputRequests instead of a -32042 (basic/patterns/mrtr; lesson 25).
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import type { JsonObject } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, roundElicitations, scheduledAnswer } from './faults-modern.js';

/** The token a buggy server puts in the URL unless the step names one (`params.token`). */
export function tokenOf(ctx: FaultContext): string {
  return typeof ctx.params.token === 'string' ? ctx.params.token : 'ya29.a0AfH6SMBx3k';
}

/** `url` with an OAuth-style access_token added to its query. */
export function withToken(url: string, token: string): string {
  const joiner = url.includes('?') ? '&' : '?';
  return `${url}${joiner}access_token=${encodeURIComponent(token)}`;
}

/**
 * The server answers the client's pending call with the input_required round it had scheduled
 * (connect_account, for a request that declared elicitation.url), each URL-mode elicitation's url
 * passed through `change`: how the 2026-07-28 faults of client/elicitation › Safe URL Handling
 * write their round.
 */
export function urlRoundInstead(
  ctx: FaultContext,
  name: string,
  change: (url: string) => string,
): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (_r, m) => isObject(m.result) && roundElicitations(m.result, 'url').length > 0,
  );
  const result = found && isObject(found.item.message.result) ? found.item.message.result : null;
  if (!found || !result || !isObject(result.inputRequests))
    return cannot(FAULT_STRINGS.needsUrlRound, { name });
  const inputRequests: JsonObject = { ...result.inputRequests };
  for (const key of roundElicitations(result, 'url')) {
    const request = inputRequests[key];
    if (!isObject(request) || !isObject(request.params) || typeof request.params.url !== 'string')
      continue;
    inputRequests[key] = {
      ...request,
      params: { ...request.params, url: change(request.params.url) },
    };
  }
  return resultInstead(ctx, found, { ...result, inputRequests });
}

/**
 * The round's URL-mode elicitation url carries a sign-in token in its query, as a server that
 * hands the user a pre-authenticated link does (lesson 25).
 */
export function modernTokenInElicitationUrl(ctx: FaultContext, name: string): FaultResult {
  const token = tokenOf(ctx);
  return urlRoundInstead(ctx, name, (url) => withToken(url, token));
}

/**
 * The round's URL-mode elicitation url on http: instead of https: (› Safe URL Handling: servers
 * SHOULD use HTTPS URLs for non-development environments), as a server whose public address was
 * configured without TLS sends it (lesson 25).
 */
export function modernPlainHttpUrl(ctx: FaultContext, name: string): FaultResult {
  return urlRoundInstead(ctx, name, plainHttp);
}

/** `url` on http: where it was on https:. */
export function plainHttp(url: string): string {
  return url.replace(/^https:/, 'http:');
}
