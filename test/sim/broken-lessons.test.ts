import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { checkLessonFolder } from '../../src/sim/scenario/check-folder.js';
import {
  formatProblem,
  formatProblemIn,
  loadLessonFile,
  loadLessons,
} from '../../src/sim/scenario/load-lessons.js';
import { readYaml } from '../../src/sim/scenario/read-yaml.js';
import { menuData } from '../../src/ui/menu-items.js';
import { isBuildStale, ROOT } from '../helpers/cli.js';

// One mistake per lesson file (test/fixtures/broken-lessons/): each gives exactly one located line,
// and the good lessons of the same folder still load.
const BROKEN = join(ROOT, 'test', 'fixtures', 'broken-lessons');

/** The one line each broken file gives (file relative to the folder). */
const EXPECTED: Record<string, string> = {
  'not-numbered':
    'not-numbered: a lesson folder is named <number>-<id>: rename it, e.g. to 01-not-numbered (the number orders your lessons)',
  '02-yaml-syntax':
    '02-yaml-syntax/lesson.yaml:1:8: YAML: this `{` is never closed; add the `}` that ends it (the parser looked for it up to line 2)',
  '03-alias-to-nowhere':
    '03-alias-to-nowhere/lesson.yaml:2:7: YAML: alias *nope refers to no anchor (&nope must be set before it)',
  '04-many-aliases':
    "04-many-aliases/lesson.yaml:103:26: YAML: too many aliases: *n expands past the yaml library's limit of 100 (maxAliasCount, a guard against resource exhaustion); write the text out instead of reusing the anchor",
  '05-wrong-step-kind':
    '05-wrong-step-kind/lesson.yaml:8:20: step 3, do.add-tool: Invalid option: expected one of "calculator_arithmetic"|"weather_current"|"db_query"|"long_running_task"|"summarize_text"|"collect_feedback"|"list_project_roots"|"connect_account" (in a do: add-tool step)',
  '06-typo-kind':
    '06-typo-kind/lesson.yaml:8:10: step 3, do.add-tol: unknown step kind `add-tol`; did you mean `add-tool`?',
  '07-missing-field':
    '07-missing-field/lesson.yaml:7:11: step 2, note.zh: missing Chinese (zh) text',
  '08-duplicate-key':
    '08-duplicate-key/lesson.yaml:9:1: YAML: the key `title` is set twice in one mapping (first at line 1); keep one',
  '09-good': `09-good/lesson.yaml: duplicate id "good": ${join(BROKEN, '01-good', 'lesson.yaml')} has it too; rename one folder`,
  '10-typo-step':
    '10-typo-step/lesson.yaml:4:5: step 1, clinet: unknown step kind `clinet`; did you mean `client`?',
  '12-empty':
    '12-empty/lesson.yaml:1:1: the file is empty: a lesson is a mapping with title, goal, steps and recap',
  '13-wrong-id':
    '13-wrong-id/lesson.yaml:3:5: id "something-else" does not match the folder name (expected "wrong-id")',
  '17-loose.yaml':
    '17-loose.yaml: not read: a lesson is a folder <number>-<id> holding lesson.yaml; move this file to 17-loose/lesson.yaml',
  '14-typo-action':
    '14-typo-action/lesson.yaml:4:14: step 1, client.requets: unknown client action `requets`; did you mean `request`?',
};

