import { describe, expect, it, vi } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import { sandboxAtLesson } from '../../src/sim/sandbox/from-lesson.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt, widest } from '../ui/render-at.js';

describe('sandbox --lesson', () => {
  it.each([
    ['en', 'from the lesson “The first session” (first-session)'],
    ['zh', '接续课程“第一次会话”（first-session）'],
  ] as const)('%s: names the lesson by its title, its id after it', async (lang, from) => {
    const played = await playLesson('first-session');
    const lesson = { id: 'first-session', title: played.lesson.scenario.title };
    const session = sandboxAtLesson(played, 'client');
    const screen = renderAt(<SandboxApp session={session} lang={lang} lesson={lesson} />, {
      columns: 80,
      rows: 24,
    });
    await vi.waitFor(() => expect(screen.frame().split('\n')[1]).toContain(from));
    for (const frame of screen.framesSinceResize()) {
      expect(widest(frame)).toBeLessThanOrEqual(80);
      expect(frame.split('\n').length).toBeLessThanOrEqual(24);
    }
    screen.unmount();
  });

  it('draws a control character in a teacher’s title as an escape, not as itself', async () => {
    const played = await playLesson('first-session');
    const lesson = { id: 'first-session', title: { en: 'Bad\u001b[2Jtitle', zh: '坏' } };
    const session = sandboxAtLesson(played, 'client');
    const screen = renderAt(<SandboxApp session={session} lang="en" lesson={lesson} />, {
      columns: 80,
      rows: 24,
    });
    await vi.waitFor(() => expect(screen.frame()).toContain('“Bad\\x1b[2Jtitle”'));
    screen.unmount();
  });
});
