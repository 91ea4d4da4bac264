import type { JsonObject, RequestId } from '../../src/protocol/index.js';
import {
  modernRequest,
  modernResult,
  SERVER_INFO_KEY,
  SUBSCRIPTION_KEY,
} from './modern-builder.js';
import { rpc } from './session-builder.js';

/**
 * Envelopes of the modern era's streams for rule tests: multi round-trip requests
 * (basic/patterns/mrtr) and subscriptions/listen (basic/patterns/subscriptions).
 */

/** A tools/call of the "deploy" tool; `extra` adds inputResponses, requestState… */
export const deploy = (id: RequestId, extra: JsonObject = {}) =>
  modernRequest(id, 'tools/call', { name: 'deploy', arguments: { env: 'prod' }, ...extra });

export const CONFIRM_REQUEST: JsonObject = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Deploy to prod?',
    requestedSchema: {
      type: 'object',
      properties: { confirm: { type: 'boolean' } },
      required: ['confirm'],
    },
  },
};

/** The answers to the round of `askConfirm`. */
export const CONFIRMED: JsonObject = { confirm: { action: 'accept', content: { confirm: true } } };

/** An input_required round: one elicitation and a requestState (give `{}` for neither). */
export const inputRequired = (
  id: RequestId,
  fields: JsonObject = { inputRequests: { confirm: CONFIRM_REQUEST }, requestState: 'deploy:v1' },
) => modernResult(id, { resultType: 'input_required', ...fields });

/** The retry that answers `inputRequired`'s default round exactly. */
export const retry = (id: RequestId, extra: JsonObject = {}) =>
  deploy(id, { inputResponses: CONFIRMED, requestState: 'deploy:v1', ...extra });

export const toolDone = (id: RequestId) =>
  modernResult(id, { content: [{ type: 'text', text: 'deployed' }] });

/** A subscriptions/listen request with its filter. */
export const listen = (id: RequestId, filter: JsonObject = { toolsListChanged: true }) =>
  modernRequest(id, 'subscriptions/listen', { notifications: filter });

/** A notification on the listen stream `subscriptionId` (none: no `_meta`). */
export const onStream = (
  method: string,
  subscriptionId: RequestId | undefined,
  params: JsonObject = {},
) =>
  rpc.notification(method, {
    ...params,
    ...(subscriptionId === undefined ? {} : { _meta: { [SUBSCRIPTION_KEY]: subscriptionId } }),
  });

/** The server's acknowledgment of a listen, honouring `filter`. */
export const ack = (id: RequestId, filter: JsonObject = { toolsListChanged: true }) =>
  onStream('notifications/subscriptions/acknowledged', id, { notifications: filter });

export const TOOLS_CHANGED = 'notifications/tools/list_changed';

/** The server ends a listen stream gracefully: a complete result carrying its subscriptionId. */
/** The spec's example of a graceful end, plus the serverInfo every result should carry. */
export const listenEnd = (id: RequestId) =>
  rpc.result(id, {
    resultType: 'complete',
    _meta: {
      [SUBSCRIPTION_KEY]: id,
      [SERVER_INFO_KEY]: { name: 'rules-test-server', version: '1.0.0' },
    },
  });
