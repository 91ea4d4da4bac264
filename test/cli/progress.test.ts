import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LangOf, loadProgress, type Progress, saveProgress } from '../../src/cli/progress.js';
import { chosenLang, detectLang, type Lang } from '../../src/i18n/lang.js';
import { ROOT } from '../helpers/cli.js';

const PROGRESS_TS = join(ROOT, 'src', 'cli', 'progress.ts');

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-progress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh folder with `progress.json` holding `text` (none when null). */
function fileWith(text: string | null): string {
  const folder = mkdtempSync(join(dir, 'case-'));
  const file = join(folder, 'progress.json');
  if (text !== null) writeFileSync(file, text);
  return file;
}

async function load(file: string): Promise<{ progress: unknown; warnings: string[] }> {
  const warnings: string[] = [];
  return { progress: await await loadProgress(file, (line) => warnings.push(line)), warnings };
}

const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const A = { finished: true, lastStep: 9 };

describe('.mcp-sim/progress.json: reading', () => {
  it('starts fresh, silently, when there is no file', async () => {
    expect(await load(fileWith(null))).toEqual({
      progress: { lessons: {}, exercises: {} },
      warnings: [],
    });
  });

  it('reads a saved file back as saved, ending in a newline', async () => {
    const file = join(dir, 'sub', 'progress.json');
    const saved = {
      lang: 'zh' as const,
      lessons: { 'first-session': A },
      exercises: { progress: { passed: false, points: 3, maxPoints: 10 } },
    };
    await saveProgress(saved, file);
    expect(await loadProgress(file, () => {})).toEqual(saved);
    expect(readFileSync(file, 'utf8').endsWith('}\n')).toBe(true);
  });

  it('accepts a file saved with a UTF-8 byte order mark', async () => {
    const bom = await load(fileWith(`\uFEFF${JSON.stringify({ lang: 'zh', lessons: { a: A } })}`));
    expect(bom).toEqual({
      progress: { lang: 'zh', lessons: { a: A }, exercises: {} },
      warnings: [],
    });
  });

  it('sets one bad lesson aside, with why, and uses the rest (one located line)', async () => {
    const file = fileWith(
      JSON.stringify({ lang: 'zh', lessons: { a: A, b: { finished: true, lastStep: -1 } } }),
    );
    const first = await load(file);
    expect(first.progress).toEqual({ lang: 'zh', lessons: { a: A }, exercises: {} });
    expect(first.warnings).toHaveLength(1);
    expect(first.warnings[0]).toBe(
      `mcp-sim: ${file}: /lessons/b/lastStep: Too small: expected number to be >=0; set aside (kept as ${file}.bad), the rest is used`,
    );
    expect(json(`${file}.bad`)).toMatchObject({
      entries: { '/lessons/b': { why: expect.stringContaining('>=0'), value: { lastStep: -1 } } },
    });
    // The file no longer holds it: the next read is silent and the same.
    expect(await load(file)).toEqual({ progress: first.progress, warnings: [] });
  });

  it('sets a wrong lang, a wrong exercise, a section that is no object aside on their own', async () => {
    const file = fileWith(
      JSON.stringify({
        lang: 'fr',
        lessons: [1],
        exercises: { x: { passed: 'yes' }, y: { passed: true, points: 1, maxPoints: 1 } },
      }),
    );
    const read = await load(file);
    expect(read.progress).toEqual({
      lessons: {},
      exercises: { y: { passed: true, points: 1, maxPoints: 1 } },
    });
    expect(read.warnings).toHaveLength(1);
    expect(read.warnings[0]).toMatch(/: \/lang: .*"en".*\(and 2 more entries\); set aside/);
    expect(Object.keys((json(`${file}.bad`) as { entries: object }).entries)).toEqual([
      '/lang',
      '/lessons',
      '/exercises/x',
    ]);
  });

  it('names the pointer of a key holding "/" or "~" as RFC 6901 escapes it', async () => {
    const read = await load(fileWith(JSON.stringify({ lessons: { 'a/b~c': { finished: 1 } } })));
    expect(read.warnings[0]).toContain(': /lessons/a~1b~0c/finished: ');
  });

  it('moves a file that is not JSON aside, with its line and column, and starts fresh', async () => {
    const file = fileWith('{\n  "lessons": {\n    "a": {"finished": true,}\n  }\n}');
    const read = await load(file);
    expect(read.progress).toEqual({ lessons: {}, exercises: {} });
    expect(read.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^mcp-sim: ${file}: line 3, column 28: not valid JSON \\(.*\\); starting fresh \\(kept as ${file}\\.bad\\)$`,
        ),
      ),
    ]);
    expect(readFileSync(`${file}.bad`, 'utf8')).toContain('"finished": true,}');
    expect(existsSync(file)).toBe(false);
    expect((await load(file)).warnings).toEqual([]); // reported once: it is no longer there
  });

  it('moves JSON that is not an object aside too', async () => {
    const file = fileWith('[1, 2]');
    expect((await load(file)).warnings).toEqual([
      `mcp-sim: ${file}: not a JSON object; starting fresh (kept as ${file}.bad)`,
    ]);
  });

  it('never overwrites an earlier set-aside file: the next is .bad-2, then .bad-3', async () => {
    const file = fileWith('{garbage');
    writeFileSync(`${file}.bad`, 'earlier');
    expect((await load(file)).warnings[0]).toContain(`(kept as ${file}.bad-2)`);
    writeFileSync(file, '{"lessons": {"a": 1}}');
    expect((await load(file)).warnings[0]).toContain(`(kept as ${file}.bad-3)`);
    expect(readFileSync(`${file}.bad`, 'utf8')).toBe('earlier');
    expect(readFileSync(`${file}.bad-2`, 'utf8')).toBe('{garbage');
    expect(json(`${file}.bad-3`)).toMatchObject({ entries: { '/lessons/a': { value: 1 } } });
  });
});

describe('.mcp-sim/progress.json: saving', () => {
  it('keeps unknown keys, top-level and inside entries, through an older version’s save', async () => {
    const file = fileWith(
      JSON.stringify({
        future: { badges: ['x'] },
        lessons: { a: { ...A, stars: 3 }, b: { finished: false, lastStep: 1, notes: 'n' } },
        exercises: { e: { passed: true, points: 2, maxPoints: 2, time: 5 } },
      }),
    );
    const progress = await loadProgress(file, () => {});
    // What the screens do: a new entry object for the lesson the learner is on.
    await saveProgress(
      { ...progress, lessons: { ...progress.lessons, b: { finished: true, lastStep: 4 } } },
      file,
    );
    expect(json(file)).toEqual({
      future: { badges: ['x'] },
      lessons: { a: { ...A, stars: 3 }, b: { finished: true, lastStep: 4, notes: 'n' } },
      exercises: { e: { passed: true, points: 2, maxPoints: 2, time: 5 } },
    });
  });

  it('reports a folder that cannot be written once, and goes on', async () => {
    mkdirSync(join(dir, 'blocked'));
    writeFileSync(join(dir, 'blocked', 'file'), 'x');
    const file = join(dir, 'blocked', 'file', 'p.json');
    const warnings: string[] = [];
    const warn = (line: string) => warnings.push(line);
    expect(await loadProgress(file, warn)).toEqual({ lessons: {}, exercises: {} });
    await saveProgress({ lessons: { a: A }, exercises: {} }, file, warn);
    await saveProgress({ lessons: { a: A, b: A }, exercises: {} }, file, warn);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toBe(
      `mcp-sim: could not save ${file}: ${join(dir, 'blocked', 'file')} (or a folder above it) is a file`,
    );
    expect(warnings[0]).not.toContain('\n');
  });

  it('reads the file again when anyone else wrote it since this process saved it', async () => {
    const file = fileWith(null);
    const warnings: string[] = [];
    const warn = (line: string) => warnings.push(line);
    await saveProgress({ lessons: { a: A }, exercises: {} }, file, warn);
    // A hand edit in place (same inode): a new size and time, and an entry that does not validate.
    writeFileSync(file, JSON.stringify({ lessons: { a: A, b: { finished: 'no' } }, extra: 1 }));
    await saveProgress({ lessons: { a: A, c: A }, exercises: {} }, file, warn);
    expect(json(file)).toEqual({ extra: 1, lessons: { a: A, c: A }, exercises: {} });
    expect(warnings).toEqual([expect.stringContaining(': /lessons/b/finished: ')]);
  });

  it('leaves no temp file behind', async () => {
    const file = fileWith(null);
    await saveProgress({ lessons: { a: A }, exercises: {} }, file);
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });
});

// A progress file that is there but cannot be read (another user's, mode 000, a folder) may hold
// the learner's progress: it was taken for a missing one, and the next save replaced it.
describe('.mcp-sim/progress.json that cannot be read', () => {
  it('a folder in its place: said once, in plain words; nothing is written', async () => {
    const file = fileWith(null);
    mkdirSync(file);
    writeFileSync(join(file, 'kept'), 'x');
    const warnings: string[] = [];
    const warn = (line: string) => warnings.push(line);
    expect(await loadProgress(file, warn)).toEqual({ lessons: {}, exercises: {} });
    await saveProgress({ lessons: { a: A }, exercises: {} }, file, warn);
    await saveProgress({ lessons: { a: A, b: A }, exercises: {} }, file, warn);
    expect(warnings).toEqual([
      `mcp-sim: ${file}: cannot read it (it is a folder); progress is not saved until it can be, so nothing in it is lost`,
    ]);
    expect(readFileSync(join(file, 'kept'), 'utf8')).toBe('x');
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'permission denied: the file is kept as it is, not replaced by this session’s progress',
    async () => {
      const saved = { lessons: { mine: A }, exercises: {} };
      const file = fileWith(JSON.stringify(saved));
      chmodSync(file, 0o000);
      const warnings: string[] = [];
      const warn = (line: string) => warnings.push(line);
      await loadProgress(file, warn);
      await saveProgress({ lessons: { a: A }, exercises: {} }, file, warn);
      chmodSync(file, 0o644);
      expect(json(file)).toEqual(saved);
      expect(warnings).toEqual([expect.stringContaining(': cannot read it (permission denied)')]);
    },
  );

  // As root nothing is denied: the same file, read by an ordinary user (nobody) in a child.
  it.skipIf(process.platform === 'win32' || process.getuid?.() !== 0)(
    'permission denied (run as nobody): the file is kept as it is',
    async ({ skip }) => {
      // Not under the test run's own temp folder: nobody may not pass through it.
      const folder = mkdtempSync('/tmp/mcp-sim-nobody-');
      try {
        chmodSync(folder, 0o777);
        const file = join(folder, 'progress.json');
        const saved = `${JSON.stringify({ lessons: { mine: A }, exercises: {} })}\n`;
        writeFileSync(file, saved, { mode: 0o600 });
        const script = [
          `const { loadProgress, saveProgress } = await import(${JSON.stringify(PROGRESS_TS)});`,
          `const file = ${JSON.stringify(file)};`,
          'await loadProgress(file);',
          'await saveProgress({ lessons: { a: { finished: true, lastStep: 1 } }, exercises: {} }, file);',
        ].join('\n');
        // The same loader with nothing to run, as nobody: a Node that nobody may run (CI's Node 24
        // lives in root's npx cache) or a checkout nobody may read (a clone in a private folder, as
        // `mktemp -d` makes one) cannot try it, and a failure below is then the file's alone.
        const asNobody = (...args: string[]) =>
          spawnSync(process.execPath, ['--import', 'tsx', ...args], {
            uid: 65534,
            gid: 65534,
            cwd: ROOT,
            env: { ...process.env, TMPDIR: folder }, // tsx keeps its cache there
            encoding: 'utf8',
          });
        const probe = asNobody('-e', '0');
        if ((probe.error as NodeJS.ErrnoException | undefined)?.code === 'EACCES') {
          skip(`user nobody may not run ${process.execPath}`);
        }
        if (probe.status !== 0) skip(`user nobody cannot load this checkout's modules (${ROOT})`);
        const child = asNobody('--input-type=module', '-e', script);
        expect(child.error).toBeUndefined();
        expect(child.stderr).toContain(': cannot read it (permission denied)');
        expect(readFileSync(file, 'utf8')).toBe(saved);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});

// Every line about the file is said in the run's language (`--lang`, then the choice saved in the
// file itself, then the locale): they were English only, even under `--lang zh`.
describe('.mcp-sim/progress.json: problems said in the run’s language', () => {
  const CJK = /[\u4e00-\u9fff]/;
  const runLang = (option: Lang | undefined, env: NodeJS.ProcessEnv) => (saved: Progress) =>
    detectLang(option, chosenLang(saved), env);

  async function warned(file: string, lang: LangOf): Promise<string[]> {
    const warnings: string[] = [];
    await loadProgress(file, (line) => warnings.push(line), lang);
    return warnings;
  }

  it('a file that is not JSON, under --lang zh: where, why and where it was kept, in Chinese', async () => {
    const file = fileWith('{bad');
    expect(await warned(file, runLang('zh', {}))).toEqual([
      `mcp-sim: ${file}：第 1 行第 2 列：不是有效的 JSON（${jsonReason('{bad')}）；进度从头开始（原文件保留为 ${file}.bad）`,
    ]);
  });

  it('a broken file holds no choice: without --lang, the locale (LANG=zh_CN.UTF-8) decides', async () => {
    expect(await warned(fileWith('[1]'), runLang(undefined, { LANG: 'zh_CN.UTF-8' }))).toEqual([
      expect.stringMatching(/：不是 JSON 对象；进度从头开始/),
    ]);
    expect(await warned(fileWith('[1]'), runLang(undefined, { LANG: 'C' }))).toEqual([
      expect.stringMatching(/: not a JSON object; starting fresh/),
    ]);
  });

  it('a bad entry in a file whose saved choice is zh: said in Chinese, unless --lang en', async () => {
    const text = JSON.stringify({
      lang: 'zh',
      langChosen: true,
      lessons: { a: { finished: 1, lastStep: 0 }, b: { finished: true, lastStep: -1 } },
      exercises: { e: { passed: true, points: 1 } },
    });
    const zh = await warned(fileWith(text), runLang(undefined, { LANG: 'C' }));
    expect(zh).toHaveLength(1);
    expect(zh[0]).toMatch(/：\/lessons\/a\/finished：应为布尔值，实际是数字（另有 2 个条目）；/);
    expect(zh[0]).toMatch(CJK);
    const en = await warned(fileWith(text), runLang('en', { LANG: 'zh_CN.UTF-8' }));
    expect(en[0]).toMatch(
      /: \/lessons\/a\/finished: Invalid input: expected boolean, received number \(and 2 more entries\); set aside/,
    );
    // The set-aside file keeps the English why, whichever language the run said it in.
    const kept = fileWith(text);
    await warned(kept, 'zh');
    expect(json(`${kept}.bad`)).toMatchObject({
      entries: {
        '/lessons/b': { why: '/lessons/b/lastStep: Too small: expected number to be >=0' },
        '/exercises/e': {
          why: '/exercises/e/maxPoints: Invalid input: expected number, received undefined',
        },
      },
    });
  });

  it('every kind of bad entry has its Chinese', async () => {
    const text = (value: unknown) => JSON.stringify(value);
    const cases: [string, RegExp][] = [
      [text({ lang: 'fr' }), /\/lang：只能是 "en"、"zh" 之一/],
      [text({ langChosen: 'yes' }), /\/langChosen：应为布尔值/],
      [text({ lessons: [] }), /\/lessons：应为对象/],
      [
        text({ lessons: { a: { finished: true, lastStep: 1.5 } } }),
        /lastStep：应为整数，实际是数字/,
      ],
      [text({ lessons: { a: { finished: true } } }), /lastStep：缺少这个字段（应为数字）/],
      [text({ lessons: { a: { finished: true, lastStep: -2 } } }), /lastStep：太小了，应 ≥ 0/],
      [text({ exercises: { e: 3 } }), /\/exercises\/e：应为对象，实际是数字/],
    ];
    for (const [content, line] of cases) {
      const warnings = await warned(fileWith(content), 'zh');
      expect(warnings).toEqual([expect.stringMatching(line)]);
      expect(warnings[0]).toMatch(/；这些条目已移出（保存在 .*\.bad），其余照常使用$/);
    }
  });

  it('a save that fails, and a file that cannot be read, in Chinese', async () => {
    mkdirSync(join(dir, 'blocked-zh'));
    writeFileSync(join(dir, 'blocked-zh', 'file'), 'x');
    const file = join(dir, 'blocked-zh', 'file', 'p.json');
    const warnings: string[] = [];
    await saveProgress({ lessons: { a: A }, exercises: {} }, file, (l) => warnings.push(l), 'zh');
    expect(warnings).toEqual([
      `mcp-sim: 无法保存 ${file}：${join(dir, 'blocked-zh', 'file')}（或它的某个上级文件夹）是一个文件，不是文件夹`,
    ]);
    const folder = fileWith(null);
    mkdirSync(folder);
    expect(await warned(folder, 'zh')).toEqual([
      `mcp-sim: ${folder}：无法读取（它是一个文件夹）；在它能读取之前不会保存进度，所以其中的内容不会丢失`,
    ]);
  });

  it('a save without a language says it in the language the progress chose', async () => {
    mkdirSync(join(dir, 'blocked-chosen'));
    writeFileSync(join(dir, 'blocked-chosen', 'file'), 'x');
    const file = join(dir, 'blocked-chosen', 'file', 'p.json');
    const warnings: string[] = [];
    const chosen = { lang: 'zh' as const, langChosen: true, lessons: {}, exercises: {} };
    await saveProgress(chosen, file, (l) => warnings.push(l));
    expect(warnings).toEqual([expect.stringMatching(/^mcp-sim: 无法保存 /)]);
  });
});

/** What JSON.parse says about `text` (its first line): the engine's words, in every language. */
function jsonReason(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return (error as Error).message.split('\n')[0] ?? '';
  }
}
