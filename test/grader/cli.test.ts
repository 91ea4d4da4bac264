import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type CliResult, ROOT } from '../helpers/cli.js';
import {
  cli,
  EXERCISES,
  learner,
  metas,
  patch,
  SOLUTIONS,
  solution,
  tempDir,
  watching,
} from './helpers.js';

const versions = solution('04-version-negotiation', 'versions.ts');
// A correct solution that prints to stdout and stderr while it runs.
const noisy = patch(
  versions,
  'if (supported.includes(requested)) return requested;',
  "console.log('{\"not\": \"json\"'); process.stdout.write('chooseVersion called\\n'); console.error('debug');\n  if (supported.includes(requested)) return requested;",
);

describe('mcp-sim exercises', () => {
  it('lists every exercise, each with its folder and its reference solution', async () => {
    const { code, stdout } = await cli(ROOT, ['exercises', '--json']);
    expect(code).toBe(0);
    const { exercises } = JSON.parse(stdout) as {
      exercises: Array<{ id: string; maxPoints: number }>;
    };
    expect(exercises).toHaveLength(10);
    for (const { id } of exercises) {
      expect(existsSync(join(ROOT, 'exercises', id)), id).toBe(true);
      expect(existsSync(join(SOLUTIONS, id)), id).toBe(true);
    }
  });

  it('shows only what check can have recorded: a hand-edited 999/12 or a pass without the points is no result', async () => {
    const cwd = learner();
    mkdirSync(join(cwd, '.mcp-sim'));
    const record = (points: number, maxPoints: number, passed: boolean) => ({
      passed,
      points,
      maxPoints,
    });
    writeFileSync(
      join(cwd, '.mcp-sim', 'progress.json'),
      JSON.stringify({
        exercises: {
          '08-dual-era-server': record(999, 12, true),
          '04-version-negotiation': record(3, 8, true),
          '02-server-without-list-changed': record(5, 9, false),
          '03-client-without-sampling': record(5, 99, false),
          '01-progress': record(13, 13, true),
        },
      }),
    );
    const { stdout } = await cli(cwd, ['exercises', '--json']);
    const rows = (
      JSON.parse(stdout) as { exercises: Array<{ id: string; status: string; points: number }> }
    ).exercises;
    const row = (id: string) => rows.find((r) => r.id === id);
    expect(row('08-dual-era-server')).toMatchObject({ status: 'new', points: 0 });
    expect(row('04-version-negotiation')).toMatchObject({ status: 'new', points: 0 });
    expect(row('01-progress')).toMatchObject({ status: 'passed', points: 13 });
    expect(metas.find((m) => m.id === '02-server-without-list-changed')?.points).toBe(9);
    expect(row('02-server-without-list-changed')).toMatchObject({ status: 'failed', points: 5 });
    // Another maximum than the exercise's own.
    expect(row('03-client-without-sampling')).toMatchObject({ status: 'new', points: 0 });
  });

  it('an error the learner’s code throws names its .ts file and line, in the report and for Classroom', async () => {
    const thrower = [
      "import type { SessionStats, WireMessage } from './mcp-sim.js';",
      '',
      'export function sessionStats(messages: readonly WireMessage[]): SessionStats {',
      '  const first = messages[0] as unknown as { nothing: { requests: number } };',
      '  return { requests: first.nothing.requests } as unknown as SessionStats;',
      '}',
    ].join('\n');
    const cwd = learner({ '05-session-stats': { 'stats.ts': thrower } });
    const text = await cli(cwd, ['check', '5']);
    expect(text.stdout).toMatch(
      /\(threw\) TypeError: Cannot read properties of undefined \(reading 'requests'\) \(at stats\.ts:5:\d+\)/,
    );
    const classroom = await cli(cwd, ['check', '5', '--format', 'classroom']);
    const tests = (
      JSON.parse(classroom.stdout) as { tests: Array<{ filename: string; line_no: number }> }
    ).tests;
    expect(tests[0]).toMatchObject({ filename: 'exercises/05-session-stats/stats.ts', line_no: 5 });
  });

  it('--init copies the exercises into the working directory', async () => {
    const cwd = tempDir('mcp-sim-init-');
    const first = await cli(cwd, ['exercises', '--init']);
    expect(first.code).toBe(0);
    expect(existsSync(join(cwd, 'exercises', '01-progress', 'long-task.ts'))).toBe(true);
    expect(existsSync(join(cwd, 'exercises', 'recordings', 'everything-basics.jsonl'))).toBe(true);
    const list = await cli(cwd, ['exercises']);
    expect(list.stdout).toContain('Edit the files in exercises/<id>/');
  });

  it('--init --json says in JSON what it copied and where, and what it left as it was', async () => {
    const cwd = tempDir('mcp-sim-init-json-');
    const entries = readdirSync(EXERCISES).sort();
    cpSync(join(EXERCISES, '01-progress'), join(cwd, 'exercises', '01-progress'), {
      recursive: true,
    });
    writeFileSync(join(cwd, 'exercises', '01-progress', 'long-task.ts'), '// mine\n');
    const first = await cli(cwd, ['exercises', '--init', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      folder: join(cwd, 'exercises'),
      created: entries.filter((e) => e !== '01-progress'),
      kept: ['01-progress'],
    });
    expect(readFileSync(join(cwd, 'exercises', '01-progress', 'long-task.ts'), 'utf8')).toBe(
      '// mine\n',
    );
    const again = await cli(cwd, ['exercises', '--init', '--json']);
    expect(JSON.parse(again.stdout)).toEqual({
      folder: join(cwd, 'exercises'),
      created: [],
      kept: entries,
    });
    // In mcp-sim's own checkout the exercises are already there: nothing is copied.
    const home = await cli(ROOT, ['exercises', '--init', '--json']);
    expect(JSON.parse(home.stdout)).toEqual({ folder: EXERCISES, created: [], kept: entries });
  });
});

