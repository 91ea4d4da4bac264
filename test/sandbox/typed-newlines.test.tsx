import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import { widest } from '../ui/render-at.js';
import { openSandbox } from './open.js';

const ENTER = '\r';
const DOWN = '\u001B[B';
const END = '\u001B[F';
const LEFT = '\u001B[D';
const UP = '\u001B[A';

/**
 * The learner edits ping's JSON so that its method holds escaped newlines (`"ping\nx\ny…"`, valid
 * JSON), and sends it, twice: the referee quotes the method in its long messages, the history
 * names it in its row.
 */
async function afterTypedNewlines(lang: Lang, columns: number, rows: number) {
  const { session, screen } = await openSandbox(lang, { columns, rows });
  for (let sent = 1; sent <= 2; sent++) {
    // The list keeps its order: initialize, close, notifications/initialized, ping. After a send
    // the cursor stays on the offer sent: back to the top first.
    for (let i = 0; i < 6; i++) screen.type(UP);
    for (let i = 0; i < 3; i++) screen.type(DOWN);
    await vi.waitFor(() => expect(screen.frame()).toMatch(/› ✗ ping/));
    screen.type('e');
    await vi.waitFor(() => expect(screen.frame()).toContain('"method": "ping"'));
    // The third line is the method; the cursor goes before its closing quote.
    for (let i = 0; i < 3; i++) screen.type(DOWN);
    screen.type(END);
    screen.type(LEFT);
    screen.type(String.raw`\nx\ny\nz\nw\nv\nu\nt`);
    await vi.waitFor(() => expect(screen.frame()).toContain(String.raw`"method": "ping\nx\ny`));
    screen.type(ENTER);
    // Back in the list, the request and the server's answer in the history.
    await vi.waitFor(() => expect(screen.frame()).not.toContain('"method": "ping'));
    expect(session.log.steps).toHaveLength(2 * sent);
  }
  return screen;
}

const SIZES = [
  { columns: 60, rows: 20 },
  { columns: 80, rows: 24 },
  { columns: 100, rows: 30 },
] as const;
const TITLE = { en: 'mcp-sim sandbox', zh: 'mcp-sim 沙盒' } as const;
const KEYS = { en: /^↑\/↓ choose/, zh: /^↑\/↓ 选择 / } as const;

describe('newlines the learner typed into a method (escaped in JSON)', () => {
  for (const { columns, rows } of SIZES) {
    for (const lang of ['en', 'zh'] as const) {
      it(`at ${columns}×${rows} (${lang}) are drawn as \\n: the title, the offers and the key bar stay on screen`, async () => {
        const screen = await afterTypedNewlines(lang, columns, rows);
        await vi.waitFor(() => expect(screen.frame()).toContain('initialize-not-first'));
        const frame = screen.frame();
        const lines = frame.split('\n');
        expect(lines.length).toBeLessThanOrEqual(rows);
        expect(widest(frame)).toBeLessThanOrEqual(columns);
        expect(lines[0]).toContain(TITLE[lang]);
        expect(lines.at(-1)).toMatch(KEYS[lang]);
        expect(lines.filter((l) => /^[› ] [✓✗] /.test(l)).length).toBeGreaterThanOrEqual(2);
        // The history row and the verdict show the method in one line, its newlines as \n.
        expect(frame).toContain(String.raw`ping\nx`);
        expect(lines.some((l) => /^[xyz]$/.test(l.trim()))).toBe(false);
        // h: the chosen step's verdict whole, its title line included, within the screen.
        screen.type('h');
        await vi.waitFor(() => expect(screen.frame()).toMatch(/› ← /));
        screen.type(UP);
        await vi.waitFor(() => expect(screen.frame()).toMatch(/› → /));
        const browsing = screen.frame().split('\n');
        expect(browsing.length).toBeLessThanOrEqual(rows);
        expect(browsing[0]).toContain(TITLE[lang]);
        expect(browsing.at(-1)).toMatch(/^↑\/↓ /);
        expect(browsing.some((l) => /^[xyz]$/.test(l.trim()))).toBe(false);
        screen.unmount();
      });
    }
  }
});
