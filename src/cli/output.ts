import { once } from 'node:events';

/**
 * Buffered writing to a stream with backpressure, so a 100,000-line report streams out in large
 * chunks without piling up in memory.
 */
export function createWriter(stream: NodeJS.WritableStream = process.stdout) {
  let buffer: string[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const chunk = buffer.join('');
    buffer = [];
    size = 0;
    if (stream.write(chunk)) return;
    try {
      await once(stream, 'drain');
    } catch (error) {
      // The reader went away while we waited (`mcp-sim trace big.jsonl | head`): not a failure,
      // as main.ts says of a closed stdout; the rest of the report has nobody to read it.
      if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
      throw error;
    }
  };
  return {
    /** Buffers the text; returns true when the buffer is full and `flush()` should be awaited. */
    write(text: string): boolean {
      buffer.push(text);
      size += text.length;
      return size >= 1 << 16;
    },
    flush,
  };
}

export type Writer = ReturnType<typeof createWriter>;
