import {
  createReferee,
  type SessionInput,
  type StepReport,
  type Violation,
} from '../machine/index.js';
import type { CapabilityPath, Direction, Primitive, RequestId } from '../protocol/index.js';
import { inferDirection } from './infer-direction.js';
import type { RawLine } from './lines.js';
import { parseLine } from './parse-line.js';

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
  | { readonly type: 'problem'; readonly problem: TraceProblem }
  | { readonly type: 'skip' };

/**
 * Labels a transcript line by line through one referee. Pure: the caller reads the lines and writes
 * the output, so the same tracer serves the CLI, `play` and the grader.
 */
export function createTracer(input: SessionInput = {}) {
  const referee = createReferee(input);
  const counts = {
    requests: 0,
    responses: 0,
    errors: 0,
    notifications: 0,
    lifecycle: 0,
    operation: 0,
    violations: 0,
  };

  let inHostLog = false;

  function push(raw: RawLine): TraceEvent {
    if ('problem' in raw)
      return { type: 'problem', problem: { line: raw.line, message: raw.problem } };
    const parsed = parseLine(raw.text, inHostLog);
    if ('logLine' in parsed) inHostLog = true;
    if (parsed.kind === 'skip') return { type: 'skip' };
    if (parsed.kind === 'problem') {
      return { type: 'problem', problem: { line: raw.line, message: parsed.message } };
    }
    const direction =
      parsed.direction ?? inferDirection(referee.snapshot().context, parsed.message);
    const report = referee.feed(direction, parsed.message);
    if (report.envelope.kind === 'invalid') {
      const detail = report.violations.find((v) => v.rule === 'invalid-envelope');
      return {
        type: 'problem',
        problem: {
          line: raw.line,
          message: `not a JSON-RPC message: ${detail?.message ?? report.envelope.text.en}`,
        },
      };
    }
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

  return { push, summary, close: () => referee.close(), referee };
}

export type Tracer = ReturnType<typeof createTracer>;
