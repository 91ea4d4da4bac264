import { OffscreenIn, OffscreenOut } from '../src/ui/offscreen-tty.js';

/**
 * A terminal's output stream, as Ink sees one (isTTY, columns, rows), that keeps no frames: only
 * when the last write came and how much was written. Ink takes its non-debug path with it (frames
 * throttled to 30 a second, written through log-update), as in a real terminal.
 */
export class FakeTtyOut extends OffscreenOut {
  writes = 0;
  bytes = 0;
  lastWriteAt = 0;
  /** The first write since it was last set to 0. */
  firstWriteAt = 0;
  /** The latest frame (not a lone escape sequence), to check that it shows the step expected. */
  last = '';

  override write(chunk: string | Uint8Array): boolean {
    this.lastWriteAt = performance.now();
    if (this.firstWriteAt === 0) this.firstWriteAt = this.lastWriteAt;
    this.writes += 1;
    this.bytes += chunk.length;
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.length > 16) this.last = text;
    return true;
  }
}

/** A terminal's input stream in raw mode: `type` hands Ink a key the way a tty would. */
export { OffscreenIn as FakeTtyIn };
