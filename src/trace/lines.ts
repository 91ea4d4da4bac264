import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';

export type RawLine =
  | { readonly line: number; readonly text: string }
  | { readonly line: number; readonly problem: string };

const NEWLINE = 0x0a;
const CR = 0x0d;

function toLine(line: number, bytes: Buffer): RawLine {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
  const body = bytes.subarray(0, end);
  if (!isUtf8(body)) return { line, problem: 'not valid UTF-8 (MCP messages are UTF-8 text)' };
  return { line, text: body.toString('utf8') };
}

/**
 * Streams the lines of a file without holding the whole file: each line is checked for valid UTF-8
 * as bytes, so a broken byte sequence is reported instead of silently replaced.
 */
export async function* readLines(source: string | NodeJS.ReadableStream): AsyncGenerator<RawLine> {
  for await (const batch of readLineBatches(source)) yield* batch;
}

/** The lines of each chunk read, as one array: one await per chunk rather than per line. */
export async function* readLineBatches(
  source: string | NodeJS.ReadableStream,
): AsyncGenerator<RawLine[]> {
  const stream =
    typeof source === 'string' ? createReadStream(source, { highWaterMark: 1 << 16 }) : source;
  let carry: Buffer[] = [];
  let line = 0;
  for await (const data of stream as AsyncIterable<Buffer | string>) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    const batch: RawLine[] = [];
    let start = 0;
    let nl = chunk.indexOf(NEWLINE, start);
    while (nl !== -1) {
      line += 1;
      const piece = chunk.subarray(start, nl);
      if (carry.length > 0) {
        carry.push(piece);
        batch.push(toLine(line, Buffer.concat(carry)));
        carry = [];
      } else {
        batch.push(toLine(line, piece));
      }
      start = nl + 1;
      nl = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) carry.push(chunk.subarray(start));
    if (batch.length > 0) yield batch;
  }
  if (carry.length > 0) {
    line += 1;
    yield [toLine(line, Buffer.concat(carry))];
  }
}

/** The same over an in-memory string (tests, the UI's paste box). */
export function* splitLines(text: string): Generator<RawLine> {
  const parts = text.split('\n');
  if (parts.at(-1) === '') parts.pop();
  let line = 0;
  for (const part of parts) {
    line += 1;
    yield { line, text: part.endsWith('\r') ? part.slice(0, -1) : part };
  }
}