describe('mcp-sim check in a learner folder', () => {
  let cwd: string;
  let json: CliResult & { ms: number };

  beforeAll(async () => {
    cwd = learner({ '04-version-negotiation': { 'versions.ts': noisy } });
    json = await cli(cwd, ['check', '4', '--json']);
  });

  it('keeps --json valid while the learner’s code prints to stdout', () => {
    expect(json.code, json.stderr).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed).toMatchObject({ points: 8, maxPoints: 8 });
    expect(parsed.exercises[0]).toMatchObject({ id: '04-version-negotiation', status: 'passed' });
    expect(json.stdout).not.toContain('chooseVersion called');
    expect(json.stderr).not.toContain('debug');
  });

  it('saves passed and points in .mcp-sim/progress.json; solution says where the reference is', async () => {
    const progress = JSON.parse(readFileSync(join(cwd, '.mcp-sim', 'progress.json'), 'utf8'));
    expect(progress.exercises['04-version-negotiation']).toEqual({
      passed: true,
      points: 8,
      maxPoints: 8,
    });
    const shown = await cli(cwd, ['solution', '04-version-negotiation']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('test/solutions/04-version-negotiation/  versions.ts');
    expect(shown.stdout).not.toContain('[...supported].sort().at(-1)');
    expect(shown.stdout).not.toContain('01-progress');
    const every = await cli(cwd, ['solution', '--lang', 'zh']);
    expect(every.code).toBe(0);
    expect(every.stdout).toContain('参考答案不在安装的 mcp-sim 中');
    expect(every.stdout.match(/^ {2}test\/solutions\//gm)).toHaveLength(metas.length);
    expect((await cli(cwd, ['solution', '99'])).code).toBe(2);
  });

  it('gives the next hint each time, then all with --all', async () => {
    const first = await cli(cwd, ['hint', '2']);
    const second = await cli(cwd, ['hint', '2']);
    const third = await cli(cwd, ['hint', '2']);
    expect(first.stdout).toMatch(/^Hint 1\/2/);
    expect(second.stdout).toMatch(/^Hint 2\/2/);
    expect(third.stdout).toMatch(/^Hint 2\/2[\s\S]*last hint/);
    const all = await cli(cwd, ['hint', '2', '--all', '--lang', 'zh']);
    expect(all.stdout).toMatch(/提示 1\/2[\s\S]*提示 2\/2/);
  });

  it('a hand-edited hints.json (a negative, fractional or non-number position) starts the hints over', async () => {
    const dir = learner();
    mkdirSync(join(dir, '.mcp-sim'), { recursive: true });
    writeFileSync(
      join(dir, '.mcp-sim', 'hints.json'),
      JSON.stringify({ '01-progress': -3, '04-version-negotiation': 'x', '05-session-stats': 0.5 }),
    );
    for (const id of ['1', '4', '5']) {
      const run = await cli(dir, ['hint', id]);
      expect(run.stdout, id).toMatch(/^Hint 1\/\d/);
      expect(run.code).toBe(0);
    }
  });

  it('prints the Classroom and Exercism formats, and exits 1 when a check fails', async () => {
    const classroom = await cli(cwd, ['check', '7', '--format', 'classroom']);
    expect(classroom.code).toBe(1);
    const result = JSON.parse(classroom.stdout);
    expect(result).toMatchObject({ version: 1, status: 'fail', max_score: 20 });
    expect(result.tests[0]).toMatchObject({ score: 0 });
    expect(result.tests[0].name).toMatch(/^07-capability-quiz › q1\b/);
    expect(result.tests).toHaveLength(20);
    const exercism = await cli(cwd, ['check', '7', '--format', 'exercism', '--lang', 'zh']);
    const results = JSON.parse(exercism.stdout);
    expect(results).toMatchObject({ version: 3, status: 'fail' });
    expect(results.tests[0]).toMatchObject({ status: 'fail', message: '尚未作答', task_id: 7 });
    // Its folder's number, whatever exercises sit before it.
    const era = JSON.parse((await cli(cwd, ['check', '10', '--format', 'exercism'])).stdout);
    expect(era.tests[0]).toMatchObject({ status: 'fail', task_id: 10 });
  });

  it('reports usage errors with exit code 2', async () => {
    expect((await cli(cwd, ['check', 'nope'])).code).toBe(2);
    expect((await cli(cwd, ['check', '--format', 'tap'])).code).toBe(2);
    expect((await cli(cwd, ['hint'])).code).toBe(2);
  });
});

describe('where mcp-sim check looks for the exercises', () => {
  it('from inside an exercise’s folder, the learner’s copy, with progress next to exercises/', async () => {
    const cwd = learner({ '04-version-negotiation': { 'versions.ts': versions } });
    const inside = join(cwd, 'exercises', '04-version-negotiation');
    const run = await cli(inside, ['check', '4', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ points: 8, maxPoints: 8 });
    expect(existsSync(join(inside, '.mcp-sim'))).toBe(false);
    const progress = JSON.parse(readFileSync(join(cwd, '.mcp-sim', 'progress.json'), 'utf8'));
    expect(progress.exercises['04-version-negotiation']).toMatchObject({ passed: true });
  });

  it('nowhere up from the working directory: one line, exit 2, and nothing written', async () => {
    const cwd = tempDir('mcp-sim-nowhere-');
    for (const lang of ['en', 'zh']) {
      const run = await cli(cwd, ['check', '4', '--lang', lang]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain('mcp-sim exercises --init');
    }
    expect(existsSync(join(cwd, '.mcp-sim'))).toBe(false);
  });
});

describe('mcp-sim check, everything', () => {
  it('passes every reference solution in isolated processes, with full points', async () => {
    const cwd = tempDir('mcp-sim-all-');
    cpSync(EXERCISES, join(cwd, 'exercises'), { recursive: true });
    cpSync(SOLUTIONS, join(cwd, 'exercises'), { recursive: true });
    const run = await cli(cwd, ['check', '--json']);
    const parsed = JSON.parse(run.stdout);
    expect(parsed.exercises.filter((e: { status: string }) => e.status !== 'passed')).toEqual([]);
    expect(parsed.points).toBe(parsed.maxPoints);
    expect(run.code).toBe(0);
  });

  it('--watch checks again when a learner file is saved', async () => {
    const cwd = learner();
    const watch = watching(cwd, ['7']);
    let code: number | null;
    try {
      await vi.waitFor(() => expect(watch.out()).toContain('Watching for changes'), {
        timeout: 10_000,
      });
      expect(watch.out()).toContain('Points 0/20');
      writeFileSync(
        join(cwd, 'exercises', '07-capability-quiz', 'answers.yaml'),
        solution('07-capability-quiz', 'answers.yaml'),
      );
      await vi.waitFor(() => expect(watch.out()).toContain('Points 20/20'), { timeout: 10_000 });
    } finally {
      code = await watch.stop();
    }
    expect(code).toBe(0);
  });
});

describe('check --watch and the files a module imports', () => {
  it.each([
    ['beside the exercise', 'helper.ts'],
    ['in a folder under the exercise', 'lib/helper.ts'],
  ])('checks again when a helper the module imports is saved, %s (%s)', async (_where, helper) => {
    const id = '04-version-negotiation';
    const from = `./${helper.replace(/\.ts$/, '.js')}`;
    const versions = patch(
      patch(solution(id, 'versions.ts'), /^/, `import { latestOf } from '${from}';\n`),
      /^export function chooseVersion\(/m,
      'export const _helper = latestOf;\nexport function chooseVersion(',
    );
    const cwd = learner({
      [id]: {
        'versions.ts': versions,
        // A helper that is wrong but unused, then made to break the module: a save must be seen.
        [helper]: 'export const latestOf = (s: readonly string[]) => s[0];\n',
      },
    });
    const watch = watching(cwd, ['4']);
    let code: number | null;
    try {
      await vi.waitFor(() => expect(watch.out()).toContain('Watching for changes'), {
        timeout: 10_000,
      });
      expect(watch.out()).toContain('Points 8/8');
      writeFileSync(join(cwd, 'exercises', id, helper), 'export const latestOf = ;\n');
      await vi.waitFor(() => expect(watch.out()).toContain('Points 0/8'), { timeout: 10_000 });
      expect(watch.out()).toMatch(/helper\.ts:1:\d+: /);
    } finally {
      code = await watch.stop();
    }
    expect(code).toBe(1);
  });
});

describe('check --watch exits with the latest state of everything watched', () => {
  it('Ctrl-C before any change, on a passing exercise: 0', async () => {
    const cwd = learner({
      '07-capability-quiz': { 'answers.yaml': solution('07-capability-quiz', 'answers.yaml') },
    });
    const watch = watching(cwd, ['7']);
    try {
      await vi.waitFor(() => expect(watch.out()).toContain('Watching for changes'), {
        timeout: 10_000,
      });
      expect(watch.out()).toContain('Points 20/20');
    } finally {
      expect(await watch.stop()).toBe(0);
    }
  });

  it('the whole course: one exercise fixed while the others still fail: 1', async () => {
    const cwd = learner();
    const watch = watching(cwd, []);
    try {
      await vi.waitFor(() => expect(watch.out()).toContain('Watching for changes'), {
        timeout: 20_000,
      });
      writeFileSync(
        join(cwd, 'exercises', '07-capability-quiz', 'answers.yaml'),
        solution('07-capability-quiz', 'answers.yaml'),
      );
      await vi.waitFor(() => expect(watch.out()).toContain('Points 20/20'), { timeout: 10_000 });
    } finally {
      expect(await watch.stop()).toBe(1);
    }
  });
});

describe('isolation of the learner’s code', () => {
  it('stops an endless loop within seconds and reports it; the other exercises still run', async () => {
    const stats = solution('05-session-stats', 'stats.ts');
    const looping = patch(
      stats,
      'let initialized = false;',
      'let initialized = false;\n  while (messages.length > 0) {}',
    );
    const cwd = learner({
      '05-session-stats': { 'stats.ts': looping },
      '04-version-negotiation': { 'versions.ts': versions },
    });
    const run = await cli(cwd, ['check', '--json']);
    expect(run.code).toBe(1);
    const parsed = JSON.parse(run.stdout);
    const looped = parsed.exercises.find((e: { id: string }) => e.id === '05-session-stats');
    expect(looped.status).toBe('error');
    expect(looped.checks[0].message).toMatch(/did not finish within 3 s and was stopped/);
    const other = parsed.exercises.find((e: { id: string }) => e.id === '04-version-negotiation');
    expect(other.status).toBe('passed');
    expect(run.ms).toBeLessThan(15_000);
  });

  it('reports code that does not compile once, in one located line, and gives Classroom its line', async () => {
    const broken = patch(
      versions,
      'return supported.includes(answered);',
      'return supported.includes(answered;',
    );
    const line = broken.split('\n').findIndex((l) => l.includes('includes(answered;')) + 1;
    const column = (broken.split('\n')[line - 1] ?? '').indexOf(';') + 1;
    const cwd = learner({ '04-version-negotiation': { 'versions.ts': broken } });
    const run = await cli(cwd, ['check', '4']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/could not run/);
    const where = `versions.ts:${line}:${column}: Expected ")" but found ";"`;
    const shown = run.stdout.split('\n').filter((l) => l.includes('versions.ts:'));
    expect(shown.map((l) => l.trim())).toEqual([where]);
    expect(run.stdout).not.toMatch(/TransformError|Transform failed|ERROR:/);
    expect(run.stdout).not.toContain(cwd);
    const classroom = JSON.parse((await cli(cwd, ['check', '4', '--format', 'classroom'])).stdout);
    for (const test of classroom.tests) {
      expect(test).toMatchObject({
        status: 'error',
        message: where,
        filename: 'exercises/04-version-negotiation/versions.ts',
        line_no: line,
      });
    }
  });
});
