/**
 * Time to the first frame, as a learner sees it: from starting the command in a real
 * pseudo-terminal (util-linux `script`) to the moment the frame's text arrives on the terminal.
 * The command exits right after that frame (MCP_SIM_FIRST_FRAME_EXIT=1), so runs do not wait for
 * keys. Also timed the same way: `node -e 0` (Node's own start-up) and a bare Ink app that fills a
 * 100×30 screen with plain text (what Ink, React and the layout engine cost to load and to draw a
 * first screenful, before any of mcp-sim runs).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { shipped } from '../scripts/bundle-plugins.mjs';
import { ScriptPty } from '../test/helpers/script-pty.js';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'bench', 'out');
// Runs happen in an empty folder: a learner's .mcp-sim/progress.json (and `--lang zh`, which is
// remembered there) stays untouched.
const CWD = mkdtempSync(join(tmpdir(), 'mcp-sim-first-frame-'));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A key to press once the marker shows, and what answers it; `after`: wait that long first. */
type Key = { readonly press: string; readonly answer: RegExp; readonly after?: number };

/**
 * Milliseconds from starting `command` in a 100×30 pty until its screen shows `marker`; with
 * `key`, until the screen answers that key, pressed the moment the marker shows (`answer`), or,
 * with `key.after`, from pressing it after that pause until the answer.
 * `cache` is the folder of remembered first frames (src/ui/remembered-frame.ts).
 */
async function timeToText(
  command: string[],
  marker: RegExp,
  cache: string,
  key?: Key,
): Promise<number> {
  // Every run starts from no progress: what a run saves (the step a key reached) would change the
  // next run's first frame, and the frame remembered for it.
  rmSync(join(CWD, '.mcp-sim'), { recursive: true, force: true });
  const start = process.hrtime.bigint();
  const env = ['env', '-u', 'CI', 'NO_COLOR=1', `XDG_CACHE_HOME=${cache}`];
  if (key === undefined) env.push('MCP_SIM_FIRST_FRAME_EXIT=1');
  const pty = new ScriptPty([...env, ...command], { cwd: CWD, cols: 100, rows: 30 });
  try {
    await pty.waitFor(marker);
    let from = start;
    if (key !== undefined) {
      if (key.after !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, key.after));
        from = process.hrtime.bigint();
      }
      const seen = pty.mark();
      pty.press(key.press);
      await pty.waitFor(key.answer, seen);
    }
    return Number(process.hrtime.bigint() - from) / 1e6;
  } finally {
    // q leaves a lesson: the lesson command ends, the menu comes back (and a second q ends it).
    if (key !== undefined) pty.press('q');
    if (key?.after !== undefined) {
      await pty.waitFor(/Enter open/, pty.mark());
      pty.press('q');
    }
    await pty.exit();
  }
}

/** A bare Ink app drawing a screenful of text, bundled like mcp-sim (scripts/build.mjs): Ink's own floor. */
async function bareInkApp(): Promise<string> {
  mkdirSync(OUT, { recursive: true });
  const source = join(OUT, 'ink-floor.mjs');
  writeFileSync(
    source,
    [
      "const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch');",
      "Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true });",
      "const { render, Box, Text } = await import('ink');",
      "const { createElement } = await import('react');",
      "Object.defineProperty(globalThis, 'fetch', fetch);",
      'let drawn = false;',
      // A screenful of plain text (28 lines of 95 characters), no truncation, no colour.
      "const line = 'the quick brown fox jumps over the lazy dog, '.repeat(3).slice(0, 90);",
      'const lines = Array.from({ length: 28 }, (_, i) =>',
      '  createElement(Text, { key: i }, String(i).padStart(2) + ".  " + line));',
      "lines.push(createElement(Text, { key: 'end' }, 'bare ink: first frame'));",
      "const app = render(createElement(Box, { flexDirection: 'column' }, ...lines), {",
      '  onRender: () => { if (!drawn) { drawn = true; setTimeout(() => app.unmount(), 0); } },',
      '});',
      'await app.waitUntilExit();',
    ].join('\n'),
  );
  const outfile = join(OUT, 'ink-floor.bundle.mjs');
  // Bundled as the CLI is, without the CLI's own plugins: Ink as published.
  await build({ ...shipped, entryPoints: [source], outfile, plugins: [] });
  return outfile;
}

