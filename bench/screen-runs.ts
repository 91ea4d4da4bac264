import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { byOwner, type Profile } from './profile-summary.js';
import { TimedPty } from './pty.js';

// One run of a screen benchmark (bench/screen.ts): a command started in a real pseudo-terminal,
// timed to its first frame or key by key, or profiled.

export const SIZE = { cols: 100, rows: 30 } as const;
/** Past Ink's 30-frames-a-second throttle, so that each key's frame is drawn as it comes. */
export const KEY_GAP_MS = 60;
/** Keys pressed before the timed ones in each session: the first frames run cold code. */
export const WARM_KEYS = 5;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A stretch of time on the clock V8's profiler stamps its samples with (CLOCK_MONOTONIC, in µs,
 * the clock of process.hrtime too), so that a profile can be cut to what was measured.
 */
export type Window = { readonly from: number; readonly to: number };
/** The monotonic clock now, in µs; `at` is an earlier performance.now() to take instead. */
const clock = (at?: number) =>
  Number(process.hrtime.bigint() / 1000n) -
  (at === undefined ? 0 : (performance.now() - at) * 1000);

/** `node …` with the CPU profiler on, its profile written to `dir` when the process ends. */
export function profiling(command: readonly string[], dir: string): string[] {
  const [node, ...rest] = command;
  return [node ?? process.execPath, '--cpu-prof', `--cpu-prof-dir=${dir}`, ...rest];
}

/**
 * What a learner who has used mcp-sim before has in the folder: a progress file (one lesson done),
 * which every start reads and validates before its first frame.
 */
export const RETURNING_PROGRESS = `${JSON.stringify({
  lessons: { 'json-rpc-envelopes': { finished: true, lastStep: 11 } },
  exercises: {},
  lang: 'en',
  langChosen: true,
  current: 'json-rpc-envelopes',
})}\n`;

/**
 * A fresh folder to run in and a fresh cache: nothing remembered from an earlier start, unless
 * `progress` is given (the folder's `.mcp-sim/progress.json`).
 */
function startIn(command: readonly string[], progress?: string): TimedPty {
  const cwd = mkdtempSync(join(tmpdir(), 'mcp-sim-bench-'));
  if (progress !== undefined) {
    mkdirSync(join(cwd, '.mcp-sim'));
    writeFileSync(join(cwd, '.mcp-sim', 'progress.json'), progress);
  }
  const cache = mkdtempSync(join(tmpdir(), 'mcp-sim-bench-cache-'));
  const env = ['env', '-u', 'CI', '-u', 'NO_COLOR', 'TERM=xterm-256color'];
  return new TimedPty([...env, `XDG_CACHE_HOME=${cache}`, ...command], { cwd, ...SIZE });
}

/**
 * Milliseconds from the start to `shown`; with `then`, presses it at once and times its answer.
 * `window`: from the start to that moment.
 */
export async function firstScreen(
  command: readonly string[],
  shown: RegExp,
  then?: { readonly press: string; readonly answer: RegExp },
  progress?: string,
): Promise<{ readonly ms: number; readonly window: Window }> {
  const pty = startIn(command, progress);
  const from = clock(pty.startedAt);
  try {
    let at = await pty.waitFor(shown);
    if (then !== undefined) {
      pty.mark();
      pty.press(then.press);
      at = await pty.waitFor(then.answer);
    }
    return { ms: at - pty.startedAt, window: { from, to: clock(at) } };
  } finally {
    await pty.quit();
  }
}

/** Keys pressed before the timed ones, and the screen each leads to. */
export type Prepare = { readonly press: string; readonly shown: RegExp };

/**
 * Key → whole next frame, `keys` times after a few untimed ones, each after the last frame.
 * `window`: from the first timed key to the last frame.
 */
export async function keyToFrame(
  command: readonly string[],
  shown: RegExp,
  answer: (k: number) => RegExp,
  keys: number,
  /** The key timed (`n` unless told), and keys pressed first, each until its screen shows. */
  how: { readonly press?: string; readonly before?: readonly Prepare[] } = {},
): Promise<{ readonly times: number[]; readonly window: Window }> {
  const pty = startIn(command);
  const times: number[] = [];
  let from = 0;
  try {
    await pty.waitFor(shown, 60_000);
    for (const step of how.before ?? []) {
      pty.mark();
      pty.press(step.press);
      await pty.waitFor(step.shown);
    }
    for (let k = 1; k <= keys + WARM_KEYS; k++) {
      await pause(KEY_GAP_MS);
      pty.mark();
      const pressed = performance.now();
      if (k === WARM_KEYS + 1) from = clock(pressed);
      pty.press(how.press ?? 'n');
      times.push((await pty.waitFor(answer(k))) - pressed);
    }
    return { times: times.slice(WARM_KEYS), window: { from, to: clock() } };
  } finally {
    await pty.quit();
  }
}

export type CpuByPackage = ReadonlyMap<string, number>;

/**
 * CPU self time (ms) by package within the window `run` returns, `run` being started with the
 * profiler on (bench/profile-summary.ts).
 */
export async function cpuByPackage(
  run: (profiled: (command: readonly string[]) => string[]) => Promise<{ readonly window: Window }>,
): Promise<CpuByPackage> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-bench-prof-'));
  const { window } = await run((command) => profiling(command, dir));
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error('no CPU profile written');
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  return new Map(byOwner(profile, window));
}
