import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { remembered } from '../../src/cli/lang-choice.js';
import { loadProgress } from '../../src/cli/progress.js';
import { chosenLang, detectLang } from '../../src/i18n/lang.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-lang-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ZH = { LANG: 'zh_CN.UTF-8' };
const EN = { LANG: 'en_US.UTF-8' };
const quiet = () => {};

/** A fresh progress file holding `value` (none when null). */
function fileWith(value: object | null): string {
  const file = join(mkdtempSync(join(dir, 'case-')), 'progress.json');
  if (value !== null) writeFileSync(file, JSON.stringify(value));
  return file;
}

/** The language a run without --lang shows, in `env`, after reading `file`. */
const shown = async (file: string, env: NodeJS.ProcessEnv) =>
  detectLang(undefined, chosenLang(await loadProgress(file, quiet)), env);

describe('the language: --lang, then an explicit saved choice, then LANG / LC_ALL', () => {
  it('a language an earlier run merely showed (no mark, as older versions saved) does not hide LANG', async () => {
    const file = fileWith({ lang: 'en', lessons: {} });
    expect(await shown(file, ZH)).toBe('zh');
    expect(await shown(file, { LC_ALL: 'zh_TW.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh');
    expect(await shown(file, EN)).toBe('en');
  });

  it('a --lang given to a screen is remembered as a choice, and beats LANG later', async () => {
    const file = fileWith({ lang: 'en', lessons: { a: { finished: true, lastStep: 3 } } });
    const progress = await remembered(await loadProgress(file, quiet), 'zh', file);
    expect(progress).toMatchObject({ lang: 'zh', langChosen: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      lang: 'zh',
      langChosen: true,
      lessons: { a: { finished: true, lastStep: 3 } },
      exercises: {},
    });
    expect(await shown(file, EN)).toBe('zh');
    // --lang still wins over the choice.
    expect(detectLang('en', chosenLang(await loadProgress(file, quiet)), ZH)).toBe('en');
  });

  it('a run that did not choose saves nothing', async () => {
    const file = fileWith(null);
    const progress = await loadProgress(file, quiet);
    expect(await remembered(progress, undefined, file)).toBe(progress);
    expect(existsSync(file)).toBe(false);
    const kept = fileWith({ lang: 'zh', langChosen: true, lessons: {} });
    const before = readFileSync(kept, 'utf8');
    await remembered(await loadProgress(kept, quiet), 'zh', kept); // the same choice again: nothing to write
    expect(readFileSync(kept, 'utf8')).toBe(before);
  });

  it('a langChosen that is not a boolean is set aside, and is no choice', async () => {
    const warnings: string[] = [];
    const file = fileWith({ lang: 'en', langChosen: 'yes', lessons: {} });
    const progress = await loadProgress(file, (line) => warnings.push(line));
    expect(chosenLang(progress)).toBeUndefined();
    expect(warnings[0]).toMatch(/\/langChosen: expected a boolean/);
  });
});
