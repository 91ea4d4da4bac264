/**
 * Screens against Ink's own floor, measured side by side in one run on a real pseudo-terminal
 * (bench/pty.ts, bench/screen-runs.ts) and written to docs/benchmarks.md:
 *
 * - first frame of the menu and of `lesson 1`: ≤ 1.25× the first frame of a bare Ink app that
 *   fills the same screen with text (bench/bare-ink.tsx, bundled as the CLI is);
 * - the screen a first `n` produces in `lesson 1` (pressed as soon as step 1 shows, timed from
 *   the start): ≤ 1.5× that floor;
 * - key → frame playing a 10,000-message transcript (`play <file>`): ≤ 1.5× the bare app's
 *   redraw of its screen on a key.
 *
 * Beside the floor, not a target: the bare app drawing lesson 1's own first frame as plain text
 * (bench/bare-ink-text.tsx), which says what the screen's characters cost by themselves.
 *
 * Everything is timed through the CLI as a learner starts it (`node dist/cli/main.js …`), every
 * start a first start (an empty folder, an empty $XDG_CACHE_HOME). Then one profiled run of each
 * says where the CPU time goes, by package. `--compare <dir>` also times the CLI built in another
 * checkout, interleaved with this one, for before/after figures.
 *
 *   npx tsx bench/screen.ts [--rounds 9] [--keys 60] [--compare <dir>] [--no-write]
 */

import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { bundleOptions } from '../scripts/bundle-options.mjs';
import { fieldNodes } from '../src/ui/field-tree.js';
import { buildsToMeasure } from './builds.js';
import { generateSession } from './generate-session.js';
import { whereTheTimeGoes } from './screen-profile.js';
import {
  firstScreen,
  KEY_GAP_MS,
  keyToFrame,
  RETURNING_PROGRESS,
  SIZE,
  WARM_KEYS,
} from './screen-runs.js';
import { writeSection } from './write-section.js';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'bench', 'out');
const TRANSCRIPT_MESSAGES = 10_000;
const SESSIONS = 3;

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '9' },
    keys: { type: 'string', default: '60' },
    compare: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const KEYS = Number(values.keys);

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The floor: bench/bare-ink.tsx bundled with the CLI's own esbuild options, Ink as published. */
async function bundleBareInk(name = 'bare-ink'): Promise<string> {
  const outdir = join(OUT, name);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    ...bundleOptions,
    entryPoints: { [name]: `bench/${name}.tsx` },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
  });
  return join(outdir, `${name}.js`);
}

async function writeTranscript(): Promise<string> {
  const file = join(OUT, `session-${TRANSCRIPT_MESSAGES}.jsonl`);
  const sink = createWriteStream(file);
  for (const line of generateSession(TRANSCRIPT_MESSAGES)) {
    if (!sink.write(`${line}\n`)) await once(sink, 'drain');
  }
  sink.end();
  await once(sink, 'finish');
  return file;
}

type Figures = {
  menu: number[];
  lesson: number[];
  lessonN: number[];
  /** The same first frames for a learner who has a progress file (read and validated first). */
  menuBack: number[];
  lessonBack: number[];
  playKey: number[];
  treeKey: number[];
};

