import { describe, expect, it } from 'vitest';
import {
  checkJson,
  classroomJson,
  diffJson,
  type ExerciseResult,
  exercismJson,
  formatDiff,
  textReport,
} from '../../src/grader/index.js';
import { metas } from './helpers.js';

const bi = (text: string) => ({ en: text, zh: `中文 ${text}` });

function result(id: string, status: ExerciseResult['status'], passed: boolean[]): ExerciseResult {
  const checks = passed.map((ok, i) => ({
    name: `c${i + 1}`,
    passed: ok,
    points: ok ? 2 : 0,
    maxPoints: 2,
    message: bi(ok ? 'passed' : 'expected x, saw y'),
    about: bi(`check ${i + 1}`),
  }));
  return {
    id,
    title: bi(id),
    points: checks.reduce((s, c) => s + c.points, 0),
    maxPoints: checks.length * 2,
    status,
    checks,
    display: [],
    output: status === 'error' ? 'x'.repeat(600) : '',
    durationMs: 12,
  };
}

const some = [
  result('01-progress', 'failed', [true, false]),
  result('07-capability-quiz', 'passed', [true]),
];

describe('check --json', () => {
  it('has exactly the keys of DESIGN.md', () => {
    const json = checkJson(some, 'en');
    expect(Object.keys(json)).toEqual(['points', 'maxPoints', 'exercises']);
    expect(json.points).toBe(4);
    expect(json.maxPoints).toBe(6);
    const first = json.exercises[0];
    expect(Object.keys(first ?? {})).toEqual([
      'id',
      'title',
      'points',
      'maxPoints',
      'status',
      'checks',
    ]);
    expect(Object.keys(first?.checks[0] ?? {})).toEqual(['name', 'passed', 'points', 'message']);
    expect(checkJson(some, 'zh').exercises[0]?.checks[1]?.message).toBe('中文 expected x, saw y');
  });
});

/**
 * What autograding-grading-reporter v1 does with a result (src/helpers/test-helpers.js,
 * console-results.js, notify-classroom.js): the total it shows, the total it records, and the
 * lines it prints for each test.
 */
type ClassroomTest = { status: string; score: number; message: string; test_code: string };
const reporter = (json: { max_score: number; tests: readonly ClassroomTest[] }) => ({
  shown:
    (json.tests.filter((t) => t.status === 'pass').length / json.tests.length) * json.max_score,
  recorded: json.tests.reduce((sum, t) => sum + t.score, 0),
  printed: json.tests.map((t) => [t.status === 'error' ? t.message : '', t.test_code].join('\n')),
});

/** Checks of unequal points, as the real rubrics have (3, 2 and 1). */
function uneven(id: string, passed: readonly boolean[]): ExerciseResult {
  const base = result(id, 'failed', [...passed]);
  const checks = base.checks.map((c, i) => {
    const max = [3, 2, 1][i % 3] ?? 1;
    return { ...c, maxPoints: max, points: c.passed ? max : 0 };
  });
  const points = checks.reduce((s, c) => s + c.points, 0);
  const maxPoints = checks.reduce((s, c) => s + c.maxPoints, 0);
  return { ...base, checks, points, maxPoints, status: points === maxPoints ? 'passed' : 'failed' };
}

describe('--format classroom', () => {
  it('is the autograding result object: one test of score 1 per point', () => {
    const json = classroomJson(some, metas, 'en');
    expect(json).toMatchObject({ version: 1, status: 'fail', max_score: 6 });
    expect(json.tests).toHaveLength(6);
    expect(json.tests[0]).toEqual({
      name: '01-progress › c1 (1/2)',
      status: 'pass',
      score: 1,
      message: 'passed',
      test_code: 'check 1',
      filename: 'exercises/01-progress/long-task.ts',
      line_no: 0,
      duration: 12,
    });
    expect(json.tests[2]).toMatchObject({
      name: '01-progress › c2 (1/2)',
      status: 'fail',
      score: 0,
    });
    expect(classroomJson([some[1] as ExerciseResult], metas, 'en').status).toBe('pass');
    expect(classroomJson([result('01-progress', 'error', [false])], metas, 'en').status).toBe(
      'error',
    );
  });

  it('shows the same total the reporter records, whatever the checks are worth', () => {
    for (const passed of [
      [true, false, false],
      [false, true, true],
      [true, true, false, false, true],
      [false, false, false],
    ]) {
      const results = [uneven('01-progress', passed), uneven('05-session-stats', [true, false])];
      const json = classroomJson(results, metas, 'en');
      const { shown, recorded } = reporter(json);
      const points = results.reduce((s, r) => s + r.points, 0);
      expect(recorded).toBe(points);
      expect(shown).toBeCloseTo(points, 10);
      expect(json.max_score).toBe(results.reduce((s, r) => s + r.maxPoints, 0));
    }
  });

  it('puts a failed check’s expected/seen text where the reporter prints it', () => {
    const { printed } = reporter(classroomJson(some, metas, 'en'));
    expect(printed[2]).toContain('expected x, saw y');
    const errored = reporter(classroomJson([result('01-progress', 'error', [false])], metas, 'zh'));
    expect(errored.printed[0]).toContain('中文 expected x, saw y');
  });
});

