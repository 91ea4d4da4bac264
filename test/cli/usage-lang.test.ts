import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tr } from '../../src/i18n/lang.js';
import { USAGE_STRINGS } from '../../src/i18n/usage-strings.js';
import { runCli } from '../helpers/cli.js';

const english = { LANG: 'C.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined };
const chinese = { LANG: 'zh_CN.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined };

/** Exit 2 and one line on stderr, with no stack trace. */
async function usageLine(args: string[], env = english, cwd?: string): Promise<string> {
  const { code, stderr } = await runCli(args, { env, ...(cwd ? { cwd } : {}) });
  expect(code).toBe(2);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\bat \S+ \(/);
  return stderr.trimEnd();
}

describe('usage errors in the learner language', () => {
  it('stay in English by default, word for word as before', async () => {
    expect(await usageLine(['lesson', 'handshak'])).toBe(
      'mcp-sim: unknown lesson "handshak" (did you mean handshake? see: mcp-sim lessons)',
    );
    expect(await usageLine(['trace'])).toBe(
      'mcp-sim: trace needs a file: mcp-sim trace <file> [--json]',
    );
    expect(await usageLine(['lesson', '1', '--lang', 'fr'])).toBe(
      'mcp-sim: --lang must be en or zh, not "fr"',
    );
  });

  it('follow --lang, wherever it stands and however it is written', async () => {
    expect(await usageLine(['lesson', 'handshak', '--lang', 'zh'])).toBe(
      'mcp-sim: 未知的课程“handshak”（是不是想输入 handshake？请看：mcp-sim lessons）',
    );
    expect(await usageLine(['--lang=zh', 'trace', 'no-such-file.jsonl'])).toBe(
      'mcp-sim: no-such-file.jsonl：没有这个文件',
    );
    // The option that is wrong is the very word after it: still said in the language given.
    expect(await usageLine(['lessons', '--lang', 'zh', '--jsn'])).toBe(
      'mcp-sim: 未知的选项 --jsn（是不是想输入 --json？）（请看：mcp-sim help lessons）',
    );
    expect(await usageLine(['serve', '--lang', 'zh', '--era', 'old'])).toBe(
      'mcp-sim: --era 只能是 dual、modern 或 legacy，不能是“old”',
    );
  });

  it('follow the locale when there is no --lang, and --lang wins over it', async () => {
    expect(await usageLine(['lesson', 'handshak'], chinese)).toContain('未知的课程');
    expect(await usageLine(['frobnicate'], chinese)).toBe(
      'mcp-sim: 未知的命令“frobnicate”（请看：mcp-sim help）',
    );
    expect(await usageLine(['lesson', 'handshak', '--lang', 'en'], chinese)).toContain(
      'unknown lesson',
    );
  });

  it('follow the language the learner chose before, read without touching the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-usage-lang-'));
    mkdirSync(join(dir, '.mcp-sim'));
    const saved = (progress: object) =>
      writeFileSync(join(dir, '.mcp-sim', 'progress.json'), JSON.stringify(progress));
    saved({ lang: 'zh', langChosen: true, lessons: {}, exercises: {} });
    expect(await usageLine(['connect'], english, dir)).toBe(
      `mcp-sim: ${tr(USAGE_STRINGS.connectNeedsCommand, 'zh', { mcp: 'mcp-sim' })}`,
    );
    // A language a run merely showed is no choice: the locale decides.
    saved({ lang: 'zh', lessons: {}, exercises: {} });
    expect(await usageLine(['connect'], english, dir)).toBe(
      `mcp-sim: ${tr(USAGE_STRINGS.connectNeedsCommand, 'en', { mcp: 'mcp-sim' })}`,
    );
  });
});

describe('the usage strings', () => {
  const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('have the same placeholders in both languages, and Chinese in the Chinese line', () => {
    for (const [key, text] of Object.entries(USAGE_STRINGS)) {
      expect(names(text.zh), key).toEqual(names(text.en));
      if (!['or', 'listComma'].includes(key)) expect(text.zh, key).toMatch(/\p{Script=Han}/u);
    }
  });
});
