import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, EXERCISES, learner, metas, solution, tempDir } from './helpers.js';

const versions = solution('04-version-negotiation', 'versions.ts');
const total = metas.reduce((sum, m) => sum + m.points, 0);

describe('check --output', () => {
  it('writes the chosen format to the file, atomically, and the text report to the terminal', async () => {
    const cwd = learner({ '04-version-negotiation': { 'versions.ts': versions } });
    const out = join(tempDir('mcp-sim-out-'), 'results.json');
    const run = await cli(cwd, ['check', '4', '--format', 'exercism', '--output', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ version: 3, status: 'pass' });
    expect(run.stdout).not.toContain('"version"');
    expect(run.stdout).toContain('04-version-negotiation');
    // No temp file is left beside it.
    expect(readdirSync(join(out, '..'))).toEqual(['results.json']);
  });

  it('replaces what the learner’s code printed to stdout as a forged report', async () => {
    // The untouched starter (it fails), printing a full-marks report as it loads.
    const forged = JSON.stringify({ version: 3, status: 'pass', tests: [] });
    const starter = readFileSync(join(EXERCISES, '04-version-negotiation', 'versions.ts'), 'utf8');
    const cheat = `process.stdout.write(${JSON.stringify(forged)});\n${starter}`;
    const cwd = learner({ '04-version-negotiation': { 'versions.ts': cheat } });
    const out = join(tempDir('mcp-sim-out-'), 'results.json');
    const run = await cli(cwd, ['check', '4', '--format', 'exercism', '--output', out]);
    expect(run.code).toBe(1);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.status).not.toBe('pass');
    expect(report.tests.length).toBeGreaterThan(0);
  });

  it('writes into a pipe or a device in place: the FIFO a grader reads stays a FIFO', async () => {
    const cwd = learner();
    const fifo = join(tempDir('mcp-sim-out-'), 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    // The reader waits on the FIFO; a report renamed over it would never reach it.
    const reader = spawn('cat', [fifo]);
    let read = '';
    reader.stdout.on('data', (chunk) => {
      read += chunk;
    });
    const done = new Promise((resolve) => reader.on('close', resolve));
    const run = await cli(cwd, ['check', '7', '--format', 'classroom', '--output', fifo]);
    const stillFifo = statSync(fifo).isFIFO();
    if (!stillFifo) reader.kill();
    await done;
    expect(stillFifo).toBe(true);
    expect(run.code).toBe(1);
    expect(JSON.parse(read)).toMatchObject({ max_score: expect.any(Number) });
    expect(readdirSync(join(fifo, '..'))).toEqual(['report.fifo']);
  });

  it('an unwritable file is one line and exit 2', async () => {
    const cwd = learner();
    const out = join(tempDir('mcp-sim-out-'), 'no-such-folder', 'results.json');
    const run = await cli(cwd, ['check', '7', '--output', out]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('no-such-folder/results.json: cannot write the report');
    // The folder to make, not the temp file the report is first written to.
    expect(run.stderr).toContain(`(ENOENT: no folder ${join(out, '..')})`);
    expect(run.stderr).not.toMatch(/\.tmp/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
  it('an unwritable --output is found before grading: nothing graded, nothing saved', async () => {
    const cwd = learner();
    const folder = tempDir('mcp-sim-out-');
    for (const [out, why] of [
      [
        join(folder, 'no-such-folder', 'results.json'),
        `ENOENT: no folder ${join(folder, 'no-such-folder')}`,
      ],
      [folder, 'EISDIR: it is a folder'],
    ] as const) {
      const run = await cli(cwd, ['check', '7', '--output', out]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`mcp-sim: ${out}: cannot write the report (${why})\n`);
      expect(run.stdout).toBe('');
      expect(existsSync(join(cwd, '.mcp-sim', 'progress.json'))).toBe(false);
    }
    expect(readdirSync(folder)).toEqual([]);
    const empty = await cli(cwd, ['check', '7', '--output', '']);
    expect(empty.stderr).toBe('mcp-sim: --output needs a value\n');
    expect(empty.code).toBe(2);
  });
});

describe('a missing exercise folder', () => {
  it('still gives a full report, that exercise as error', async () => {
    const cwd = learner({ '04-version-negotiation': { 'versions.ts': versions } });
    rmSync(join(cwd, 'exercises', '02-server-without-list-changed'), { recursive: true });
    const out = join(tempDir('mcp-sim-out-'), 'classroom.json');
    const run = await cli(cwd, ['check', '--format', 'classroom', '--output', out]);
    expect(run.code).toBe(1);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.max_score).toBe(total);
    const missing = report.tests.filter((t: { name: string }) => t.name.startsWith('02-'));
    expect(missing.length).toBe(metas.find((m) => m.id.startsWith('02-'))?.points);
    expect(missing[0]).toMatchObject({ status: 'error', score: 0 });
    expect(missing[0].message).toContain('no such exercise folder');
    const passed = report.tests.filter((t: { name: string }) => t.name.startsWith('04-'));
    expect(passed.every((t: { status: string }) => t.status === 'pass')).toBe(true);
  }, 60_000);

  it('with no exercises/ at all, --output still records every exercise as error', async () => {
    const cwd = tempDir('mcp-sim-empty-');
    const out = join(cwd, 'results.json');
    const run = await cli(cwd, ['check', '--format', 'exercism', '--output', out, '--lang', 'zh']);
    expect(run.code).toBe(1);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.status).toBe('error');
    expect(report.message.split('\n')).toHaveLength(metas.length);
    expect(report.message).toContain('没有这个练习文件夹');
    expect(existsSync(join(cwd, 'exercises'))).toBe(false);
  });
});
