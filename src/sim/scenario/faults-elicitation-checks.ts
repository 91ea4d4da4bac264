import { FAULT_STRINGS as SAY } from '../../i18n/fault-strings.js';
import type { RequestId } from '../../protocol/index.js';
import { hasCapability } from '../../protocol/index.js';
import { isObject, type JsonObject } from '../../protocol/json.js';
import { answerInstead, cannot, type FaultContext, type FaultResult } from './faults.js';
import { scheduledAnswer } from './faults-modern.js';
import { modernFormContentUnchecked } from './faults-modern-elicitation.js';
import {
  modernPlainHttpUrl,
  modernTokenInElicitationUrl,
  plainHttp,
  tokenOf,
  withToken,
} from './faults-url-token.js';

/**
 * 2025-11-25 client/elicitation faults for the rules of Form Mode Security, Capabilities, Safe URL
 * Handling and URL Mode Elicitation Requests: a client that accepts a form without checking it and
 * a server that answers -32042 to a client without URL mode (lesson 32); a server whose -32042
 * gives a plain-http url or the elicitationId of a completed elicitation (lesson 14).
 */

/**
 * Content that does not fit `schema`, as a user who typed past a form's limits sends it: the first
 * property's value one past its maximum (or below its minimum), or of another type.
 */
export function misfit(schema: JsonObject): JsonObject | null {
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
 * In 2026-07-28 the client's retry carries that answer under the round's key (lesson 30).
 */
export function formContentUnchecked(ctx: FaultContext, name: string): FaultResult {
  if (ctx.client.modernVersion !== null) return modernFormContentUnchecked(ctx, name, misfit);
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
  const elicitationId =
    typeof ctx.params.elicitationId === 'string' ? ctx.params.elicitationId : 'weather-sign-in';
  return answerInstead(ctx, id, {
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
  });
}

/** The server's scheduled -32042 to a pending client request (connect_account), taken out. */
function takeScheduledUrlError(ctx: FaultContext): { id: RequestId; error: JsonObject } | null {
  const found = scheduledAnswer(
    ctx,
    (_, answer) => isObject(answer.error) && answer.error.code === -32042,
  );
  if (!found || !isObject(found.item.message.error)) return null;
  ctx.server.outbox.dropAbout(found.request.id);
  return { id: found.request.id, error: found.item.message.error };
}

/** The error with each listed elicitation passed through `change`. */
function withElicitations(error: JsonObject, change: (item: JsonObject) => JsonObject): JsonObject {
  const data = isObject(error.data) ? error.data : {};
  const list = Array.isArray(data.elicitations) ? data.elicitations : [];
  return {
    ...error,
    data: { ...data, elicitations: list.map((item) => (isObject(item) ? change(item) : item)) },
  };
}

/**
 * plain-http-elicitation-url: the server answers the client's pending request it had scheduled a
 * -32042 for with that error, but each listed url on http: instead of https: (› Safe URL
 * Handling: servers SHOULD use HTTPS URLs for non-development environments). The elicitation
 * itself is the one scheduled, and its completion notice still comes. In 2026-07-28 the url of
 * the input_required round's URL-mode elicitation instead.
 */
export function plainHttpElicitationUrl(ctx: FaultContext, name: string): FaultResult {
  if (ctx.client.modernVersion !== null) return modernPlainHttpUrl(ctx, name);
  const scheduled = takeScheduledUrlError(ctx);
  if (!scheduled) return cannot(SAY.needsUrlElicitationError, { name });
  const error = withElicitations(scheduled.error, (item) =>
    typeof item.url === 'string' ? { ...item, url: plainHttp(item.url) } : item,
  );
  return {
    ok: true,
    direction: 'server->client',
    message: { jsonrpc: '2.0', id: scheduled.id, error },
  };
}

/** The elicitationIds a server message establishes: a URL-mode request's, a -32042's list. */
function established(m: JsonObject): string[] {
  if (m.method === 'elicitation/create' && isObject(m.params) && m.params.mode === 'url')
    return typeof m.params.elicitationId === 'string' ? [m.params.elicitationId] : [];
  if (!isObject(m.error) || m.error.code !== -32042 || !isObject(m.error.data)) return [];
  const list = m.error.data.elicitations;
  return Array.isArray(list)
    ? list.flatMap((i) =>
        isObject(i) && typeof i.elicitationId === 'string' ? [i.elicitationId] : [],
      )
    : [];
}

/**
 * The elicitationId of the latest elicitation the server established and then completed with
 * notifications/elicitation/complete, in the log (a completion of an ID never established
 * completes nothing).
 */
function latestCompleted(ctx: FaultContext): string | null {
  const started = new Set<string>();
  let latest: string | null = null;
  for (const step of ctx.log.steps) {
    const m = step.message;
    if (step.direction !== 'server->client' || !isObject(m)) continue;
    for (const id of established(m)) started.add(id);
    if (m.method !== 'notifications/elicitation/complete' || !isObject(m.params)) continue;
    const id = m.params.elicitationId;
    if (typeof id === 'string' && started.has(id)) latest = id;
  }
  return latest;
}

/**
 * completed-elicitation-id-reused: the server answers the client's pending request it had
 * scheduled a -32042 for with that error, but naming the elicitationId its latest
 * notifications/elicitation/complete named (`params.elicitationId` names another), as a server
 * that keys elicitations by user rather than by elicitation does (› URL Mode Elicitation
 * Requests: elicitationId is a unique identifier for the elicitation).
 */
export function completedElicitationIdReused(ctx: FaultContext, name: string): FaultResult {
  const reused =
    typeof ctx.params.elicitationId === 'string' ? ctx.params.elicitationId : latestCompleted(ctx);
  if (reused === null) return cannot(SAY.needsCompletedElicitation, { name });
  const scheduled = takeScheduledUrlError(ctx);
  if (!scheduled) return cannot(SAY.needsUrlElicitationError, { name });
  const error = withElicitations(scheduled.error, (item) => ({
    ...item,
    elicitationId: reused,
    ...(typeof item.url === 'string'
      ? {
          url: item.url.replace(
            /elicitationId=[^&]*/,
            `elicitationId=${encodeURIComponent(reused)}`,
          ),
        }
      : {}),
  }));
  return {
    ok: true,
    direction: 'server->client',
    message: { jsonrpc: '2.0', id: scheduled.id, error },
  };
}

/**
 * token-in-elicitation-url: the server answers the client's pending request it had scheduled a
 * -32042 for with that error, but each listed url carries a sign-in token in its query
 * (`params.token`, default an OAuth-style access token), as a server that hands the user a
 * pre-authenticated link does (› Safe URL Handling: servers MUST NOT include sensitive information
 * about the end-user in the URL, nor provide a pre-authenticated URL). In 2026-07-28 the url of
 * the input_required round's URL-mode elicitation instead.
 */
export function tokenInElicitationUrl(ctx: FaultContext, name: string): FaultResult {
  if (ctx.client.modernVersion !== null) return modernTokenInElicitationUrl(ctx, name);
  const scheduled = takeScheduledUrlError(ctx);
  if (!scheduled) return cannot(SAY.needsUrlElicitationError, { name });
  const token = tokenOf(ctx);
  const error = withElicitations(scheduled.error, (item) =>
    typeof item.url === 'string' ? { ...item, url: withToken(item.url, token) } : item,
  );
  return {
    ok: true,
    direction: 'server->client',
    message: { jsonrpc: '2.0', id: scheduled.id, error },
  };
}
