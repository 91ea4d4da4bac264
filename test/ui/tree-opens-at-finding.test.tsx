import { describe, expect, it, vi } from 'vitest';
import { firstFinding } from '../../src/ui/violation-list.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

// `e` on a step that breaks a rule opens the field tree on the field the finding names, not on the
// whole envelope: the learner lands on what is wrong, and the meaning area says why.
describe('the field tree opens on the field a finding names', () => {
  it.each(['en', 'zh'] as const)(
    '%s: lesson 30, the retry with an invalid answer',
    async (lang) => {
      const lesson = await openedLesson('modern-faults-gallery');
      const start = lesson.steps.findIndex((s) => firstFinding(s.report?.violations) !== undefined);
      expect(start).toBeGreaterThan(0);
      const pointer = firstFinding(lesson.steps[start]?.report?.violations) ?? '';
      const screen = renderPlayer(
        lesson,
        { columns: 80, rows: 24 },
        { lang, start, onQuit: vi.fn() },
      );
      screen.type('e');
      await until(() => expect(screen.frame()).toMatch(/^▶ (fields|字段)/m));
      const cursorLine =
        screen
          .frame()
          .split('\n')
          .find((line) => /^\s*\d*\s*›/.test(line)) ?? '';
      const field = pointer.split('/').at(-1) ?? '';
      expect(cursorLine).toContain(`"${field}"`);
      expect(screen.frame()).toMatch(/✗ [a-z-]+[:：]/);
      screen.unmount();
    },
  );
});
