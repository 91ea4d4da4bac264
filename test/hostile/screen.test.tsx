import { describe, expect, it, vi } from 'vitest';
import { loadTranscript } from '../../src/cli/commands/play.js';
import { MAX_DEPTH } from '../../src/session/index.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { renderPlayer, until } from '../ui/render-at.js';
import { captured, controlsIn, corpus, deepFile, nestedLine, tempFile } from './helpers.js';

/** A transcript as `play` opens it (its problems go to stderr, captured and dropped here). */
async function opened(bytes: Buffer | string): Promise<OpenedLesson> {
  let lesson: OpenedLesson | null = null;
  await captured(async () => {
    lesson = await loadTranscript(tempFile(bytes));
    return 0;
  });
  if (lesson === null) throw new Error('not opened');
  return lesson;
}

function show(lesson: OpenedLesson, columns = 100) {
  return renderPlayer(lesson, { columns, rows: 30 }, { mode: 'recording' });
}

/** Every frame the screen drew, raw (ink-testing-library keeps them as written). */
const drawn = (screen: ReturnType<typeof show>) => screen.frames.join('\n');

describe('the play screen on hostile transcripts', () => {
  for (const [name, bytes] of corpus()) {
    it(`${name}: every step drawn, no control character from the file reaches the terminal`, async () => {
      const lesson = await opened(bytes);
      expect(lesson.steps.length).toBeGreaterThan(0);
      const errors = vi.spyOn(console, 'error');
      const screen = show(lesson);
      await until(() => expect(screen.frame()).toContain(`step 1/${lesson.steps.length}`));
      for (let i = 2; i <= lesson.steps.length; i++) {
        screen.type('n');
        await until(() => expect(screen.frame()).toContain(`step ${i}/${lesson.steps.length}`));
      }
      expect(controlsIn(drawn(screen))).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
      screen.unmount();
    });
  }

  it('the escapes are shown as text, where the learner can see them', async () => {
    const lesson = await opened(corpus().find(([n]) => n === 'escapes.jsonl')?.[1] ?? '');
    const screen = show(lesson, 160);
    screen.type('nnn'); // step 4: the method that would retitle the terminal
    await until(() => expect(screen.frame()).toContain('\\x1b]0;pwned\\x07'));
    screen.unmount();
  });

  it(`draws a message nested ${MAX_DEPTH} levels (the limit), and reports the deeper ones`, async () => {
    const lesson = await opened(deepFile());
    // Lines 1 and 4 are messages; 2 and 3 are past the limit: steps with trace's words, and in the recap.
    expect(lesson.steps.map((s) => s.message?.id ?? s.problem?.en.slice(0, 7))).toEqual([
      1,
      'line 2:',
      'line 3:',
      4,
    ]);
    expect(lesson.recap.en).toContain('2 unreadable lines (lines 2, 3)');
    const errors = vi.spyOn(console, 'error');
    const screen = show(lesson);
    await until(() => expect(screen.frame()).toContain('step 1/4'));
    expect(screen.frame()).toContain('"x": [');
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('step 4/4'));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    screen.unmount();
  });

  it('a narrow screen draws the deep message too (its indentation is cut, not wrapped)', async () => {
    const lesson = await opened(`${nestedLine(MAX_DEPTH)}\n`);
    const screen = show(lesson, 40);
    await until(() => expect(screen.frame()).toContain('step 1/1'));
    screen.unmount();
  });
});