/** The course's largest envelope (most lines pretty-printed): its lesson, step and message. */
function largestEnvelope(cli: string): { lesson: string; step: number; message: unknown } {
  const run = (...args: string[]) =>
    JSON.parse(execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' })) as unknown;
  const { lessons } = run('lessons', '--json') as { lessons: { id: string }[] };
  let best = { lesson: '', step: 0, message: null as unknown, lines: -1 };
  for (const { id } of lessons) {
    const { steps } = run('lesson', id, '--json') as { steps: { message: unknown }[] };
    steps.forEach((step, i) => {
      const lines = JSON.stringify(step.message ?? null, null, 2).split('\n').length;
      if (lines > best.lines) best = { lesson: id, step: i + 1, message: step.message, lines };
    });
  }
  return best;
}

const builds = buildsToMeasure(values.compare);

mkdirSync(OUT, { recursive: true });
const bareInk = await bundleBareInk();
// The same, drawing lesson 1's own first frame as plain text (bench/bare-ink-text.tsx).
const bareText = await bundleBareInk('bare-ink-text');
const transcript = await writeTranscript();
const node = process.execPath;

const floor = { first: [] as number[], key: [] as number[], sameText: [] as number[] };
const figures = new Map<string, Figures>(
  builds.map((b) => [
    b.label,
    { menu: [], lesson: [], lessonN: [], menuBack: [], lessonBack: [], playKey: [], treeKey: [] },
  ]),
);
const figuresOf = (label: string) => figures.get(label) as Figures;

// A whole frame: the screen's last row has arrived after the marker near its top.
const MENU = /Enter open · q quit/;
const LESSON_1 = /step 1\/10[\s\S]*q quit/;
const bareKey = (k: number) => new RegExp(`bare ink · key ${k}(?!\\d)`);
const playStep = (k: number) => new RegExp(`step ${k + 1}/${TRANSCRIPT_MESSAGES}[\\s\\S]*q quit`);
const menuOf = (cli: string) => [node, cli, '--lang', 'en'];
const lessonOf = (cli: string) => [node, cli, 'lesson', '1', '--lang', 'en'];
const playOf = (cli: string) => [node, cli, 'play', transcript, '--lang', 'en'];
// The field tree (`e`) open on the course's largest envelope; each `j` moves the cursor one field,
// and the frame is whole when the field's pointer has arrived under the tree, then the key bar.
const largest = largestEnvelope(builds.at(-1)?.cli as string);
const pointers = fieldNodes(largest.message).map((n) => n.pointer);
const treeOf = (cli: string) => [node, cli, 'lesson', largest.lesson, '--lang', 'en'];
const anyStep = /step 1\/\d+[\s\S]*q quit/;
const toTree = [
  { press: `:${largest.step}\r`, shown: new RegExp(`step ${largest.step}/\\d+[\\s\\S]*q quit`) },
  { press: 'e', shown: /fields ·[\s\S]*q\/Esc back.*n next/ },
];
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const treeField = (k: number) =>
  new RegExp(`${escaped(pointers[k] ?? '?')}(?![\\w/~-])[\\s\\S]*q/Esc back.*n next`);

// Interleaved, so that whatever else the machine does falls on every figure alike; the first
// round only warms the file cache.
for (let round = 0; round <= ROUNDS; round++) {
  const add = (list: number[], run: { readonly ms: number }) => round > 0 && list.push(run.ms);
  add(floor.first, await firstScreen([node, bareInk], bareKey(0)));
  add(floor.sameText, await firstScreen([node, bareText], bareKey(0)));
  for (const b of builds) {
    const f = figuresOf(b.label);
    add(f.menu, await firstScreen(menuOf(b.cli), MENU));
    add(f.lesson, await firstScreen(lessonOf(b.cli), LESSON_1));
    const n = { press: 'n', answer: /step 2\/10[\s\S]*q quit/ };
    add(f.lessonN, await firstScreen(lessonOf(b.cli), LESSON_1, n));
    // A learner who has been here before: the progress file is read and validated first.
    add(f.menuBack, await firstScreen(menuOf(b.cli), MENU, undefined, RETURNING_PROGRESS));
    add(f.lessonBack, await firstScreen(lessonOf(b.cli), LESSON_1, undefined, RETURNING_PROGRESS));
  }
  process.stderr.write(`first frames: round ${round}/${ROUNDS}\n`);
}
for (let s = 0; s < SESSIONS; s++) {
  floor.key.push(...(await keyToFrame([node, bareInk], bareKey(0), bareKey, KEYS)).times);
  for (const b of builds) {
    const { times } = await keyToFrame(playOf(b.cli), playStep(0), playStep, KEYS);
    figuresOf(b.label).playKey.push(...times);
    const tree = await keyToFrame(treeOf(b.cli), anyStep, treeField, KEYS, {
      press: 'j',
      before: toTree,
    });
    figuresOf(b.label).treeKey.push(...tree.times);
  }
  process.stderr.write(`keys: session ${s + 1}/${SESSIONS}\n`);
}

const cli = builds.at(-1)?.cli as string;
const profile = await whereTheTimeGoes({
  bareFirst: { command: [node, bareInk], shown: bareKey(0) },
  menu: { command: menuOf(cli), shown: MENU },
  lesson: { command: lessonOf(cli), shown: LESSON_1 },
  bareKeys: { command: [node, bareInk], shown: bareKey(0), answer: bareKey },
  playKeys: { command: playOf(cli), shown: playStep(0), answer: playStep },
  keys: 2 * KEYS,
});

const ms = (x: number) => `${x.toFixed(0)} ms`;
const ms1 = (x: number) => `${x.toFixed(1)} ms`;
const verdict = (ratio: number, target: number) =>
  `${ratio.toFixed(2)}× (≤ ${target}×: ${ratio <= target ? 'met' : '**missed**'})`;
const floorFirst = median(floor.first);
const floorKey = median(floor.key);
const header = builds.map((b) => `| ${b.label} | ratio`).join(' ');
const row = (what: string, floorText: string, pick: (f: Figures) => string) =>
  `| ${what} | ${floorText} ${builds.map((b) => `| ${pick(figuresOf(b.label))}`).join(' ')} |`;
const firstRow = (what: string, key: keyof Figures, target: number) =>
  row(
    what,
    ms(floorFirst),
    (f) => `${ms(median(f[key]))} | ${verdict(median(f[key]) / floorFirst, target)}`,
  );

const section = [
  '## Screens against bare Ink',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; \`npx tsx bench/screen.ts\`.`,
  `A ${SIZE.cols}×${SIZE.rows} pseudo-terminal (util-linux \`script\`), colour on; first frames are medians of ${ROUNDS} starts each,`,
  `keys medians of ${SESSIONS} × ${KEYS} keys (${KEY_GAP_MS} ms apart, past Ink's 30-frames-a-second throttle; ${WARM_KEYS} untimed keys first), everything interleaved.`,
  '',
  `| what | floor: bare Ink ${header} |`,
  `|---|---${builds.map(() => '|---|---').join('')}|`,
  firstRow('first frame of the menu (`mcp-sim`)', 'menu', 1.25),
  firstRow('first frame of `lesson 1`', 'lesson', 1.25),
  firstRow(
    'first frame of the menu, a returning learner (a progress file to read)',
    'menuBack',
    1.25,
  ),
  firstRow('first frame of `lesson 1`, a returning learner', 'lessonBack', 1.25),
  row(
    "not a target: bare Ink drawing the text of `lesson 1`'s first frame, plain (`bench/bare-ink-text.tsx`)",
    ms(floorFirst),
    () => `${ms(median(floor.sameText))} | ${(median(floor.sameText) / floorFirst).toFixed(2)}×`,
  ),
  firstRow('`lesson 1`, `n` as soon as step 1 shows → step 2 on screen', 'lessonN', 1.5),
  row(
    `key → frame, \`play\` of a ${TRANSCRIPT_MESSAGES.toLocaleString('en')}-message transcript (floor: the bare app redrawing its screen)`,
    ms1(floorKey),
    (f) => `${ms1(median(f.playKey))} | ${verdict(median(f.playKey) / floorKey, 1.5)}`,
  ),
  row(
    `key → frame, field tree (\`e\`) open on the course's largest envelope (lesson ${largest.lesson}, step ${largest.step}, ${pointers.length} fields), \`j\` field by field`,
    ms1(floorKey),
    (f) => `${ms1(median(f.treeKey))} | ${verdict(median(f.treeKey) / floorKey, 1.5)}`,
  ),
  '',
  'A first frame is timed from starting the command to the moment its last row arrives on the',
  'terminal; a key from writing it to the terminal to the moment the whole frame it causes has',
  'arrived. Every start is a first start (an empty folder) but the two "returning learner" rows,',
  'which start in a folder holding `.mcp-sim/progress.json` (one lesson done), as every start after',
  'the first does: the file is read and validated (zod/mini) before the first frame. The floor is `bench/bare-ink.tsx`: Ink, React and yoga loading and drawing a screenful',
  'of plain text (rows − 1 lines, as high as mcp-sim screens), bundled with the options that bundle',
  'the CLI (`scripts/bundle-options.mjs`), and on each `n` redrawing every line with new text.',
  'The row marked "not a target" is the same app drawing the very text of `lesson 1`\'s first frame',
  '(box rules, arrows, `●`, each line a plain text): what drawing that text costs Ink by itself, so',
  "that what `lesson 1` takes beyond it is known to be mcp-sim's own (its modules, its tree of",
  'boxes and coloured texts, the layout and output of that tree).',
  '',
  profile,
].join('\n');

if (!values['no-write']) writeSection('screen', section);
process.stdout.write(`${section}\n`);
const round1 = (_key: string, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v);
process.stdout.write(
  `${JSON.stringify({ floor, figures: Object.fromEntries(figures) }, round1)}\n`,
);
