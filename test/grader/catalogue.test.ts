import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXERCISE_IDS, findExercise, loadHints, RUBRICS } from '../../src/grader/index.js';
import { EXERCISES, metas, SOLUTIONS } from './helpers.js';

/**
 * The code spans of a Markdown text that a line break cuts in two (CommonMark: a span opens with a
 * run of backticks and closes at the next run of the same length). `mcp-sim hint` prints the
 * text as it is, so such a span reaches the learner as two broken pieces of code.
 */
function brokenSpans(text: string): string[] {
  const body = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, ''); // fenced blocks
  const runs = [...body.matchAll(/`+/g)];
  const broken: string[] = [];
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i] as RegExpExecArray;
    const close = runs.findIndex((r, k) => k > i && r[0].length === open[0].length);
    if (close === -1) continue; // a lone backtick is text
    const end = runs[close] as RegExpExecArray;
    const inside = body.slice(open.index + open[0].length, end.index);
    if (inside.includes('\n')) broken.push(`${open[0]}${inside}${end[0]}`);
    i = close;
  }
  return broken;
}

describe('the exercises folder', () => {
  it('holds exactly the exercises the grader lists, each with its rubric', () => {
    const folders = readdirSync(EXERCISES, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(EXERCISES, e.name, 'exercise.json')))
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual([...EXERCISE_IDS]);
    expect(RUBRICS.map((r) => r.id)).toEqual([...EXERCISE_IDS]);
    expect(metas.map((m) => m.id)).toEqual([...EXERCISE_IDS]);
  });

  it('finds a code span cut by a line break (and not one that is whole)', () => {
    expect(brokenSpans('a `b\nc` d')).toEqual(['`b\nc`']);
    expect(brokenSpans('a `b c`\nd `e`, a lone ` and ``f`g``')).toEqual([]);
    expect(brokenSpans('```ts\nconst a = `x\ny`;\n```\n')).toEqual([]);
  });

  it('has no code span cut by a line break in any README or hint, in either language', () => {
    const texts: [string, string][] = [];
    const readmes = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .map((f): [string, string] => [join(dir, f), readFileSync(join(dir, f), 'utf8')]);
    texts.push(...readmes(EXERCISES), ...readmes(join(EXERCISES, 'recordings')));
    for (const { id } of metas) {
      texts.push(...readmes(join(EXERCISES, id)));
      loadHints(id, EXERCISES).forEach((hint, n) => {
        texts.push([`${id} hint ${n + 1} (en)`, hint.en], [`${id} hint ${n + 1} (zh)`, hint.zh]);
      });
    }
    expect(texts.length).toBeGreaterThan(40);
    for (const [where, text] of texts) expect(brokenSpans(text), where).toEqual([]);
  });

  it('has the seven exercises of issue 5, then the 2026-07-28 ones, in order', () => {
    expect(metas.map((m) => m.id)).toEqual([
      '01-progress',
      '02-server-without-list-changed',
      '03-client-without-sampling',
      '04-version-negotiation',
      '05-session-stats',
      '06-handshake-tracer',
      '07-capability-quiz',
      '08-dual-era-server',
      '09-multi-round-trip',
      '10-era-detection',
    ]);
  });

  it('has a rubric for every exercise and an exercise for every rubric', () => {
    expect(RUBRICS.map((r) => r.id).sort()).toEqual(metas.map((m) => m.id).sort());
  });

  it('finds an exercise by id, number or name', () => {
    expect(findExercise(metas, '3')?.id).toBe('03-client-without-sampling');
    expect(findExercise(metas, '03')?.id).toBe('03-client-without-sampling');
    expect(findExercise(metas, 'session-stats')?.id).toBe('05-session-stats');
    expect(findExercise(metas, 'progress-notifications')?.id).toBe('01-progress');
    expect(findExercise(metas, 'version-negotiation')?.id).toBe('04-version-negotiation');
    expect(findExercise(metas, '10')?.id).toBe('10-era-detection');
    expect(findExercise(metas, 'era-detection')?.id).toBe('10-era-detection');
    expect(findExercise(metas, '0')).toBeUndefined();
    expect(findExercise(metas, 'nope')).toBeUndefined();
  });
});

describe.each(metas.map((m) => [m.id, m] as const))('%s', (id, meta) => {
  const dir = join(EXERCISES, id);
  const rubric = RUBRICS.find((r) => r.id === id);

  it('states the points its rubric gives, with unique check names', () => {
    expect(rubric?.checks.reduce((sum, c) => sum + c.points, 0)).toBe(meta.points);
    const names = rubric?.checks.map((c) => c.name) ?? [];
    expect(new Set(names).size).toBe(names.length);
    for (const check of rubric?.checks ?? []) {
      expect(check.points).toBeGreaterThan(0);
      expect(check.about.en).not.toBe('');
      expect(check.about.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('has the task in English and Chinese, and a title in both', () => {
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(/^# /);
    expect(readFileSync(join(dir, 'README.zh.md'), 'utf8')).toMatch(/[\u4e00-\u9fff]/);
    expect(meta.title.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('has at least two hints, in both languages', () => {
    const hints = loadHints(id, EXERCISES);
    expect(hints.length).toBeGreaterThanOrEqual(2);
    for (const hint of hints) expect(hint.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('has its learner files, with TODOs (or questions) to work on', () => {
    for (const file of meta.files) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (file.endsWith('.ts')) expect(text).toMatch(/TODO/);
      else expect(text).toMatch(/^q1:\s*$/m);
    }
    if (meta.module) expect(meta.files).toContain(meta.module);
  });

  it('has a reference solution in test/solutions that mirrors the learner files', () => {
    const solutionDir = join(SOLUTIONS, id);
    for (const file of meta.files) expect(existsSync(join(solutionDir, file)), file).toBe(true);
    // Besides the learner files, only the unchanged types may be there.
    for (const file of readdirSync(solutionDir)) {
      if (meta.files.includes(file)) continue;
      expect(file).toBe('mcp-sim.d.ts');
      expect(readFileSync(join(solutionDir, file), 'utf8')).toBe(
        readFileSync(join(dir, file), 'utf8'),
      );
    }
  });

  it('keeps its checks out of the learner folder', () => {
    for (const file of readdirSync(dir)) expect(file).not.toMatch(/\.test\.|rubric|check/i);
  });
});
