import { describe, expect, it } from 'vitest';
import { printedByCode, recordedLesson } from '../../src/cli/commands/check-play.js';
import { recordScenario, scenarioFor } from '../../src/grader/index.js';
import { meta, patch, solution, workspace } from './helpers.js';

const id = '01-progress';

/**
 * `check --play` runs the learner's code in its own process, as `check` does: what the code prints
 * (console.log while debugging) is not on the wire, so not a step, but it must not vanish: the
 * recap says so, and the command writes it out (escaped) once the screen is gone.
 */
describe('check --play: what the learner’s code printed', () => {
  it('is kept with the recording, named in the recap, and written out escaped', async () => {
    const scenario = scenarioFor(id);
    if (!scenario) throw new Error('no scenario');
    const code = patch(
      solution(id, 'long-task.ts'),
      'const token = extra._meta?.progressToken;',
      'const token = extra._meta?.progressToken;\n  console.log("debug: token \\x1b[31m" + String(token));',
    );
    const rec = await recordScenario(meta(id), scenario, {
      dir: workspace(id, { 'long-task.ts': code }),
      seed: 11,
    });
    expect(rec.failure).toBeNull();
    const printed = rec.output.trim().split('\n');
    expect(printed.length).toBeGreaterThanOrEqual(2);
    expect(printed[0]?.startsWith('debug: token \u001b[31m')).toBe(true);
    const lesson = recordedLesson(meta(id), rec);
    expect(lesson.recap.en).toContain(
      `Your code printed ${printed.length} lines, which are not part of the session: they are written out after it.`,
    );
    expect(lesson.recap.zh).toContain(`你的代码输出了 ${printed.length} 行`);
    const out = printedByCode(rec, 'en');
    expect(out.split('\n')[0]).toBe('mcp-sim: your code printed:');
    expect(out).toContain('  debug: token \\x1b[31m');
    expect(out).not.toContain('\x1b');
    expect(printedByCode(rec, 'zh').split('\n')[0]).toBe('mcp-sim: 你的代码输出了：');
  }, 30_000);

  it('says nothing when the code printed nothing', async () => {
    const scenario = scenarioFor(id);
    if (!scenario) throw new Error('no scenario');
    const rec = await recordScenario(meta(id), scenario, {
      dir: workspace(id, 'solution'),
      isolation: 'inline',
      seed: 11,
    });
    expect(recordedLesson(meta(id), rec).recap.en).not.toContain('printed');
    expect(printedByCode(rec, 'en')).toBe('');
  });
});
