import { FAULT_STRINGS as SAY } from '../../i18n/fault-strings.js';
import { hasCapability } from '../../protocol/index.js';
import { isObject, type JsonObject } from '../../protocol/json.js';
import { capabilityFor } from '../client/input-rounds.js';
import { answerInstead, cannot, type FaultContext, type FaultResult } from './faults.js';
import { scheduledAnswer } from './faults-modern.js';
import { modernSecretInForm, signInForm } from './faults-modern-elicitation.js';

/**
 * The faults of 2025-11-25 URL-mode elicitation (client/elicitation, lesson 14): a server whose
 * -32042 or completion notice breaks what the spec requires of it.
 */

/**
 * url-elicitation-without-list: the server answers the client's pending request, whose answer it
 * had scheduled as -32042, with -32042 but no data.elicitations (› URL Elicitation Required Error:
 * the error MUST list the elicitations to complete).
 */
export function urlElicitationWithoutList(ctx: FaultContext, name: string): FaultResult {
  const found = scheduledAnswer(
    ctx,
    (_, answer) => isObject(answer.error) && answer.error.code === -32042,
  );
  if (!found) return cannot(SAY.needsUrlElicitationError, { name });
  const { id } = found.request;
  return answerInstead(ctx, id, {
    error: { code: -32042, message: 'This request requires more information.' },
  });
}

/**
 * unknown-elicitation-completed: notifications/elicitation/complete naming an elicitationId
 * (`params.elicitationId`) no elicitation/create or -32042 of the server established (›
 * Completion Notifications for URL Mode Elicitation).
 */
export function unknownElicitationCompleted(ctx: FaultContext): FaultResult {
  const id = ctx.params.elicitationId;
  return {
    ok: true,
    direction: 'server->client',
    message: {
      jsonrpc: '2.0',
      method: 'notifications/elicitation/complete',
      params: { elicitationId: typeof id === 'string' ? id : 'nobody-started-this' },
    },
  };
}

/**
 * undeclared-elicitation-mode-accepted: the client answers the server's latest elicitation/create
 * in a mode its elicitation capability does not declare (a URL-mode request to a form-only client)
 * with `{action: "accept"}` instead of the -32602 it had scheduled (› Error Handling: a mode the
 * client did not declare MUST get -32602), as a client that shows every request it gets does.
 */
export function undeclaredElicitationModeAccepted(ctx: FaultContext, name: string): FaultResult {
  const declared = { client: ctx.client.config.capabilities };
  const asked = ctx.client.takeAnswer((a) => {
    const needs = a.method === 'elicitation/create' ? capabilityFor(a.method, a.params) : null;
    return needs !== null && !hasCapability(declared, needs);
  });
  if (!asked) return cannot(SAY.needsUndeclaredModeRequest, { name });
  return {
    ok: true,
    direction: 'client->server',
    message: { jsonrpc: '2.0', id: asked.id, result: { action: 'accept' } },
  };
}

/**
 * secret-in-form: the server asks, in a form-mode elicitation/create, for what only a URL-mode one
 * may ask (› Form Mode Security: servers MUST NOT request passwords, API keys and the like via form
 * mode): by default the password of the user's mail account; `params.params` replaces the params.
 * In 2026-07-28 the form is an input request of the round answering a connect_account call.
 */
export function secretInForm(ctx: FaultContext, name: string): FaultResult {
  if (ctx.client.modernVersion !== null) return modernSecretInForm(ctx, name);
  const given = ctx.params.params;
  const params: JsonObject = isObject(given)
    ? given
    : signInForm('Sign in to your mail account to connect it.');
  return {
    ok: true,
    direction: 'server->client',
    message: ctx.server.makeRequest('elicitation/create', params),
  };
}
