// Preloaded with --import (under node --expose-gc): on SIGUSR2, runs a full collection and appends
// this process's heap in use and RSS (bytes) as one JSON line to $BENCH_HEAP_FILE, so a benchmark
// can tell retained data from slack the collector has not returned.
import { appendFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  const file = process.env.BENCH_HEAP_FILE;
  if (!file) return;
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  appendFileSync(file, `${JSON.stringify({ heapUsed, rss })}\n`);
});
