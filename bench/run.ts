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
import { checkParams, checkResult, isCatalogued, type MethodName } from '../src/protocol/index.js';
import { generateSession } from './generate-session.js';
import { writeSection } from './write-section.js';

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

  const empty = join(OUT, 'empty.jsonl');
  writeFileSync(empty, '');
  const floor: Measure[] = [];
  const trace: Measure[] = [];
  const startup: Measure[] = [];
  for (let i = 0; i < RUNS; i++) {
    floor.push(measure([join(ROOT, 'bench', 'floor.mjs'), file]));
    trace.push(measure([cli, 'trace', file, '--json']));
    startup.push(measure([cli, 'trace', empty, '--json']));
  }
  const schemaMs = schemaCost(file);
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
    'Where the time goes:',
    '',
    `- start-up (\`trace\` of an empty file: loading the SDK's zod schemas, the referee, the CLI): ${median(startup.map((m) => m.ms)).toFixed(0)} ms;`,
    `- validating every message with the SDK's zod schemas, measured alone in-process: ${schemaMs.toFixed(0)} ms;`,
    "- the rest is reading, parsing, the referee's rules and writing the labels.",
    '',
    'Every message is checked against the official schemas and every rule, so the tracer cannot',
    'reach the floor of a bare `JSON.parse`; memory stays flat because the input is streamed and the',
    "one-pass referee keeps only each request's and token's latest state.",
    '',
  ].join('\n');
  writeSection('trace', section);
  process.stdout.write(`${section}\n`);
}

/** In-process cost of the SDK schema checks alone, over the same messages (second run: warm). */
function schemaCost(file: string): number {
  const messages = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { message: Record<string, unknown> }).message);
  const methods = new Map<unknown, MethodName>();
  let took = 0;
  for (let round = 0; round < 2; round++) {
    const start = performance.now();
    for (const m of messages) {
      if (typeof m.method === 'string' && isCatalogued(m.method)) {
        checkParams(m.method, m.params as Record<string, unknown> | undefined);
        if ('id' in m) methods.set(m.id, m.method);
      } else if (m.result) {
        const method = methods.get(m.id);
        if (method) checkResult(method, m.result as Record<string, unknown>);
      }
    }
    took = performance.now() - start;
  }
  return took;
}

await main();
