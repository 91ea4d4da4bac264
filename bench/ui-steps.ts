/**
 * Key → new frame while playing a 10,000-message transcript, and the memory it takes; target a
 * median ≤ 16 ms, memory flat. Run on its own (bench/ui.ts calls `stepLatency` too):
 *
 *   NODE_ENV=production node --expose-gc --import tsx bench/ui-steps.ts [--steps 1000]
 *     [--long 5000] [--start 0] [--size 100x24] [--json]
 *
 * Ink runs as in a terminal: a tty-like stdout (not ink-testing-library's debug mode, which
 * writes every render unthrottled and keeps every frame), colour on, React's production build.
 * A step is timed from the key handed to stdin to the last frame that key causes, written to
 * stdout: Ink writes at most 30 frames a second, so a render that follows the first one (a
 * measurement, say) reaches the screen up to 33 ms later, and that is what the learner sees.
 * Keys come one throttle window apart, as a learner pressing a key does.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { FakeTtyIn, FakeTtyOut } from './fake-tty.js';
import { countYogaNodes, layoutCounts, watchWebAssembly } from './layout-probe.js';

export type StepOptions = {
  /** Timed steps (keys). */
  readonly steps: number;
  /** Further steps, keys as fast as the app settles, for memory only; 0 for none. */
  readonly long: number;
  /** The step to start at (0-based): later steps have a longer history behind them. */
  readonly start: number;
  readonly columns: number;
  readonly rows: number;
  /** Write a CPU profile of the timed steps only (not of loading the transcript) to this file. */
  readonly cpuProfile?: string;
};

export type MemorySample = {
  readonly step: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** yoga's WebAssembly memory, when the probe saw it load. */
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
  /** After a full GC, every 100 steps (timed and long run). */
  readonly samples: readonly MemorySample[];
};

const THROTTLE_MS = 34; // Ink's default: 30 frames a second
const SETTLE_TURNS = 3;

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * p)] ?? 0;
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts V8's sampling profiler; the function returned stops it and gives the profile. */
async function startProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    return profile;
  };
}

async function transcript() {
  const { splitLines } = await import('../src/trace/lines.js');
  const { transcriptTimeline } = await import('../src/trace/play-timeline.js');
  const { generateSession } = await import('./generate-session.js');
  const { timeline } = transcriptTimeline(splitLines([...generateSession(10_000)].join('\n')));
  return timeline.steps;
}

