/**
 * `npx tsx bench/start-cost.ts [--compare <other checkout>] [--runs <n>]`: what one spawned CLI
 * costs from start to exit for the short commands a learner, a test or an autograder runs many
 * times: `trace --json` of a small transcript of three revisions, `connect --json` to a bare echo
 * server, `check --json` of one exercise (its reference solution). With --compare, that checkout's
 * build (`before`) and this one's (`after`) run interleaved, run by run, and the table gives both
 * medians and their ratio. Written for the precompiled official schemas (dist/validators/).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Build, buildsToMeasure } from './builds.js';
import { writeSection } from './write-section.js';

const ROOT = join(import.meta.dirname, '..');
const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(flag('--runs') ?? 9);
const builds = buildsToMeasure(flag('--compare'));

type Case = { readonly label: string; readonly args: readonly string[] };
const fixture = (...path: string[]) => join(ROOT, 'test', 'fixtures', ...path);
const CASES: readonly Case[] = [
  {
    label: '`trace --json`, 2026-07-28 (real/v2-modern.jsonl, 32 lines)',
    args: ['trace', fixture('real', 'v2-modern.jsonl'), '--json'],
  },
  {
    label: '`trace --json`, 2025-11-25 (real/everything-basics.jsonl, 20 lines)',
    args: ['trace', fixture('real', 'everything-basics.jsonl'), '--json'],
  },
  {
    label: '`trace --json`, 2025-06-18 (samples/first-session.jsonl, 10 lines)',
    args: ['trace', fixture('samples', 'first-session.jsonl'), '--json'],
  },
  {
    label: '`connect --json` to bench/echo-server.mjs (2026-07-28)',
    args: ['connect', '--json', '--', process.execPath, join(ROOT, 'bench', 'echo-server.mjs')],
  },
  {
    label: '`check 08-dual-era-server --json` (reference solution)',
    args: ['check', '08-dual-era-server', '--json', '--seed', '1'],
  },
];

// The exercises with their reference solutions, in a folder of the bench's own (progress lands there).
const cwd = mkdtempSync(join(tmpdir(), 'mcp-sim-bench-start-'));
cpSync(join(ROOT, 'exercises'), join(cwd, 'exercises'), { recursive: true });
cpSync(join(ROOT, 'test', 'solutions'), join(cwd, 'exercises'), { recursive: true });
const usageFile = join(cwd, 'usage.json');

type Sample = { readonly wallMs: number; readonly cpuMs: number; readonly stdout: string };

function once(build: Build, c: Case): Sample {
  const start = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    ['--import', join(ROOT, 'bench', 'report-usage.mjs'), build.cli, ...c.args],
    { cwd, env: { ...process.env, NO_COLOR: '1', BENCH_USAGE_FILE: usageFile }, encoding: 'utf8' },
  );
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const { cpuMs } = JSON.parse(readFileSync(usageFile, 'utf8')) as { cpuMs: number };
  return { wallMs, cpuMs, stdout: run.stdout };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const rows: string[] = [];
const sameOutput: string[] = [];
for (const c of CASES) {
  const samples = new Map<string, Sample[]>(builds.map((b) => [b.label, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const b of builds) samples.get(b.label)?.push(once(b, c));
  }
  const figures = builds.map((b) => {
    const list = samples.get(b.label) ?? [];
    return { wall: median(list.map((s) => s.wallMs)), cpu: median(list.map((s) => s.cpuMs)) };
  });
  const cells = figures.map((f) => `${Math.round(f.wall)} ms | ${Math.round(f.cpu)} ms`);
  const [before, after] = figures;
  const ratio =
    before && after
      ? ` | ${(after.wall / before.wall).toFixed(2)}× | ${(after.cpu / before.cpu).toFixed(2)}×`
      : '';
  rows.push(`| ${c.label} | ${cells.join(' | ')}${ratio} |`);
  if (builds.length === 2) {
    // `check` prints the time it took and `connect` the server's timing; the verdicts must match.
    const strip = (s: string) => s.replace(/"(durationMs|ms|elapsedMs|t_ms)":\d+(\.\d+)?/g, '');
    const outs = builds.map((b) => strip(samples.get(b.label)?.[0]?.stdout ?? ''));
    sameOutput.push(`${c.label}: ${outs[0] === outs[1] ? 'same output' : 'OUTPUT DIFFERS'}`);
  }
}
rmSync(cwd, { recursive: true, force: true });

const validators = join(ROOT, 'dist', 'validators');
const modules = readdirSync(validators)
  .map((f) => `${f} ${Math.round(statSync(join(validators, f)).size / 1000)} kB`)
  .join(', ');
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');

const head =
  builds.length === 2
    ? '| command | before: wall | before: CPU | after: wall | after: CPU | wall after/before | CPU after/before |\n|---|---|---|---|---|---|---|'
    : '| command | wall | CPU |\n|---|---|---|';
const body = `## Start cost of a spawned CLI: precompiled official schemas

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'CPU'}, Node ${process.version}; \`npx tsx bench/start-cost.ts${builds.length === 2 ? ' --compare <checkout before>' : ''}\`.
Each figure is the median of ${RUNS} runs of \`node dist/cli/main.js …\` as a child process, ${builds.length === 2 ? 'the two builds interleaved run by run; ' : ''}wall time from spawn to exit, and CPU time (user + system) of the CLI process alone (bench/report-usage.mjs; not the server \`connect\` starts).

${head}
${rows.join('\n')}

${sameOutput.map((s) => `- ${s}`).join('\n')}

Load average at the end: ${load} (the machine is shared: CPU time is the steadier figure).

- **What changed.** The build (scripts/gen-validators.ts) turns the four official schemas the referee checks with Ajv into Ajv's standalone code, one minified ES module per revision in dist/validators/ (${modules}). A CLI loads only the module of its session's revision, on the first message it checks; before, it loaded Ajv and compiled each definition it needed at run time (about 220 ms of a modern trace; see the trace section).
- **2025-11-25 is the control:** its messages are judged with the SDK's zod schemas, not Ajv, so it should not move.
- **Same verdicts:** test/protocol/precompiled-schemas.test.ts runs both validators of every definition on every envelope of the lesson-json fixtures and of the recorded transcripts, the objects in them and broken copies, and compares verdicts, Ajv's errors and the referee's issues in English and Chinese; the outputs above are compared too.
`;
console.log(body);
if (!process.argv.includes('--no-write')) writeSection('start-cost', body);
