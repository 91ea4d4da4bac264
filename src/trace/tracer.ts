// Narrow imports: trace needs the referee's step function, not the XState machine around it.
import {
  initialContext,
  type SessionContext,
  type SessionInput,
  type StepReport,
} from '../machine/context.js';
import { refereeClose, refereeStep } from '../machine/referee.js';
import type { Violation } from '../machine/rules.js';
import type { CapabilityPath, Direction, Primitive, RequestId } from '../protocol/index.js';
import { inferDirection } from './infer-direction.js';
import { createLineSorter, type SortedLine, type TraceProblem } from './line-sorter.js';
import type { RawLine } from './lines.js';

export type MessageKind = 'request' | 'response' | 'error' | 'notification';

/** One labelled message, exactly the `messages[]` entry of `trace --json`. */
export type TraceLabel = {
  readonly line: number;
  readonly direction: Direction;
  readonly kind: MessageKind;
  readonly id: RequestId | null;
  readonly method: string | null;
  readonly primitive: Primitive | null;
  readonly phase: 'initialization' | 'operation' | 'shutdown';
  readonly capability: CapabilityPath | null;
  readonly violations: readonly string[];
};

/**
 * A label as its JSON text, key order as in `TraceLabel`. Written out by hand because it runs once
 * per message of a long transcript; only the strings need JSON's escaping.
 */
export function labelJson(label: TraceLabel): string {
  const str = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));
  const id =
    label.id === null
      ? 'null'
      : typeof label.id === 'number'
        ? String(label.id)
        : JSON.stringify(label.id);
  const violations = label.violations.length === 0 ? '[]' : JSON.stringify(label.violations);
  return `{"line":${label.line},"direction":"${label.direction}","kind":"${label.kind}","id":${id},"method":${str(label.method)},"primitive":${str(label.primitive)},"phase":"${label.phase}","capability":${str(label.capability)},"violations":${violations}}`;
}

export type TraceSummary = {
  readonly requests: number;
  readonly responses: number;
  readonly errors: number;
  readonly notifications: number;
  readonly lifecycle: number;
  readonly operation: number;
  /** lifecycle / operation, or null when no message reached the operation phase. */
  readonly lifecycleToOperationRatio: number | null;
  readonly violations: number;
};

export type TraceEvent =
  | {
      readonly type: 'message';
      readonly label: TraceLabel;
      readonly report: StepReport;
      readonly details: readonly Violation[];
    }
  | { readonly type: 'problem'; readonly problem: TraceProblem };

/**
 * Labels a transcript line by line through one referee. Pure: the caller reads the lines and writes
 * the output, so the same tracer serves the CLI, `play` and the grader.
 *
 * It drives the referee's step function directly, the very function the session machine runs as
 * its `referee` action: a label needs the context, not the per-side phase states, and skipping the
 * actor's bookkeeping keeps a 100,000-message transcript fast (docs/benchmarks.md). A test checks
 * that the labels equal what the machine itself reports.
 */
export function createTracer(input: SessionInput = {}) {
  let ctx: SessionContext = initialContext({ history: false, ...input });
  const counts = {
    requests: 0,
    responses: 0,
    errors: 0,
    notifications: 0,
    lifecycle: 0,
    operation: 0,
    violations: 0,
  };

  const sorter = createLineSorter();

  /** The events one line brings, in line order: held-back problems come out before a message. */
  function push(raw: RawLine): readonly TraceEvent[] {
    const sorted = sorter.push(raw);
    // Most lines are one good message: no array to build.
    if (sorted.length === 1 && sorted[0]?.type === 'message') return [label(sorted[0])];
    return sorted.map((s) => (s.type === 'message' ? label(s) : s));
  }

  /** A good message through the referee: its label. */
  function label(parsed: Extract<SortedLine, { readonly type: 'message' }>): TraceEvent {
    const direction = parsed.direction ?? inferDirection(ctx, parsed.message);
    ctx = refereeStep(ctx, direction, parsed.message);
    const report = ctx.last as StepReport;
    const kind = report.kind as MessageKind;
    counts[
      kind === 'request'
        ? 'requests'
        : kind === 'response'
          ? 'responses'
          : kind === 'error'
            ? 'errors'
            : 'notifications'
    ] += 1;
    if (report.phase === 'initialization') counts.lifecycle += 1;
    else if (report.phase === 'operation') counts.operation += 1;
    counts.violations += report.violations.length;
    const label: TraceLabel = {
      line: parsed.line,
      direction,
      kind,
      id: report.id,
      method: report.method,
      primitive: report.primitive,
      phase: report.phase,
      capability: report.capability,
      violations: report.violations.map((v) => v.rule),
    };
    return { type: 'message', label, report, details: report.violations };
  }

  function summary(): TraceSummary {
    return {
      ...counts,
      lifecycleToOperationRatio:
        counts.operation === 0 ? null : counts.lifecycle / counts.operation,
    };
  }

  /** At the end of input: held-back lines of a file that never showed a good message. */
  function finish(): TraceProblem[] {
    return sorter.finish();
  }

  return {
    push,
    finish,
    summary,
    close: () => {
      ctx = refereeClose(ctx);
    },
    context: () => ctx,
  };
}

export type Tracer = ReturnType<typeof createTracer>;
