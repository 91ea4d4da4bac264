import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citeIssue } from '../../src/protocol/spec-cite.js';
import { checkLessonFolder } from '../../src/sim/scenario/check-folder.js';
import { LESSONS_DIR } from '../../src/sim/scenario/lesson-index.js';
import { formatProblemIn, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { ROOT } from '../helpers/cli.js';

// What `lessons --check` finds in a teacher's lesson that loads but says something the
// specification does not have; each is one located line, in English and Chinese.
const DIR = join(ROOT, 'test', 'fixtures', 'lesson-checks');

async function problemsOf(name: string) {
  const check = await checkLessonFolder(join(DIR, name));
  return {
    en: check.problems.map((p) => formatProblemIn(p, 'en').slice(DIR.length + 1)),
    zh: check.problems.map((p) => formatProblemIn(p, 'zh').slice(DIR.length + 1)),
  };
}

describe('lessons --check: what the specification does not have', () => {
  it('a version no revision has, at its line, with the known revisions', async () => {
    const { en, zh } = await problemsOf('01-unknown-version');
    const known = '2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28';
    const said = `a revision of the specification (${known}), or a date after the last one for a revision yet to come`;
    expect(en).toEqual([
      `01-unknown-version/lesson.yaml:10:14: server.versions[0]: ${said}`,
      `01-unknown-version/lesson.yaml:15:14: client.versions[0]: ${said}`,
    ]);
    expect(zh[0]).toBe(
      `01-unknown-version/lesson.yaml:10:14: server.versions[0]：应是规范已有的版本之一（${known}），或是晚于最新版本的日期，表示尚未发布的版本`,
    );
  });

  it('a spec: citation whose page or section the revision lacks, with what it meant', async () => {
    const { en, zh } = await problemsOf('02-spec-typo');
    expect(en).toEqual([
      '02-spec-typo/lesson.yaml:53: spec[1]: server/tools › Calling Toolz: server/tools of 2025-11-25 has no section "Calling Toolz"; did you mean `Calling Tools`?',
      '02-spec-typo/lesson.yaml:54: spec[2]: basic/indx › Responses: revision 2025-11-25 has no page basic/indx; did you mean `basic/index`?',
    ]);
    expect(zh[0]).toBe(
      '02-spec-typo/lesson.yaml:53: spec[1]：server/tools › Calling Toolz：2025-11-25 版本的 server/tools 没有 "Calling Toolz" 这一节；是不是想写 `Calling Tools`？',
    );
  });

  it('every citation of the course’s lessons exists (a revision before the page, or the lesson’s)', () => {
    for (const lesson of loadLessons(LESSONS_DIR).lessons) {
      for (const cite of lesson.scenario.spec) {
        expect(citeIssue(cite, lesson.scenario.revision), `${lesson.id}: ${cite}`).toBeNull();
      }
    }
  });

  it('one tab is one line in plain words, not the parser’s nine', async () => {
    const { en, zh } = await problemsOf('03-tab');
    expect(en).toEqual([
      '03-tab/lesson.yaml:26:1: YAML: this line is indented with a tab; YAML indents with spaces only, so replace the tab with spaces',
    ]);
    expect(zh).toEqual([
      '03-tab/lesson.yaml:26:1: YAML 错误：这一行用制表符（Tab）缩进；YAML 只能用空格缩进，请把制表符换成空格',
    ]);
  });

  it('one mis-indented line is one line that says how it is indented', async () => {
    const { en, zh } = await problemsOf('04-indent');
    expect(en).toEqual([
      '04-indent/lesson.yaml:24:6: YAML: this line is indented 5 spaces, the line above 4 and the line below 6; the keys of one mapping start in the same column, and the keys inside a value deeper than its key',
    ]);
    expect(zh).toEqual([
      '04-indent/lesson.yaml:24:6: YAML 错误：这一行缩进了 5 个空格，上一行是 4 个，下一行是 6 个；同一个映射的键必须从同一列开始，值里面的键要比它所属的键缩进更深',
    ]);
  });

  it('a required text or key left out, or empty, says so in words', async () => {
    expect(await problemsOf('05-no-zh')).toEqual({
      en: ['05-no-zh/lesson.yaml:34:7: step 4, note.zh: missing Chinese (zh) text'],
      zh: ['05-no-zh/lesson.yaml:34:7: 第 4 步 note.zh：缺少中文（zh）文本'],
    });
    expect(await problemsOf('06-empty-zh')).toEqual({
      en: ['06-empty-zh/lesson.yaml:29:11: step 3, note.zh: empty Chinese (zh) text'],
      zh: ['06-empty-zh/lesson.yaml:29:11: 第 3 步 note.zh：中文（zh）文本是空的'],
    });
    expect(await problemsOf('07-no-steps')).toEqual({
      en: ['07-no-steps/lesson.yaml:1:1: steps: missing required key `steps`'],
      zh: ['07-no-steps/lesson.yaml:1:1: steps：缺少必需的键 `steps`'],
    });
  });

  it('an exercise: this installation does not have, at its line, with the ones it has', async () => {
    const { en, zh } = await problemsOf('08-no-such-exercise');
    expect(en).toEqual([
      expect.stringMatching(
        /^08-no-such-exercise\/lesson\.yaml:55: unknown exercise `99-nope` \(one of: 01-progress, .*10-era-detection\)$/,
      ),
    ]);
    expect(zh[0]).toMatch(/:55: 未知的练习 `99-nope`（可选：01-progress, /);
  });

  it('a capability no revision has, at its line, with what it meant (its consequence after it)', async () => {
    const { en, zh } = await problemsOf('09-capability-typo');
    expect(en).toEqual([
      '09-capability-typo/lesson.yaml:11: server.capabilities.tool: no revision has this server capability; did you mean `tools`? (the capabilities: completions, experimental, extensions, logging, prompts, resources, tasks, tools; a non-standard one goes under experimental)',
      expect.stringMatching(/:30: step 4: breaks capability-not-negotiated/),
    ]);
    expect(zh[0]).toMatch(
      /:11: server\.capabilities\.tool：没有任何版本有这个 server 能力；是不是想写 `tools`？/,
    );
  });
});
