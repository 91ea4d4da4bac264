import { describe, expect, it, vi } from 'vitest';
import { widest } from '../ui/render-at.js';
import { openSandbox } from './open.js';

/** The key bar: the frame's last line. */
const keyBar = (frame: string) => frame.split('\n').at(-1) ?? '';

// A narrow key bar ends with `…` and leaves the last hints out; the help lists every key, so the
// key that opens it must be among those shown: at 60 columns "? help" was cut (after e, i, h).
describe('the sandbox key bar on a narrow screen', () => {
  it.each([
    ['en', '? help'],
    ['zh', '? 帮助'],
  ] as const)('%s, 60×20: the help key is on it', async (lang, help) => {
    const { screen } = await openSandbox(lang, { columns: 60, rows: 20 });
    // Laid out at 60 columns (the first frame may be the one drawn before the size was given).
    await vi.waitFor(() => expect(widest(screen.frame())).toBeLessThanOrEqual(60));
    expect(keyBar(screen.frame())).toContain(help);
    expect(keyBar(screen.frame())).toMatch(/^↑\/↓/);
    screen.unmount();
  });
});
