import { describe, expect, it, vi } from 'vitest';
import { widest } from '../ui/render-at.js';
import { openSandbox } from './open.js';

const SIZE = { columns: 60, rows: 20 };

describe('the sandbox help on a short screen (60×20)', () => {
  it.each(['en', 'zh'] as const)(
    '%s: stays within the screen under its title, says what is below, and scrolls with j/k to its last line',
    async (lang) => {
      const { screen } = await openSandbox(lang, SIZE);
      screen.type('?');
      const title = lang === 'en' ? 'The sandbox' : '沙盒';
      const below = lang === 'en' ? / ↓ (\d+) more · j\/k$/ : / ↓ 还有 (\d+) 行 · j\/k$/;
      await vi.waitFor(() => expect(screen.frame().split('\n')[0]).toMatch(below));
      // The help was taller than the screen: its title and first lines went off the top.
      const first = screen.frame().split('\n');
      expect(first[0]?.startsWith(title)).toBe(true);
      expect(first.length).toBeLessThanOrEqual(SIZE.rows - 1);
      const hidden = Number(below.exec(first[0] ?? '')?.[1]);
      expect(hidden).toBeGreaterThan(0);
      // The help's last words, however they wrap.
      const last = lang === 'en' ? 'inthelistquits' : '在列表中按q退出';
      const squashed = () => screen.frame().replace(/\s/g, '');
      expect(squashed()).not.toContain(last);
      for (let i = 0; i < hidden + 3; i++) screen.type('j');
      const above = lang === 'en' ? `↑ ${hidden} above` : `↑ 上面 ${hidden} 行`;
      await vi.waitFor(() => expect(screen.frame().split('\n')[0]).toContain(above));
      expect(squashed()).toContain(last);
      screen.type('k');
      await vi.waitFor(() => expect(screen.frame().split('\n')[0]).toMatch(below));
      for (const frame of screen.framesSinceResize()) {
        expect(widest(frame)).toBeLessThanOrEqual(SIZE.columns);
        expect(frame.split('\n').length).toBeLessThanOrEqual(SIZE.rows - 1);
      }
      // Closed and opened again, it starts at its top.
      screen.type('?');
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
      screen.type('?');
      await vi.waitFor(() => expect(screen.frame().split('\n')[0]).toMatch(below));
      expect(Number(below.exec(screen.frame().split('\n')[0] ?? '')?.[1])).toBe(hidden);
      screen.unmount();
    },
  );
});