const scratch = mkdtempSync(join(tmpdir(), 'mcp-sim-broken-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a folder of broken lessons', () => {
  const listing = loadLessons(BROKEN);

  it('lists the lessons that load, in order', () => {
    // 16-cannot-play loads; playing it fails (see the check below).
    expect(listing.lessons.map((l) => l.id)).toEqual(['good', 'also-good', 'cannot-play']);
  });

  it.each(Object.entries(EXPECTED))('%s: one exact located line', (name, line) => {
    const mine = listing.problems.filter((p) => p.file.startsWith(join(BROKEN, name)));
    expect(mine.map(formatProblem)).toEqual([join(BROKEN, line)]);
  });

  it('the menu lists the good lessons and one line per broken file', () => {
    const menu = menuData(listing, { lessons: {} }, 'en');
    expect(menu.lessons.map((l) => l.id)).toEqual(['good', 'also-good', 'cannot-play']);
    expect(menu.broken).toHaveLength(Object.keys(EXPECTED).length);
    expect(menu.broken).toContainEqual({
      name: '03-alias-to-nowhere',
      problem: 'line 2: YAML: alias *nope refers to no anchor (&nope must be set before it)',
    });
  });

  it('the menu says a broken file’s problem in the learner’s language', () => {
    const menu = menuData(listing, { lessons: {} }, 'zh');
    expect(menu.broken).toContainEqual({
      name: '03-alias-to-nowhere',
      problem: '第 2 行：YAML 错误：别名 *nope 没有对应的锚点（&nope 必须在它之前设置）',
    });
    expect(menu.broken).toContainEqual({
      name: 'not-numbered',
      problem:
        '课程文件夹应命名为 <编号>-<id>：请给它改名，例如改为 01-not-numbered（编号决定课程的顺序）',
    });
  });

  it('has no problem that is not expected', () => {
    expect(listing.problems.length).toBe(Object.keys(EXPECTED).length);
  });

  it('lessons --check finds those, and the lesson that cannot be played, located', async () => {
    const check = await checkLessonFolder(BROKEN);
    expect(check.lessons).toBe(3);
    expect(check.problems.map(formatProblem)).toEqual([
      ...listing.problems.map(formatProblem),
      `${join(BROKEN, '16-cannot-play', 'lesson.yaml')}:4: step 1: server: next, but the server has nothing to send now`,
    ]);
  });
});

describe('a misspelled key is located at itself', () => {
  const GOOD = [
    'title: {en: T, zh: 题}',
    'goal: {en: G, zh: 目标}',
    'server:',
    '  name: demo',
    'steps:',
    '  - client: initialize',
    '    note: {en: N, zh: 注}',
    'recap: {en: R, zh: 回顾}',
  ];
  const problemsOf = (lines: readonly string[]) => {
    const file = join(scratch, 'typo.yaml');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const loaded = loadLessonFile(file, 'typo');
    return loaded.ok ? [] : loaded.problems.map((p) => formatProblem(p).slice(file.length));
  };

  it('a folder named as the file: said in plain words, not as errno', () => {
    const file = join(scratch, 'folder.yaml');
    mkdirSync(file);
    const loaded = loadLessonFile(file, 'folder');
    expect(loaded.ok ? [] : loaded.problems.map((p) => formatProblem(p))).toEqual([
      `${file}: cannot read: it is a folder, not a file`,
    ]);
    expect(loaded.ok ? [] : loaded.problems.map((p) => formatProblemIn(p, 'zh'))).toEqual([
      `${file}: 无法读取：这是一个文件夹，不是文件`,
    ]);
  });

  it('a top-level key: its own line and column, what it meant, and no "missing" line at 1:1', () => {
    expect(problemsOf(GOOD)).toEqual([]);
    const typo = GOOD.map((l) => l.replace(/^recap:/, 'recapp:'));
    expect(problemsOf(typo)).toEqual([':8:1: recapp: unknown key `recapp`; did you mean `recap`?']);
    const extra = [...GOOD.slice(0, 2), 'authr: me', ...GOOD.slice(2)];
    expect(problemsOf(extra)).toEqual([
      ':3:1: authr: unknown key `authr` (one of: id, title, goal, revision, server, client, steps, recap, exercise, spec)',
    ]);
  });

  it('a nested key too: in the peers’ configuration, a step and bilingual text', () => {
    const typo = GOOD.map((l) =>
      l
        .replace('  name: demo', '  verison: demo')
        .replace('    note:', '    nots:')
        .replace('{en: R, zh: 回顾}', '{en: R, zh: 回顾, fr: R}'),
    );
    expect(problemsOf(typo)).toEqual([
      ':4:3: server.verison: unknown key `verison`; did you mean `version`?',
      ':7:5: step 1, nots: unknown key `nots`; did you mean `note`?',
      ':8:24: recap.fr: unknown key `fr` (one of: en, zh)',
    ]);
  });
});

describe('YAML aliases, against the yaml library’s own limit', () => {
  const lesson = (uses: number) =>
    ['a: &n {en: x}', ...Array.from({ length: uses }, (_, i) => `k${i}: *n`)].join('\n');

  it('refused at the very alias where the library refuses it, and not one before', () => {
    // The library counts the anchor as the first use: 99 aliases load, the 100th is refused.
    expect(readYaml(lesson(99)).ok).toBe(true);
    expect(() => parseDocument(lesson(99)).toJS()).not.toThrow();
    const over = readYaml(lesson(100));
    expect(() => parseDocument(lesson(100)).toJS()).toThrow(/alias count/);
    expect(over.ok ? [] : over.problems.map((p) => p.line)).toEqual([101]);
  });

  it('an alias before its anchor is an alias to nowhere', () => {
    const read = readYaml('a: *later\nb: &later 1\n');
    expect(read.ok ? null : read.problems[0]).toMatchObject({ line: 1, column: 4 });
  });

  it('a second document and a nesting too deep to parse are said in plain words, located', () => {
    const second = readYaml('title: x\n---\nmore: 1\n');
    expect(second.ok ? null : second.problems).toEqual([
      expect.objectContaining({
        line: 2,
        message: expect.stringMatching(
          /^YAML: a lesson file holds one YAML document, and this `---`/,
        ),
        zh: expect.stringMatching(/^YAML 错误：一个课程文件只能有一个 YAML 文档/),
      }),
    ]);
    const deep = readYaml(`steps:\n  - ${'['.repeat(50000)}${']'.repeat(50000)}\n`);
    expect(deep.ok ? null : deep.problems).toEqual([
      expect.objectContaining({
        line: 2,
        message: expect.stringMatching(/^YAML: nested too deeply to read/),
        zh: expect.stringMatching(/^YAML 错误：嵌套太深/),
      }),
    ]);
  });

  it('a nesting too deep to convert is a problem, not a crash', () => {
    const deep = `${'['.repeat(20000)}${']'.repeat(20000)}`;
    const read = readYaml(deep);
    expect(read.ok).toBe(false);
  });
});

describe('the build is stale when lessons/ is newer (npm test rebuilds it)', () => {
  it('a lesson newer than dist/ makes it stale, an older one does not', () => {
    for (const dir of ['dist/cli', 'src', 'scripts', 'lessons/01-x']) {
      mkdirSync(join(scratch, dir), { recursive: true });
    }
    const old = new Date('2025-01-01T00:00:00Z');
    const built = new Date('2025-06-01T00:00:00Z');
    const later = new Date('2025-09-01T00:00:00Z');
    const file = (path: string, when: Date) => {
      writeFileSync(join(scratch, path), 'x');
      utimesSync(join(scratch, path), when, when);
    };
    file('src/a.ts', old);
    file('scripts/build.mjs', old);
    file('lessons/01-x/lesson.yaml', old);
    for (const dir of ['src', 'scripts', 'lessons', 'lessons/01-x']) {
      utimesSync(join(scratch, dir), old, old);
    }
    file('dist/cli/main.js', built);
    expect(isBuildStale(scratch)).toBe(true); // no compiled lesson index
    file('dist/lessons-index.json', built);
    expect(isBuildStale(scratch)).toBe(false);
    file('lessons/01-x/lesson.yaml', later);
    expect(isBuildStale(scratch)).toBe(true);
  });
});
