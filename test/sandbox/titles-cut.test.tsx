import stringWidth from 'string-width';
import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_STRINGS } from '../../src/i18n/sandbox-strings.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt, widest } from '../ui/render-at.js';

const DOWN = '\u001B[B';
const ENTER = '\r';

/** A title either whole or cut with … , within the width; never cut off silently. */
function expectWholeOrEllipsis(line: string, whole: string, columns: number) {
  expect(stringWidth(line)).toBeLessThanOrEqual(columns);
  if (line !== whole) {
    expect(line.endsWith('…')).toBe(true);
    expect(whole.startsWith(line.slice(0, -1))).toBe(true);
  }
}

describe('the sandbox’s titles in Chinese, cut at 56 to 64 columns', () => {
  for (let columns = 56; columns <= 64; columns++) {
    it(`at ${columns}×20: the offers title and the form title end with … when they do not fit`, async () => {
      const session = sandboxDefaults('legacy', 'client');
      const screen = renderAt(<SandboxApp session={session} lang="zh" />, { columns, rows: 20 });
      // Laid out at this width (the first frame is drawn before the resize).
      await vi.waitFor(() => expect(widest(screen.frame())).toBeLessThanOrEqual(columns));
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
      // The list scrolls past its first rows: the title names those above and below.
      for (let i = 0; i < 10; i++) screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› ✗ resources\/read/));
      const offersTitle = screen.frame().split('\n')[2] ?? '';
      expect(stringWidth(offersTitle)).toBeLessThanOrEqual(columns);
      expect(offersTitle.startsWith('你的客户端现在可以发送什么（')).toBe(true);
      // Whole, it ends with "↓ 还有 n 行"; cut, with …, never with "↓ 还有" and no count.
      expect(offersTitle.endsWith('…') || / \d+ 行$/.test(offersTitle)).toBe(true);
      // The form of logging/setLevel: its title is long in Chinese.
      for (let i = 0; i < 20; i++) screen.type(DOWN);
      const at = session.offers().findIndex((o) => o.method === 'logging/setLevel');
      for (let i = 0; i < 30; i++) screen.type('k');
      for (let i = 0; i < at; i++) screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› ✗ logging\/setLevel/));
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toContain('› level: '));
      const formTitle = screen.frame().split('\n')[2] ?? '';
      const whole = SANDBOX_STRINGS.formTitle.zh.replace('{method}', 'logging/setLevel');
      expectWholeOrEllipsis(formTitle, whole, columns);
      screen.unmount();
    });
  }

  for (let columns = 56; columns <= 64; columns++) {
    it(`at ${columns}×20: the JSON editor's title and its keys end with … when they do not fit`, async () => {
      const session = sandboxDefaults('legacy', 'client');
      const screen = renderAt(<SandboxApp session={session} lang="zh" />, { columns, rows: 20 });
      await vi.waitFor(() => expect(widest(screen.frame())).toBeLessThanOrEqual(columns));
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
      screen.type('e');
      await vi.waitFor(() => expect(screen.frame()).toContain('"method": "initialize"'));
      const lines = screen.frame().split('\n');
      const title = SANDBOX_STRINGS.editTitle.zh.replace('{line}', '1').replace('{lines}', '22');
      expectWholeOrEllipsis(lines[2] ?? '', title, columns);
      expectWholeOrEllipsis(lines.at(-1) ?? '', SANDBOX_STRINGS.editKeys.zh, columns);
      screen.unmount();
    });
  }
});

describe('the offers title at 60 columns keeps what the list leaves out above and below', () => {
  it.each([
    { lang: 'en', notes: / ↑ 1 above ↓ \d+ more$/, heading: 'What your server may send now (' },
    { lang: 'zh', notes: / ↑ 上面 1 行 ↓ 还有 \d+ 行$/, heading: '你的服务器现在可以发送什么（' },
  ] as const)(
    '$lang: the heading is cut before the counts, not the counts',
    async ({ lang, notes, heading }) => {
      const session = sandboxDefaults('legacy', 'server');
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 60,
        rows: 20,
      });
      await vi.waitFor(() => expect(widest(screen.frame())).toBeLessThanOrEqual(60));
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ '));
      // Six rows down the list, its window has moved one row: offers above it and below it.
      for (let i = 0; i < 6; i++) screen.type(DOWN);
      await vi.waitFor(() =>
        expect(screen.frame()).toContain('› ! notifications/resources/updated'),
      );
      await vi.waitFor(() => expect(screen.frame().split('\n')[2]).toMatch(notes));
      const title = screen.frame().split('\n')[2] ?? '';
      expect(title.startsWith(heading)).toBe(true);
      expect(title).toContain('…');
      expect(stringWidth(title)).toBeLessThanOrEqual(60);
      screen.unmount();
    },
  );
});
