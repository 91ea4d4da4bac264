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
    if (!stream.write(chunk)) await once(stream, 'drain');
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
