import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_STRINGS } from '../../src/i18n/sandbox-strings.js';
import { STRINGS } from '../../src/i18n/strings.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt } from '../ui/render-at.js';
import { pick } from './helpers.js';

const ESC = '\u001B';
const UP = '\u001B[A';

/** A legacy client's session after the handshake: four steps in the history. */
function handshaken() {
  const session = sandboxDefaults('legacy', 'client');
  const send = (key: string) => session.send(pick(session, key).envelope);
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

describe('the offer preview while the history has the keys', () => {
  it.each(['en', 'zh'] as const)(
    '%s: only the chosen step’s verdict reads as a verdict; Esc brings the offer’s back',
    async (lang) => {
      const session = handshaken();
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const allowed = `✓ ${STRINGS.allowed[lang]}`;
      const count = (text: string) => screen.frame().split(text).length - 1;
      await vi.waitFor(() => expect(screen.frame()).toContain(listTitle[lang]));
      // In the list: the chosen offer's envelope and its verdict under the list (no verdict box:
      // the session was built before the screen opened).
      const envelope = '{"jsonrpc":"2.0","id":';
      expect(screen.frame()).toContain(envelope);
      expect(count(allowed)).toBe(1);
      screen.type('h');
      await vi.waitFor(() => expect(screen.frame()).toContain(chooseKey[lang]));
      // The server's answer to tools/list, allowed: one "✓ allowed", the step's.
      const lines = screen.frame().split('\n');
      expect(count(allowed)).toBe(1);
      const verdictAt = lines.findIndex((l) => l.includes(allowed));
      const n = session.log.steps.length;
      const stepAt = lines.findIndex((l) =>
        l.includes(lang === 'en' ? `Step ${n}: ` : `第 ${n} 步：`),
      );
      expect(verdictAt).toBe(stepAt + 1);
      // No envelope of an offer either: the history's rows show theirs after "→ " or "← ".
      expect(lines.filter((l) => l.trimStart().startsWith(envelope))).toEqual([]);
      screen.type(ESC);
      await vi.waitFor(() => expect(screen.frame()).not.toContain(chooseKey[lang]));
      expect(screen.frame()).toContain(envelope);
      expect(count(allowed)).toBe(1);
      screen.unmount();
    },
  );
});
