import type { RawLine } from './line-reader.js';
import { createLineSorter, type SortedLine } from './line-sorter.js';
import type { SessionLog } from './session-log.js';
import type { Step } from './step.js';

/**
 * The transcript source: lines of a file in any of the accepted shapes, sorted into messages and
 * problems the one way (`createLineSorter`), pushed into a session log in line order. Each `push`
 * returns the steps that line released (held-back lines come out with the first good message; a
 * batch line read in a 2025-03-26 session makes a step per message).
 */
export function createTranscriptReader(log: SessionLog) {
  const sorter = createLineSorter();
  // A recorder's clock starts before the session: times count from the first line that has one.
  let start: number | null = null;
  /** The steps one sorted line makes, added to `out`. */
  const push = (s: SortedLine, out: Step[]): void => {
    if (s.type === 'problem') {
      const { line, message: problem, messageZh: problemZh } = s.problem;
      // Drawn in the direction the line gave, with what it held (play shows the text).
      const held = { ...(s.direction ? { direction: s.direction } : {}), raw: s.raw };
      out.push(log.push({ type: 'unreadable', problem, problemZh, line, ...held }));
      return;
    }
    if (s.type === 'abandon') {
      const { id, line, tMs } = s;
      if (tMs === undefined) {
        out.push(log.push({ type: 'abandon', id, line }));
        return;
      }
      start ??= tMs;
      out.push(log.push({ type: 'abandon', id, line, t: tMs - start, timed: true }));
      return;
    }
    const { direction, message, line, tMs, headers } = s;
    // A recorded HTTP request keeps its headers: the referee checks them against the body.
    const http = headers ? { headers } : undefined;
    let event: Parameters<SessionLog['push']>[0];
    if (tMs === undefined) event = { type: 'message', direction, message, line, ...http };
    else {
      start ??= tMs;
      event = { type: 'message', direction, message, line, ...http, t: tMs - start, timed: true };
    }
    if (Array.isArray(message)) for (const step of log.pushAll(event)) out.push(step);
    else out.push(log.push(event));
  };
  const take = (sorted: readonly SortedLine[]): Step[] => {
    const steps: Step[] = [];
    for (const line of sorted) push(line, steps);
    return steps;
  };
  return {
    push: (raw: RawLine): Step[] => take(sorter.push(raw)),
    /** At the end of input: the held-back lines of a file that never showed a good message. */
    finish: (): Step[] => take(sorter.finish()),
  };
}

/** A whole transcript into a log; the log keeps the steps. */
export function readTranscript(lines: Iterable<RawLine>, log: SessionLog): readonly Step[] {
  const reader = createTranscriptReader(log);
  for (const raw of lines) reader.push(raw);
  reader.finish();
  return log.steps;
}