export async function stepLatency(options: StepOptions): Promise<StepFigures> {
  watchWebAssembly();
  const { render } = await import('ink');
  await countYogaNodes();
  // Colour as in a terminal, whatever this process's stdout is (Ink's chalk is this one).
  const { default: chalk } = await import('chalk');
  chalk.level = 1;
  const { createElement } = await import('react');
  const { LessonPlayer } = await import('../src/ui/lesson-player.js');
  const { Themed } = await import('../src/ui/themed.js');
  const steps = await transcript();
  const stdout = new FakeTtyOut(options.columns, options.rows);
  const stdin = new FakeTtyIn();
  let passes = 0;
  /** Time in Ink's output passes (renderNodeToOutput and Output.get), as Ink reports it. */
  let outputTime = 0;
  let commitsAtLastPass = 0;
  let lastPassAt = 0;
  const player = createElement(LessonPlayer, {
    lesson: {
      id: 'bench',
      title: { en: 'Bench', zh: '基准' },
      goal: { en: '', zh: '' },
      recap: { en: '', zh: '' },
      steps,
    },
    lang: 'en',
    start: options.start,
    autoplay: null,
    onStep: () => {},
    onQuit: () => {},
    quitHint: 'keyQuit',
  });
  const app = render(createElement(Themed, { colour: true }, player), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: new FakeTtyOut(options.columns, options.rows) as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
    onRender: ({ renderTime }) => {
      passes += 1;
      outputTime += renderTime;
      commitsAtLastPass = layoutCounts().layouts;
      lastPassAt = performance.now();
    },
  });

  /** Waits until nothing more happens: every commit has been drawn and no effect commits again. */
  const settle = async () => {
    let quiet = 0;
    let seen = layoutCounts().layouts + passes;
    while (quiet < SETTLE_TURNS) {
      await turn();
      const now = layoutCounts().layouts + passes;
      const drawn = layoutCounts().layouts === commitsAtLastPass;
      quiet = now === seen && drawn ? quiet + 1 : 0;
      seen = now;
    }
  };
  const sample = (step: number): MemorySample => {
    global.gc?.();
    const m = process.memoryUsage();
    const yoga = layoutCounts();
    const { rss, heapUsed, external, arrayBuffers } = m;
    return {
      step,
      rss,
      heapUsed,
      external,
      arrayBuffers,
      wasm: yoga.wasmBytes,
      yogaNodes: yoga.liveNodes,
    };
  };

  await settle();
  const samples = [sample(0)];
  const times: number[] = [];
  const firsts: number[] = [];
  const cpu: number[] = [];
  const output: number[] = [];
  const commits: number[] = [];
  const passesPer: number[] = [];
  const writes: number[] = [];
  const profiler = options.cpuProfile === undefined ? null : await startProfile();
  const expect = (k: number) => `step ${options.start + k + 1}/${steps.length}`;
  for (let k = 1; k <= options.steps + options.long; k++) {
    const timed = k <= options.steps;
    if (timed) await pause(Math.max(0, THROTTLE_MS - (performance.now() - lastPassAt)));
    const before = { commits: layoutCounts().layouts, passes, writes: stdout.writes, outputTime };
    stdout.firstWriteAt = 0;
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    stdin.type('n');
    await settle();
    const cpuUsed = process.cpuUsage(cpuBefore);
    if (!stdout.last.includes(expect(k))) throw new Error(`no frame with "${expect(k)}"`);
    if (timed) {
      times.push(stdout.lastWriteAt - start);
      firsts.push(stdout.firstWriteAt - start);
      output.push(outputTime - before.outputTime);
      cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
      commits.push(layoutCounts().layouts - before.commits);
      passesPer.push(passes - before.passes);
      writes.push(stdout.writes - before.writes);
    }
    if (k % 100 === 0) samples.push(sample(k));
    if (k === options.steps && profiler && options.cpuProfile)
      writeFileSync(options.cpuProfile, JSON.stringify(await profiler()));
  }
  app.unmount();
  return {
    median: median(times),
    p95: percentile(times, 0.95),
    firstMedian: median(firsts),
    outputMedian: median(output),
    cpuMedian: median(cpu),
    commitsPerKey: median(commits),
    passesPerKey: median(passesPer),
    writesPerKey: median(writes),
    times,
    samples,
  };
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const mb = (b: number | null) => (b === null ? 'n/a' : `${(b / 1024 / 1024).toFixed(1)} MB`);

/** One line per memory sample, for reading by eye. */
export function memoryTable(samples: readonly MemorySample[]): string {
  const rows = samples.map(
    (s) =>
      `${String(s.step).padStart(6)}  rss ${mb(s.rss).padStart(9)}  heap ${mb(s.heapUsed).padStart(8)}  external ${mb(s.external).padStart(8)}  arrayBuffers ${mb(s.arrayBuffers).padStart(8)}  wasm ${mb(s.wasm).padStart(8)}  yoga nodes ${s.yogaNodes}`,
  );
  return rows.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [columns = 100, rows = 24] = option('size', '100x24').split('x').map(Number);
  const figures = await stepLatency({
    steps: Number(option('steps', '1000')),
    long: Number(option('long', '0')),
    start: Number(option('start', '0')),
    columns,
    rows,
    ...(process.argv.includes('--cpu-profile') ? { cpuProfile: option('cpu-profile', '') } : {}),
  });
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(figures)}\n`);
  else {
    const { samples, times, ...rest } = figures;
    process.stdout.write(`${JSON.stringify(rest)}\n${memoryTable(samples)}\n`);
  }
}
