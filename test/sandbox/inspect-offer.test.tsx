import { describe, expect, it, vi } from 'vitest';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt, widest } from '../ui/render-at.js';
import { openSandbox } from './open.js';

const ENTER = '\r';
const DOWN = '\u001B[B';

const fits = (screen: ReturnType<typeof renderAt>) => {
  for (const frame of screen.framesSinceResize()) {
    expect(widest(frame)).toBeLessThanOrEqual(80);
    expect(frame.split('\n').length).toBeLessThanOrEqual(24);
  }
};

describe('i in the list inspects the chosen offer, not the newest message', () => {
  it('the offer as it would be sent, its fields’ meanings, and what the referee would say; nothing is sent', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { session, screen } = await openSandbox(lang);
      // initialize sent: the newest message is the server's answer.
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› protocolVersion: /));
      screen.type(ENTER);
      await vi.waitFor(() => expect(session.log.steps).toHaveLength(2));
      // The cursor on tools/list, which must wait for notifications/initialized: five rows below
      // the first (the cursor left initialize, forbidden now, for the first row).
      const list = lang === 'en' ? '› ✗ tools/list' : '› ✗ tools/list';
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ notifications/initialized'));
      for (let i = 0; i < 5; i++) screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toContain(list));
      screen.type('i');
      const title =
        lang === 'en'
          ? 'fields · not sent yet · envelope · client → server'
          : '字段 · 尚未发送 · 消息 · 客户端 → 服务器';
      await vi.waitFor(() => expect(screen.frame()).toContain(title));
      expect(screen.frame()).toContain('"method": "tools/list"');
      expect(screen.frame()).not.toContain('server → client');
      expect(screen.frame()).toContain(
        lang === 'en'
          ? 'If you send it now (Enter in the list):'
          : '如果现在发送（在列表中按回车）：',
      );
      expect(screen.frame()).toContain('initialized-not-sent');
      expect(screen.frame()).toMatch(/§ 2025-11-25\/basic\/lifecycle/);
      // The meaning of a field under the cursor.
      screen.type('j');
      await vi.waitFor(() => expect(screen.frame()).toMatch(/^\d+ \/jsonrpc$/m));
      // Looking sends nothing.
      expect(session.log.steps).toHaveLength(2);
      fits(screen);
      screen.type('q');
      await vi.waitFor(() => expect(screen.frame()).toContain(list));
      expect(session.log.steps).toHaveLength(2);
      screen.unmount();
    }
  });

  it('a modern client’s request the server has not advertised: the tree says why it is in doubt', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxDefaults('modern', 'client', { serverCapabilities: { tools: {} } });
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ server/discover'));
      screen.type(DOWN);
      screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toContain('› ? tools/list'));
      screen.type('i');
      await vi.waitFor(() => expect(screen.frame()).toContain('"method": "tools/list"'));
      // Whole, with its spec sections (the list's detail line cuts them at 80 columns).
      const why =
        lang === 'en'
          ? '? tools not advertised: call server/discover first, or risk -32601 · § 2026-07-28/server/discover › When to Call; schema › MethodNotFoundError'
          : '? 服务器未公布 tools：请先调用 server/discover，否则可能得到 -32601 · § 2026-07-28/server/discover › When to Call；schema › MethodNotFoundError';
      expect(screen.frame().replace(/\n/g, ' ').replace(/\s+/g, ' ')).toContain(
        why.replace(/\s+/g, ' '),
      );
      fits(screen);
      screen.unmount();
    }
  });

  it('on an act on the transport (no envelope), i does nothing', async () => {
    const { screen } = await openSandbox('en');
    screen.type(DOWN);
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ close the connection'));
    screen.type('i');
    screen.type('j');
    // j moved the list: no tree took the keys.
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✗ notifications/initialized'));
    expect(screen.frame()).not.toContain('not sent yet');
    screen.unmount();
  });
});

describe('an offer’s verdict cut on a short screen (60×20)', () => {
  it.each(['en', 'zh'] as const)(
    '%s: with its one rule in sight, the last line says the rest of it is cut, not "0 more"',
    async (lang) => {
      const { screen } = await openSandbox(lang, { columns: 60, rows: 20 });
      // ping before initialize: one rule (initialize-not-first), whose callout takes eight rows
      // at 60 columns, more than the third of the screen the preview gives it.
      for (let i = 0; i < 3; i++) screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✗ ping'));
      screen.type('i');
      await vi.waitFor(() => expect(screen.frame()).toContain('initialize-not-first'));
      const rest =
        lang === 'en'
          ? '… cut short: a taller terminal shows the whole verdict'
          : '……判定未完整显示：终端更高时可见全部（含规范章节）';
      expect(screen.frame()).toContain(rest);
      expect(screen.frame()).not.toMatch(lang === 'en' ? /\b0 more\b/ : /还有 0 条/);
      screen.unmount();
    },
  );
});
