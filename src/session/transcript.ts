import type { RawLine } from './line-reader.js';
import { createLineSorter, type SortedLine } from './line-sorter.js';
import type { SessionLog } from './session-log.js';
import type { Step } from './step.js';

/**
 * The transcript source: lines of a file in any of the accepted shapes, sorted into messages and
 * problems the one way (`createLineSorter`), pushed into a session log in line order. Each `push`
 * returns the steps that line released (held-back lines come out with the first good message).
 */
export function createTranscriptReader(log: SessionLog) {
  const sorter = createLineSorter();
  // A recorder's clock starts before the session: times count from the first line that has one.
  let start: number | null = null;
  const push = (s: SortedLine): readonly Step[] => {
    if (s.type === 'problem') {
      const { line, message: problem, messageZh: problemZh } = s.problem;
      return [log.push({ type: 'unreadable', problem, problemZh, line })];
    }
    if (s.type === 'abandon') {
      const { id, line, tMs } = s;
      if (tMs === undefined) return [log.push({ type: 'abandon', id, line })];
      start ??= tMs;
      return [log.push({ type: 'abandon', id, line, t: tMs - start, timed: true })];
    }
    const { direction, message, line, tMs, headers } = s;
    // A recorded HTTP request keeps its headers: the referee checks them against the body.
    const http = headers ? { headers } : undefined;
    // A batch line (2025-03-26) makes a step for each of its messages.
    if (tMs === undefined) {
      return log.pushAll({ type: 'message', direction, message, line, ...http });
    }
    start ??= tMs;
    return log.pushAll({
      type: 'message',
      direction,
      message,
      line,
      ...http,
      t: tMs - start,
      timed: true,
    });
  };
  const take = (sorted: readonly SortedLine[]): Step[] => sorted.flatMap(push);
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
