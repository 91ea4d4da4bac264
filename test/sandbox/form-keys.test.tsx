import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_STRINGS } from '../../src/i18n/sandbox-strings.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt, widest } from '../ui/render-at.js';
import { openSandbox } from './open.js';

const ENTER = '\r';

describe('the params form’s keys', () => {
  it.each(['en', 'zh'] as const)(
    '%s: sit on the bottom row, where the list’s key bar is, with or without a failure line',
    async (lang) => {
      const session = sandboxDefaults('legacy', 'client');
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const lines = () => screen.frame().split('\n');
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
      // The terminal's last row stays free (test/ui/one-row-free.test.tsx).
      const listBar = lines().length - 1;
      expect(listBar).toBe(22);
      const keys = SANDBOX_STRINGS.formKeys[lang].slice(0, 12);
      screen.type(ENTER);
      const title = lang === 'en' ? 'Params of initialize' : 'initialize 的参数';
      await vi.waitFor(() => expect(screen.frame()).toContain(title));
      expect(lines()).toHaveLength(23);
      expect(lines()[2]).toContain(title);
      expect(lines().at(-1)).toContain(keys);
      expect(lines().filter((l) => l.includes(keys))).toHaveLength(1);
      // A field that starts like JSON and is not: the failure line, and the keys stay at the bottom.
      screen.type('\t');
      await vi.waitFor(() => expect(screen.frame()).toContain('› capabilities'));
      screen.type('x');
      await vi.waitFor(() => expect(screen.frame()).toMatch(/capabilities: .*x/));
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toContain('✗ capabilities'));
      expect(lines()).toHaveLength(23);
      expect(lines()[2]).toContain(title);
      expect(lines().at(-1)).toContain(keys);
      for (const frame of screen.framesSinceResize()) {
        expect(widest(frame)).toBeLessThanOrEqual(80);
        expect(frame.split('\n').length).toBeLessThanOrEqual(24);
      }
      screen.unmount();
    },
  );
});

describe('a string field typed past its closing quote', () => {
  it.each(['en', 'zh'] as const)(
    '%s: is not sent with the quotes in its value; the form says where the JSON ends',
    async (lang) => {
      const { session, screen } = await openSandbox(lang);
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toContain('› protocolVersion: "2025-11-25"'));
      // The cursor starts after the value: a letter lands past the closing quote.
      screen.type('x');
      await vi.waitFor(() => expect(screen.frame()).toContain('protocolVersion: "2025-11-25"x'));
      screen.type(ENTER);
      const failure =
        lang === 'en'
          ? '✗ protocolVersion: not JSON at column 13'
          : '✗ protocolVersion 不是 JSON（第 13 列）';
      await vi.waitFor(() => expect(screen.frame()).toContain(failure));
      // Before, initialize went out with protocolVersion "\"2025-11-25\"x".
      expect(session.log.steps).toHaveLength(0);
      screen.unmount();
    },
  );
});
