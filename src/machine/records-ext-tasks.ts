import type { SessionContext } from './context.js';
import type { ModelMessage } from './events.js';
import { type ExtTaskReport, extTaskReport } from './ext-tasks.js';
import { isTerminalTaskStatus } from './facts.js';
import { notePollInterval } from './records.js';

/**
 * tasks extension (2026-07-28) › Task Status, Task Update Requests: what a server reports of a
 * task, in a CreateTaskResult, a tasks/get result or a notifications/tasks. A terminal status
 * stays (the diagram has no way out of it); each inputRequests key keeps the first request it
 * named.
 */
export function recordExtTask(ctx: SessionContext, msg: ModelMessage): Partial<SessionContext> {
  const report = extTaskReport(ctx, msg);
  if (!report) return {};
  notePoll(ctx, msg, report);
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
  const createdBy = report.created ? (msg.id ?? undefined) : known?.createdBy;
  ctx.ledger.noteExtTask(report.taskId, {
    status,
    inputs,
    ...(terminalFrom === undefined ? {} : { terminalFrom }),
    ...(createdBy === undefined ? {} : { createdBy }),
  });
  return {};
}

/**
 * › Task Polling: a tasks/get result's pollIntervalMs for the next poll of its task, as the core's
 * pollInterval (records.ts). A CreateTaskResult answers no poll: it forgets the task's last one; a
 * notifications/tasks is no answer to a poll and changes nothing.
 */
function notePoll(ctx: SessionContext, msg: ModelMessage, report: ExtTaskReport): void {
  if (report.record === undefined) return;
  notePollInterval(ctx, msg, report.taskId, report.created ? undefined : report.pollIntervalMs);
}
