import { beforeAll, describe, expect, it } from 'vitest';
import { openTopic } from '../../src/sim/compare/topics.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { CompareApp } from '../../src/ui/compare-app.js';
import { type CompareModel, compareModel } from '../../src/ui/compare-model.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt, until } from './render-at.js';

/**
 * The sandbox and compare screens keep the terminal's last row free, as the lesson screen and the
 * menu do. A frame as tall as the terminal is one Ink draws by clearing the whole terminal and its
 * scrollback (ESC[3J) at every frame, so the learner's shell history above was gone after the first
 * key; and its last line had no newline, so the shell's prompt came back on the key bar's line
 * ("… q quit$ ") when the screen ended.
 */

const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 60, rows: 20 },
  { columns: 160, rows: 45 },
] as const;

let compare: CompareModel;
beforeAll(async () => {
  const played = await openTopic('versions');
  if (!played.ok) throw new Error(played.error.message);
  compare = compareModel(played.value, 'zh');
});

/** Every frame since the screen took its size leaves the last row free. */
function leavesLastRow(screen: ReturnType<typeof renderAt>, rows: number) {
  for (const frame of screen.framesSinceResize()) {
    expect(frame.split('\n').length).toBeLessThanOrEqual(rows - 1);
  }
}

describe('a screen never as tall as the terminal', () => {
  for (const size of SIZES) {
    it(`the sandbox at ${size.columns}×${size.rows}: the list, a form, the history`, async () => {
      const session = sandboxDefaults('legacy', 'client');
      const screen = renderAt(<SandboxApp session={session} lang="zh" />, size);
      await until(() => expect(screen.frame()).toContain('initialize'));
      screen.type('\r');
      await until(() => expect(screen.frame()).toContain('protocolVersion'));
      screen.type('\r');
      await until(() => expect(screen.frame()).toContain('initialize #1 ✓'));
      screen.type('h');
      await until(() => expect(screen.frame()).toMatch(/第 2 步/));
      leavesLastRow(screen, size.rows);
      // At its tallest (the list at the terminal's height) the frame fills all but the last row.
      expect(
        Math.max(...screen.framesSinceResize().map((f) => f.split('\n').length)),
      ).toBeGreaterThanOrEqual(size.rows - 2);
    });

    it(`compare at ${size.columns}×${size.rows}`, async () => {
      const screen = renderAt(<CompareApp model={compare} lang="zh" />, size);
      await until(() => expect(screen.frame()).toContain('第 1 行，共 5 行'));
      // Every step of every row, both eras.
      // Narrow, the eras take turns; from 120 columns on they are side by side.
      const last = size.columns >= 120 ? '第 5 行，共 5 行' : '第 5 行，共 5 行 · 2026-07-28';
      for (let step = 1; step < 12 && !screen.frame().includes(last); step++) {
        const before = screen.frame();
        screen.type('n');
        await until(() => expect(screen.frame()).not.toBe(before));
      }
      expect(screen.frame()).toContain(last);
      leavesLastRow(screen, size.rows);
    });
  }
});
