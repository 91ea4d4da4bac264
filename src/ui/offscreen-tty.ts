import { EventEmitter } from 'node:events';

/**
 * A terminal's output stream as Ink sees one (isTTY, columns, rows), with nothing behind it: Ink
 * takes its terminal path (log-update, frames at most 30 a second) and what it writes is kept in
 * `written`. For frames drawn off screen (remembered-frame.ts) and for the benchmarks.
 */
export class OffscreenOut extends EventEmitter {
  readonly isTTY = true;
  columns: number;
  rows: number;
  written = '';

  constructor(columns: number, rows: number) {
    super();
    this.columns = columns;
    this.rows = rows;
  }

  write(chunk: string | Uint8Array): boolean {
    this.written += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
}

/** A terminal's input stream in raw mode: `type` hands Ink keys the way a tty would. */
export class OffscreenIn extends EventEmitter {
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
