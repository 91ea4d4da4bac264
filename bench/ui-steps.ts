/**
 * Key → new frame while playing a 10,000-message transcript, and the memory it takes; target a
 * median ≤ 16 ms, memory flat. bench/ui.ts runs it for docs/benchmarks.md; on its own, bundled
 * as the CLI is (bench/bundle.mjs: Ink's text through src/ui/text-width.ts and styled-chars.ts):
 *
 *   npm run bench:steps -- [--steps 1000] [--long 4000] [--start 0] [--size 100x24] [--json]
 *     [--cpu-profile F] [--heap-profile F]
 *
 * Unbundled (`NODE_ENV=production node --expose-gc --import tsx bench/ui-steps.ts …`) it runs the
 * libraries as published, and a profile names each package (bench/profile-summary.ts).
 *
 * A step is timed from the key handed to stdin to the last frame that key causes, written to
 * stdout (see bench-player.ts): Ink writes at most 30 frames a second, so a render that follows
 * the first (a measurement, say) reaches the screen up to 33 ms later, and that is what the
 * learner sees. Keys come at least one throttle window apart, as a learner pressing a key does;
 * the long run (memory only) presses as fast as the screen settles.
 */
import { writeFileSync } from 'node:fs';
import { openPlayer } from './bench-player.js';
import { layoutCounts } from './layout-probe.js';
import { startCpuProfile, startHeapProfile } from './profilers.js';

export type StepOptions = {
  /** Timed steps (keys). */
  readonly steps: number;
  /** Further steps, for memory only; 0 for none. */
  readonly long: number;
  /** The step to start at (0-based): later steps have a longer history behind them. */
  readonly start: number;
  readonly columns: number;
  readonly rows: number;
  /** A CPU profile of the timed steps only (not of loading the transcript), to this file. */
  readonly cpuProfile?: string;
  /** A sampling heap profile of what the steps allocated and is live at the end, to this file. */
  readonly heapProfile?: string;
};

export type MemorySample = {
  readonly step: number;
  readonly rss: number;
  /** The JavaScript heap: what is live after a full GC, and what V8 holds for it. */
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** yoga's WebAssembly memory (part of `external`), when the probe saw it load. */
  readonly wasm: number | null;
  readonly yogaNodes: number;
};

export type StepFigures = {
  /** Key → last frame written, ms. */
  readonly median: number;
  readonly p95: number;
  /** Key → first frame written, ms. */
  readonly firstMedian: number;
  /** Of a key's time, Ink's output pass(es): drawing the laid-out tree into lines, ms. */
  readonly outputMedian: number;
  /** CPU time (user + system) of this process per key, ms: less swayed by other processes. */
  readonly cpuMedian: number;
  /** Per key, medians: React commits (each lays out the whole tree), Ink output passes, writes. */
  readonly commitsPerKey: number;
  readonly passesPerKey: number;
  readonly writesPerKey: number;
  /** Key → last frame of each timed step, ms, in order. */
  readonly times: readonly number[];
  /** After a full GC, before the first step and every 100 steps (timed and long run). */
  readonly samples: readonly MemorySample[];
};

const THROTTLE_MS = 34; // Ink's default: 30 frames a second

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * p)] ?? 0;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function sample(step: number): MemorySample {
  global.gc?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const yoga = layoutCounts();
  const { wasmBytes: wasm, liveNodes: yogaNodes } = yoga;
  return { step, rss, heapUsed, heapTotal, external, arrayBuffers, wasm, yogaNodes };
}

