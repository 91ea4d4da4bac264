import type { ScreenStep } from './screen-step.js';

export type ArrowStyle = 'solid' | 'dashed' | 'error' | 'invalid' | 'close';

/** One row of the sequence diagram between the lifelines C and S. */
export type SequenceRow = {
  readonly index: number;
  readonly arrow: string;
  readonly style: ArrowStyle;
  /** `method #id`, or just the method for a notification; empty for a close. */
  readonly label: string;
  /** The side that closed the transport at this step (no message then). */
  readonly closedBy: 'client' | 'server' | null;
  /** The referee found a rule broken by this message. */
  readonly broken: boolean;
  /** A transcript line that is not a message: its line number (the row says so). */
  readonly unreadable: number | null;
};

/** Arrows between the lifelines, all the same width so the lifelines line up. */
const ARROWS = {
  solid: { right: '───────▶', left: '◀───────' },
  dashed: { right: '┄┄┄┄┄┄┄▶', left: '◀┄┄┄┄┄┄┄' },
  error: { right: '───✗───▶', left: '◀───✗───' },
  invalid: { right: '···?···▶', left: '◀···?···' },
  close: { right: '✕       ', left: '       ✕' },
} as const satisfies Record<ArrowStyle, { right: string; left: string }>;

/** A step's row never changes: made once, so views can tell an unchanged row by its identity. */
const rowOf = new WeakMap<ScreenStep, SequenceRow>();

export function sequenceRow(step: ScreenStep): SequenceRow {
  let row = rowOf.get(step);
  if (row === undefined) {
    row = makeRow(step);
    rowOf.set(step, row);
  }
  return row;
}

function makeRow(step: ScreenStep): SequenceRow {
  const side = step.direction === 'client->server' ? 'right' : 'left';
  if (step.problem !== null) {
    return {
      index: step.index,
      arrow: ARROWS.invalid[side],
      style: 'invalid',
      label: '',
      closedBy: null,
      broken: false,
      unreadable: step.line ?? step.index + 1,
    };
  }
  if (step.report === null) {
    return {
      index: step.index,
      arrow: ARROWS.close[side],
      style: 'close',
      label: '',
      closedBy: step.closedBy,
      broken: false,
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
  const name = method ?? '?';
  return {
    index: step.index,
    arrow: ARROWS[style][side],
    style,
    label: id === null ? name : `${name} #${id}`,
    closedBy: null,
    broken: step.report.violations.length > 0,
    unreadable: null,
  };
}

/** For each request id the client sent, where its first request is (a session can be long). */
const firstRequests = new WeakMap<readonly ScreenStep[], ReadonlyMap<string, number>>();

function firstRequestOf(steps: readonly ScreenStep[]): ReadonlyMap<string, number> {
  let first = firstRequests.get(steps);
  if (first === undefined) {
    const found = new Map<string, number>();
    steps.forEach((s, at) => {
      if (s.direction !== 'client->server' || s.report?.kind !== 'request') return;
      const id = String(s.report.id);
      if (!found.has(id)) found.set(id, at);
    });
    first = found;
    firstRequests.set(steps, first);
  }
  return first;
}

/** `method #id` of the client's request `id` among the steps up to `current`, for the server's work list. */
export function clientRequestLabel(
  steps: readonly ScreenStep[],
  current: number,
  id: string,
): string {
  const at = firstRequestOf(steps).get(id);
  const request = at !== undefined && at <= current ? steps[at] : undefined;
  return `${request?.report?.method ?? '?'} #${id}`;
}

/** The rows up to and including the current step, at most `limit` of them (the latest ones). */
export function sequenceRows(
  steps: readonly ScreenStep[],
  current: number,
  limit: number,
): SequenceRow[] {
  if (limit <= 0) return [];
  return steps.slice(Math.max(0, current + 1 - limit), current + 1).map(sequenceRow);
}
