/**
 * Issue 13: `trace --json` of unanswered requests against the same number of messages of answered
 * traffic, side by side in one run (generated files in a temp dir), `play --plain` of both (an
 * observer that keeps every step), the same at 1,000,000 messages, and the peak memory of
 * `trace /dev/zero` run for 10 s. Targets: unanswered ≤ 1.5× answered at
 * 100,000 messages; /dev/zero below 256 MB. Written to docs/benchmarks.md (section `trace-open`).
 *
 *   npx tsx bench/trace-open.ts [--runs 5] [--no-million] [--no-write]
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { writeSection } from './write-section.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-million': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const DIR = mkdtempSync(join(tmpdir(), 'mcp-sim-trace-open-'));

/** The handshake, then pings: each answered right away, or none ever answered. */
async function generate(name: string, messages: number, answered: boolean): Promise<string> {
  const file = join(DIR, name);
  const sink = createWriteStream(file);
  const write = async (line: unknown) => {
    if (!sink.write(`${JSON.stringify(line)}\n`)) await once(sink, 'drain');
  };
  const info = { name: 'bench', version: '1.0.0' };
  const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: info };
  const result = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: info };
  await write({ jsonrpc: '2.0', id: 0, method: 'initialize', params });
  await write({ jsonrpc: '2.0', id: 0, result });
  await write({ jsonrpc: '2.0', method: 'notifications/initialized' });
  for (let n = 3, id = 1; n < messages; id++) {
    await write({ jsonrpc: '2.0', id, method: 'ping' });
    n += 1;
    if (answered && n < messages) {
      await write({ jsonrpc: '2.0', id, result: {} });
      n += 1;
    }
  }
  sink.end();
  await once(sink, 'finish');
  return file;
}

type Measure = { ms: number; cpu: number; rss: number };

