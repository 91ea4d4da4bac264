import { describe, expect, it, vi } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import { sandboxAtLesson } from '../../src/sim/sandbox/from-lesson.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt, widest } from '../ui/render-at.js';
import { isMessage } from './helpers.js';

const flat = (frame: string) => frame.replace(/\s+/g, ' ');

describe('the sandbox says why the simulated peer stopped or has nothing more to ask', () => {
  it('legacy client closes on an unsupported version: the screen says why, in both languages', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxDefaults('legacy', 'server');
      const [result] = session.offers().filter(isMessage);
      if (!result) throw new Error('no result offer');
      const envelope = result.envelope as { result: Record<string, unknown> };
      session.send({ ...envelope, result: { ...envelope.result, protocolVersion: '1999-01-01' } });
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const said = lang === 'en' ? 'The client closes the connection' : '客户端关闭连接';
      await vi.waitFor(() => expect(flat(screen.frame())).toContain(said));
      expect(flat(screen.frame())).toContain('1999-01-01');
      for (const frame of screen.framesSinceResize()) {
        expect(widest(frame)).toBeLessThanOrEqual(80);
        expect(frame.split('\n').length).toBeLessThanOrEqual(24);
      }
      screen.unmount();
    }
  });

  it('modern client: once its script is answered, says it has nothing more to ask', async () => {
    const session = sandboxDefaults('modern', 'server');
    for (let i = 0; i < 40; i++) {
      const answer = session
        .offers()
        .filter(isMessage)
        .find((o) => o.kind === 'result' && o.blocks.length === 0);
      if (!answer) break;
      session.send(answer.envelope);
    }
    for (const lang of ['en', 'zh'] as const) {
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const said = lang === 'en' ? 'The client has nothing more to ask' : '客户端没有更多要问的了';
      await vi.waitFor(() => expect(flat(screen.frame())).toContain(said));
      screen.unmount();
    }
  });

  it('--lesson shutdown: says what it left out of the lesson, until the first send', async () => {
    const played = await playLesson('shutdown');
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxAtLesson(played, 'client');
      const screen = renderAt(
        <SandboxApp
          session={session}
          lang={lang}
          lesson={{ id: 'shutdown', title: played.lesson.scenario.title }}
        />,
        {
          columns: 80,
          rows: 24,
        },
      );
      const said =
        lang === 'en' ? "Opened just before the lesson's close" : '从这一课关闭连接之前开始';
      await vi.waitFor(() => expect(flat(screen.frame())).toContain(said));
      for (const frame of screen.framesSinceResize()) {
        expect(widest(frame)).toBeLessThanOrEqual(80);
        expect(frame.split('\n').length).toBeLessThanOrEqual(24);
      }
      screen.type('\r');
      await vi.waitFor(() => expect(flat(screen.frame())).not.toContain(said));
      screen.unmount();
    }
  });
});
