import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// Every line mcp-sim writes on stderr for a learner (usage errors, problems with a file, warnings
// about the progress file, failures it did not foresee) exists in Chinese too. A representative
// set of bad inputs is run in Chinese, chosen with --lang zh and with the locale alone
// (LANG=zh_CN.UTF-8): no line may come out without a Chinese character. What may stay as it is in
// both languages (a file's path, a JSON pointer, an option or a code name) is allowed on a line of
// its own; a sentence in English is not.

const scratch = mkdtempSync(join(tmpdir(), 'mcp-sim-messages-zh-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;
const LOCALE_ZH = { LANG: 'zh_CN.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined };
const LOCALE_C = { LANG: 'C.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined };

/**
 * What of a line is English prose: the line without its paths, pointers, options, codes and
 * quoted values. Empty when the line holds nothing a learner would need translated.
 */
function prose(line: string): string {
  return line
    .replace(/^mcp-sim(?: \w+)?:/, '')
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, ' ')
    .replace(/\S*[/\\.#:=_]\S*/g, ' ') // paths, pointers, URLs, file:line, key=value, snake_case
    .replace(/--?[\w-]+/g, ' ') // options
    .replace(/\b[A-Z][A-Z0-9_]{2,}\b/g, ' ') // ENOENT, EISDIR
    .replace(/[^A-Za-z]+/g, ' ')
    .trim();
}

/** The lines of `stderr` a Chinese-speaking learner would find in English. */
const untranslated = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !CJK.test(line))
    .filter((line) => /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(prose(line)));

/** A fresh folder for one run, set up by `setup`. */
function folder(setup: (dir: string) => void = () => {}): string {
  const dir = mkdtempSync(join(scratch, 'case-'));
  setup(dir);
  return dir;
}

const progressFile = (text: string) => (dir: string) => {
  mkdirSync(join(dir, '.mcp-sim'));
  writeFileSync(join(dir, '.mcp-sim', 'progress.json'), text);
};

type Case = { readonly args: readonly string[]; readonly setup?: (dir: string) => void };

/** A command line with `--lang zh` right after its command (before any `--`). */
const withLang = ([command = '', ...rest]: readonly string[]) => [command, '--lang', 'zh', ...rest];

const CASES: readonly Case[] = [
  // The progress file: not JSON, not an object, a bad entry, a folder in its place.
  { args: ['check'], setup: progressFile('{bad') },
  { args: ['lessons'], setup: progressFile('[1]') },
  { args: ['exercises'], setup: progressFile('{"lessons":{"a":{"finished":1,"lastStep":-1}}}') },
  {
    args: ['lessons'],
    setup: (dir) => mkdirSync(join(dir, '.mcp-sim', 'progress.json'), { recursive: true }),
  },
  // Something in the way of `exercises --init`.
  { args: ['exercises', '--init'], setup: (dir) => writeFileSync(join(dir, 'exercises'), 'x') },
  // Usage errors and files that are not what the command needs.
  { args: ['frobnicate'] },
  { args: ['lessons', '--jsn'] },
  { args: ['trace', 'missing.jsonl'] },
  { args: ['trace', '.'] },
  {
    args: ['play', '--plain', 'empty.jsonl'],
    setup: (dir) => writeFileSync(join(dir, 'empty.jsonl'), ''),
  },
  { args: ['lesson', 'nope'] },
  { args: ['lesson', '1', '--autoplay', '-1'] },
  { args: ['lessons', '--check', 'nope'] },
  {
    args: ['lessons', '--lessons', 'mine'],
    setup: (dir) => {
      mkdirSync(join(dir, 'mine', '01-x'), { recursive: true });
      writeFileSync(join(dir, 'mine', '01-x', 'lesson.yaml'), 'x: [');
    },
  },
  { args: ['sandbox', '--lesson', 'nope'] },
  { args: ['sandbox', '--era', 'modern', '--lesson', '01-first-session'] },
  { args: ['sandbox'] },
  { args: ['serve', '--http', 'abc'] },
  { args: ['serve', '--without', 'nope'] },
  { args: ['connect'] },
  { args: ['connect', '--plain', '--', join(scratch, 'no-such-server')] },
  { args: ['check', 'nope'] },
  { args: ['check', '1', '--seed', 'abc'] },
  { args: ['hint', 'nope'] },
  { args: ['solution', 'nope'] },
  { args: ['compare', 'nope'] },
  { args: ['diagram', '--format', 'nope'] },
];

/**
 * The cases run with the locale alone. The language is chosen once, before any command runs, so
 * every case above would only repeat what `--lang zh` shows: these cover each moment a line can be
 * written (the progress file read at start, a usage error before the command, a file, a lesson, a
 * child process and a seed after it).
 */
const LOCALE_CASES: readonly Case[] = CASES.filter(({ args }) =>
  [
    'check',
    'frobnicate',
    'lessons --jsn',
    'trace missing.jsonl',
    'lesson nope',
    `connect --plain -- ${join(scratch, 'no-such-server')}`,
    'check 1 --seed abc',
  ].includes(args.join(' ')),
);

/** Runs the cases (a few at a time) in `lang`'s way of choosing Chinese; what came out untranslated. */
async function runAll(choose: 'option' | 'locale'): Promise<string[]> {
  const found: string[] = [];
  const queue = [...(choose === 'option' ? CASES : LOCALE_CASES)];
  const worker = async () => {
    for (let c = queue.shift(); c !== undefined; c = queue.shift()) {
      const args = choose === 'option' ? withLang(c.args) : [...c.args];
      const env = choose === 'option' ? LOCALE_C : LOCALE_ZH;
      const { stderr } = await runCli(args, { env, cwd: folder(c.setup) });
      expect(stderr, args.join(' ')).not.toMatch(/\n\s+at \S/); // never a stack trace
      for (const line of untranslated(stderr)) found.push(`${args.join(' ')}\n    ${line}`);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return found;
}

describe('every message a learner can reach is said in Chinese', () => {
  it('the check itself: an English sentence is caught, a path or a code on its own is not', () => {
    expect(
      untranslated('mcp-sim: .mcp-sim/progress.json: not a JSON object; starting fresh\n'),
    ).toHaveLength(1);
    expect(
      untranslated('mcp-sim: 未知的命令“x”\n/tmp/a/b.json\n/lessons/a/finished\nEISDIR\n'),
    ).toEqual([]);
  });

  it('with --lang zh', async () => {
    expect(await runAll('option')).toEqual([]);
  }, 120_000);

  it('with LANG=zh_CN.UTF-8 and no --lang', async () => {
    expect(LOCALE_CASES).toHaveLength(7);
    expect(await runAll('locale')).toEqual([]);
  }, 120_000);

  it('a warning about the progress file follows the language saved in it, unless --lang says otherwise', async () => {
    const text = JSON.stringify({ lang: 'zh', langChosen: true, lessons: { a: { finished: 1 } } });
    const saved = await runCli(['lessons'], { env: LOCALE_C, cwd: folder(progressFile(text)) });
    expect(saved.stderr).toMatch(
      /^mcp-sim: \.mcp-sim\/progress\.json：\/lessons\/a\/finished：应为布尔值/,
    );
    const given = await runCli(['lessons', '--lang', 'en'], {
      env: LOCALE_ZH,
      cwd: folder(progressFile(text)),
    });
    expect(given.stderr).toMatch(
      /^mcp-sim: \.mcp-sim\/progress\.json: \/lessons\/a\/finished: Invalid input/,
    );
  });
});

describe('exercises --init with a file named exercises in the way', () => {
  it('one line saying so, exit 2 (it was "internal error: ENOTDIR … lstat …", exit 1)', async () => {
    const dir = folder((d) => writeFileSync(join(d, 'exercises'), 'x'));
    const { code, stderr } = await runCli(['exercises', '--init'], { env: LOCALE_C, cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toBe(
      `mcp-sim: ${join(dir, 'exercises')} is a file, not a folder: move it away (or run this elsewhere) to copy the exercises into ./exercises\n`,
    );
  });
});
