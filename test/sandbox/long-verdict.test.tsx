import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import { widest } from '../ui/render-at.js';
import { openSandbox } from './open.js';

const ENTER = '\r';
const DOWN = '\u001B[B';
const UP = '\u001B[A';

/**
 * The learner closes the connection, then sends tools/list twice: each breaks two rules with long
 * explanations (message-after-shutdown, initialize-not-first), more than a small screen holds.
 */
async function afterLongVerdicts(lang: Lang, columns: number, rows: number) {
  const { screen } = await openSandbox(lang, { columns, rows });
  // The second offer closes the connection.
  screen.type(DOWN);
  await vi.waitFor(() => expect(screen.frame()).toMatch(/› ✓ \S/));
  screen.type(ENTER);
  await vi.waitFor(() => expect(screen.frame()).toContain('✗ ping'));
  for (let i = 0; i < 2; i++) {
    // The second row each time (the cursor may stay on the offer sent: to the top first).
    for (let up = 0; up < 25; up++) screen.type(UP);
    screen.type(DOWN);
    await new Promise((r) => setTimeout(r, 30));
    screen.type(ENTER);
    await new Promise((r) => setTimeout(r, 60));
  }
  await vi.waitFor(() => expect(screen.frame()).toContain('initialize-not-first'));
  return screen;
}

const SIZES = [
  { columns: 60, rows: 20 },
  { columns: 80, rows: 24 },
  { columns: 100, rows: 30 },
] as const;
// The key bar (cut at its end on a narrow screen) is the last line.
const KEYS = { en: /^↑\/↓ choose/, zh: /^↑\/↓ / } as const;
const TITLE = { en: 'mcp-sim sandbox', zh: 'mcp-sim 沙盒' } as const;

describe('a long verdict in the sandbox', () => {
  for (const { columns, rows } of SIZES) {
    for (const lang of ['en', 'zh'] as const) {
      it(`at ${columns}×${rows} (${lang}) keeps the title, the offers and the key bar on screen, and h reads the whole verdict`, async () => {
        const screen = await afterLongVerdicts(lang, columns, rows);
        const lines = screen.frame().split('\n');
        expect(lines.length).toBeLessThanOrEqual(rows);
        expect(widest(screen.frame())).toBeLessThanOrEqual(columns);
        expect(lines[0]).toContain(TITLE[lang]);
        expect(lines.at(-1)).toMatch(KEYS[lang]);
        // The offers keep rows of their own.
        expect(lines.filter((l) => /^[› ] ✗ /.test(l)).length).toBeGreaterThanOrEqual(2);
        // Both rules are named, even when their explanations do not fit.
        expect(screen.frame()).toContain('message-after-shutdown');
        expect(screen.frame()).toContain('initialize-not-first');
        // h: the chosen step's verdict whole, its sections included, within the screen.
        screen.type('h');
        await vi.waitFor(() =>
          expect(screen.frame()).toContain('2025-11-25/basic/lifecycle › Shutdown'),
        );
        const whole = screen.frame();
        expect(whole).toMatch(/Initialization/);
        expect(whole.split('\n').length).toBeLessThanOrEqual(rows);
        screen.unmount();
      });
    }
  }
});
