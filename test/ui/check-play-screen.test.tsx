import { describe, expect, it } from 'vitest';
import { recordedLesson } from '../../src/cli/commands/check-play.js';
import { type ExerciseMeta, recordScenario, scenarioFor } from '../../src/grader/index.js';
import type { Lang } from '../../src/i18n/lang.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import type { ScreenMode } from '../../src/ui/screen-mode.js';
import { meta, patch, solution, workspace } from '../grader/helpers.js';
import { renderPlayer, until, widest } from './render-at.js';

const ID = '01-progress';
const ref = solution(ID, 'long-task.ts');

/** The learner's code played in this process (the CLI tests cover the isolated child process). */
async function played(text: string): Promise<OpenedLesson> {
  const exercise: ExerciseMeta = meta(ID);
  const scenario = scenarioFor(ID);
  if (!scenario) throw new Error(`${ID} has no scenario`);
  const dir = workspace(ID, { 'long-task.ts': text });
  const rec = await recordScenario(exercise, scenario, { dir, isolation: 'inline', seed: 7 });
  expect(rec.failure).toBeNull();
  return recordedLesson(exercise, rec);
}

/** The played session as `check --play` opens it (mode "exercise"), at its first step. */
function show(lesson: OpenedLesson, lang: Lang, columns = 80, mode: ScreenMode = 'exercise') {
  return renderPlayer(lesson, { columns, rows: 24 }, { lang, mode });
}

/** The index of the first step that satisfies `keep` (the test fails when there is none). */
function stepWhere(lesson: OpenedLesson, keep: (s: OpenedLesson['steps'][number]) => boolean) {
  const index = lesson.steps.findIndex(keep);
  expect(index).toBeGreaterThan(0);
  return index;
}

describe('check --play in the lesson screen', () => {
  it('steps to the learner’s progress notifications and draws their progress bar', async () => {
    const lesson = await played(ref);
    const first = stepWhere(lesson, (s) => s.report?.method === 'notifications/progress');
    const total = lesson.steps[first]?.report?.progress?.total;
    const screen = show(lesson, 'en');
    await until(() => expect(screen.frame()).toContain(`step 1/${lesson.steps.length}`));
    expect(screen.frame()).not.toMatch(/progress token/);
    // One burst of keys, as a fast typist sends them.
    screen.type('n'.repeat(first + 1));
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain(`step ${first + 2}/${lesson.steps.length}`);
      expect(frame).toMatch(new RegExp(`progress token "task-\\w+" +█+░+ 2/${total}`));
      expect(frame).toContain('✓ allowed by the rules');
      expect(frame).toContain('Sent by your code.');
    });
    for (const frame of screen.framesSinceResize()) expect(widest(frame)).toBeLessThanOrEqual(80);
    screen.unmount();
  });

  it('calls out progress sent after the response, in Chinese too', async () => {
    // The last notification leaves from a timer: the tool has already returned, its result is out.
    const late = patch(
      ref,
      /await extra\.sendNotification\(\{([\s\S]*?)\}\);/,
      'const send = () => extra.sendNotification({$1}); if (step === args.steps) setTimeout(send, 0); else await send();',
    );
    const lesson = await played(late);
    const index = stepWhere(lesson, (s) =>
      (s.report?.violations ?? []).some((v) => v.rule === 'progress-after-completion'),
    );
    const screen = show(lesson, 'zh');
    await until(() => expect(screen.frame()).toContain(`步骤 1/${lesson.steps.length}`));
    screen.type('n'.repeat(index));
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain(`步骤 ${index + 1}/${lesson.steps.length}`);
      expect(frame).toMatch(/进度令牌 "task-\w+" +█+ (\d)\/\1/);
      expect(frame).toContain('✗ 违反规则：progress-after-completion');
    });
    screen.unmount();
  });

  it.each([
    ['en', 'End of your session · Recap:', 'End of lesson'],
    ['zh', '你的会话结束 · 小结：', '课程结束'],
  ] as const)('ends on the learner’s own session, not a lesson (%s)', async (lang, head, old) => {
    const screen = show(await played(ref), lang);
    screen.type('G');
    await until(() => expect(screen.frame()).toContain(head));
    expect(screen.frame()).not.toContain(old);
    // A run that saves nothing: its help does not say where progress is kept.
    screen.type('?');
    await until(() => expect(screen.frame()).toContain(lang === 'en' ? 'Keys' : '按键'));
    expect(screen.frame()).not.toContain('.mcp-sim/progress.json');
    screen.unmount();
  });

  it('ends a recording (play, connect) on "End of the session"', async () => {
    const screen = show(await played(ref), 'en', 80, 'recording');
    screen.type('G');
    await until(() => expect(screen.frame()).toContain('End of the session · Recap:'));
    screen.unmount();
  });
});
