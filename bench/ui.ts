/**
 * UI and start-up benchmarks (issue: the terminal UI), written to docs/benchmarks.md:
 * - first frame of the menu and of a lesson, in a real pseudo-terminal (`script`), exiting right
 *   after the first frame (MCP_SIM_FIRST_FRAME_EXIT=1); target ≤ 250 ms;
 * - `lesson --plain` and `trace` of a small file against `node -e 0`; target ≤ 3×;
 * - key → new frame while playing a 10,000-message transcript, median; target ≤ 16 ms; and the
 *   memory before and after 1,000 steps (flat: only what is visible is rendered).
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { splitLines } from '../src/trace/lines.js';
import { transcriptTimeline } from '../src/trace/play-timeline.js';
import { LessonPlayer } from '../src/ui/lesson-player.js';
import type { OpenedLesson } from '../src/ui/lesson-source.js';
import { firstFrames } from './first-frame.js';
import { generateSession } from './generate-session.js';
import { writeSection } from './write-section.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function timeCommand(command: string, args: string[], env: Record<string, string> = {}): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const run = spawnSync(command, args, {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    if (run.status !== 0 && run.status !== null)
      throw new Error(`${args.join(' ')}: exit ${run.status}`);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

async function stepLatency(): Promise<{
  median: number;
  p95: number;
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  framesBytes: number;
}> {
  const lines = [...generateSession(10_000)].join('\n');
  const { timeline } = transcriptTimeline(splitLines(lines));
  const lesson: OpenedLesson = {
    id: 'bench',
    title: { en: 'Bench', zh: '基准' },
    goal: { en: '10,000 messages', zh: '一万条消息' },
    recap: { en: 'done', zh: '完成' },
    steps: timeline.steps,
  };
  const app = render(
    createElement(LessonPlayer, {
      lesson,
      lang: 'en',
      start: 0,
      autoplay: null,
      onStep: () => {},
      onQuit: () => {},
      quitHint: 'keyQuit',
    }),
  );
  const waitForFrame = (before: number) =>
    new Promise<void>((resolve) => {
      const poll = () => (app.frames.length > before ? resolve() : setImmediate(poll));
      poll();
    });
  await waitForFrame(0);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const times: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const before = app.frames.length;
    const start = performance.now();
    app.stdin.write('n');
    await waitForFrame(before);
    times.push(performance.now() - start);
  }
  // ink-testing-library keeps every frame it was sent; those strings are the harness's, not the
  // app's, so they are dropped before measuring.
  const framesBytes = app.frames.reduce((n, f) => n + f.length * 2, 0);
  app.frames.length = 0;
  global.gc?.();
  const rssAfter = process.memoryUsage().rss;
  const heapAfter = process.memoryUsage().heapUsed;
  app.unmount();
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: median(times),
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    rssBefore,
    rssAfter,
    heapBefore,
    heapAfter,
    framesBytes,
  };
}

const small = join(ROOT, 'test', 'fixtures', 'samples', 'first-session.jsonl');
const nodeFloor = timeCommand(process.execPath, ['-e', '0']);
const plain = timeCommand(process.execPath, [CLI, 'lesson', 'first-session', '--plain']);
const trace = timeCommand(process.execPath, [CLI, 'trace', small]);
const frames = await firstFrames(CLI, RUNS + 1);
const steps = await stepLatency(); // React in production mode, as in the bundle: run with NODE_ENV=production
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const section = [
  '## Start-up and the terminal UI',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; medians of ${RUNS} runs.`,
  '',
  '| what | time | target |',
  '|---|---|---|',
  `| \`node -e 0\` (the floor) | ${nodeFloor.toFixed(0)} ms | |`,
  `| \`lesson first-session --plain\` | ${plain.toFixed(0)} ms (${(plain / nodeFloor).toFixed(2)}×) | ≤ 3×: ${verdict(plain <= 3 * nodeFloor)} |`,
  `| \`trace\` of a 10-message file | ${trace.toFixed(0)} ms (${(trace / nodeFloor).toFixed(2)}×) | ≤ 3×: ${verdict(trace <= 3 * nodeFloor)} |`,
  `| first frame of a bare Ink app filling the screen with plain text (Ink's own floor, see below) | ${frames.bareInk.toFixed(0)} ms | |`,
  `| first frame of the menu (\`mcp-sim\`) | ${frames.menu.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.menu <= 250)} |`,
  `| first frame of \`lesson first-session\` | ${frames.lesson.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.lesson <= 250)} |`,
  `| first frame of \`lesson first-session --lang zh\` | ${frames.lessonZh.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.lessonZh <= 250)} |`,
  `| key → new frame, playing a 10,000-message transcript (1,000 steps) | median ${steps.median.toFixed(1)} ms, p95 ${steps.p95.toFixed(1)} ms | ≤ 16 ms median: ${verdict(steps.median <= 16)} |`,
  `| JavaScript heap after a full GC, before / after 1,000 steps | ${mb(steps.heapBefore)} / ${mb(steps.heapAfter)} | flat: ${verdict(steps.heapAfter - steps.heapBefore < 16 * 1024 * 1024)} |`,
  `| process RSS, before / after (the harness's ${mb(steps.framesBytes)} of kept frames dropped) | ${mb(steps.rssBefore)} / ${mb(steps.rssAfter)} | see below |`,
  '',
  'First frames are timed as a learner sees them: from starting the command in a 100×30',
  "pseudo-terminal to the moment the frame's text arrives on it (`bench/first-frame.ts`; Node",
  `alone, timed the same way, prints after ${frames.node.toFixed(0)} ms). They include Node's start-up, loading Ink,`,
  'React and the layout engine (yoga, WebAssembly), reading the lessons and drawing. The menu and a',
  "lesson load neither YAML, the full zod, the SDK's schemas nor the engine: the build compiles each",
  'lesson to `dist/lessons-index.json` and plays it to `dist/timelines/<id>.json` (a test holds',
  'those to what the engine produces; an edited lesson is played afresh). The bare Ink app shows',
  'what Ink, React and yoga cost to load and to draw a first screenful before any of mcp-sim runs:',
  "on this machine that alone is above 250 ms. Ink's first frame is slow because its code runs cold:",
  'laying out and writing a full screen cell by cell (its `Output`), measuring and truncating text,',
  'all before the JIT has warmed up. Long single-line texts are cut to the terminal width before Ink',
  'truncates them (`src/ui/bound-text.ts`, tested to draw identically), which keeps its truncation',
  'from measuring whole paragraphs.',
  '',
  "The app's own memory (the JavaScript heap) stays flat while stepping; the process RSS still grows",
  "with every frame, outside the heap (most likely the WebAssembly memory of Ink's layout engine, yoga). Not",
  'solved yet; each key also renders about twice (the layout measures heights, then fits the text).',
  '',
].join('\n');
writeSection('ui', section);
process.stdout.write(`${section}\n`);
