import type { ScreenStep } from '../sim/scenario/engine.js';

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
};

/** Arrows between the lifelines, all the same width so the lifelines line up. */
const ARROWS = {
  solid: { right: '───────▶', left: '◀───────' },
  dashed: { right: '┄┄┄┄┄┄┄▶', left: '◀┄┄┄┄┄┄┄' },
  error: { right: '───✗───▶', left: '◀───✗───' },
  invalid: { right: '···?···▶', left: '◀···?···' },
  close: { right: '✕       ', left: '       ✕' },
} as const satisfies Record<ArrowStyle, { right: string; left: string }>;

export function sequenceRow(step: ScreenStep): SequenceRow {
  const side = step.direction === 'client->server' ? 'right' : 'left';
  if (step.report === null) {
    return {
      index: step.index,
      arrow: ARROWS.close[side],
      style: 'close',
      label: '',
      closedBy: step.closedBy,
      broken: false,
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
  };
}

/** `method #id` of the client's request `id` among the steps up to `current`, for the server's work list. */
export function clientRequestLabel(
  steps: readonly ScreenStep[],
  current: number,
  id: string,
): string {
  const request = steps
    .slice(0, current + 1)
    .find(
      (s) =>
        s.direction === 'client->server' &&
        s.report?.kind === 'request' &&
        String(s.report.id) === id,
    );
  return `${request?.report?.method ?? '?'} #${id}`;
}

/** The rows up to and including the current step, at most `limit` of them (the latest ones). */
export function sequenceRows(
  steps: readonly ScreenStep[],
  current: number,
  limit: number,
): SequenceRow[] {
  if (limit <= 0) return [];
  const upTo = steps.slice(0, current + 1);
  return upTo.slice(Math.max(0, upTo.length - limit)).map(sequenceRow);
}
