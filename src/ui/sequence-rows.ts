// Not from the machine's index: that would load the referee before a lesson's first frame.
import type { Severity } from '../machine/rules.js';
import { idText } from '../protocol/envelope.js';
import { abandonedRequest } from '../session/step.js';
import { formatTime, rowSummary } from './row-summary.js';
import type { ScreenStep } from './screen-step.js';
import { worstSeverity } from './violation-list.js';

export type ArrowStyle = 'solid' | 'dashed' | 'error' | 'invalid' | 'close' | 'abandon';

/** One row of the sequence diagram between the lifelines C and S. */
export type SequenceRow = {
  readonly index: number;
  readonly arrow: string;
  readonly style: ArrowStyle;
  /** `method #id`, or just the method for a notification; empty for a close. */
  readonly label: string;
  /** One word about the message (the tool, the progress, the error code…), or empty. */
  readonly summary: string;
  /** When it crossed (`+1.25s`), if the source read a clock; null for a lesson. */
  readonly time: string | null;
  /** The side that closed the transport at this step (no message then). */
  readonly closedBy: 'client' | 'server' | null;
  /**
   * The client closed a request's HTTP response stream at this step (no message then): whether
   * that cancelled it (2026-07-28), left it waiting (the handshake era), or named none in flight.
   */
  readonly abandon: 'cancelled' | 'waiting' | 'none' | null;
  /** The referee found a rule broken by this message. */
  readonly broken: boolean;
  /** The gravest rule it broke: `error`, or `warning` when every broken rule is only a warning. */
  readonly severity: Severity | null;
  /**
   * A transcript line that is not a message: its line number (the row says so); `body` for a POST
   * body the live view shows (its step is the row's own place).
   */
  readonly unreadable: number | 'body' | null;
};

/** Arrows between the lifelines, all the same width so the lifelines line up. */
export const ARROWS = {
  solid: { right: '───────▶', left: '◀───────' },
  dashed: { right: '┄┄┄┄┄┄┄▶', left: '◀┄┄┄┄┄┄┄' },
  error: { right: '───✗───▶', left: '◀───✗───' },
  invalid: { right: '···?···▶', left: '◀···?···' },
  close: { right: '✕       ', left: '       ✕' },
  abandon: { right: '───╳    ', left: '    ╳───' },
} as const satisfies Record<ArrowStyle, { right: string; left: string }>;

/** The current step's mark, in the column left of the C lifeline. */
export const CURRENT_MARK = '›';

/** Where the method is not known: a response to a request the other side never sent (`? #999`). */
export const UNKNOWN_METHOD = '?';

/** A step's row never changes: made once, so views can tell an unchanged row by its identity. */
const rowOf = new WeakMap<ScreenStep, SequenceRow>();

/** `steps`: the list the step belongs to, for a result to name what it answers (a tool…). */
export function sequenceRow(step: ScreenStep, steps: readonly ScreenStep[] = []): SequenceRow {
  let row = rowOf.get(step);
  if (row === undefined) {
    row = makeRow(step, steps);
    rowOf.set(step, row);
  }
  return row;
}

function makeRow(step: ScreenStep, steps: readonly ScreenStep[]): SequenceRow {
  const side = step.direction === 'client->server' ? 'right' : 'left';
  const time = step.time === null ? null : formatTime(step.time);
  const blank = {
    label: '',
    summary: '',
    time,
    closedBy: null,
    abandon: null,
    broken: false,
    severity: null,
  };
  if (step.problem !== null) {
    return {
      ...blank,
      index: step.index,
      arrow: ARROWS.invalid[side],
      style: 'invalid',
      unreadable: step.body === true ? 'body' : (step.line ?? step.index + 1),
    };
  }
  const abandoned = step.abandoned;
  if (abandoned) {
    return {
      ...blank,
      index: step.index,
      arrow: ARROWS.abandon[side],
      style: 'abandon',
      label: abandonedRequest(abandoned),
      abandon: abandoned.cancelled ? 'cancelled' : abandoned.method === null ? 'none' : 'waiting',
      unreadable: null,
    };
  }
  if (step.report === null) {
    return {
      ...blank,
      index: step.index,
      arrow: ARROWS.close[side],
      style: 'close',
      closedBy: step.closedBy,
      unreadable: null,
    };
  }
  const { kind, method, id } = step.report;
  const style: ArrowStyle =
    kind === 'notification'
      ? 'dashed'
      : kind === 'error'
        ? 'error'
        : kind === 'invalid'
          ? 'invalid'
          : 'solid';
  const name = method ?? UNKNOWN_METHOD;
  const { violations } = step.report;
  return {
    index: step.index,
    arrow: ARROWS[style][side],
    style,
    label: id === null ? name : `${name} #${idText(id)}`,
    summary: rowSummary(step, steps),
    time,
    closedBy: null,
    abandon: null,
    broken: violations.length > 0,
    severity: worstSeverity(violations),
    unreadable: null,
  };
}

/**
 * For each request id the client sent, where each request with it is, in order (an id may come
 * again once answered, or be reused by mistake; a session can be long).
 */
const requestsById = new WeakMap<readonly ScreenStep[], ReadonlyMap<string, readonly number[]>>();

function requestsOf(steps: readonly ScreenStep[]): ReadonlyMap<string, readonly number[]> {
  let found = requestsById.get(steps);
  if (found === undefined) {
    const byId = new Map<string, number[]>();
    steps.forEach((s, at) => {
      if (s.direction !== 'client->server' || s.report?.kind !== 'request') return;
      const id = s.report.id === null ? 'null' : idText(s.report.id);
      const list = byId.get(id);
      if (list) list.push(at);
      else byId.set(id, [at]);
    });
    found = byId;
    requestsById.set(steps, found);
  }
  return found;
}

/**
 * `method #id` of the client's request `id` among the steps up to `current`, for the server's
 * work list: the latest request with that id so far, the one the server is now working on.
 */
export function clientRequestLabel(
  steps: readonly ScreenStep[],
  current: number,
  id: string,
): string {
  const positions = requestsOf(steps).get(id) ?? [];
  // The last position at or before `current` (positions are in order).
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((positions[mid] ?? 0) <= current) low = mid + 1;
    else high = mid;
  }
  const at = low > 0 ? positions[low - 1] : undefined;
  const request = at !== undefined ? steps[at] : undefined;
  return `${request?.report?.method ?? UNKNOWN_METHOD} #${id}`;
}

/** The rows up to and including the current step, at most `limit` of them (the latest ones). */
export function sequenceRows(
  steps: readonly ScreenStep[],
  current: number,
  limit: number,
): SequenceRow[] {
  if (limit <= 0) return [];
  return steps
    .slice(Math.max(0, current + 1 - limit), current + 1)
    .map((step) => sequenceRow(step, steps));
}
