/**
 * `npx tsx bench/grader.ts`: times `mcp-sim check --json` of every exercise, the way a learner
 * or an autograder runs it (the built CLI, each exercise's code in its own child process), on the
 * untouched starters and on the reference solutions, and writes the figures to
 * docs/benchmarks.md. Target (issue 5): ≤ 10 s for all exercises on this 2-core machine.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSection } from './write-section.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const RUNS = 5;
const TARGET_MS = 10_000;

if (!existsSync(CLI))
  spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });

function learnerFolder(withSolutions: boolean): string {
  const cwd = mkdtempSync(join(tmpdir(), 'mcp-sim-bench-grader-'));
  cpSync(join(ROOT, 'exercises'), join(cwd, 'exercises'), { recursive: true });
  if (withSolutions)
    cpSync(join(ROOT, 'test', 'solutions'), join(cwd, 'exercises'), { recursive: true });
  return cwd;
}

type Run = { ms: number; points: number; maxPoints: number; passed: number; count: number };

function check(cwd: string): Run {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [CLI, 'check', '--json'], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const parsed = JSON.parse(run.stdout) as {
    points: number;
    maxPoints: number;
    exercises: Array<{ status: string }>;
  };
  return {
    ms,
    points: parsed.points,
    maxPoints: parsed.maxPoints,
    passed: parsed.exercises.filter((e) => e.status === 'passed').length,
    count: parsed.exercises.length,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const folders = { starters: learnerFolder(false), solutions: learnerFolder(true) };
const runs: Record<keyof typeof folders, Run[]> = { starters: [], solutions: [] };
for (let i = 0; i < RUNS; i++) {
  for (const kind of ['starters', 'solutions'] as const) runs[kind].push(check(folders[kind]));
}
for (const cwd of Object.values(folders)) rmSync(cwd, { recursive: true, force: true });

const row = (label: string, list: Run[]) => {
  const first = list[0] as Run;
  const worst = Math.max(...list.map((r) => r.ms));
  return `| ${label} | ${first.passed}/${first.count} passed, ${first.points}/${first.maxPoints} points | ${Math.round(median(list.map((r) => r.ms)))} ms | ${Math.round(worst)} ms |`;
};
const worst = Math.max(...[...runs.starters, ...runs.solutions].map((r) => r.ms));
const body = `## check: all ${runs.solutions[0]?.count ?? 0} exercises

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'CPU'}, Node ${process.version}; \`npx tsx bench/grader.ts\`.
\`node dist/cli/main.js check --json\` in a learner's folder, each exercise's code in its own child
process (tsx, three at a time), ${RUNS} runs of each, interleaved.

| learner's code | result | median wall time | slowest |
|---|---|---|---|
${row('the untouched starters', runs.starters)}
${row('the reference solutions', runs.solutions)}

Target ≤ ${TARGET_MS / 1000} s: ${worst <= TARGET_MS ? 'met' : '**missed**'} (slowest run ${Math.round(worst)} ms).
`;
writeSection('grader', body);
process.stdout.write(body);
