import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkJson, classroomJson } from '../../src/grader/formats.js';
import { gradeExercise } from '../../src/grader/index.js';
import { grade, meta, metas, patch, solution, tempDir, workspace } from './helpers.js';

/** Grades in a child process, as `mcp-sim check` does (time limits, uncaught errors). */
const gradeInChild = (id: string, files: Record<string, string>) =>
  gradeExercise(meta(id), { dir: workspace(id, files), isolation: 'child', seed: 7 });

const byName = (result: Awaited<ReturnType<typeof grade>>) =>
  Object.fromEntries(result.checks.map((c) => [c.name, c]));

describe('one function of the learner’s code goes wrong, the others keep their results', () => {
  const versions = solution('04-version-negotiation', 'versions.ts');

  it('an endless loop in acceptVersion fails only the checks that call it, with the time limit', async () => {
    const looping = patch(
      versions,
      'return supported.includes(answered);',
      'while (answered !== undefined) {}\n  return supported.includes(answered);',
    );
    const result = await gradeInChild('04-version-negotiation', { 'versions.ts': looping });
    const checks = byName(result);
    expect(result.status).toBe('error');
    expect(checks['server-keeps-supported']?.passed).toBe(true);
    expect(checks['server-offers-latest']?.passed).toBe(true);
    expect(result.points).toBe(5);
    for (const name of ['client-accepts-supported', 'client-rejects-unsupported']) {
      expect(checks[name]?.passed, name).toBe(false);
      expect(checks[name]?.message.en).toBe(
        'stopped: acceptVersion() did not finish within 3 s and was stopped (an endless loop, or a promise that never settles?)',
      );
      // In Chinese whole, not an English sentence after a Chinese lead-in.
      expect(checks[name]?.message.zh).toBe(
        '已被终止：acceptVersion() 没有在 3 秒内完成（死循环，还是一个永远不会完成的 promise？）',
      );
    }
    const tests = classroomJson([result], metas, 'en').tests.map((t) => t.status);
    // One Classroom test per point: the 5 points earned pass, the points of the stopped checks are
    // errors.
    expect(tests).toEqual([...Array(5).fill('pass'), ...Array(result.maxPoints - 5).fill('error')]);
  });

  it('an uncaught error from a timer the function set is a crash, on one line', async () => {
    const stats = solution('05-session-stats', 'stats.ts');
    const throwing = patch(
      stats,
      'let initialized = false;',
      "let initialized = false;\n  setTimeout(() => {\n    throw new Error('async\\nboom');\n  }, 0);",
    );
    const result = await gradeInChild('05-session-stats', { 'stats.ts': throwing });
    expect(result.status).toBe('error');
    expect(result.points).toBe(0);
    for (const check of result.checks) {
      // The throw's place in the learner's stats.ts, from the child's source-mapped stack.
      expect(check.message.en).toMatch(
        /^your code crashed: uncaught Error: async boom \(at stats\.ts:\d+:\d+\)$/,
      );
      // The learner's own error as it is; the harness's words around it in Chinese.
      expect(check.message.zh).toMatch(
        /^你的代码崩溃了：未捕获的错误：Error: async boom（位置 stats\.ts:\d+:\d+）$/,
      );
    }
  });
});

describe('where the learner’s code threw, whatever the folder is called', () => {
  it('a folder with a space in its path still gets the file and line', async () => {
    const id = '05-session-stats';
    const dir = join(tempDir(), 'my course', id);
    cpSync(workspace(id, 'starter'), dir, { recursive: true });
    writeFileSync(
      join(dir, 'stats.ts'),
      patch(solution(id, 'stats.ts'), 'let initialized = false;', "throw new TypeError('nope');"),
    );
    const result = await gradeExercise(meta(id), { dir, isolation: 'child', seed: 7 });
    const message = result.checks[0]?.message;
    expect(message?.en).toMatch(/TypeError: nope \(at stats\.ts:\d+:\d+\)/);
    expect(message?.zh).toMatch(/TypeError: nope \(at stats\.ts:\d+:\d+\)/);
  }, 30_000);
});

describe('what stopped the learner’s process, in Chinese too', () => {
  it('a module that exits, or never finishes loading, is said in Chinese, not in English after a Chinese lead-in', async () => {
    const versions = solution('04-version-negotiation', 'versions.ts');
    const exits = await gradeInChild('04-version-negotiation', {
      'versions.ts': patch(
        versions,
        'return supported.includes(answered);',
        'process.exit(3);\n  return supported.includes(answered);',
      ),
    });
    const exited = byName(exits)['client-accepts-supported'];
    expect(exited?.message.en).toBe(
      "your code crashed: the learner's process stopped: exited with code 3",
    );
    expect(exited?.message.zh).toBe('你的代码崩溃了：运行你代码的进程停止了：以退出码 3 退出');
    const { createChildRunner } = await import('../../src/grader/child-runner.js');
    const { runnerError } = await import('../../src/grader/grade.js');
    const dir = workspace('04-version-negotiation', {
      'versions.ts': `await new Promise(() => {});\n${versions}`,
    });
    const failed = await createChildRunner(`${dir}/versions.ts`, {
      cwd: dir,
      loadTimeoutMs: 500,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    const said = runnerError(failed as never);
    expect(said.en).toBe(
      'stopped: the module did not finish loading within 0.5 s (an endless loop at the top level, or a top-level await that never settles?)',
    );
    expect(said.zh).toBe(
      '已被终止：模块没有在 0.5 秒内加载完（顶层有死循环，还是顶层 await 了一个永远不会完成的 promise？）',
    );
  }, 30_000);
});

describe('a module that does not export what the checks call', () => {
  it('is an error of the learner’s code, in one line naming the file and the function', async () => {
    const stats = patch(
      solution('05-session-stats', 'stats.ts'),
      'export function sessionStats(',
      'export function sessionStat(',
    );
    for (const result of [
      await grade('05-session-stats', { 'stats.ts': stats }),
      await gradeInChild('05-session-stats', { 'stats.ts': stats }),
    ]) {
      expect(result.status).toBe('error');
      const json = checkJson([result], 'en').exercises[0];
      expect(json?.checks.map((c) => c.message)).toEqual(
        Array(4).fill('stats.ts exports no function sessionStats'),
      );
      expect(result.checks[0]?.message.zh).toBe('stats.ts 没有导出函数 sessionStats');
    }
  });

  it('a result that is not JSON (a circular object) is described on one line', async () => {
    const circular = patch(
      solution('05-session-stats', 'stats.ts'),
      '  return stats;',
      '  return Object.assign(stats, { self: stats });',
    );
    for (const result of [
      await grade('05-session-stats', { 'stats.ts': circular }),
      await gradeInChild('05-session-stats', { 'stats.ts': circular }),
    ]) {
      expect(result.status).toBe('failed');
      const message = result.checks[0]?.message.en ?? '';
      // The learner's error whole, on one line: no newline, not even an escaped one in quotes.
      expect(message).toContain(
        "the result is not JSON: Converting circular structure to JSON --> starting at object with constructor 'Object' --- property 'self' closes the circle",
      );
      expect(message).not.toContain('\\n');
    }
  });
});
