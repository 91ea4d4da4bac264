import { EventEmitter } from 'node:events';

/**
 * A terminal's output stream, as Ink sees one (isTTY, columns, rows), that keeps no frames: only
 * when the last write came and how much was written. Ink takes its non-debug path with it (frames
 * throttled to 30 a second, written through log-update), as in a real terminal.
 */
export class FakeTtyOut extends EventEmitter {
  readonly isTTY = true;
  columns: number;
  rows: number;
  writes = 0;
  bytes = 0;
  lastWriteAt = 0;
  /** The first write since it was last set to 0. */
  firstWriteAt = 0;
  /** The latest frame (not a lone escape sequence), to check that it shows the step expected. */
  last = '';

  constructor(columns: number, rows: number) {
    super();
    this.columns = columns;
    this.rows = rows;
  }

  write = (chunk: string | Uint8Array): boolean => {
    this.lastWriteAt = performance.now();
    if (this.firstWriteAt === 0) this.firstWriteAt = this.lastWriteAt;
    this.writes += 1;
    this.bytes += chunk.length;
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.length > 16) this.last = text;
    return true;
  };
}

/** A terminal's input stream in raw mode: `type` hands Ink a key the way a tty would. */
export class FakeTtyIn extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;

  type(keys: string): void {
    this.data = keys;
    this.emit('readable');
  }

  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };

  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}
