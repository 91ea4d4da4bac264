import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkJson,
  classroomJson,
  exercismJson,
  gradeExercise,
  isStarter,
  loadExercises,
  STARTERS,
  starterHash,
  textReport,
} from '../../src/grader/index.js';
import { EXERCISES, grade, meta, metas, patch, solution, workspace } from './helpers.js';

const plain = { bold: String, dim: String, red: String, green: String, yellow: String };

describe('the starters the grader knows', () => {
  it('are the files exercises/ ships (after changing a starter: npx tsx scripts/starter-hashes.ts)', () => {
    const shipped = Object.fromEntries(
      loadExercises(EXERCISES).map((e) => [
        e.id,
        Object.fromEntries(
          e.files.map((f) => [f, starterHash(readFileSync(join(EXERCISES, e.id, f), 'utf8'))]),
        ),
      ]),
    );
    expect(STARTERS).toEqual(shipped);
  });

  it('are told from edited code, with any line endings', () => {
    expect(isStarter('07-capability-quiz', workspace('07-capability-quiz', 'starter'))).toBe(true);
    const text = readFileSync(join(EXERCISES, '07-capability-quiz', 'answers.yaml'), 'utf8');
    const crlf = workspace('07-capability-quiz', { 'answers.yaml': text.replace(/\n/g, '\r\n') });
    expect(isStarter('07-capability-quiz', crlf)).toBe(true);
    const edited = workspace('07-capability-quiz', { 'answers.yaml': `${text}# mine\n` });
    expect(isStarter('07-capability-quiz', edited)).toBe(false);
    expect(isStarter('no-such-exercise', edited)).toBe(false);
  });
});

describe('the text report of a failed exercise says where to work', () => {
  it('names the untouched starter and the README, relative to where check runs', async () => {
    const dir = workspace('07-capability-quiz', 'starter');
    const result = await gradeExercise(meta('07-capability-quiz'), { dir, seed: 1 });
    expect(result.status).not.toBe('passed');
    const cwd = process.cwd();
    process.chdir(join(dir, '..'));
    try {
      const en = textReport([result], 'en', plain);
      expect(en).toContain(
        '  07-capability-quiz/answers.yaml: still the starter as shipped, not edited yet; the task is in 07-capability-quiz/README.md',
      );
      const zh = textReport([result], 'zh', plain);
      expect(zh).toContain(
        '  07-capability-quiz/answers.yaml 仍是原样的初始代码，还没有改动；题目说明在 07-capability-quiz/README.zh.md',
      );
    } finally {
      process.chdir(cwd);
    }
  });

  it('names the file and README of edited code, and nothing of a passed exercise', async () => {
    const text = readFileSync(join(EXERCISES, '07-capability-quiz', 'answers.yaml'), 'utf8');
    const dir = workspace('07-capability-quiz', { 'answers.yaml': `${text}# mine\n` });
    const result = await gradeExercise(meta('07-capability-quiz'), { dir, seed: 1 });
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(textReport([result], 'en', plain)).toContain(
        '  your code: answers.yaml · the task: README.md\n',
      );
      expect(textReport([result], 'zh', plain)).toContain(
        '  你要编辑的文件：answers.yaml · 题目说明：README.zh.md\n',
      );
      const passed = textReport([{ ...result, status: 'passed' }], 'en', plain);
      expect(passed).not.toContain('your code:');
    } finally {
      process.chdir(cwd);
    }
  });

  it('counts exercises in words', async () => {
    const dir = workspace('07-capability-quiz', 'starter');
    const result = await gradeExercise(meta('07-capability-quiz'), { dir, seed: 1 });
    expect(textReport([result], 'en', plain)).toMatch(/ · 0 of 1 exercises passed\n$/);
    expect(textReport([result], 'zh', plain)).toMatch(/ · 1 个练习中通过了 0 个\n$/);
  });
});

describe('a check that is right but waits on another', () => {
  it('is marked ◌ "waiting on", not ✗, in the text report; the JSON formats are as before', async () => {
    const dir = workspace('01-progress', 'starter');
    const result = await gradeExercise(meta('01-progress'), { dir, isolation: 'inline', seed: 1 });
    const waiting = result.checks.find((c) => c.name === 'no-token-no-progress');
    expect(waiting).toMatchObject({ passed: false, points: 0, waitingOn: 'token-echoed' });
    const en = textReport([result], 'en', plain);
    expect(en).toMatch(/^ {2}◌ no-token-no-progress +0\/2 /m);
    expect(en).not.toMatch(/✗ no-token-no-progress/);
    expect(en).toContain('      waiting on token-echoed: your code does this correctly;');
    expect(en).toMatch(/^ {2}✗ token-echoed /m);
    const zh = textReport([result], 'zh', plain);
    expect(zh).toMatch(/^ {2}◌ no-token-no-progress /m);
    expect(zh).toContain('      等待 token-echoed：你的代码这部分做对了');
    // The outputs for machines carry no new key, and the check fails there as it did.
    const json = checkJson([result], 'en').exercises[0]?.checks.find(
      (c) => c.name === 'no-token-no-progress',
    );
    expect(Object.keys(json ?? {}).sort()).toEqual(['message', 'name', 'passed', 'points']);
    expect(json?.passed).toBe(false);
    expect(JSON.stringify(classroomJson([result], metas, 'en'))).not.toContain('waitingOn');
    expect(JSON.stringify(exercismJson([result], metas, 'en'))).not.toContain('waitingOn');
    expect(JSON.stringify(exercismJson([result], metas, 'en'))).not.toContain('waiting on');
  });
});

describe('a referee verdict in a check names the spec section it breaks', () => {
  it('once for each rule shown, in English and in Chinese (exercises 1 and 8)', async () => {
    // 01: a tool that ignores the cancellation sends progress after it.
    const ignores = patch(
      solution('01-progress', 'long-task.ts'),
      'if (extra.signal.aborted) {',
      'if (extra.signal.aborted && false) {',
    );
    const progress = await grade('01-progress', { 'long-task.ts': ignores }, 1);
    const valid = progress.checks.find((c) => c.name === 'envelopes-valid');
    expect(valid?.passed).toBe(false);
    const cite =
      'progress-after-cancellation: see `2025-11-25/basic/utilities/cancellation › Behavior Requirements` (';
    expect(valid?.message.en).toContain(cite);
    expect(valid?.message.en.split(cite)).toHaveLength(2);
    expect(valid?.message.zh).toContain(
      'progress-after-cancellation：见 `2025-11-25/basic/utilities/cancellation › Behavior Requirements`（',
    );
    // 08: a modern result without resultType, judged through the wire connection's refereeSays.
    const untyped = patch(
      solution('08-dual-era-server', 'server.ts'),
      /resultType: 'complete',?/g,
      '',
    );
    const dual = await grade('08-dual-era-server', { 'server.ts': untyped }, 1);
    const said = dual.checks.map((c) => c.message.en).join('\n');
    expect(said).toContain('result-type-missing: see `2026-07-28/basic/index › ResultType` (');
    expect(dual.checks.map((c) => c.message.zh).join('\n')).toContain(
      'result-type-missing：见 `2026-07-28/basic/index › ResultType`（',
    );
  }, 60_000);
});
