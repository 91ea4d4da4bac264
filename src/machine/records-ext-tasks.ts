import type { SessionContext } from './context.js';
import type { ModelMessage } from './events.js';
import { extTaskReport } from './ext-tasks.js';
import { isTerminalTaskStatus } from './facts.js';

/**
 * tasks extension (2026-07-28) › Task Status, Task Update Requests: what a server reports of a
 * task, in a CreateTaskResult, a tasks/get result or a notifications/tasks. A terminal status stays (the diagram has no
 * way out of it); each inputRequests key keeps the first request it named.
 */
export function recordExtTask(ctx: SessionContext, msg: ModelMessage): Partial<SessionContext> {
  const report = extTaskReport(ctx, msg);
  if (!report) return {};
  const known = report.created ? undefined : ctx.ledger.extTasks.get(report.taskId);
  const inputs = new Map(known?.inputs ?? []);
  for (const [key, request] of Object.entries(report.inputRequests ?? {})) {
    if (!inputs.has(key)) inputs.set(key, request);
  }
  const stays = known !== undefined && isTerminalTaskStatus(known.status);
  const status = stays ? known.status : report.status;
  const terminalFrom = stays
    ? known.terminalFrom
    : isTerminalTaskStatus(status)
      ? ctx.ledger.opened
      : undefined;
  ctx.ledger.noteExtTask(report.taskId, {
    status,
    inputs,
    ...(terminalFrom === undefined ? {} : { terminalFrom }),
  });
  return {};
}
