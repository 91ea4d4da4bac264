import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTranscript } from '../../src/cli/commands/play.js';
import { ROOT } from '../helpers/cli.js';
import { renderPlayer, until } from './render-at.js';

// Line 5: notifications/progress with the token 9007199254740995, past 2^53 − 1, read exactly as a
// bigint (withExactIds). The progress line wrote it with JSON.stringify, which throws on a bigint:
// `play` stopped on "ERROR Do not know how to serialize a BigInt" and its stack.
const BIG = join(ROOT, 'test', 'fixtures', 'samples', 'big-ids.jsonl');

describe('a progress token past 2^53 − 1 on the lesson screen', () => {
  it.each(['en', 'zh'] as const)('%s: the progress line shows its digits', async (lang) => {
    const opened = await loadTranscript(BIG, lang);
    const screen = renderPlayer(opened, { columns: 80, rows: 24 }, { lang, start: 4 });
    const label = lang === 'en' ? 'progress token 9007199254740995' : '进度令牌 9007199254740995';
    await until(() => expect(screen.frame()).toContain(label));
    expect(screen.frame()).not.toContain('BigInt');
    screen.unmount();
  });
});
