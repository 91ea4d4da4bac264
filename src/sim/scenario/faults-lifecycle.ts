/**
 * Handshake-era lifecycle faults (lesson 20): what a buggy client does while the handshake is open.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';

/**
 * The client sends its initialize again, with the params of the first one it sent and a new id:
 * a second handshake on a connection whose first one is pending or answered. No sentence of
 * 2025-11-25 basic/lifecycle forbids it, but the first initialize set the session's version and
 * capabilities (› Capability Negotiation: they "establish which optional protocol features will
 * be available during the session"); the simulated server refuses it with -32600.
 */
export function duplicateInitialize(ctx: FaultContext, name: string): FaultResult {
  const first = ctx.log.steps.find(
    (step) =>
      step.direction === 'client->server' &&
      isObject(step.message) &&
      step.message.method === 'initialize',
  );
  const params = isObject(first?.message) ? first.message.params : undefined;
  if (!isObject(params)) return cannot(FAULT_STRINGS.needsInitializeSent, { name });
  return {
    ok: true,
    direction: 'client->server',
    message: ctx.client.request('initialize', params),
  };
}
