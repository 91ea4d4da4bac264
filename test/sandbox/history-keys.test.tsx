import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_STRINGS } from '../../src/i18n/sandbox-strings.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt } from '../ui/render-at.js';

const UP = '\u001B[A';

/** A legacy client's session after the handshake: four steps in the history. */
function handshaken() {
  const session = sandboxDefaults('legacy', 'client');
  const send = (key: string) => {
    const offer = session.offers().find((o) => o.key === key);
    if (!offer || !('envelope' in offer)) throw new Error(`no offer ${key}`);
    session.send(offer.envelope);
  };
  send('request:initialize');
  send('notification:notifications/initialized');
  send('request:tools/list');
  return session;
}

const listTitle = { en: 'What your client may send now', zh: '你的客户端现在可以发送什么' };
const chooseKey = { en: 'choose a message', zh: '选择消息' };

describe('q in the sandbox history', () => {
  it.each(['en', 'zh'] as const)(
    '%s: goes back to the list, as h and Esc do, and keeps the session; the key bar and the help say so',
    async (lang) => {
      const session = handshaken();
      const steps = session.log.steps.length;
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const listening = () => screen.stdin.listenerCount('readable') > 0;
      await vi.waitFor(() => expect(screen.frame()).toContain(listTitle[lang]));
      screen.type('h');
      await vi.waitFor(() => expect(screen.frame()).toContain(chooseKey[lang]));
      const bar = screen.frame().split('\n').at(-1) ?? '';
      expect(bar).toContain(lang === 'en' ? 'h/q/Esc back to the list' : 'h/q/Esc 回到列表');
      expect(bar).not.toContain(lang === 'en' ? 'q quit' : 'q 退出');
      screen.type(UP);
      screen.type('q');
      await vi.waitFor(() => expect(screen.frame()).not.toContain(chooseKey[lang]));
      expect(listening()).toBe(true);
      expect(screen.frame()).toContain(listTitle[lang]);
      expect(session.log.steps.length).toBe(steps);
      // In the list, q still quits.
      screen.type('q');
      await vi.waitFor(() => expect(listening()).toBe(false));
      screen.unmount();
    },
  );

  it('the help names q among the keys that leave the history', () => {
    expect(SANDBOX_STRINGS.helpKeys.en).toContain('h/Tab/q/Esc back to the list');
    expect(SANDBOX_STRINGS.helpKeys.zh).toContain('h/Tab/q/Esc 回到列表');
  });
});
