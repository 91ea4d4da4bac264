import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { cli, failed, grade, learner } from './helpers.js';

/** A student's file, kept in test/fixtures/students/ (see its README). */
const attempt = (name: string) =>
  readFileSync(join(ROOT, 'test', 'fixtures', 'students', `${name}.txt`), 'utf8');

describe('09-multi-round-trip: the expiry check does not depend on the seed', () => {
  const id = '09-multi-round-trip';

  it.each([1, 5, 7, 20261129])(
    'a one-hour expiry fails expired-state-rejected (seed %i)',
    async (seed) => {
      const result = await grade(id, { 'deploy.ts': attempt('09-ttl-1h.ts') }, seed);
      expect(failed(result)).toEqual(['expired-state-rejected']);
    },
  );

  it.each([1, 5, 7])('the reference solution passes it (seed %i)', async (seed) => {
    const result = await grade(id, 'solution', seed);
    expect(failed(result)).toEqual([]);
  });
});

describe('03-client-without-sampling: errors from the grader’s functions point at the learner’s call', () => {
  const id = '03-client-without-sampling';

  it.each(['03-noawait-nullcheck.ts', '03-nullcheck.ts'])(
    '%s: the report names summarize.ts:8, never the harness',
    async (name) => {
      const cwd = learner({ [id]: { 'summarize.ts': attempt(name) } });
      const text = await cli(cwd, ['check', '3', '--seed', '1']);
      expect(text.stdout).not.toMatch(/eval/);
      const classroom = await cli(cwd, ['check', '3', '--seed', '1', '--format', 'classroom']);
      const tests = JSON.parse(classroom.stdout).tests as Array<{
        filename: string;
        line_no: number;
      }>;
      expect(new Set(tests.map((t) => t.filename))).toEqual(
        new Set([`exercises/${id}/summarize.ts`]),
      );
      // Every line_no is the learner's createMessage call, or 0 (no place to name).
      expect(tests.every((t) => t.line_no === 8 || t.line_no === 0)).toBe(true);
      expect(tests.some((t) => t.line_no === 8)).toBe(true);
    },
  );
});

describe('01-progress: a tool that throws on every call', () => {
  it('every check says it threw, with the error and its place in long-task.ts', async () => {
    const cwd = learner({ '01-progress': { 'long-task.ts': attempt('01-typeerror.ts') } });
    for (const lang of ['en', 'zh']) {
      const run = await cli(cwd, ['check', '1', '--seed', '1', '--json', '--lang', lang]);
      const [exercise] = JSON.parse(run.stdout).exercises;
      expect(exercise.checks).toHaveLength(7);
      for (const check of exercise.checks) {
        expect(check.passed).toBe(false);
        expect(check.message, check.name).toMatch(lang === 'en' ? /threw|throw/ : /抛出了错误/);
        expect(check.message, check.name).toMatch(/TypeError: .*\(at long-task\.ts:4:\d+\)/);
      }
    }
  });
});
