import { isAbsolute } from 'node:path';
import { renderToString } from 'ink';
import { describe, expect, it } from 'vitest';
import { PROGRESS_FILE } from '../../src/cli/progress.js';
import { HelpOverlay } from '../../src/ui/components/help-overlay.js';
import { runCli } from '../helpers/cli.js';

const hints = [{ keys: 'q', text: 'quit', actions: ['quit'] }];
const where = {
  en: '.mcp-sim/progress.json in the current folder',
  zh: '当前文件夹的 .mcp-sim/progress.json',
} as const;
/** Help text as one line: the CLI wraps it at 100 columns (Chinese between characters). */
const flat = (text: string, lang: 'en' | 'zh') =>
  text.replace(/[ \t]*\n[ \t]*/g, lang === 'en' ? ' ' : '');

describe('where progress is kept, as the help says it', () => {
  it('is a path relative to the folder the command runs in', () => {
    expect(isAbsolute(PROGRESS_FILE)).toBe(false);
  });

  it.each(['en', 'zh'] as const)('%s: the menu’s and the lesson’s ? help', (lang) => {
    const text = renderToString(<HelpOverlay hints={hints} lang={lang} saves width={200} />, {
      columns: 200,
    });
    expect(text).toContain(where[lang]);
  });

  it.each(['en', 'zh'] as const)('%s: mcp-sim --help and lessons --help', async (lang) => {
    const overview = await runCli(['--help', '--lang', lang]);
    expect(flat(overview.stdout, lang)).toContain(where[lang]);
    const lessons = await runCli(['lessons', '--help', '--lang', lang]);
    expect(flat(lessons.stdout, lang)).toContain(where[lang]);
  });
});