describe('--format exercism', () => {
  it('is a results.json of version 3: tests in order, task ids', () => {
    const json = exercismJson(some, metas, 'en');
    expect(json.version).toBe(3);
    expect(json.status).toBe('fail');
    expect('message' in json).toBe(false);
    expect(json.tests.map((t) => t.name)).toEqual([
      '01-progress › c1',
      '01-progress › c2',
      '07-capability-quiz › c1',
    ]);
    expect(json.tests[0]).toEqual({
      name: '01-progress › c1',
      status: 'pass',
      test_code: 'check 1',
      task_id: 1,
    });
    expect(json.tests[1]).toMatchObject({ status: 'fail', message: 'expected x, saw y' });
    expect(json.tests[2]?.task_id).toBe(7);
  });

  it('quotes what the learner printed: escape sequences show as text, lines stay lines', () => {
    const printed = {
      ...result('01-progress', 'failed', [true]),
      output: '\u001b[2J\u001b[32m✓ all checks passed\u001b[0m\nline two',
    };
    const [test] = exercismJson([printed], metas, 'en').tests;
    expect(test?.output).not.toContain(String.fromCharCode(27));
    expect(test?.output).toContain('✓ all checks passed');
    expect(test?.output?.split('\n')).toHaveLength(2);
  });

  it('says error, with a message, only when no test ran', () => {
    const broken = exercismJson([result('01-progress', 'error', [false, false])], metas, 'en');
    expect(broken.status).toBe('error');
    expect('message' in broken && broken.message).toBe('01-progress: expected x, saw y');
    // An exercise that crashed after a check had passed: tests ran, so `fail` and no message.
    const partly = exercismJson([result('01-progress', 'error', [true, false])], metas, 'en');
    expect(partly.status).toBe('fail');
    expect('message' in partly).toBe(false);
    const mixed = exercismJson(
      [result('01-progress', 'error', [false]), result('07-capability-quiz', 'failed', [false])],
      metas,
      'en',
    );
    expect(mixed.status).toBe('fail');
    expect('message' in mixed).toBe(false);
  });

  it('cuts output at 500 characters with Exercism’s own note', () => {
    const json = exercismJson([result('01-progress', 'error', [false])], metas, 'en');
    const output = json.tests[0]?.output ?? '';
    expect(Array.from(output).length).toBe(500);
    expect(output.endsWith('\nOutput was truncated. Please limit to 500 chars')).toBe(true);
    const wide = { ...result('01-progress', 'failed', [false]), output: '😀'.repeat(499) };
    const kept = exercismJson([wide], metas, 'en').tests[0]?.output ?? '';
    expect(kept).toBe('😀'.repeat(499));
    const over = { ...wide, output: '😀'.repeat(501) };
    const cut = Array.from(exercismJson([over], metas, 'en').tests[0]?.output ?? '');
    expect(cut.length).toBe(500);
  });
});

describe('the structural diff', () => {
  it('names the keys that differ, are missing or are extra', () => {
    const diff = diffJson(
      { method: 'notifications/progress', params: { progressToken: 't', progress: 2, total: 5 } },
      { method: 'notifications/progress', params: { progressToken: 'u', progress: 2 }, id: 1 },
    );
    expect(diff.map((d) => d.pointer)).toEqual(['/params/progressToken', '/params/total', '/id']);
    const text = formatDiff(diff);
    expect(text.en).toContain('/params/progressToken: expected "t", saw "u"');
    expect(text.en).toContain('/params/total: expected 5, saw (missing)');
    expect(text.zh).toContain('期望 5，实际 （缺失）');
  });
});

describe('the text report of code that crashed', () => {
  const plain = { bold: String, dim: String, red: String, green: String, yellow: String };
  it('says a reason most failed checks share once, with how many it cost; a different one stays on its check', () => {
    const crashed = result('09-multi-round-trip', 'error', [false, false, false, false]);
    const crash = bi('your code crashed: uncaught Error: boom (at deploy.ts:1:1)');
    const checks = crashed.checks.map((c, i) =>
      i < 3 ? { ...c, message: crash } : { ...c, message: bi('expected a retry; saw none') },
    );
    const text = textReport([{ ...crashed, checks }], 'en', plain);
    expect(text.split('your code crashed')).toHaveLength(2);
    expect(text).toContain('(at deploy.ts:1:1) (3 checks failed for this)');
    expect(text).toContain('expected a retry; saw none');
    const zh = textReport([{ ...crashed, checks }], 'zh', plain);
    expect(zh).toContain('（3 项检查因此失败）');
    // Every check failed for the one reason: said once, no count needed.
    const all = textReport(
      [{ ...crashed, checks: checks.map((c) => ({ ...c, message: crash })) }],
      'en',
      plain,
    );
    expect(all.split('your code crashed')).toHaveLength(2);
    expect(all).not.toContain('checks failed for this');
  });
});
