// Narrow imports: trace needs the referee's step function, not the XState machine around it.
import {
  initialContext,
  type SessionContext,
  type SessionInput,
  type StepReport,
} from '../machine/context.js';
import { refereeClose, refereeStep } from '../machine/referee.js';
import type { Violation } from '../machine/rules.js';
import {
  type CapabilityPath,
  classify,
  type Direction,
  type Primitive,
  type RequestId,
} from '../protocol/index.js';
import { inferDirection } from './infer-direction.js';
import type { RawLine } from './lines.js';
import { type ParsedLine, parseLine } from './parse-line.js';

type ParsedMessage = Extract<ParsedLine, { readonly kind: 'message' }>;

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

export type TraceProblem = { readonly line: number; readonly message: string };

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

/** A line that brings nothing: blank, or a host log's own output. */
const NOTHING: readonly TraceEvent[] = [];

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

  // Lines that are neither JSON nor a logged message are a host log's chatter if the file turns out
  // to be a host log, and broken lines otherwise. The first good message decides; until then every
  // problem is held back, and comes out with that message (chatter too, unless it was a host log),
  // so that problems and messages stay in line order.
  let inHostLog = false;
  let decided = false;
  let held: Array<TraceProblem & { readonly chatter: boolean }> = [];

  const problemEvent = (problem: TraceProblem): TraceEvent => ({ type: 'problem', problem });

  function problem(line: number, message: string, chatter = false): readonly TraceEvent[] {
    if (!decided) {
      held.push({ line, message, chatter });
      return NOTHING;
    }
    return chatter && inHostLog ? NOTHING : [problemEvent({ line, message })];
  }

  /** What the held-back lines turn out to be, once the file's kind is known. */
  function release(): TraceProblem[] {
    const out = held
      .filter((p) => !(p.chatter && inHostLog))
      .map(({ line, message }) => ({ line, message }));
    held = [];
    return out;
  }

  /** The events one line brings, in line order: held-back problems come out before a message. */
  function push(raw: RawLine): readonly TraceEvent[] {
    if ('problem' in raw) return problem(raw.line, raw.problem);
    const parsed = parseLine(raw.text);
    if (parsed.kind === 'skip') return NOTHING;
    if (parsed.kind === 'chatter') return problem(raw.line, parsed.message, true);
    if (parsed.kind === 'problem') return problem(raw.line, parsed.message);
    // An unreadable line is a problem of the file, not a message of the session: it is reported
    // and kept away from the referee, so it cannot change how the good lines are labelled.
    const envelope = classify(parsed.message);
    if (envelope.kind === 'invalid') {
      const where = envelope.pointer ? ` (at ${envelope.pointer})` : '';
      return problem(raw.line, `not a JSON-RPC message: ${envelope.text.en}${where}`);
    }
    if (parsed.hostLog) inHostLog = true;
    const event = label(raw, parsed);
    if (decided) return [event];
    decided = true;
    return [...release().map(problemEvent), event];
  }

  /** A good message through the referee: its label. */
  function label(raw: { readonly line: number }, parsed: ParsedMessage): TraceEvent {
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
      line: raw.line,
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
    return release();
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
