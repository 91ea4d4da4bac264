import { createActor } from 'xstate';
import {
  phasesOf,
  type SessionContext,
  type SessionSnapshot,
  type StepReport,
  sessionMachine,
} from '../machine/index.js';
import {
  annotate,
  type Bilingual,
  CATALOGUE,
  isCatalogued,
  type JsonObject,
} from '../protocol/index.js';
import { isObject } from '../protocol/json.js';
import type { PeerViews, Timeline, TimelineStep } from '../sim/scenario/engine.js';
import { inferDirection } from './infer-direction.js';
import { createLineSorter, type SortedLine, type TraceProblem } from './line-sorter.js';
import type { RawLine } from './lines.js';

/** A recorded message has no narration: say what its method means, from the catalogue. */
function describe(report: StepReport): Bilingual {
  const method = report.method;
  const meaning = method && isCatalogued(method) ? CATALOGUE[method].meaning : null;
  const name = method ?? '?';
  switch (report.kind) {
    case 'response':
      return {
        en: `The answer to ${name} #${String(report.id)}.${meaning ? ` (${meaning.en})` : ''}`,
        zh: `对 ${name} #${String(report.id)} 的回应。${meaning ? `（${meaning.zh}）` : ''}`,
      };
    case 'error':
      return {
        en: `An error response to ${name}${report.id !== null ? ` #${String(report.id)}` : ''}.`,
        zh: `对 ${name}${report.id !== null ? ` #${String(report.id)}` : ''} 的错误响应。`,
      };
    default:
      return (
        meaning ?? {
          en: `${name}: not a method MCP defines.`,
          zh: `${name}：不是 MCP 定义的方法。`,
        }
      );
  }
}

/** What the panels can know from the wire alone: declarations, the version, the tools last listed. */
function peersFrom(ctx: SessionContext, tools: readonly string[] | null): PeerViews {
  const pending = (side: 'client' | 'server') =>
    ctx.pending.filter((p) => p.requester === side).map((p) => `${p.method} #${String(p.id)}`);
  return {
    client: {
      capabilities: ctx.capabilities.client ?? {},
      negotiatedVersion: ctx.handshake.negotiatedVersion,
      tools,
      toolsStale: false,
      pending: pending('client'),
    },
    server: {
      capabilities: ctx.capabilities.server ?? {},
      negotiatedVersion: ctx.handshake.negotiatedVersion,
      tools,
      subscriptions: [],
      logLevel: '',
      working: pending('server'),
    },
  };
}

/** The tool names a tools/list result carries, or null when the message is not one. */
export function listedTools(report: StepReport, message: unknown): string[] | null {
  if (report.kind !== 'response' || report.method !== 'tools/list' || !isObject(message)) {
    return null;
  }
  const result = isObject(message.result) ? message.result : {};
  if (!Array.isArray(result.tools)) return null;
  return result.tools.map((t) => (isObject(t) ? String(t.name) : '?'));
}

/**
 * One recorded envelope as a step of the lesson screen: the referee's snapshot right after it,
 * a note from the catalogue (a real session has no narration), and what the panels can know.
 */
export function recordedStep(
  index: number,
  direction: TimelineStep['direction'],
  message: JsonObject,
  snapshot: SessionSnapshot,
  tools: readonly string[] | null,
): TimelineStep {
  const report = snapshot.context.last as StepReport;
  return {
    index,
    t: index,
    direction,
    message,
    closedBy: null,
    note: describe(report),
    annotations: annotate(message, report.method),
    events: [],
    fault: null,
    report,
    snapshot,
    phases: phasesOf(snapshot),
    peers: peersFrom(snapshot.context, tools),
  };
}

/** The step where a side closed the transport: no envelope, the snapshot after the close. */
export function closeStep(
  index: number,
  closedBy: 'client' | 'server',
  snapshot: SessionSnapshot,
  tools: readonly string[] | null,
): TimelineStep {
  return {
    index,
    t: index,
    direction: closedBy === 'client' ? 'client->server' : 'server->client',
    message: null,
    closedBy,
    note: {
      en: `The ${closedBy} ends the session: nothing more is sent, and both sides are in shutdown.`,
      zh: `${closedBy === 'client' ? '客户端' : '服务器'}结束了会话：之后不再发送任何消息，双方都进入关闭阶段。`,
    },
    annotations: [],
    events: [],
    fault: null,
    report: null,
    snapshot,
    phases: phasesOf(snapshot),
    peers: peersFrom(snapshot.context, tools),
  };
}

/**
 * Turns a transcript (any of the three line formats) into the same timeline a lesson plays, so
 * `play` shows a real session in the lesson UI. Every message goes through the session machine,
 * and each step keeps its snapshot.
 */
export function transcriptTimeline(lines: Iterable<RawLine>): {
  timeline: Timeline;
  problems: TraceProblem[];
} {
  const actor = createActor(sessionMachine, { input: {} }).start();
  const steps: TimelineStep[] = [];
  const problems: TraceProblem[] = [];
  const sorter = createLineSorter();
  let tools: string[] | null = null;
  const take = (sorted: SortedLine) => {
    if (sorted.type === 'problem') {
      problems.push(sorted.problem);
      return;
    }
    const { message } = sorted;
    const direction = sorted.direction ?? inferDirection(actor.getSnapshot().context, message);
    actor.send({ type: 'envelope', direction, message });
    const snapshot = actor.getSnapshot();
    tools = listedTools(snapshot.context.last as StepReport, message) ?? tools;
    steps.push(recordedStep(steps.length, direction, message as JsonObject, snapshot, tools));
  };
  // The same sorting as `trace`, so both report the same lines of a file.
  for (const raw of lines) for (const sorted of sorter.push(raw)) take(sorted);
  problems.push(...sorter.finish());
  return { timeline: { steps }, problems };
}
