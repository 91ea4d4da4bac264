const NEWLINE = 0x0a;
const CR = 0x0d;

/** One line off a stdio transport: its text, or how long it was when it was too long to keep. */
export type Line = { readonly text: string } | { readonly tooLong: number };

/**
 * Splits a byte stream into lines as stdio MCP frames them (one message per line, `\n`-terminated,
 * an optional `\r` dropped). Works on bytes, so a multi-byte character split across chunks is
 * whole again, and a line longer than `maxBytes` is skipped (reported by its length) instead of
 * growing without bound. Unlike the SDK's ReadBuffer it hands over every line, parseable or not:
 * the caller decides what a bad line deserves (-32700, an explanation, …).
 */
export class LineSplitter {
  readonly #maxBytes: number;
  #carry: Buffer[] = [];
  #carried = 0;
  #skipping = false;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.#maxBytes = maxBytes;
  }

  /** The complete lines this chunk finishes. */
  push(chunk: Buffer): Line[] {
    const lines: Line[] = [];
    let start = 0;
    let nl = chunk.indexOf(NEWLINE, start);
    while (nl !== -1) {
      lines.push(this.#finish(chunk.subarray(start, nl)));
      start = nl + 1;
      nl = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) this.#keep(chunk.subarray(start));
    return lines;
  }

  /** The last line, when the input ended without a newline. */
  end(): Line[] {
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

  #finish(piece: Buffer): Line {
    const total = this.#carried + piece.length;
    if (this.#skipping || total > this.#maxBytes) {
      this.#reset();
      return { tooLong: total };
    }
    let bytes = piece;
    if (this.#carry.length > 0) {
      this.#carry.push(piece);
      bytes = Buffer.concat(this.#carry, total);
    }
    this.#reset();
    const end =
      bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    return { text: bytes.toString('utf8', 0, end) };
  }

  #reset(): void {
    this.#carry = [];
    this.#carried = 0;
    this.#skipping = false;
  }
}
