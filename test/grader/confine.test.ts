import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gradeExercise } from '../../src/grader/index.js';
import { ROOT } from '../helpers/cli.js';
import { cli, learner, meta, solution, workspace } from './helpers.js';

// Each attack of issue 14, graded for real: the learner's code in a confined child process.
const ID = '04-version-negotiation';
const MARK = `mcp-sim-attack-${process.pid}-${Date.now()}`;

function attack(name: string, kind = ''): string {
  return readFileSync(join(ROOT, 'test', 'fixtures', 'attacks', `${name}.ts`), 'utf8')
    .replaceAll('__ROOT__', ROOT)
    .replaceAll('__MARK__', MARK)
    .replaceAll('__KIND__', kind);
}

const graded = (text: string) =>
  gradeExercise(meta(ID), { dir: workspace(ID, { 'versions.ts': text }), seed: 1 });

// What the attacks' own wrong functions earn without the attack: what they deserve.
const WRONG =
  "export const chooseVersion = (): string => 'no solution';\nexport const acceptVersion = (): boolean => false;\n";
let deserved = -1;
beforeAll(async () => {
  deserved = (await graded(WRONG)).points;
  // Below full marks, so an attack that worked would show.
  expect(deserved).toBeLessThan(8);
});

/** Processes whose command line carries the mark: what an attack started and left running. */
function survivors(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(MARK);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

const planted = join(ROOT, 'dist', `.planted-${MARK}`);
afterAll(() => {
  // Only when an attack succeeded (on a grader without confinement): leave nothing behind.
  for (const pid of survivors()) process.kill(pid, 'SIGKILL');
  rmSync(planted, { force: true });
});

describe.skipIf(process.platform !== 'linux')('confined learner code', () => {
  it('cannot read the reference solutions or the grader’s files', async () => {
    const result = await graded(attack('steal-solution'));
    expect(result.points).toBe(deserved);
  });

  it('cannot read outside its folder through a symbolic link it commits: the folder is refused', async () => {
    const dir = workspace(ID, { 'versions.ts': attack('read-through-link') });
    symlinkSync('/', join(dir, 'root'));
    const result = await gradeExercise(meta(ID), { dir, seed: 1 });
    expect(result).toMatchObject({ points: 0, status: 'error' });
    expect(result.checks[0]?.message.en).toMatch(/^root: a symbolic link in the exercise folder/);
    expect(result.checks[0]?.message.zh).toMatch(/^root：练习文件夹中有符号链接/);
  });

  it('the quiz refuses an answers.yaml that is a symbolic link, with the same one-line message', async () => {
    const quiz = '07-capability-quiz';
    const elsewhere = workspace(quiz, 'solution');
    const dir = workspace(quiz, 'starter');
    rmSync(join(dir, 'answers.yaml'));
    symlinkSync(join(elsewhere, 'answers.yaml'), join(dir, 'answers.yaml'));
    const result = await gradeExercise(meta(quiz), { dir, seed: 1 });
    expect(result).toMatchObject({ points: 0, status: 'error' });
    const message = result.checks[0]?.message.en ?? '';
    expect(message).toMatch(/^answers\.yaml: a symbolic link in the exercise folder/);
    expect(message.split('\n')).toHaveLength(1);
    expect(result.checks[0]?.message.zh).toMatch(/^answers\.yaml：练习文件夹中有符号链接/);
  });

  it('cannot bundle a module from outside its folder: a load error, located', async () => {
    const result = await graded(attack('import-solution'));
    expect(result).toMatchObject({ points: 0, status: 'error' });
    expect(result.checks[0]?.message.en).toMatch(
      /^versions\.ts:\d+:\d+: .*versions\.ts is outside the exercise folder/,
    );
  });

  it('starts no process or worker, plants no file, sees no environment; nothing survives', async () => {
    const result = await graded(attack('escape'));
    expect(result.points).toBe(deserved);
    expect(existsSync(planted)).toBe(false);
    await vi.waitFor(() => expect(survivors()).toEqual([]), { timeout: 3000 });
  });

  it.each(['null', 'number', 'unknown', 'huge'])(
    'a malformed IPC message (%s) makes the exercise an error, on one line',
    async (kind) => {
      const result = await graded(attack('garbage-ipc', kind));
      expect(result).toMatchObject({ points: 0, status: 'error' });
      const message = result.checks[0]?.message.en ?? '';
      expect(message).toMatch(/sent the grader (a malformed message|a message of \d+ characters)/);
      expect(message.split('\n')).toHaveLength(1);
      expect(message.length).toBeLessThan(400);
    },
  );
});

describe.skipIf(process.platform !== 'linux')('a report learner code cannot forge or break', () => {
  it('the grader’s stdout and stderr are out of reach, and it cannot be killed', async () => {
    const cwd = learner({ [ID]: { 'versions.ts': attack('forge-report') } });
    const { code, stdout, stderr } = await cli(cwd, ['check', '4', '--json']);
    expect(stdout + stderr).not.toContain(MARK);
    expect(code).toBe(1);
    // A report on stdout; when there is none, what the run said instead is the failure's message.
    expect(stdout.trim(), stderr).not.toBe('');
    expect(JSON.parse(stdout)).toMatchObject({ points: deserved, maxPoints: 8 });
  });

  it('one exercise’s garbage on the channel leaves the others graded', async () => {
    const cwd = learner({
      [ID]: { 'versions.ts': attack('garbage-ipc', 'null') },
      '02-server-without-list-changed': {
        'server.ts': solution('02-server-without-list-changed', 'server.ts'),
      },
    });
    const { code, stdout, stderr } = await cli(cwd, ['check', '--json']);
    expect(code).toBe(1);
    expect(stdout.trim(), stderr).not.toBe('');
    const report = JSON.parse(stdout) as { exercises: Array<{ id: string; status: string }> };
    expect(report.exercises).toHaveLength(10);
    expect(report.exercises.find((e) => e.id === ID)?.status).toBe('error');
    expect(report.exercises.find((e) => e.id === '02-server-without-list-changed')).toMatchObject({
      status: 'passed',
    });
  });
});

/** The pids whose parent is `parent`, from /proc. */
function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return new RegExp(`^PPid:\\s+${parent}$`, 'm').test(
          readFileSync(`/proc/${pid}/status`, 'utf8'),
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

describe.skipIf(process.platform !== 'linux')('a grader stopped by a signal', () => {
  it('takes the learner’s process group with it, and its private folder', {
    timeout: 30_000,
  }, async () => {
    const cwd = learner({ [ID]: { 'versions.ts': 'while (true) {}\nexport {};\n' } });
    // A temp folder of the grader's own: what it leaves there, it left behind.
    const temp = mkdtempSync(join(tmpdir(), 'mcp-sim-signal-'));
    const grader = spawn(process.execPath, [join(ROOT, 'dist', 'cli', 'main.js'), 'check', '4'], {
      cwd,
      stdio: 'ignore',
      env: { ...process.env, TMPDIR: temp, TEMP: temp, TMP: temp },
    });
    let learners: number[] = [];
    await vi.waitFor(
      () => {
        // The confined learner's process, not esbuild's service (which ends with the grader).
        learners = childrenOf(grader.pid ?? -1).filter((pid) =>
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('permission'),
        );
        expect(learners.length).toBeGreaterThan(0);
      },
      { timeout: 8000, interval: 50 },
    );
    const exited = new Promise((done) => grader.on('exit', (_code, signal) => done(signal)));
    grader.kill('SIGTERM');
    expect(await exited).toBe('SIGTERM');
    // Generous: on a loaded machine (two cores, CI running beside other work) the kill and the
    // kernel's clean-up of the group can take seconds to be scheduled.
    await vi.waitFor(() => expect(learners.filter(alive)).toEqual([]), { timeout: 10_000 });
    expect(readdirSync(temp)).toEqual([]);
    rmSync(temp, { recursive: true });
  });
});
