/**
 * `trace --json` of two generated 100,000-message sessions, one of the handshake era and one of the
 * modern era (2026-07-28), each against the floor of reading the same file
 * and `JSON.parse`-ing every line (bench/floor.mjs), measured side by side in one run and written
 * to docs/benchmarks.md. Targets: ≤ 3× the time and ≤ 2× the peak memory (RSS) of the floor.
 * Only the CLI is run (`node dist/cli/main.js trace <file> --json`), whatever implements it.
 * Where the time goes comes from a CPU profile of the same command, each sample named by the
 * package or folder of its module in the bundle (bench/profile-summary.ts).
 *
 *   npx tsx bench/trace.ts [--runs 5] [--compare <dir>] [--no-write]
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildsToMeasure } from './builds.js';
import { generateModernSession } from './generate-modern-session.js';
import { generateSession } from './generate-session.js';
import { byOwner } from './profile-summary.js';
import { writeSection } from './write-section.js';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'bench', 'out');
const MESSAGES = 100_000;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    compare: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);

type Measure = { ms: number; rss: number };

/** Wall time and peak RSS of `node <args>` (the peak written at exit by bench/report-rss.mjs). */
function measure(args: readonly string[]): Measure {
  const rssFile = join(OUT, 'rss.txt');
  const start = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    ['--import', join(ROOT, 'bench', 'report-rss.mjs'), ...args],
    {
      env: { ...process.env, BENCH_RSS_FILE: rssFile, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}`);
  return { ms, rss: Number(readFileSync(rssFile, 'utf8')) };
}

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const summary = (ms: readonly Measure[]) => ({
  ms: median(ms.map((m) => m.ms)),
  rss: Math.max(...ms.map((m) => m.rss)),
});

/** Self time by package or folder, over a CPU profile of `trace`. */
function profileShares(cli: string, file: string): [string, number][] {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-trace-prof-'));
  const run = spawnSync(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${dir}`, cli, 'trace', file, '--json'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NO_COLOR: '1' } },
  );
  if (run.status !== 0) throw new Error(`profiling trace exited ${run.status}`);
  const name = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!name) throw new Error('no CPU profile written');
  return byOwner(JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

/** Writes a generated session to a file, returning its size in bytes. */
async function writeSession(file: string, lines: Iterable<string>): Promise<number> {
  const sink = createWriteStream(file);
  for (const line of lines) {
    if (!sink.write(`${line}\n`)) await once(sink, 'drain');
  }
  sink.end();
  await once(sink, 'finish');
  return statSync(file).size;
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const verdict = (ratio: number, target: number) =>
  `${ratio.toFixed(2)}× (≤ ${target}×: ${ratio <= target ? 'met' : '**missed**'})`;

/**
 * The table rows of one session: its floor, then `trace` of every build, its ratios to the floor
 * and its start-up. Floor and traces interleaved: whatever else the machine does falls on every
 * figure alike.
 */
function measureSession(
  file: string,
  empty: string,
  builds: ReturnType<typeof buildsToMeasure>,
  what: string,
): string[] {
  const floorRuns: Measure[] = [];
  const traceRuns = new Map<string, Measure[]>(builds.map((b) => [b.label, []]));
  const startupRuns = new Map<string, Measure[]>(builds.map((b) => [b.label, []]));
  for (let i = 0; i < RUNS; i++) {
    floorRuns.push(measure([join(ROOT, 'bench', 'floor.mjs'), file]));
    for (const b of builds) {
      traceRuns.get(b.label)?.push(measure([b.cli, 'trace', file, '--json']));
      startupRuns.get(b.label)?.push(measure([b.cli, 'trace', empty, '--json']));
    }
    process.stderr.write(`trace (${what}): run ${i + 1}/${RUNS}\n`);
  }
  const floor = summary(floorRuns);
  const rows = builds.flatMap((b) => {
    const t = summary(traceRuns.get(b.label) ?? []);
    const startup = median((startupRuns.get(b.label) ?? []).map((m) => m.ms));
    const who = builds.length > 1 ? ` (${b.label})` : '';
    return [
      `| \`mcp-sim trace <file> --json\`${who} | ${t.ms.toFixed(0)} ms | ${mb(t.rss)} |`,
      `| ratio${who} | ${verdict(t.ms / floor.ms, 3)} | ${verdict(t.rss / floor.rss, 2)} |`,
      `| … of which start-up${who}: \`trace\` of an empty file | ${startup.toFixed(0)} ms | |`,
    ];
  });
  return [
    `| floor: read + \`JSON.parse\` every line (\`bench/floor.mjs\`) | ${floor.ms.toFixed(0)} ms | ${mb(floor.rss)} |`,
    ...rows,
  ];
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const builds = buildsToMeasure(values.compare);
  const file = join(OUT, 'session-100k.jsonl');
  const size = await writeSession(file, generateSession(MESSAGES));
  const modernFile = join(OUT, 'session-100k-modern.jsonl');
  const modernSize = await writeSession(modernFile, generateModernSession(MESSAGES));
  const empty = join(OUT, 'empty.jsonl');
  writeFileSync(empty, '');

  // The machine may be shared: the load around the runs says how far to trust the figures.
  const loadBefore = loadavg()[0] ?? 0;
  const legacyRows = measureSession(file, empty, builds, 'legacy');
  const modernRows = measureSession(modernFile, empty, builds, 'modern');
  const loadAfter = loadavg()[0] ?? 0;
  const shares = profileShares(builds.at(-1)?.cli ?? '', file);
  const busy = shares.reduce((n, [, ms]) => n + ms, 0);
  const section = [
    '## trace: 100,000 messages',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; \`npx tsx bench/trace.ts\`.`,
    `Input: a generated, rule-abiding session of ${MESSAGES.toLocaleString('en')} wrapped messages of the handshake era (${mb(size)}: the handshake, then tools/list, tools/call with progress, resources/read, logging, ping).`,
    `Median wall time of ${RUNS} runs each, interleaved; peak RSS is the largest of the runs. Load average (1 min) ${loadBefore.toFixed(1)} before the runs and ${loadAfter.toFixed(1)} after, on ${cpus().length} cores${Math.max(loadBefore, loadAfter) > cpus().length ? ': above the core count, other processes shared the CPU and every figure, the floor’s too, is slower than on an idle machine' : ''}.`,
    '',
    '| command | wall time | peak RSS |',
    '|---|---|---|',
    ...legacyRows,
    '',
    `The same for a modern session (2026-07-28) of ${MESSAGES.toLocaleString('en')} wrapped messages (${mb(modernSize)}): server/discover, then tools/list and tools/call requests that each carry the \`_meta\` envelope (revision, clientInfo, clientCapabilities), complete results with \`resultType\` and serverInfo, some progress (\`bench/generate-modern-session.ts\`).`,
    '',
    '| command | wall time | peak RSS |',
    '|---|---|---|',
    ...modernRows,
    '',
    `Where the time goes: CPU self time by package or folder, from a profile of one run of \`trace\` over the handshake-era session${builds.length > 1 ? ' (after)' : ''} (${busy.toFixed(0)} ms busy; the profiler adds its own cost). \`node\` is Node's own code: reading the file, splitting it into lines, writing the output.`,
    '',
    '| package or folder | self time | share |',
    '|---|---|---|',
    ...shares
      .slice(0, 10)
      .map(
        ([owner, ms]) => `| ${owner} | ${ms.toFixed(0)} ms | ${((100 * ms) / busy).toFixed(0)}% |`,
      ),
    '',
  ].join('\n');
  if (!values['no-write']) writeSection('trace', section);
  process.stdout.write(`${section}\n`);
}

await main();
