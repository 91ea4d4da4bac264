import { describe, expect, it } from 'vitest';
import {
  checkJson,
  classroomJson,
  diffJson,
  type ExerciseResult,
  exercismJson,
  formatDiff,
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

describe('--format classroom', () => {
  it('is the autograding result object, with all-or-nothing scores', () => {
    const json = classroomJson(some, metas, 'en');
    expect(json).toMatchObject({ version: 1, status: 'fail', max_score: 6 });
    expect(json.tests).toHaveLength(3);
    expect(json.tests[0]).toEqual({
      name: '01-progress › c1',
      status: 'pass',
      score: 2,
      message: 'passed',
      test_code: 'check 1',
      filename: 'exercises/01-progress/long-task.ts',
      line_no: 0,
      duration: 12,
    });
    expect(json.tests[1]).toMatchObject({ status: 'fail', score: 0 });
    expect(classroomJson([some[1] as ExerciseResult], metas, 'en').status).toBe('pass');
    expect(classroomJson([result('01-progress', 'error', [false])], metas, 'en').status).toBe(
      'error',
    );
  });
});

describe('--format exercism', () => {
  it('is a results.json of version 3: tests in order, task ids, output cut at 500', () => {
    const json = exercismJson(some, metas, 'en');
    expect(json.version).toBe(3);
    expect(json.status).toBe('fail');
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
    const broken = exercismJson([result('01-progress', 'error', [false])], metas, 'en');
    expect(broken.status).toBe('error');
    expect('message' in broken && broken.message).toBeTruthy();
    const output = broken.tests[0]?.output ?? '';
    expect(output.length).toBeLessThanOrEqual(500);
    expect(output).toMatch(/truncated/);
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
