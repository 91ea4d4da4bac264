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

  it('a `{` or a quote left open is named where it opens, not blamed on a well-indented line', async () => {
    // The parser notices an unclosed `{` only where the block goes on (line 12, which is indented
    // right), and a missing closing quote only at the end of the file.
    expect(await problemsOf('10-unclosed-brace')).toEqual({
      en: [
        '10-unclosed-brace/lesson.yaml:11:13: YAML: this `{` is never closed; add the `}` that ends it (the parser looked for it up to line 12)',
      ],
      zh: [
        '10-unclosed-brace/lesson.yaml:11:13: YAML 错误：这里的 `{` 没有闭合；请补上与它配对的 `}`（解析器一直找到第 12 行也没找到）',
      ],
    });
    expect(await problemsOf('11-unclosed-quote')).toEqual({
      en: [
        '11-unclosed-quote/lesson.yaml:12:16: YAML: this `"` is never closed; add the `"` that ends it (the parser looked for it up to the end of the file)',
      ],
      zh: [
        '11-unclosed-quote/lesson.yaml:12:16: YAML 错误：这里的 `"` 没有闭合；请补上与它配对的 `"`（解析器一直找到文件末尾也没找到）',
      ],
    });
  });

  it('a `{` closed on a line indented too little is told apart from one never closed', async () => {
    expect(await problemsOf('13-under-indented')).toEqual({
      en: [
        '13-under-indented/lesson.yaml:12:11: YAML: this `{` is closed at line 13, but a line inside it is indented no deeper than its key; indent the lines inside it further, or keep it on one line',
      ],
      zh: [
        '13-under-indented/lesson.yaml:12:11: YAML 错误：这里的 `{` 在第 13 行闭合，但里面有一行的缩进没有比它所属的键更深；请把里面的行缩进得更深，或者写在一行之内',
      ],
    });
  });

  it('a key without its colon is said so, not blamed on the indentation of its list item', async () => {
    expect(await problemsOf('12-missing-colon')).toEqual({
      en: [
        '12-missing-colon/lesson.yaml:13:5: YAML: `server next` has no colon; a key is followed by a colon and a space (`key: value`)',
      ],
      zh: [
        '12-missing-colon/lesson.yaml:13:5: YAML 错误：`server next` 缺少冒号；键后面要跟一个冒号和一个空格（`key: value`）',
      ],
    });
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

describe('lessons --check of one lesson’s own folder names its file as it was given', () => {
  it('a relative folder gives relative file names, as a folder of lessons does', async () => {
    const { relative } = await import('node:path');
    const given = relative(process.cwd(), join(DIR, '03-tab'));
    const check = await checkLessonFolder(given);
    expect(check.problems.map((p) => p.file)).toEqual([join(given, 'lesson.yaml')]);
    // A folder of lessons, given the same way, already did.
    const folder = await checkLessonFolder(relative(process.cwd(), DIR));
    expect(folder.problems.find((p) => p.file.includes('03-tab'))?.file).toBe(
      join(given, 'lesson.yaml'),
    );
  });
});
