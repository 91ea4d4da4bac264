import { describe, expect, it, vi } from 'vitest';
import { openSandbox } from './open.js';

const ENTER = '\r';

describe('keys typed in one burst after the field tree closes', () => {
  it('q closes the field tree, and the keys after it in the same burst move the list (not lost)', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { session, screen } = await openSandbox(lang);
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› protocolVersion: /));
      screen.type(ENTER);
      await vi.waitFor(() => expect(session.log.steps).toHaveLength(2));
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ notifications/initialized'));
      screen.type('i');
      await vi.waitFor(() => expect(screen.frame()).toMatch(/^▶ /));
      // Typed fast (or over ssh): q, then j, j arrive as one input.
      screen.type('qjj');
      await vi.waitFor(() => expect(screen.frame()).not.toMatch(/^▶ /));
      await vi.waitFor(() =>
        expect(screen.frame()).toMatch(/› ✓ notifications\/roots\/list_changed/),
      );
      // Still in the sandbox: q in the burst closed the tree, it did not quit.
      expect(screen.frame()).toContain(lang === 'en' ? 'mcp-sim sandbox' : 'mcp-sim 沙盒');
      screen.unmount();
    }
  });
});
