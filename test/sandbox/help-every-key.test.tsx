import { describe, expect, it, vi } from 'vitest';
import { widest } from '../ui/render-at.js';
import { openSandbox } from './open.js';

const SIZE = { columns: 120, rows: 40 };

// The help (?) is where a learner reads every key. The request's form and the JSON editor read
// keys the help never named: Tab (the next field; two spaces in the editor), PgUp/PgDn,
// Ctrl-A/Ctrl-E, Home/End and Backspace in a field; and Ctrl-C quits from any of them (? there
// is typed text, so the help cannot be opened from the form or the editor to find out).
describe('the sandbox help names every key', () => {
  it.each([
    ['en', ['Tab', 'PgUp/PgDn', 'Home/End', 'Ctrl-A', 'Ctrl-E', 'Backspace', 'Ctrl-C']],
    ['zh', ['Tab', 'PgUp/PgDn', 'Home/End', 'Ctrl-A', 'Ctrl-E', '退格', 'Ctrl-C']],
  ] as const)('%s: the form’s and the editor’s keys too', async (lang, keys) => {
    const { screen } = await openSandbox(lang, SIZE);
    await vi.waitFor(() => expect(widest(screen.frame())).toBeGreaterThan(80));
    screen.type('?');
    const title = lang === 'en' ? 'The sandbox' : '沙盒';
    await vi.waitFor(() => expect(screen.frame().split('\n')[0]?.startsWith(title)).toBe(true));
    // The whole help is on screen at 120×40 (nothing below).
    expect(screen.frame().split('\n')[0]).not.toMatch(/↓/);
    const squashed = screen.frame().replace(/\s/g, '');
    for (const key of keys) expect(squashed).toContain(key);
    screen.unmount();
  });
});
