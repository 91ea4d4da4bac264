import type { SessionInput, StepReport } from '../machine/context.js';
import type { SessionEra } from '../machine/model.js';
import type { Era } from '../machine/rule-sets.js';
import type { Violation } from '../machine/rules.js';
import type {
  Bilingual,
  CapabilityLabel,
  Direction,
  Primitive,
  RequestId,
} from '../protocol/index.js';
import { visibleJson } from '../protocol/index.js';
import {
  abandonNote,
  type BatchPosition,
  createTranscriptReader,
  type RawLine,
  SessionLog,
  type Step,
  traceProblemOf,
} from '../session/index.js';
import type { TraceProblem } from '../session/line-sorter.js';
export type MessageKind = 'request' | 'response' | 'error' | 'notification';

/** One labelled message, exactly the `messages[]` entry of `trace --json`. */
export type TraceLabel = {
  readonly line: number;
  readonly direction: Direction;
  readonly kind: MessageKind;
  readonly id: RequestId | null;
  readonly method: string | null;
  readonly primitive: Primitive | null;
  /** The lifecycle phase it was sent in; null for a message of the modern era, which has none. */
  readonly phase: 'initialization' | 'operation' | 'shutdown' | null;
  readonly capability: CapabilityLabel | null;
  readonly violations: readonly string[];
  readonly era: Era;
};

/**
 * A label as its JSON text, key order as in `TraceLabel`. Written out by hand because it runs once
 * per message of a long transcript; only the strings need JSON's escaping.
 */
export function labelJson(label: TraceLabel): string {
  // JSON.stringify leaves DEL, C1 and bidi controls raw; visibleJson escapes them (same value).
  const str = (v: string | null) => (v === null ? 'null' : visibleJson(JSON.stringify(v)));
  const id =
    label.id === null
      ? 'null'
      : typeof label.id !== 'string'
        ? String(label.id) // a bigint too: the digits the file wrote, a JSON number as there
        : visibleJson(JSON.stringify(label.id));
  const violations = label.violations.length === 0 ? '[]' : JSON.stringify(label.violations);
  return `{"line":${label.line},"direction":"${label.direction}","kind":"${label.kind}","id":${id},"method":${str(label.method)},"primitive":${str(label.primitive)},"phase":${label.phase === null ? 'null' : `"${label.phase}"`},"capability":${str(label.capability)},"violations":${violations},"era":"${label.era}"}`;
}

/** The summary's era when no message decided one: the rules the referee starts with. */
const UNDECIDED_ERA: SessionEra = 'legacy';

/** The rules a clean message broke: one shared empty list, not one per message. */
const NO_RULES: readonly string[] = Object.freeze([]);

export type TraceSummary = {
  /**
   * `legacy`, `modern`, or `dual` (a probe, then the legacy fallback), as the contract says: never
   * null. A transcript with no message (empty, or only unreadable lines) is `legacy`: until a
   * message decides the era the referee judges with the handshake era's rules and labels what it
   * hears `legacy` (judge.ts eraOf), so that is what an empty session is judged as.
   */
  readonly era: SessionEra;
  readonly requests: number;
  readonly responses: number;
  readonly errors: number;
  readonly notifications: number;
  readonly lifecycle: number;
  readonly operation: number;
  /**
   * lifecycle / operation, or null when no message reached the operation phase (always for a
   * modern session, which has no lifecycle).
   */
  readonly lifecycleToOperationRatio: number | null;
  readonly violations: number;
};

export type TraceEvent =
  | {
      readonly type: 'message';
      readonly label: TraceLabel;
      readonly report: StepReport;
      readonly details: readonly Violation[];
      /** Its place in the JSON-RPC batch its line held (2025-03-26), else null. */
      readonly batch: BatchPosition | null;
    }
  /**
   * A line that is no message to label. `details` are the rules it broke: none for a line that
   * could not be read at all, `invalid-envelope` for one the referee read and found no JSON-RPC
   * message (it is counted and listed as the live view shows it, with no label: it has no kind).
   */
  | {
      readonly type: 'problem';
      readonly problem: TraceProblem;
      readonly details: readonly Violation[];
    }
  /** The client closed a request's HTTP response stream: not a message, but what it did. */
  | { readonly type: 'abandon'; readonly line: number; readonly note: Bilingual };

/**
 * The trace report, an observer of steps: a label per message, a problem per line that is not one,
 * and the running summary. It reads what the session log decided and derives nothing else.
 */
export function createTraceReport() {
  const counts = {
    requests: 0,
    responses: 0,
    errors: 0,
    notifications: 0,
    lifecycle: 0,
    operation: 0,
    violations: 0,
  };
  let era: SessionEra | null = null;

  /** One step as the report shows it; a close adds nothing. */
  function take(step: Step): TraceEvent | null {
    const problem = traceProblemOf(step);
    if (problem !== null) {
      const details = step.verdict?.violations ?? [];
      counts.violations += details.length;
      return { type: 'problem', problem, details };
    }
    const note = abandonNote(step);
    if (note !== null) return { type: 'abandon', line: step.line ?? step.index + 1, note };
    const report = step.verdict;
    if (step.kind !== 'message' || !report || report.kind === 'invalid') return null;
    era = step.session.era;
    const kind = report.kind;
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
      line: step.line ?? step.index + 1,
      direction: step.direction,
      kind,
      id: report.id,
      method: report.method,
      primitive: report.primitive,
      phase: report.phase,
      capability: report.capability,
      violations: report.violations.length === 0 ? NO_RULES : report.violations.map((v) => v.rule),
      era: report.era,
    };
    return { type: 'message', label, report, details: report.violations, batch: step.batch };
  }

  function summary(): TraceSummary {
    return {
      era: era ?? UNDECIDED_ERA,
      ...counts,
      lifecycleToOperationRatio:
        era === 'modern' || counts.operation === 0 ? null : counts.lifecycle / counts.operation,
    };
  }

  return { take, summary };
}

export type TraceReport = ReturnType<typeof createTraceReport>;

/**
 * The whole `trace` pipeline over lines: the transcript source into a session log that keeps no
 * steps, and the report reading each step as it comes.
 */
export function createTracer(input: SessionInput = {}) {
  const log = new SessionLog({ ...input, keep: false });
  const reader = createTranscriptReader(log);
  const report = createTraceReport();
  const events = (steps: readonly Step[]): TraceEvent[] => {
    const out: TraceEvent[] = [];
    for (const step of steps) {
      const event = report.take(step);
      if (event) out.push(event);
    }
    return out;
  };
  return {
    /** The events one line brings, in line order: held-back problems come out before a message. */
    push: (raw: RawLine): TraceEvent[] => events(reader.push(raw)),
    /** At the end of input: what the held-back lines of the file turned out to be. */
    finish: (): TraceEvent[] => events(reader.finish()),
    summary: report.summary,
  };
}

export type Tracer = ReturnType<typeof createTracer>;
