import { FAULT_STRINGS as SAY } from '../../i18n/fault-strings.js';
import { hasCapability } from '../../protocol/index.js';
import { isObject, type JsonObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';
import { scheduledAnswer } from './faults-modern.js';

/**
 * The 2025-11-25 client/elicitation faults lesson 32 added after its elicitation-mode part: a
 * client that accepts a form without checking it, a server that answers -32042 to a client
 * without URL mode.
 */

/**
 * Content that does not fit `schema`, as a user who typed past a form's limits sends it: the first
 * property's value one past its maximum (or below its minimum), or of another type.
 */
function misfit(schema: JsonObject): JsonObject | null {
  const props = isObject(schema.properties) ? schema.properties : null;
  const first = props ? Object.entries(props).find(([, p]) => isObject(p)) : undefined;
  if (!first) return null;
  const [key, p] = first as [string, JsonObject];
  if (p.type === 'integer' || p.type === 'number') {
    if (typeof p.maximum === 'number') return { [key]: p.maximum + 2 };
    if (typeof p.minimum === 'number') return { [key]: p.minimum - 2 };
    return { [key]: 'many' };
  }
  if (p.type === 'boolean') return { [key]: 'yes' };
  return { [key]: 5 };
}

/**
 * form-content-unchecked: the client answers the server's latest form-mode elicitation/create with
 * `{action: "accept"}` and content that does not fit its requestedSchema (`params.content`, by
 * default the first property past its limits) instead of the answer it had scheduled
 * (› Form Mode Security: clients SHOULD validate the answers against the schema before sending).
 */
export function formContentUnchecked(ctx: FaultContext, name: string): FaultResult {
  const asked = ctx.client.takeAnswer(
    (a) =>
      a.method === 'elicitation/create' &&
      (a.params.mode === undefined || a.params.mode === 'form') &&
      isObject(a.params.requestedSchema),
  );
  const schema =
    asked && isObject(asked.params.requestedSchema) ? asked.params.requestedSchema : null;
  const content = isObject(ctx.params.content) ? ctx.params.content : schema && misfit(schema);
  if (!asked || !content) return cannot(SAY.needsFormElicitation, { name });
  return {
    ok: true,
    direction: 'client->server',
    message: { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content } },
  };
}

/**
 * url-elicitation-error-to-form-client: the server answers the client's latest pending request
 * with a well-formed -32042 listing one URL-mode elicitation (`params.elicitationId`, default
 * `weather-sign-in`), though the client declared no elicitation.url (› Capabilities: servers MUST
 * NOT send elicitation requests with modes the client does not support).
 */
export function urlElicitationErrorToFormClient(ctx: FaultContext, name: string): FaultResult {
  if (hasCapability({ client: ctx.client.config.capabilities }, 'client.elicitation.url'))
    return cannot(SAY.needsClientWithoutUrlMode, { name });
  const found = scheduledAnswer(ctx);
  if (!found) return cannot(SAY.needsClientWithoutUrlMode, { name });
  const { id } = found.request;
  ctx.server.outbox.dropAbout(id);
  const elicitationId =
    typeof ctx.params.elicitationId === 'string' ? ctx.params.elicitationId : 'weather-sign-in';
  return {
    ok: true,
    direction: 'server->client',
    message: {
      jsonrpc: '2.0',
      id,
      error: {
        code: -32042,
        message: 'This request requires more information.',
        data: {
          elicitations: [
            {
              mode: 'url',
              elicitationId,
              url: `https://weather.example.com/connect?elicitationId=${encodeURIComponent(elicitationId)}`,
              message: 'Sign in to your weather account to continue.',
            },
          ],
        },
      },
    },
  };
}
