/**
 * Faults of a server (and one of a client) of the io.modelcontextprotocol/tasks extension (2026-07-28; ext-tasks
 * e434597), lesson 35. No simulated peer speaks the extension, so, as the lesson's `send:` steps
 * do, each fault's message is the one the lesson writes out in `params.message`: the buggy answer
 * to a request the lesson sent. The referee says whether it breaks the fault's rule.
 */
import { FAULT_STRINGS } from '../../i18n/fault-strings.js';
import { isObject } from '../../protocol/json.js';
import { cannot, type FaultContext, type FaultResult } from './faults.js';

/** The faults, each with the extension's rule it is named for. */
export const EXT_TASK_FAULT_RULES = {
  // › Capability Negotiation: a CreateTaskResult to a request other than tools/call
  'task-for-unsupported-request': 'task-unsupported-request',
  // › Polymorphic Results: resultType "task" on a tasks/get result
  'task-result-marked-task': 'task-result-type',
  // › Protocol Errors: an undeclared tasks/get served instead of refused with -32021
  'undeclared-tasks-request-served': 'tasks-undeclared-not-refused',
  // › Protocol Errors: a task never handed out refused with another code than -32602
  'unknown-task-wrong-code': 'task-not-found-code',
  // › Task Status: a completed task reported working again
  'finished-ext-task-reopened': 'task-terminal-left',
  // › Task Update Requests: an inputRequests key naming a second request
  'input-key-reused': 'task-input-key-reused',
  // › Task Status Notifications: notifications/tasks for a task the listen did not name
  'task-not-listened': 'notification-not-subscribed',
  // › Task Cancellation: the client's notifications/cancelled for the call a task answered
  'ext-task-cancel-notified': 'cancel-task-augmented',
  // › Streamable HTTP: Routing Headers: the client's tasks/get POSTed naming another task
  'task-name-header-wrong': 'task-name-header',
} as const;

export type ExtTaskFault = keyof typeof EXT_TASK_FAULT_RULES;

/** The server's message the lesson wrote out for the fault. */
export function scriptedServerFault(ctx: FaultContext, name: ExtTaskFault): FaultResult {
  const { message } = ctx.params;
  if (!isObject(message)) return cannot(FAULT_STRINGS.needsScriptedMessage, { name });
  return { ok: true, direction: 'server->client', message };
}

/**
 * The client's message the lesson wrote out for the fault (a tasks/get POSTed with headers that
 * name another task, a notifications/cancelled for a task's call): no simulated server speaks the
 * extension, so none takes it.
 */
export function scriptedClientFault(ctx: FaultContext, name: ExtTaskFault): FaultResult {
  const { message } = ctx.params;
  if (!isObject(message)) return cannot(FAULT_STRINGS.needsScriptedMessage, { name });
  return { ok: true, direction: 'client->server', message, scripted: true };
}
