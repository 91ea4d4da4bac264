/**
 * Time to the first frame, as a learner sees it: from starting the command in a real
 * pseudo-terminal (util-linux `script`) to the moment the frame's text arrives on the terminal.
 * The command exits right after that frame (MCP_SIM_FIRST_FRAME_EXIT=1), so runs do not wait for
 * keys. Also timed the same way: `node -e 0` (Node's own start-up) and a bare Ink app that fills a
 * 100×30 screen with plain text (what Ink, React and the layout engine cost to load and to draw a
 * first screenful, before any of mcp-sim runs).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
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

/** Milliseconds from starting `command` in a 100×30 pty until its screen shows `marker`. */
async function timeToText(command: string[], marker: RegExp): Promise<number> {
  const start = process.hrtime.bigint();
  const pty = new ScriptPty(
    ['env', '-u', 'CI', 'NO_COLOR=1', 'MCP_SIM_FIRST_FRAME_EXIT=1', ...command],
    { cwd: CWD, cols: 100, rows: 30 },
  );
  try {
    await pty.waitFor(marker);
    return Number(process.hrtime.bigint() - start) / 1e6;
  } finally {
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
  await build({
    absWorkingDir: ROOT,
    entryPoints: [source],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    alias: { 'react-devtools-core': './scripts/devtools-stub.js' },
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}

export type FirstFrames = {
  readonly node: number;
  readonly bareInk: number;
  readonly menu: number;
  readonly lesson: number;
  readonly lessonZh: number;
};

/** Medians of `runs` interleaved runs of each (interleaving spreads any background load evenly). */
export async function firstFrames(cli: string, runs: number): Promise<FirstFrames> {
  const ink = await bareInkApp();
  const node = process.execPath;
  const cases = {
    node: [[node, '-e', 'process.stdout.write("node-e")'], /node-e/],
    bareInk: [[node, ink], /bare ink: first frame/],
    menu: [[node, cli, '--lang', 'en'], /Enter open/],
    lesson: [[node, cli, 'lesson', 'first-session', '--lang', 'en'], /step 1\//],
    lessonZh: [[node, cli, 'lesson', 'first-session', '--lang', 'zh'], /步骤 1\//],
  } as const satisfies Record<keyof FirstFrames, readonly [readonly string[], RegExp]>;
  const times: Record<string, number[]> = {};
  for (let i = 0; i < runs; i++) {
    for (const [name, [command, marker]] of Object.entries(cases)) {
      const ms = await timeToText([...command], marker);
      if (i === 0) continue; // the first round warms the file cache
      times[name] = [...(times[name] ?? []), ms];
    }
  }
  const m = (name: keyof FirstFrames) => median(times[name] ?? []);
  return {
    node: m('node'),
    bareInk: m('bareInk'),
    menu: m('menu'),
    lesson: m('lesson'),
    lessonZh: m('lessonZh'),
  };
}

// Run on its own, not when bench/ui.ts imports it.
if (/[/\\]first-frame\.ts$/.test(process.argv[1] ?? '')) {
  const runs = Number(process.argv[2] ?? 9);
  const result = await firstFrames(join(ROOT, 'dist', 'cli', 'main.js'), runs);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
