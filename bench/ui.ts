/**
 * UI and start-up benchmarks (issue: the terminal UI), written to docs/benchmarks.md:
 * - first frame of the menu and of a lesson, from the command's start to the frame's text arriving
 *   on a real pseudo-terminal (bench/first-frame.ts), beside a bare Ink app; target ≤ 250 ms;
 * - `lesson --plain` and `trace` of a small file against `node -e 0`; target ≤ 3×;
 * - key → new frame while playing a 10,000-message transcript, median; target ≤ 16 ms; and the
 *   memory over 5,000 steps (flat: only what is visible is rendered). That part is
 *   bench/ui-steps.ts, which also runs on its own (and profiles).
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { firstFrames } from './first-frame.js';
import { inkFloor } from './ink-floor.js';
import { stepLatency } from './ui-steps.js';
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

const small = join(ROOT, 'test', 'fixtures', 'samples', 'first-session.jsonl');
const nodeFloor = timeCommand(process.execPath, ['-e', '0']);
const plain = timeCommand(process.execPath, [CLI, 'lesson', 'first-session', '--plain']);
const trace = timeCommand(process.execPath, [CLI, 'trace', small]);
const frames = await firstFrames(CLI, RUNS + 1);
// React in production mode, as in the bundle: run with NODE_ENV=production (and --expose-gc).
const SIZE = { columns: 100, rows: 24 };
const TIMED = 1000;
const steps = await stepLatency({ steps: TIMED, long: 4000, start: 0, ...SIZE });
const floor = await inkFloor(SIZE);
const at = (step: number) => steps.samples.find((s) => s.step === step);
const [m0, m1, m5] = [at(0), at(TIMED), steps.samples.at(-1)];
if (!m0 || !m1 || !m5) throw new Error('memory samples missing');
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const perStep = (from: number, to: number, steps: number) =>
  `${((to - from) / 1024 / steps).toFixed(1)} KB`;
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
  `| first frame of the menu (\`mcp-sim\`), first start | ${frames.menu.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.menu <= 250)} |`,
  `| … next start (the frame remembered from the last start shows while Ink loads) | ${frames.menuAgain.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.menuAgain <= 250)} |`,
  `| first frame of \`lesson first-session\`, first start | ${frames.lesson.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.lesson <= 250)} |`,
  `| … next start | ${frames.lessonAgain.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.lessonAgain <= 250)} |`,
  `| first frame of \`lesson first-session --lang zh\`, first start | ${frames.lessonZh.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.lessonZh <= 250)} |`,
  `| … next start | ${frames.lessonZhAgain.toFixed(0)} ms | ≤ 250 ms: ${verdict(frames.lessonZhAgain <= 250)} |`,
  `| \`lesson first-session\`, \`n\` pressed as soon as step 1 shows → step 2 on screen (when Ink takes keys): first start / next start | ${frames.keyReady.toFixed(0)} ms / ${frames.keyReadyAgain.toFixed(0)} ms | |`,
  `| the menu open for a second, Enter → the first lesson's envelope on screen (the lesson player loads while the menu is read) | ${frames.menuEnter.toFixed(0)} ms | |`,
  `| key → new frame, playing a 10,000-message transcript (${TIMED.toLocaleString('en')} keys at ${SIZE.columns}×${SIZE.rows}; to the last frame the key causes) | median ${steps.median.toFixed(1)} ms, p95 ${steps.p95.toFixed(1)} ms | ≤ 16 ms median: ${verdict(steps.median <= 16)} |`,
  `| … of which Ink's output pass (the laid-out tree drawn into lines) | median ${steps.outputMedian.toFixed(1)} ms | |`,
  `| renders per key: React commits / Ink output passes | ${steps.commitsPerKey} / ${steps.passesPerKey} | 1 / 1: ${verdict(steps.commitsPerKey === 1 && steps.passesPerKey === 1)} |`,
  `| Ink alone (bundled the same way) redrawing a ${SIZE.columns}×${SIZE.rows} screen of plain ASCII text, key → frame | median ${floor.toFixed(1)} ms | |`,
  `| process RSS after a full GC: before / after ${TIMED.toLocaleString('en')} / after ${m5.step.toLocaleString('en')} steps | ${mb(m0.rss)} / ${mb(m1.rss)} / ${mb(m5.rss)} | levels off: ${verdict(m5.rss - m1.rss < 0.1 * m1.rss)} |`,
  `| JavaScript heap after a full GC (V8 holds): before / after ${TIMED.toLocaleString('en')} / after ${m5.step.toLocaleString('en')} steps | ${mb(m0.heapUsed)} (${mb(m0.heapTotal)}) / ${mb(m1.heapUsed)} (${mb(m1.heapTotal)}) / ${mb(m5.heapUsed)} (${mb(m5.heapTotal)}) | ${perStep(m1.heapUsed, m5.heapUsed, m5.step - m1.step)} a step, see below |`,
  `| yoga (Ink's layout engine): WebAssembly memory, live nodes, before / after ${m5.step.toLocaleString('en')} steps | ${mb(m0.wasm ?? 0)}, ${m0.yogaNodes} / ${mb(m5.wasm ?? 0)}, ${m5.yogaNodes} | flat: ${verdict(m5.wasm === m0.wasm && m5.yogaNodes < 2 * m0.yogaNodes)} |`,
  '',
  'First frames are timed as a learner sees them: from starting the command in a 100×30',
  "pseudo-terminal to the moment the frame's text arrives on it (`bench/first-frame.ts`; Node",
  `alone, timed the same way, prints after ${frames.node.toFixed(0)} ms). A first start includes Node's start-up, loading`,
  'Ink, React and the layout engine (yoga, WebAssembly), reading the lessons and drawing. The menu',
  "and a lesson load neither YAML, the full zod, the SDK's schemas nor the engine: the build compiles",
  'each lesson to `dist/lessons-index.json` and plays it to `dist/timelines/<id>.json` (a test holds',
  'those to what the engine produces; an edited lesson is played afresh). The bare Ink app shows',
  'what Ink, React and yoga cost to load and to draw a first screenful before any of mcp-sim runs:',
  `on this machine that alone takes ${frames.bareInk.toFixed(0)} ms, so a first start cannot come in under 250 ms with Ink`,
  'here. Its first frame is slow because its code runs cold: laying out and writing a full screen',
  'cell by cell, measuring and splitting text, all before the JIT has warmed up.',
  '',
  'A next start is a start with the same inputs as an earlier one (command, terminal size, language,',
  "colour, the learner's progress, the build and the lessons): the frame Ink drew then is kept",
  '(`src/ui/remembered-frame.ts`, in `~/.cache/mcp-sim/frames`; when a session changes the',
  'progress, the frame the next start opens on is drawn off screen as it ends, so a learner who',
  'stepped through a lesson gets it too) and written as soon as the command',
  "has read its arguments and the progress file, before Ink loads. When Ink's own first frame comes",
  'it is compared with what is on screen: the same frame is not written again (a test in a real pty',
  'checks the menu is drawn as often as without it), a different one replaces it. Keys pressed',
  'meanwhile are held (raw mode is on at once) and reach Ink when it starts reading: the last row',
  'shows when a key is answered, which the remembered frame does not change.',
  '',
  'A step is timed in-process, from the key handed to stdin to the last frame it causes written to',
  "stdout, through Ink's terminal path (30 frames a second at most, log-update) with colour on; keys",
  'come at least one frame apart. The benchmark runs bundled as the CLI ships (`bench/bundle.mjs`).',
  'Each key renders once: the lesson screen knows the heights of its wrapped text from the text',
  'itself (`wrappedHeight`, checked against what Ink draws) instead of measuring after a frame and',
  'rendering again; the progress bar is told its width. Ink measures every character of every frame',
  'with string-width and splits every line into styled characters afresh each frame; in the bundle',
  'its text goes through `src/ui/text-width.ts` (a width table made from string-width for ASCII, box',
  'drawing, CJK…, the library for anything else) and `src/ui/styled-chars.ts` (the last five hundred',
  "lines remembered), both tested to give the libraries' answers. That halved Ink's output pass.",
  '',
  'Memory: RSS rises at first, then moves within a band instead of growing. The rise is mostly what',
  'V8 reserves for its heap (the second figure in the heap row: the young generation at its full',
  '32 MB, old-space pages kept between collections); native memory outside the heap moves up and',
  "down with it but does not accumulate. yoga's WebAssembly memory and its node count stay put: Ink",
  'frees the nodes of unmounted elements. The live heap rises over the first few hundred steps: that',
  'is mostly the five hundred styled lines `src/ui/styled-chars.ts` keeps. Ink 6.8 also keeps the',
  'size and the wrapped form of every text it has drawn, in two caches it never empties (ink#986;',
  'upstream Ink bounds them in releases that need Node 22), and every step of a transcript shows new',
  'ids; in the bundle each keeps its newest 4096 entries (`scripts/bundle-plugins.mjs`,',
  '`src/ui/bounded-map.ts`). What still grows, slowly, is one sequence-diagram row kept for each',
  'step once drawn (`src/ui/sequence-rows.ts`, a few hundred bytes, at most one per message).',
  '',
].join('\n');
writeSection('ui', section);
process.stdout.write(`${section}\n`);
