// Preloaded with --import: on exit, writes this process's CPU time (user + system, ms) and peak
// RSS (bytes) as JSON to $BENCH_USAGE_FILE.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.BENCH_USAGE_FILE;
  if (!file) return;
  const u = process.resourceUsage();
  writeFileSync(
    file,
    JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRss: u.maxRSS * 1024 }),
  );
});
