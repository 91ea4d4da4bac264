/**
 * `npm run bench`: measures `trace --json` on a generated 100,000-message session against the floor
 * of reading the same file and JSON.parse-ing every line, in the same run, and writes the figures
 * to docs/benchmarks.md. Targets (issue 2): ≤ 3× the time and ≤ 2× the peak memory of the floor.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { generateSession } from './generate-session.js';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'bench', 'out');
const MESSAGES = 100_000;
const RUNS = 5;

type Measure = { ms: number; rss: number };

function measure(args: string[]): Measure {
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const cli = join(ROOT, 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error('dist/cli/main.js missing: run npm run build first');
  const file = join(OUT, 'session-100k.jsonl');
  const sink = createWriteStream(file);
  for (const line of generateSession(MESSAGES)) {
    if (!sink.write(`${line}\n`)) await once(sink, 'drain');
  }
  sink.end();
  await once(sink, 'finish');
  const size = statSync(file).size;

  const floor: Measure[] = [];
  const trace: Measure[] = [];
  for (let i = 0; i < RUNS; i++) {
    floor.push(measure([join(ROOT, 'bench', 'floor.mjs'), file]));
    trace.push(measure([cli, 'trace', file, '--json']));
  }
  const f = { ms: median(floor.map((m) => m.ms)), rss: Math.max(...floor.map((m) => m.rss)) };
  const t = { ms: median(trace.map((m) => m.ms)), rss: Math.max(...trace.map((m) => m.rss)) };
  const timeRatio = t.ms / f.ms;
  const rssRatio = t.rss / f.rss;
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const section = [
    '## trace: 100,000 messages',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
    `Input: a generated, rule-abiding session of ${MESSAGES.toLocaleString('en')} wrapped messages (${mb(size)}).`,
    `Median wall time of ${RUNS} runs each, interleaved; peak RSS is the largest of the runs.`,
    '',
    '| command | wall time | peak RSS |',
    '|---|---|---|',
    `| floor: read + \`JSON.parse\` every line (\`bench/floor.mjs\`) | ${f.ms.toFixed(0)} ms | ${mb(f.rss)} |`,
    `| \`mcp-sim trace <file> --json\` | ${t.ms.toFixed(0)} ms | ${mb(t.rss)} |`,
    `| ratio | ${timeRatio.toFixed(2)}× (target ≤ 3×: ${verdict(timeRatio <= 3)}) | ${rssRatio.toFixed(2)}× (target ≤ 2×: ${verdict(rssRatio <= 2)}) |`,
    '',
  ].join('\n');
  writeSection('trace', section);
  process.stdout.write(`${section}\n`);
}

/** Replaces one benchmark's section of docs/benchmarks.md, keeping the others. */
function writeSection(name: string, body: string) {
  const path = join(ROOT, 'docs', 'benchmarks.md');
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${begin}\n${body}${end}`;
  let doc = existsSync(path)
    ? readFileSync(path, 'utf8')
    : '# Benchmarks\n\nWritten by `npm run bench`; each section is replaced when its benchmark runs.\n\n';
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  doc =
    from >= 0 && to > from
      ? doc.slice(0, from) + block + doc.slice(to + end.length)
      : `${doc}${block}\n`;
  writeFileSync(path, doc);
}

await main();