export async function stepLatency(options: StepOptions): Promise<StepFigures> {
  const player = await openPlayer(options, options.start);
  const { stdin, stdout } = player;
  const samples = [sample(0)];
  const per = {
    times: [],
    firsts: [],
    output: [],
    cpu: [],
    commits: [],
    passes: [],
    writes: [],
  } as {
    [K in 'times' | 'firsts' | 'output' | 'cpu' | 'commits' | 'passes' | 'writes']: number[];
  };
  const cpuProfile = options.cpuProfile === undefined ? null : await startCpuProfile();
  const heapProfile = options.heapProfile === undefined ? null : await startHeapProfile();
  const expect = (k: number) => `step ${options.start + k + 1}/${player.count}`;
  for (let k = 1; k <= options.steps + options.long; k++) {
    const timed = k <= options.steps;
    if (timed)
      await pause(Math.max(0, THROTTLE_MS - (performance.now() - player.counts().lastPassAt)));
    const before = { ...player.counts(), writes: stdout.writes, cpu: process.cpuUsage() };
    stdout.firstWriteAt = 0;
    const start = performance.now();
    stdin.type('n');
    await player.settle();
    const cpu = process.cpuUsage(before.cpu);
    if (!stdout.last.includes(expect(k))) throw new Error(`no frame with "${expect(k)}"`);
    if (timed) {
      const after = player.counts();
      per.times.push(stdout.lastWriteAt - start);
      per.firsts.push(stdout.firstWriteAt - start);
      per.output.push(after.outputTime - before.outputTime);
      per.cpu.push((cpu.user + cpu.system) / 1000);
      per.commits.push(after.commits - before.commits);
      per.passes.push(after.passes - before.passes);
      per.writes.push(stdout.writes - before.writes);
    }
    if (k % 100 === 0) samples.push(sample(k));
    if (k === options.steps && cpuProfile && options.cpuProfile)
      writeFileSync(options.cpuProfile, JSON.stringify(await cpuProfile()));
  }
  if (heapProfile && options.heapProfile)
    writeFileSync(options.heapProfile, JSON.stringify(await heapProfile()));
  player.unmount();
  return {
    median: median(per.times),
    p95: percentile(per.times, 0.95),
    firstMedian: median(per.firsts),
    outputMedian: median(per.output),
    cpuMedian: median(per.cpu),
    commitsPerKey: median(per.commits),
    passesPerKey: median(per.passes),
    writesPerKey: median(per.writes),
    times: per.times,
    samples,
  };
}

const mb = (b: number | null) => (b === null ? 'n/a' : `${(b / 1024 / 1024).toFixed(1)} MB`);

/** One line per memory sample, for reading by eye. */
export function memoryTable(samples: readonly MemorySample[]): string {
  return samples
    .map((s) =>
      [
        String(s.step).padStart(6),
        `rss ${mb(s.rss).padStart(9)}`,
        `heap ${mb(s.heapUsed).padStart(8)} of ${mb(s.heapTotal).padStart(8)}`,
        `external ${mb(s.external).padStart(8)} (wasm ${mb(s.wasm)})`,
        `arrayBuffers ${mb(s.arrayBuffers)}`,
        `yoga nodes ${s.yogaNodes}`,
      ].join('  '),
    )
    .join('\n');
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

// Run on its own (as bench/ui-steps.ts or its bundle), not when bench/ui.ts imports it.
if (/[/\\]ui-steps\.(ts|bundle\.mjs)$/.test(process.argv[1] ?? '')) {
  const [columns = 100, rows = 24] = option('size', '100x24').split('x').map(Number);
  const file = (name: string) =>
    process.argv.includes(`--${name}`) ? { [name.replace(/-p/, 'P')]: option(name, '') } : {};
  const figures = await stepLatency({
    steps: Number(option('steps', '1000')),
    long: Number(option('long', '0')),
    start: Number(option('start', '0')),
    columns,
    rows,
    ...file('cpu-profile'),
    ...file('heap-profile'),
  });
  const { samples, times, ...rest } = figures;
  process.stdout.write(
    process.argv.includes('--json')
      ? `${JSON.stringify(figures)}\n`
      : `${JSON.stringify(rest)}\n${memoryTable(samples)}\n`,
  );
}
