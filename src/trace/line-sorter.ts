import type { Direction } from '../protocol/index.js';
import { classify } from '../protocol/index.js';
import type { RawLine } from './lines.js';
import { parseLine } from './parse-line.js';

/** A line of a transcript that cannot be read as a message, with its 1-based number. */
export type TraceProblem = { readonly line: number; readonly message: string };

/** What one line of a transcript is: a good JSON-RPC message, or a problem of the file. */
export type SortedLine =
  | {
      readonly type: 'message';
      readonly line: number;
      /** From the line itself (wrapped or host log), or null when the reader must infer it. */
      readonly direction: Direction | null;
      readonly message: unknown;
    }
  | { readonly type: 'problem'; readonly problem: TraceProblem };

const NOTHING: readonly SortedLine[] = [];

/**
 * Sorts a transcript's lines into messages and problems, the same way for `trace`, `play` and the
 * grader, so that they can never disagree about a file.
 *
 * Lines that are neither JSON nor a logged message are a host log's own output if the file turns
 * out to be a host log, and broken lines otherwise. The first good message decides; until then
 * every problem is held back and comes out with that message (chatter too, unless the file is a
 * host log), so problems and messages stay in line order. An unreadable message is a problem of
 * the file, not a message of the session: it is reported and kept away from the referee.
 */
export function createLineSorter() {
  let inHostLog = false;
  let decided = false;
  let held: Array<TraceProblem & { readonly chatter: boolean }> = [];

  const problemOf = (problem: TraceProblem): SortedLine => ({ type: 'problem', problem });

  function problem(line: number, message: string, chatter = false): readonly SortedLine[] {
    if (!decided) {
      held.push({ line, message, chatter });
      return NOTHING;
    }
    return chatter && inHostLog ? NOTHING : [problemOf({ line, message })];
  }

  /** What the held-back lines turn out to be, once the file's kind is known. */
  function release(): TraceProblem[] {
    const out = held
      .filter((p) => !(p.chatter && inHostLog))
      .map(({ line, message }) => ({ line, message }));
    held = [];
    return out;
  }

  /** What one line brings, in line order: held-back problems come out before a message. */
  function push(raw: RawLine): readonly SortedLine[] {
    if ('problem' in raw) return problem(raw.line, raw.problem);
    const parsed = parseLine(raw.text);
    if (parsed.kind === 'skip') return NOTHING;
    if (parsed.kind === 'chatter') return problem(raw.line, parsed.message, true);
    if (parsed.kind === 'problem') return problem(raw.line, parsed.message);
    const envelope = classify(parsed.message);
    if (envelope.kind === 'invalid') {
      const where = envelope.pointer ? ` (at ${envelope.pointer})` : '';
      return problem(raw.line, `not a JSON-RPC message: ${envelope.text.en}${where}`);
    }
    if (parsed.hostLog) inHostLog = true;
    const message: SortedLine = {
      type: 'message',
      line: raw.line,
      direction: parsed.direction,
      message: parsed.message,
    };
    if (decided) return [message];
    decided = true;
    return [...release().map(problemOf), message];
  }

  /** At the end of input: held-back lines of a file that never showed a good message. */
  function finish(): TraceProblem[] {
    return release();
  }

  return { push, finish };
}
