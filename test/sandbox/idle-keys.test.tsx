import { describe, expect, it, vi } from 'vitest';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt } from '../ui/render-at.js';

// Before Ink (and its chalk) load: colour even though the test's stdout is not a terminal.
vi.hoisted(() => {
  process.env.FORCE_COLOR = '1';
});

const ENTER = '\r';
const DOWN = '\u001B[B';
const ESC = String.fromCharCode(27);

/** Whether the key bar draws this key in the accent colour (a key that would do nothing is dim). */
const live = (raw: string, key: string) => raw.includes(`${ESC}[36m${key}${ESC}[39m`);

describe('the sandbox key bar dims the keys that would do nothing now', () => {
  it('h before any message, e and i on an act on the transport; live again once they do something', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxDefaults('legacy', 'client');
      const screen = renderAt(
        <SandboxApp session={session} lang={lang} />,
        { columns: 80, rows: 24 },
        true,
      );
      const bar = () => screen.lastFrame()?.split('\n').at(-1) ?? '';
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
      // Nothing sent yet: no history to browse; initialize has JSON to edit and to inspect.
      expect(live(bar(), 'i')).toBe(true);
      expect(live(bar(), 'h')).toBe(false);
      expect(live(bar(), 'e')).toBe(true);
      expect(live(bar(), 'q')).toBe(true);
      // The second offer closes the connection: no JSON to edit, no envelope to inspect.
      screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› ✓ (close the connection|关闭连接)/));
      await vi.waitFor(() => expect(live(bar(), 'e')).toBe(false));
      expect(live(bar(), 'i')).toBe(false);
      // initialize sent (its form, as it is): now there is a history, and an offer to inspect.
      screen.type('k');
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› protocolVersion: /));
      screen.type(ENTER);
      await vi.waitFor(() => expect(session.log.steps.length).toBe(2));
      await vi.waitFor(() => expect(live(bar(), 'i')).toBe(true));
      expect(live(bar(), 'h')).toBe(true);
      expect(live(bar(), 'e')).toBe(true);
      screen.unmount();
    }
  });
});
