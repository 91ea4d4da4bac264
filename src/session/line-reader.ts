import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';

/**
 * One line of a newline-delimited stream (a transcript file, a stdio transport), with its 1-based
 * number: its text, or why it cannot be read. A line that is not valid UTF-8 keeps a lossy `text`
 * as well, for a peer that answers it anyway; a line over the byte limit keeps only its length.
 */
export type RawLine =
  | { readonly line: number; readonly text: string }
  | {
      readonly line: number;
      readonly problem: string;
      readonly problemZh: string;
      readonly text?: string;
      readonly tooLong?: number;
    };

const NEWLINE = 0x0a;
const CR = 0x0d;

/** A line this long is not kept: its bytes are skipped and it is reported by its length. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Why a line (or an HTTP body) that is not UTF-8 is no message, in both languages. */
export const NOT_UTF8 = 'not valid UTF-8 (MCP messages are UTF-8 text)';
export const NOT_UTF8_ZH = '不是有效的 UTF-8（MCP 消息是 UTF-8 文本）';

const MIB = 1024 * 1024;
const sizeOf = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

/**
 * Splits bytes into lines as stdio MCP frames them (one message per line, `\n`-terminated, an
 * optional `\r` dropped) and as transcripts are written. Works on bytes, so a character split
 * across chunks is whole again and a broken byte sequence is reported rather than silently
 * replaced; memory stays bounded by `maxBytes` however long a line grows. Unlike the SDK's
 * ReadBuffer it hands over every line, readable or not: the caller decides what a bad one deserves.
 */
export class LineReader {
  readonly #maxBytes: number;
  #carry: Buffer[] = [];
  #carried = 0;
  #skipping = false;
  #line = 0;

  constructor(maxBytes = DEFAULT_MAX_LINE_BYTES) {
    this.#maxBytes = maxBytes;
  }

  /** The complete lines this chunk finishes. */
  push(chunk: Buffer | string): RawLine[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const lines: RawLine[] = [];
    let start = 0;
    let nl = bytes.indexOf(NEWLINE, start);
    while (nl !== -1) {
      lines.push(this.#finish(bytes.subarray(start, nl)));
      start = nl + 1;
      nl = bytes.indexOf(NEWLINE, start);
    }
    if (start < bytes.length) this.#keep(bytes.subarray(start));
    return lines;
  }

  /** The last line, when the input ended without a newline. */
  end(): RawLine[] {
    if (this.#carried === 0 && !this.#skipping) return [];
    return [this.#finish(Buffer.alloc(0))];
  }

  #keep(piece: Buffer): void {
    this.#carried += piece.length;
    if (this.#skipping) return;
    if (this.#carried > this.#maxBytes) {
      this.#skipping = true;
      this.#carry = [];
      return;
    }
    this.#carry.push(Buffer.from(piece)); // a copy: the chunk's memory may be reused
  }

  #finish(piece: Buffer): RawLine {
    this.#line += 1;
    const line = this.#line;
    const total = this.#carried + piece.length;
    if (this.#skipping || total > this.#maxBytes) {
      this.#reset();
      const limit = sizeOf(this.#maxBytes);
      const problem = `a line of ${total} bytes, over the limit of ${limit}: skipped unread`;
      const problemZh = `这一行有 ${total} 字节，超过 ${limit} 的上限：未读取，已跳过`;
      return { line, problem, problemZh, tooLong: total };
    }
    let bytes = piece;
    if (this.#carry.length > 0) {
      this.#carry.push(piece);
      bytes = Buffer.concat(this.#carry, total);
    }
    this.#reset();
    const end =
      bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    const body = bytes.subarray(0, end);
    if (!isUtf8(body)) {
      return { line, problem: NOT_UTF8, problemZh: NOT_UTF8_ZH, text: body.toString('utf8') };
    }
    return { line, text: body.toString('utf8') };
  }

  #reset(): void {
    this.#carry = [];
    this.#carried = 0;
    this.#skipping = false;
  }
}

/**
 * The byte order of UTF-16 text, told from the first bytes of a file: its byte-order mark (FF FE,
 * FE FF), or, without one, printable ASCII (or a tab or line break) with a NUL beside every
 * character (`{\0"\0`), as JSON text in UTF-16 begins. PowerShell's `>` writes UTF-16LE with a
 * mark. `null` for anything else: UTF-8 has no NUL in its text, and bytes such as 01 00 01 00 are
 * no text at all, so they are read as the unreadable lines they are rather than named UTF-16.
 */
const asciiText = (byte: number): boolean =>
  byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte < 0x7f);

export function utf16Order(head: Uint8Array): 'LE' | 'BE' | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'LE';
  if (head[0] === 0xfe && head[1] === 0xff) return 'BE';
  const pairs = Math.floor(Math.min(head.length, 16) / 2);
  if (pairs < 2) return null;
  let le = true;
  let be = true;
  for (let i = 0; i < pairs; i += 1) {
    const first = head[2 * i] ?? 0;
    const second = head[2 * i + 1] ?? 0;
    le &&= asciiText(first) && second === 0;
    be &&= first === 0 && asciiText(second);
  }
  return le ? 'LE' : be ? 'BE' : null;
}

/** The lines of each chunk read, as one array: one await per chunk rather than per line. */
export async function* readLineBatches(
  source: string | NodeJS.ReadableStream | AsyncIterable<Buffer | string>,
): AsyncGenerator<RawLine[]> {
  const stream =
    typeof source === 'string' ? createReadStream(source, { highWaterMark: 1 << 16 }) : source;
  const reader = new LineReader();
  for await (const data of stream as AsyncIterable<Buffer | string>) {
    const batch = reader.push(data);
    if (batch.length > 0) yield batch;
  }
  const last = reader.end();
  if (last.length > 0) yield last;
}

/** Streams the lines of a file or stream without holding the whole of it. */
export async function* readLines(
  source: string | NodeJS.ReadableStream | AsyncIterable<Buffer | string>,
): AsyncGenerator<RawLine> {
  for await (const batch of readLineBatches(source)) yield* batch;
}

/** The same over an in-memory string (tests, recorded fixtures). */
export function splitLines(text: string): RawLine[] {
  const reader = new LineReader();
  return [...reader.push(text), ...reader.end()];
}
