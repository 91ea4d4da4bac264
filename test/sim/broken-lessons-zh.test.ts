import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { yamlErrorText } from '../../src/i18n/yaml-strings.js';
import { checkLessonFolder } from '../../src/sim/scenario/check-folder.js';
import {
  formatProblem,
  formatProblemIn,
  loadLessons,
} from '../../src/sim/scenario/load-lessons.js';
import { openLesson } from '../../src/sim/scenario/open-lesson.js';
import { englishProse } from '../helpers/english-in-zh.js';

// A lesson file's problems in Chinese say everything in Chinese: only what is quoted from the file
// or written as code (`key`, "value"), identifiers and the `file:line:col:` prefix stay as they are.

const scratch = mkdtempSync(join(tmpdir(), 'mcp-sim-broken-zh-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FRAME = ['title: {en: T, zh: 题}', 'goal: {en: G, zh: 目标}', 'recap: {en: R, zh: 回顾}'];
const NOTE = '    note: {en: N, zh: 注}';

let count = 0;
/** A folder holding one lesson whose lesson.yaml is `lines`. */
function lessonFolder(lines: readonly string[]): string {
  count += 1;
  const dir = join(scratch, `case-${count}`);
  mkdirSync(join(dir, '01-broken'), { recursive: true });
  writeFileSync(join(dir, '01-broken', 'lesson.yaml'), `${lines.join('\n')}\n`);
  return dir;
}

/** Every problem `lessons --check` finds in the folder, as the Chinese lines say them. */
async function chineseLines(dir: string): Promise<string[]> {
  const check = await checkLessonFolder(dir);
  expect(check.problems.length).toBeGreaterThan(0);
  return check.problems.map((p) => formatProblemIn(p, 'zh').slice(dir.length + 1));
}

function expectAllChinese(lines: readonly string[]): void {
  for (const line of lines) expect(englishProse(line), line).toBeUndefined();
}

describe('why a named fault cannot be played where it stands, in Chinese', () => {
  it('a handshake-era fault (cancel-initialize with no initialize pending)', async () => {
    const dir = lessonFolder([...FRAME, 'steps:', '  - fault: cancel-initialize', NOTE]);
    const lines = await chineseLines(dir);
    expect(lines).toEqual([
      '01-broken/lesson.yaml:5: 第 1 步：cancel-initialize 需要一个尚未得到回答的 initialize 请求',
    ]);
    expectAllChinese(lines);
    // Opening the lesson says the same, numbered as the learner counts steps.
    const opened = await openLesson('broken', loadLessons(dir));
    expect(opened.ok).toBe(false);
    if (!opened.ok) {
      expect(opened.error.zh).toMatch(/第 1 步：cancel-initialize 需要/);
      expectAllChinese([opened.error.zh ?? '']);
    }
  });

  it('a 2026-07-28 fault (request-meta-missing from a handshake-era client)', async () => {
    const dir = lessonFolder([...FRAME, 'steps:', '  - fault: request-meta-missing', NOTE]);
    const lines = await chineseLines(dir);
    expect(lines).toEqual([
      expect.stringMatching(/^01-broken\/lesson\.yaml:5: 第 1 步：request-meta-missing 需要/),
    ]);
    expectAllChinese(lines);
  });

  it('a fault of a listen stream (notification-not-in-filter with no stream)', async () => {
    const dir = lessonFolder([
      ...FRAME,
      'revision: 2026-07-28',
      'client: {era: modern}',
      'steps:',
      '  - fault: notification-not-in-filter',
      NOTE,
    ]);
    const lines = await chineseLines(dir);
    expect(lines).toEqual([
      '01-broken/lesson.yaml:7: 第 1 步：notification-not-in-filter 需要一个已被确认的 listen 流',
    ]);
    expectAllChinese(lines);
  });
});

describe('a revision of the other era, in Chinese', () => {
  it('a handshake-era session headed 2026-07-28', async () => {
    const dir = lessonFolder([
      ...FRAME,
      "revision: '2026-07-28'",
      'steps:',
      '  - client: initialize',
      NOTE,
      '  - server: next',
      NOTE,
    ]);
    const lines = await chineseLines(dir);
    expect(lines).toEqual([
      '01-broken/lesson.yaml:4: revision：2026-07-28 是 2026-07-28 时代（没有握手）的版本，但这一课的会话处于旧时代',
    ]);
    expectAllChinese(lines);
  });
});

describe('the words a schema rule writes itself, in Chinese', () => {
  it('an id that is not lowercase letters, digits and dashes', async () => {
    const dir = lessonFolder([
      'id: Broken_One',
      ...FRAME,
      'steps:',
      '  - client: initialize',
      NOTE,
    ]);
    const lines = await chineseLines(dir);
    expect(lines).toEqual(['01-broken/lesson.yaml:1:5: id：只能由小写字母、数字和连字符组成']);
    expectAllChinese(lines);
  });

  it('a revision the specification does not have, an exercise id, a field note’s pointer', async () => {
    const dir = lessonFolder([
      ...FRAME,
      "revision: '2025-13-01'",
      'exercise: My_Exercise',
      'steps:',
      '  - client: initialize',
      NOTE,
      '    annotations:',
      '      params/protocolVersion: {en: V, zh: 版本}',
    ]);
    const lines = await chineseLines(dir);
    expect(lines).toEqual([
      expect.stringMatching(/:4:11: revision：应是规范已有的版本之一：2024-11-05, /),
      '01-broken/lesson.yaml:5:11: exercise：应是一个练习 id：只能由小写字母、数字和连字符组成',
      '01-broken/lesson.yaml:10:7: 第 1 步 annotations.params/protocolVersion：应是一个 JSON 指针，例如 /params/protocolVersion',
    ]);
    expectAllChinese(lines);
    // The English line says it too (zod's own "Invalid key in record" named no rule).
    const check = await checkLessonFolder(dir);
    expect(check.problems.at(-1)?.message).toBe(
      'step 1, annotations.params/protocolVersion: a JSON pointer such as /params/protocolVersion',
    );
  });
});

describe('a value of the wrong type names both types in Chinese', () => {
  // zod's zh-CN locale translates only some type names (数组, 数字), so its line read
  // "期望 数组，实际接收 string" and "期望 object，实际接收 数组".
  it('steps given as a string, a lesson given as a list, a title as a number', async () => {
    const steps = await chineseLines(lessonFolder([...FRAME, 'steps: initialize']));
    expect(steps).toEqual([
      '01-broken/lesson.yaml:4:8: steps：无效输入：期望 数组，实际接收 字符串',
    ]);
    const list = await chineseLines(lessonFolder(['- a', '- b']));
    expect(list).toEqual(['01-broken/lesson.yaml:1:1: lesson：无效输入：期望 对象，实际接收 数组']);
    const title = await chineseLines(
      lessonFolder([
        'title: {en: 1, zh: true}',
        ...FRAME.slice(1),
        'steps:',
        '  - client: initialize',
        NOTE,
      ]),
    );
    expect(title).toEqual([
      expect.stringMatching(
        /^01-broken\/lesson\.yaml:1:\d+: title\.en：无效输入：期望 字符串，实际接收 数字$/,
      ),
      expect.stringMatching(
        /^01-broken\/lesson\.yaml:1:\d+: title\.zh：无效输入：期望 字符串，实际接收 布尔值$/,
      ),
    ]);
  });
});

describe('the yaml library’s own syntax messages, in Chinese', () => {
  // Each: the file's first lines, the library's English message (kept in the English line), and
  // the code the Chinese line names after its sentence.
  const CASES: ReadonlyArray<readonly [string, string, string, RegExp]> = [
    // (A quote, `{` or `[` left open, and a key without its colon, are said in words of our own:
    // test/sim/lesson-checks.test.ts.)
    ['title: a\nb', 'Implicit map keys need to be followed by map values', 'MISSING_CHAR', /冒号/],
    // A tab, and a line indented unlike both neighbours, are said in plain words of our own
    // (test/sim/lesson-checks.test.ts).
    ['title: {en: T,, zh: x}', 'Unexpected , in flow map', 'UNEXPECTED_TOKEN', /不该出现的符号/],
    [
      'title:\n  - a\n  b: c',
      'All mapping items must start at the same column',
      'BAD_INDENT',
      /缩进不对/,
    ],
    ['title: @x', 'Plain value cannot start with reserved character @', 'BAD_SCALAR_START', /引号/],
    ['title: "a\\qb"', 'Invalid escape sequence \\q', 'BAD_DQ_ESCAPE', /转义/],
    [
      'title: >\n a\n- b',
      'Implicit keys need to be on a single line',
      'MULTILINE_IMPLICIT_KEY',
      /一行/,
    ],
    // Twice in a flow map (a key set twice in block style is named: author-mistakes.test.ts).
    ['title: {en: T, en: U, zh: 题}', 'Map keys must be unique', 'DUPLICATE_KEY', /必须唯一/],
  ];

  it.each(CASES)('%j: %s', async (head, english, code, sentence) => {
    const dir = lessonFolder([head, ...FRAME.slice(1), 'steps:', '  - client: initialize', NOTE]);
    const check = await checkLessonFolder(dir);
    expect(check.problems.map((p) => formatProblem(p).slice(dir.length + 1))).toEqual([
      expect.stringMatching(/^01-broken\/lesson\.yaml:\d+:\d+: YAML: /),
    ]);
    expect(check.problems[0]?.message).toBe(`YAML: ${english}`);
    const lines = await chineseLines(dir);
    expect(lines[0]).toMatch(sentence);
    expect(lines[0]).toMatch(
      new RegExp(`^01-broken/lesson\\.yaml:\\d+:\\d+: YAML 错误：.*（${code}）$`),
    );
    expectAllChinese(lines);
  });

  it('a code the table does not know keeps the library’s words, quoted, with the code', () => {
    expect(yamlErrorText('SOME_NEW_CODE', 'Something new went wrong')).toEqual({
      en: 'Something new went wrong',
      zh: '"Something new went wrong"（SOME_NEW_CODE）',
    });
    expect(yamlErrorText(undefined, 'Something new went wrong').zh).toBe(
      '"Something new went wrong"',
    );
  });
});