/** Wall time, CPU time and peak RSS of `trace <file> --json` (written at exit by the preload). */
function measure(file: string, args: readonly string[] = ['trace', file, '--json']): Measure {
  const usage = join(DIR, 'usage.json');
  const start = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    ['--import', join(ROOT, 'bench', 'report-usage.mjs'), CLI, ...args],
    { env: { ...process.env, BENCH_USAGE_FILE: usage, NO_COLOR: '1' }, stdio: 'ignore' },
  );
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}`);
  const u = JSON.parse(readFileSync(usage, 'utf8')) as { cpuMs: number; maxRss: number };
  return { ms, cpu: u.cpuMs, rss: u.maxRss };
}

/** Peak RSS (VmHWM) of `trace /dev/zero --json` over `seconds`, read from /proc; then stopped. */
async function devZeroPeak(seconds: number): Promise<{ peak: number; samples: number[] }> {
  const child = spawn(process.execPath, [CLI, 'trace', '/dev/zero', '--json'], { stdio: 'ignore' });
  const samples: number[] = [];
  const hwm = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  };
  for (let t = 0; t < seconds * 4; t++) {
    await sleep(250);
    samples.push(hwm());
  }
  child.kill('SIGTERM');
  await once(child, 'exit');
  return { peak: Math.max(...samples), samples };
}

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const rate = (messages: number, ms: number) =>
  `${Math.round(messages / (ms / 1000)).toLocaleString('en')}/s`;
const verdict = (ratio: number, target: number) =>
  `${ratio.toFixed(2)}× (≤ ${target}×: ${ratio <= target ? 'met' : '**missed**'})`;

async function main() {
  const answered = await generate('answered-100k.jsonl', 100_000, true);
  const open = await generate('unanswered-100k.jsonl', 100_000, false);
  const a: Measure[] = [];
  const u: Measure[] = [];
  // Interleaved: whatever else the machine does falls on both alike.
  for (let i = 0; i < RUNS; i++) {
    a.push(measure(answered));
    u.push(measure(open));
    process.stderr.write(`trace-open: run ${i + 1}/${RUNS}\n`);
  }
  const am = { ms: median(a.map((m) => m.ms)), cpu: median(a.map((m) => m.cpu)) };
  const um = { ms: median(u.map((m) => m.ms)), cpu: median(u.map((m) => m.cpu)) };
  const rows = [
    `| 100,000 answered (50,000 pings and their results) | ${am.ms.toFixed(0)} ms | ${am.cpu.toFixed(0)} ms | ${mb(Math.max(...a.map((m) => m.rss)))} | ${rate(100_000, am.ms)} |`,
    `| 100,000 unanswered pings | ${um.ms.toFixed(0)} ms | ${um.cpu.toFixed(0)} ms | ${mb(Math.max(...u.map((m) => m.rss)))} | ${rate(100_000, um.ms)} |`,
    `| ratio, unanswered / answered | ${verdict(um.ms / am.ms, 1.5)} | ${(um.cpu / am.cpu).toFixed(2)}× | | |`,
  ];
  // An observer that keeps every step (the screens of `play`), once each.
  const pa = measure(answered, ['play', answered, '--plain']);
  const pu = measure(open, ['play', open, '--plain']);
  rows.push(
    `| \`play --plain\`, 100,000 answered (one run) | ${pa.ms.toFixed(0)} ms | ${pa.cpu.toFixed(0)} ms | ${mb(pa.rss)} | ${rate(100_000, pa.ms)} |`,
    `| \`play --plain\`, 100,000 unanswered (one run) | ${pu.ms.toFixed(0)} ms | ${pu.cpu.toFixed(0)} ms | ${mb(pu.rss)} | ${rate(100_000, pu.ms)} |`,
  );
  if (!values['no-million']) {
    const bigAnswered = await generate('answered-1m.jsonl', 1_000_000, true);
    const bigOpen = await generate('unanswered-1m.jsonl', 1_000_000, false);
    process.stderr.write('trace-open: 1,000,000 messages, once each\n');
    const ba = measure(bigAnswered);
    const bo = measure(bigOpen);
    rows.push(
      `| 1,000,000 answered (one run) | ${ba.ms.toFixed(0)} ms | ${ba.cpu.toFixed(0)} ms | ${mb(ba.rss)} | ${rate(1_000_000, ba.ms)} |`,
      `| 1,000,000 unanswered pings (one run) | ${bo.ms.toFixed(0)} ms | ${bo.cpu.toFixed(0)} ms | ${mb(bo.rss)} | ${rate(1_000_000, bo.ms)} |`,
      `| ratio, unanswered / answered | ${(bo.ms / ba.ms).toFixed(2)}× | ${(bo.cpu / ba.cpu).toFixed(2)}× | | |`,
    );
  }
  process.stderr.write('trace-open: trace /dev/zero for 10 s\n');
  const zero = await devZeroPeak(10);
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  const section = [
    '## trace: unanswered requests, and /dev/zero (issue 13)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${load} at the end; \`npx tsx bench/trace-open.ts\`.`,
    `Input: generated in a temp dir: the handshake, then pings as bare lines, each answered by its result or none answered (${mb(statSync(open).size)} for 100,000 unanswered). Each figure is \`node dist/cli/main.js trace <file> --json\` as a child process: the median of ${RUNS} interleaved runs (wall time, and CPU time user + system from \`process.resourceUsage()\` at exit), peak RSS the largest of the runs; the 1,000,000-message files are run once each.`,
    '',
    '| input | wall time | CPU time | peak RSS | messages per second (wall) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `\`trace /dev/zero --json\` (one line that never ends) for 10 s, VmHWM read from \`/proc/<pid>/status\` every 250 ms: peak **${mb(zero.peak)}** (< 256 MB: ${zero.peak < 256 * 1024 * 1024 ? 'met' : '**missed**'}); after 1 s ${mb(zero.samples[3] ?? 0)}, after 5 s ${mb(zero.samples[19] ?? 0)}.`,
    '',
  ].join('\n');
  rmSync(DIR, { recursive: true, force: true });
  if (!values['no-write']) writeSection('trace-open', section);
  process.stdout.write(`${section}\n`);
}

await main();
