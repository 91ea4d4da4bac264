import type { Direction, RequestId } from '../protocol/index.js';
import { classify } from '../protocol/index.js';
import { isObject } from '../protocol/json.js';
import type { RawLine } from './line-reader.js';
import { parseLine } from './parse-line.js';
import { notJsonRpc } from './step.js';

/** A line of a transcript that cannot be read as a message, with its 1-based number. */
export type TraceProblem = {
  readonly line: number;
  readonly message: string;
  /** The same in Simplified Chinese (for the screens and `trace --lang zh`; --json keeps English). */
  readonly messageZh?: string | undefined;
};

/**
 * What one line of a transcript is: a message for the session (a good one, or one that breaks the
 * JSON-RPC envelope rules: the referee still sees it, as a peer would, and flags it), or a problem
 * of the file.
 */
export type SortedLine =
  | {
      readonly type: 'message';
      readonly line: number;
      /** From the line itself (wrapped or host log), or null when the reader must infer it. */
      readonly direction: Direction | null;
      readonly message: unknown;
      /** The line's `t_ms`, when it had one (shape 2). */
      readonly tMs?: number;
      /** The line's `headers`, when it had them (shape 2): lower-case names. */
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** The client closed the HTTP response stream of its request `id`. */
  | {
      readonly type: 'abandon';
      readonly line: number;
      readonly id: RequestId;
      readonly tMs?: number;
    }
  | {
      readonly type: 'problem';
      readonly problem: TraceProblem;
      /** Who wrote it, when the line said so (a wrapped line whose message is no object). */
      readonly direction?: Direction;
      /** What the line held: the message it wrapped, or its text. */
      readonly raw?: unknown;
    };

const NOTHING: readonly SortedLine[] = [];

type Held = { readonly sorted: SortedLine; readonly chatter: boolean };

/**
 * At most this many lines are held back waiting for a first good message. A host log shows one
 * long before (its own output before the first message is a few dozen lines); a file that has none
 * by then is taken for a broken transcript, so that a stream of garbage (`/dev/urandom`) is reported
 * as it comes instead of being held in memory for ever.
 */
export const HOLD_LIMIT = 10_000;

/**
 * Sorts a transcript's lines into messages and problems, the one way every reader of a file does.
 *
 * Lines that are neither JSON nor a logged message are a host log's own output if the file turns
 * out to be a host log, and broken lines otherwise. The first good message decides; until then
 * every line is held back and comes out with that message (chatter too, unless the file is a host
 * log), so problems and messages stay in line order.
 */
export function createLineSorter() {
  let inHostLog = false;
  let decided = false;
  let held: Held[] = [];

  const problemOf = (
    line: number,
    message: string,
    messageZh?: string,
    held?: { readonly raw: unknown; readonly direction?: Direction | null },
  ): SortedLine => ({
    type: 'problem',
    problem: { line, message, messageZh },
    ...(held ? { raw: held.raw } : {}),
    ...(held?.direction ? { direction: held.direction } : {}),
  });

  function hold(sorted: SortedLine, chatter = false): readonly SortedLine[] {
    if (!decided) {
      held.push({ sorted, chatter });
      if (held.length < HOLD_LIMIT) return NOTHING;
      decided = true;
      return release();
    }
    return chatter && inHostLog ? NOTHING : [sorted];
  }

  /** What the held-back lines turn out to be, once the file's kind is known. */
  function release(): SortedLine[] {
    const out = held.filter((h) => !(h.chatter && inHostLog)).map((h) => h.sorted);
    held = [];
    return out;
  }

  /** What one line brings, in line order: held-back lines come out before a good message. */
  function push(raw: RawLine): readonly SortedLine[] {
    if ('problem' in raw) return hold(problemOf(raw.line, raw.problem, raw.problemZh));
    const parsed = parseLine(raw.text);
    if (parsed.kind === 'skip') return NOTHING;
    if (parsed.kind === 'chatter') {
      return hold(problemOf(raw.line, parsed.message, parsed.messageZh, { raw: raw.text }), true);
    }
    if (parsed.kind === 'problem')
      return hold(problemOf(raw.line, parsed.message, parsed.messageZh, { raw: raw.text }));
    if (parsed.kind === 'abandon') {
      const { id, tMs } = parsed;
      return hold(
        tMs === undefined
          ? { type: 'abandon', line: raw.line, id }
          : { type: 'abandon', line: raw.line, id, tMs },
      );
    }
    const message: SortedLine =
      parsed.tMs === undefined && parsed.headers === undefined
        ? { type: 'message', line: raw.line, direction: parsed.direction, message: parsed.message }
        : {
            type: 'message',
            line: raw.line,
            direction: parsed.direction,
            message: parsed.message,
            ...(parsed.tMs === undefined ? {} : { tMs: parsed.tMs }),
            ...(parsed.headers === undefined ? {} : { headers: parsed.headers }),
          };
    // Once the file's kind is known, an object from a transcript line goes to the referee whatever
    // its envelope (which classifies it): only a first good message or a host log decides anything.
    // A JSON array is a batch: the session log reads it as messages or not, by the session's
    // revision (2025-03-26 has batches), which only it knows.
    const batch = Array.isArray(parsed.message);
    if (decided && !parsed.hostLog && (batch || isObject(parsed.message))) return [message];
    const envelope = classify(parsed.message);
    if (envelope.kind === 'invalid') {
      // Not even an object or a batch (a string, a number) on a bare line: nothing says it was on
      // the wire, so a problem of the file. A line that names its direction (wrapped, or a host
      // log's "Message from client:") says a peer sent it: the referee hears it as the live peer
      // did (invalid-envelope), so `serve --trace-file`'s transcript reads as serve judged it. A
      // broken object still goes to the referee, which flags it and remembers an id it can read,
      // so that the peer's error answer is not taken for a stray.
      if (!isObject(parsed.message) && !batch && parsed.direction === null) {
        const { text, pointer } = envelope;
        // The line as written, as for every other line that is no message: a value's JSON text
        // and a text that is no JSON read alike ("a string" and a string) once parsed.
        const held = { raw: raw.text, direction: parsed.direction };
        const [en, zh] = [notJsonRpc(text, pointer, 'en'), notJsonRpc(text, pointer, 'zh')];
        return hold(problemOf(raw.line, en, zh, held));
      }
      return hold(message);
    }
    if (parsed.hostLog) inHostLog = true;
    if (decided) return [message];
    decided = true;
    return [...release(), message];
  }

  /** At the end of input: the held-back lines of a file that never showed a good message. */
  function finish(): SortedLine[] {
    return release();
  }

  return { push, finish };
}
