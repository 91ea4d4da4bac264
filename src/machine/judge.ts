import { type CapabilityLabel, labelIn, type Primitive, primitiveIn } from '../protocol/index.js';
import type { SessionContext, StepReport } from './context.js';
import type { ModelMessage } from './events.js';
import { answeredRecord, progressOf } from './facts.js';
import type { Finding } from './rules/rule.js';
import { type Violation, violationOf } from './rules.js';

type Label = {
  readonly method: string | null;
  readonly primitive: Primitive | null;
  readonly capability: CapabilityLabel | null;
};

const NO_LABEL: Label = { method: null, primitive: null, capability: null };

/**
 * What the tracer prints beside a message: its method, primitive and capability, as the revision
 * that judges the session labels them (labelIn: the tasks extension's messages name the extension
 * in a modern session). An answer takes them from the request it answers.
 */
function labelOf(ctx: SessionContext, msg: ModelMessage): Label {
  const { method } = msg;
  switch (msg.envelope.kind) {
    case 'request':
    case 'notification': {
      if (method === null) return NO_LABEL;
      const label = labelIn(method, msg.direction, msg.params, ctx.ruleVersion);
      return { method, primitive: label?.primitive ?? null, capability: label?.capability ?? null };
    }
    case 'invalid':
      return {
        method,
        primitive: method === null ? null : primitiveIn(method, ctx.ruleVersion),
        capability: null,
      };
    default: {
      const record = answeredRecord(ctx, msg);
      if (!record) return NO_LABEL;
      return { method: record.method, primitive: record.primitive, capability: record.capability };
    }
  }
}

/**
 * The era and phase a message is labelled with: the machine's. But initialize, initialized and an
 * answer to initialize belong to the handshake whatever the machine's state: on a modern
 * connection they are a client falling back (the referee flags era-mixed), labelled as the
 * handshake's, so that a request and its answer agree however the server takes it (a fallback it
 * accepts is judged in the handshake era from its answer on).
 */
function eraOf(ctx: SessionContext, method: string | null): Pick<StepReport, 'era' | 'phase'> {
  if (ctx.era !== 'modern') return { era: 'legacy', phase: ctx.phase };
  if (method === 'initialize' || method === 'notifications/initialized')
    return { era: 'legacy', phase: 'initialization' };
  // 2026-07-28 has no lifecycle: a modern message has no phase.
  return { era: 'modern', phase: null };
}

const isMany = (found: Finding | readonly Finding[]): found is readonly Finding[] =>
  Array.isArray(found);

/**
 * The verdict on one message: every rule the session's rule set lists for its kind, checked in
 * order against the session before the message changed anything, and the message's labels. The
 * phase is the one the machine's state stamped on the context.
 */
export function judge(
  ctx: SessionContext,
  msg: ModelMessage,
): Pick<SessionContext, 'step' | 'last' | 'violationCount'> {
  const violations: Violation[] = [];
  for (const row of ctx.rules?.judges[msg.type] ?? []) {
    const found = row.check(ctx, msg);
    if (found === null) continue;
    const { era, ruleVersion } = ctx;
    if (isMany(found))
      for (const one of found) violations.push(violationOf(row, one, era, ruleVersion));
    else violations.push(violationOf(row, found, era, ruleVersion));
  }
  const label = labelOf(ctx, msg);
  const report: StepReport = {
    index: ctx.step,
    direction: msg.direction,
    kind: msg.envelope.kind,
    envelope: msg.envelope,
    id: msg.id,
    method: label.method,
    primitive: label.primitive,
    ...eraOf(ctx, label.method),
    capability: label.capability,
    violations,
    progress: progressOf(msg),
  };
  return {
    step: ctx.step + 1,
    last: report,
    violationCount: ctx.violationCount + violations.length,
  };
}
