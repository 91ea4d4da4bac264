import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { fieldNodes } from '../../src/ui/field-tree.js';
import { inspectMachine } from '../../src/ui/inspect-machine.js';
import { firstFinding } from '../../src/ui/violation-list.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

// `e` on a step that breaks a rule opens the field tree on the field the finding names, not on the
// whole envelope: the learner lands on what is wrong, and the meaning area says why.
describe('the field tree opens on the field a finding names', () => {
  it.each(['en', 'zh'] as const)(
    '%s: lesson 30, its first finding that names a field',
    async (lang) => {
      const lesson = await openedLesson('modern-faults-gallery');
      // A missing field's finding is placed on the object that lacks it: the cursor lands there.
      // One whose whole path is missing (request-meta-missing on a request without params) is on
      // the whole message, which is no field: the first step with a finding placed on one.
      const start = lesson.steps.findIndex((s) => s.findings.length > 0);
      expect(start).toBeGreaterThan(0);
      expect(firstFinding(lesson.steps[start]?.report?.violations)).toBeDefined();
      const pointer = lesson.steps[start]?.findings[0] ?? '';
      expect(pointer).not.toBe('');
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
      expect(screen.frame()).toMatch(/[✗!] [a-z-]+( —|——|[:：])/);
      screen.unmount();
    },
  );
});

describe('the inspect machine opens on the nearest field the message has', () => {
  const open = (at: string) => {
    const actor = createActor(inspectMachine).start();
    actor.send({ type: 'OPEN', step: 0, nodes: fieldNodes({ result: { tools: [] } }), at });
    return actor.getSnapshot().context.tree.cursor;
  };
  it('the field itself, the object that lacks a missing one, or the whole message', () => {
    expect(open('/result/tools')).toBe('/result/tools');
    expect(open('/result/resultType')).toBe('/result');
    expect(open('/error/code')).toBe('');
  });
});
