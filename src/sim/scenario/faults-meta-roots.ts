/**
 * Faults of `_meta` key names (basic/index › General fields › _meta), roots (client/roots › Root)
 * and links in forms (client/elicitation › Safe URL Handling): each breaks only its rule.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import type { JsonObject } from '../../protocol/index.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { scheduledAnswer } from './faults-modern.js';

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
  ctx.server.outbox.dropAbout(found.request.id);
  return {
    ok: true,
    direction: 'server->client',
    message: { jsonrpc: '2.0', id: found.request.id, result: changed },
  };
}

/**
 * The client answers the server's pending roots/list with its roots and one more that is a web
 * address, not a folder: `params.uri` (default the project's GitHub page), named `params.name`
 * (client/roots › Root: a root's uri MUST be a file:// URI; lesson 14).
 */
export function rootNotFile(ctx: FaultContext, name: string): FaultResult {
  const asked = ctx.client.takeAnswer((a) => a.method === 'roots/list');
  if (!asked) return cannot(FAULT_STRINGS.needsPendingRootsList, { name });
  const uri =
    typeof ctx.params.uri === 'string' ? ctx.params.uri : 'https://github.com/learner/weather-desk';
  const label = typeof ctx.params.name === 'string' ? ctx.params.name : 'weather-desk on GitHub';
  const roots = [...ctx.client.roots.map((r) => ({ ...r })), { uri, name: label }];
  return {
    ok: true,
    direction: 'client->server',
    message: { jsonrpc: '2.0', id: asked.id, result: { roots } },
  };
}

/**
 * The server sends a form-mode elicitation/create whose message holds a link to click (the terms
 * of a service, by default): client/elicitation › Safe URL Handling, servers SHOULD NOT include
 * URLs intended to be clickable in any field of a form; `params.params` replaces the params
 * (lesson 14).
 */
export function linkInForm(ctx: FaultContext): FaultResult {
  const given = ctx.params.params;
  const params: JsonObject = isObject(given)
    ? given
    : {
        mode: 'form',
        message:
          'Before we connect your calendar, read our terms at https://weather.example.com/terms and confirm.',
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
