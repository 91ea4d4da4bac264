import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { Direction } from '../protocol/index.js';
import { jsonText } from '../protocol/json.js';
import type { HttpHeaders, Step } from '../session/index.js';

/**
 * An unreadable step as a transcript line, so that `trace` and `play` say of it what the session
 * said when it happened: a batch the session could not read is written as it travelled (a reader
 * judges it again, by the session's revision, the same way); any other line as the reason it could
 * not be read (`unreadable`, `unreadable_zh`) and what was read of it (`text`, when a text was
 * kept). Its text alone would not do: a line over the length limit keeps none, the lossy text of
 * one that is not UTF-8 may well parse, and one nested past the depth limit reads the same only
 * while the limit stays.
 */
export function unreadableRecord(
  step: Step,
  readsBatches = true,
): Readonly<Record<string, unknown>> {
  if (Array.isArray(step.raw) && readsBatches)
    return { direction: step.direction, message: step.raw };
  // A log that reads no batch (SessionLogOptions.readsBatches): a reader, which would read a
  // 2025-03-26 initialize inside one as a session's start, is told the reason instead.
  const text = Array.isArray(step.raw) ? jsonText(step.raw) : step.raw;
  return {
    direction: step.direction,
    unreadable: step.problem ?? '',
    ...(step.problemZh !== null ? { unreadable_zh: step.problemZh } : {}),
    ...(typeof text === 'string' ? { text } : {}),
  };
}

/**
 * Writes a session as a wrapped-format transcript, one `{"direction", "message", "t_ms"}` object
 * per line: the format `mcp-sim trace` and `mcp-sim play` read.
 */
export class TraceWriter {
  readonly #stream: WriteStream;
  readonly #start = performance.now();
  #failed: Error | null = null;
  /** The messages of a batch read so far: a batch is one line, as it was on the wire. */
  #batch: unknown[] = [];

  /** Does the session it records read batches (SessionLogOptions.readsBatches)? */
  readonly #readsBatches: boolean;

  /** `onError` hears at once when the file cannot be written (close() still rejects). */
  constructor(file: string, onError?: (error: Error) => void, readsBatches = true) {
    this.#readsBatches = readsBatches;
    this.#stream = createWriteStream(file);
    this.#stream.on('error', (error) => {
      this.#failed = error;
      onError?.(error);
    });
  }

  /**
   * One line; `message` is what was sent, even when it was not a JSON-RPC message at all, with the
   * HTTP request headers it was POSTed with when there were any (the transcript format's
   * `headers`, which `trace` and `play` judge against the body).
   */
  write(direction: Direction, message: unknown, headers?: HttpHeaders | null): void {
    if (this.#failed) return;
    const t = Math.round(performance.now() - this.#start);
    const line = headers
      ? { direction, message, headers, t_ms: t }
      : { direction, message, t_ms: t };
    // An id past 2^53 − 1 (a bigint) as the digits that travelled, a JSON number.
    this.#stream.write(`${jsonText(line)}\n`);
  }

  /**
   * A step of the session log: its message (a batch's messages as one line), what an unreadable
   * line held, or a closed response stream (`{"direction": "client->server", "abandon": <id>}`); a close adds nothing.
   */
  writeStep(step: Step): void {
    // The messages of a batch come as consecutive steps; the line is written with the last one.
    if (step.kind === 'message' && step.batch) {
      this.#batch.push(step.message);
      if (step.batch.index < step.batch.size - 1) return;
      const messages = this.#batch;
      this.#batch = [];
      this.write(step.direction, messages, step.headers);
      return;
    }
    if (step.kind === 'message') this.write(step.direction, step.message, step.headers);
    else if (step.kind === 'unreadable') this.#line(unreadableRecord(step, this.#readsBatches));
    else if (step.kind === 'abandon' && step.abandoned) {
      this.#line({ direction: step.direction, abandon: step.abandoned.id });
    }
  }

  /** A line that is not a message, timed as the messages are. */
  #line(record: Readonly<Record<string, unknown>>): void {
    if (this.#failed) return;
    const t = Math.round(performance.now() - this.#start);
    this.#stream.write(`${jsonText({ ...record, t_ms: t })}\n`);
  }

  /** Flushes and closes the file; rejects when it could not be written. */
  async close(): Promise<void> {
    if (this.#failed) throw this.#failed;
    this.#stream.end();
    await once(this.#stream, 'close');
    if (this.#failed) throw this.#failed;
  }
}