export type FirstFrames = {
  readonly node: number;
  readonly bareInk: number;
  /** A first start: no frame remembered. */
  readonly menu: number;
  readonly lesson: number;
  readonly lessonZh: number;
  /** A start after one with the same inputs: the remembered frame shows while Ink loads. */
  readonly menuAgain: number;
  readonly lessonAgain: number;
  readonly lessonZhAgain: number;
  /** `lesson first-session`, `n` pressed as soon as step 1 shows, until step 2 shows. */
  readonly keyReady: number;
  readonly keyReadyAgain: number;
  /** The menu open for a second, then Enter, until the first lesson's envelope shows. */
  readonly menuEnter: number;
};

/** Medians of `runs` interleaved runs of each (interleaving spreads any background load evenly). */
export async function firstFrames(cli: string, runs: number): Promise<FirstFrames> {
  const ink = await bareInkApp();
  const node = process.execPath;
  const lesson = [node, cli, 'lesson', 'first-session', '--lang', 'en'];
  const next = { press: 'n', answer: /step 2\// };
  const enter: Key = {
    press: '\r',
    answer: /step 1\/10[\s\S]*"method": "initialize"/,
    after: 1000,
  };
  type Case = readonly [readonly string[], RegExp, 'fresh' | 'kept', Key?];
  const cases = {
    node: [[node, '-e', 'process.stdout.write("node-e")'], /node-e/, 'fresh'],
    bareInk: [[node, ink], /bare ink: first frame/, 'fresh'],
    menu: [[node, cli, '--lang', 'en'], /Enter open/, 'fresh'],
    menuAgain: [[node, cli, '--lang', 'en'], /Enter open/, 'kept'],
    lesson: [lesson, /step 1\//, 'fresh'],
    lessonAgain: [lesson, /step 1\//, 'kept'],
    lessonZh: [[node, cli, 'lesson', 'first-session', '--lang', 'zh'], /步骤 1\//, 'fresh'],
    lessonZhAgain: [[node, cli, 'lesson', 'first-session', '--lang', 'zh'], /步骤 1\//, 'kept'],
    keyReady: [lesson, /step 1\//, 'fresh', next],
    keyReadyAgain: [lesson, /step 1\//, 'kept', next],
    menuEnter: [[node, cli, '--lang', 'en'], /Enter open/, 'fresh', enter],
  } as const satisfies Record<keyof FirstFrames, Case>;
  // 'kept': one folder of remembered frames for all runs (the first round fills it); 'fresh': an
  // empty one each run, as on a first start.
  const kept = mkdtempSync(join(tmpdir(), 'mcp-sim-frames-'));
  const times: Record<string, number[]> = {};
  for (let i = 0; i < runs; i++) {
    for (const [name, [command, marker, frames, key]] of Object.entries(cases) as [
      string,
      Case,
    ][]) {
      const cache = frames === 'kept' ? kept : mkdtempSync(join(tmpdir(), 'mcp-sim-frames-'));
      const ms = await timeToText([...command], marker, cache, key);
      if (i === 0) continue; // the first round warms the file cache and remembers the frames
      times[name] = [...(times[name] ?? []), ms];
    }
  }
  const m = (name: keyof FirstFrames) => median(times[name] ?? []);
  return Object.fromEntries(
    Object.keys(cases).map((name) => [name, m(name as keyof FirstFrames)]),
  ) as FirstFrames;
}

// Run on its own, not when bench/ui.ts imports it.
if (/[/\\]first-frame\.ts$/.test(process.argv[1] ?? '')) {
  const runs = Number(process.argv[2] ?? 9);
  const result = await firstFrames(join(ROOT, 'dist', 'cli', 'main.js'), runs);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
