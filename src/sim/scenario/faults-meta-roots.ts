/**
 * Faults of `_meta` key names (basic/index › General fields › _meta), roots (client/roots › Root)
 * and links in forms (client/elicitation › Safe URL Handling): each breaks only its rule.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import type { JsonObject } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { resultInstead, roundElicitations, scheduledAnswer } from './faults-modern.js';
import { retryWithAnswers } from './faults-retry.js';

/** The page a buggy form links to. */
const TERMS = 'https://weather.example.com/terms';

/**
 * The server answers the client's latest pending request with the result it had scheduled, one
 * `_meta` key added that breaks the key name format: `params.key` (default `_fastmcp`, the key
 * FastMCP publishes; a name MUST begin with a letter or digit) with `params.value` (default
 * `{"tags": []}`). A tools/list result gets it on its first tool's `_meta`, as FastMCP puts it
 * there; any other result on its own `_meta` (lessons 19 and 30).
 */
export function metaKeyMalformed(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(ctx, (_r, m) => isObject(m.result));
  const result = found && isObject(found.item.message.result) ? found.item.message.result : null;
  if (!found || !result) return cannot(FAULT_STRINGS.needsScheduledResult, { name });
  const key = typeof ctx.params.key === 'string' ? ctx.params.key : '_fastmcp';
  const value = 'value' in ctx.params ? ctx.params.value : { tags: [] };
  const withKey = (owner: JsonObject): JsonObject => ({
    ...owner,
    _meta: { ...(isObject(owner._meta) ? owner._meta : {}), [key]: value ?? null },
  });
  const [first, ...rest] = Array.isArray(result.tools) ? result.tools : [];
  const changed = isObject(first)
    ? { ...result, tools: [withKey(first), ...rest] }
    : withKey(result);
  return resultInstead(ctx, found, changed);
}

/**
 * The client answers the server's pending roots/list with its roots and one more that is a web
 * address, not a folder: `params.uri` (default the project's GitHub page), named `params.name`
 * (client/roots › Root: a root's uri MUST be a file:// URI; lesson 14).
 */
export function rootNotFile(ctx: FaultContext, name: string): FaultResult {
  const uri =
    typeof ctx.params.uri === 'string' ? ctx.params.uri : 'https://github.com/learner/weather-desk';
  const label = typeof ctx.params.name === 'string' ? ctx.params.name : 'weather-desk on GitHub';
  const web = { uri, name: label };
  if (ctx.client.modernVersion !== null) return modernRootNotFile(ctx, name, web);
  const asked = ctx.client.takeAnswer((a) => a.method === 'roots/list');
  if (!asked) return cannot(FAULT_STRINGS.needsPendingRootsList, { name });
  const roots = [...ctx.client.roots.map((r) => ({ ...r })), web];
  return {
    ok: true,
    direction: 'client->server',
    message: { jsonrpc: '2.0', id: asked.id, result: { roots } },
  };
}

/**
 * 2026-07-28 (client/roots › Listing Roots): the client's queued retry goes out with the web root
 * added to each roots/list answer of its inputResponses (lesson 30).
 */
function modernRootNotFile(
  ctx: FaultContext,
  name: string,
  web: { uri: string; name: string },
): FaultResult {
  return retryWithAnswers(ctx, name, FAULT_STRINGS.needsPendingRootsList, (answers) => {
    let changed = false;
    for (const [key, answer] of Object.entries(answers)) {
      if (!isObject(answer) || !Array.isArray(answer.roots)) continue;
      answers[key] = { ...answer, roots: [...answer.roots, web] };
      changed = true;
    }
    return changed ? answers : null;
  });
}

/**
 * The server sends a form-mode elicitation/create whose message holds a link to click (the terms
 * of a service, by default): client/elicitation › Safe URL Handling, servers SHOULD NOT include
 * URLs intended to be clickable in any field of a form; `params.params` replaces the params
 * (lesson 14).
 */
export function linkInForm(ctx: FaultContext, name: string): FaultResult {
  if (ctx.client.modernVersion !== null) return modernLinkInForm(ctx, name);
  const given = ctx.params.params;
  const params: JsonObject = isObject(given)
    ? given
    : {
        mode: 'form',
        message: `Before we connect your calendar, read our terms at ${TERMS} and confirm.`,
        requestedSchema: {
          type: 'object',
          properties: { accept: { type: 'boolean', title: 'I accept the terms' } },
          required: ['accept'],
        },
      };
  return {
    ok: true,
    direction: 'server->client',
    message: ctx.server.makeRequest('elicitation/create', params),
  };
}

/**
 * 2026-07-28: the server answers the client's pending call with the input_required round it had
 * scheduled, each form-mode elicitation in it asking the user, in its message, to read the terms
 * at a link (lesson 30).
 */
function modernLinkInForm(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (_r, m) => isObject(m.result) && roundElicitations(m.result, 'form').length > 0,
  );
  const result = found && isObject(found.item.message.result) ? found.item.message.result : null;
  if (!found || !result || !isObject(result.inputRequests))
    return cannot(FAULT_STRINGS.needsFormRound, { name });
  const inputRequests: JsonObject = { ...result.inputRequests };
  for (const key of roundElicitations(result, 'form')) {
    const request = inputRequests[key];
    if (!isObject(request) || !isObject(request.params)) continue;
    const said = typeof request.params.message === 'string' ? `${request.params.message} ` : '';
    inputRequests[key] = {
      ...request,
      params: { ...request.params, message: `${said}Our terms: ${TERMS}` },
    };
  }
  return resultInstead(ctx, found, { ...result, inputRequests });
}
