import { describe, expect, it, vi } from 'vitest';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt } from '../ui/render-at.js';
import { openSandbox } from './open.js';

const ENTER = '\r';
const ESC = '\u001B';
const DOWN = '\u001B[B';

describe('the JSON editor and the params form', () => {
  it('a text that is not JSON: one line, its place and a short reason in the screen’s language', async () => {
    const session = sandboxDefaults('legacy', 'client');
    const screen = renderAt(<SandboxApp session={session} lang="zh" />, { columns: 80, rows: 24 });
    await vi.waitFor(() => expect(screen.frame()).toContain('你的客户端现在可以发送什么'));
    screen.type('e');
    await vi.waitFor(() => expect(screen.frame()).toContain('第 1 行，共 22 行'));
    screen.type('x');
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('✗ 不是 JSON'));
    const line =
      screen
        .frame()
        .split('\n')
        .find((l) => l.includes('✗ 不是 JSON')) ?? '';
    expect(line).toContain("✗ 不是 JSON（第 1 行第 1 列）：意外的字符 'x'");
    expect(screen.frame()).not.toMatch(/Unexpected|valid JSON/);
    screen.unmount();
  });

  it('a field that starts like JSON but does not parse stays in the form, with where and why', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { session, screen } = await openSandbox(lang);
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› protocolVersion: /));
      screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› capabilities: /));
      screen.type('\u007f'); // its closing brace deleted
      screen.type(ENTER);
      const said =
        lang === 'en'
          ? /✗ capabilities: not JSON at column \d+: /
          : /✗ capabilities 不是 JSON（第 \d+ 列）：/;
      await vi.waitFor(() => expect(screen.frame()).toMatch(said));
      expect(session.log.steps).toHaveLength(0);
      screen.type('}');
      await vi.waitFor(() => expect(screen.frame()).not.toMatch(said));
      screen.type(ENTER);
      await vi.waitFor(() => expect(session.log.steps.length).toBeGreaterThan(0));
      // The envelope sent is the learner's first: id 1, no id used up by the refused Enter.
      expect(session.log.steps[0]?.message).toMatchObject({ id: 1, params: { capabilities: {} } });
      screen.unmount();
    }
  });

  it('Esc keeps the draft: the editor and the form open again with what was typed', async () => {
    const { screen } = await openSandbox('en');
    screen.type('e');
    await vi.waitFor(() => expect(screen.frame()).toContain('line 1 of 22'));
    screen.type('x');
    await vi.waitFor(() => expect(screen.frame()).toMatch(/^x/m));
    screen.type(ESC);
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
    screen.type('e');
    await vi.waitFor(() => expect(screen.frame()).toMatch(/^x/m));
    screen.type(ESC);
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
    // The form: a field changed, Esc, Enter opens it again as it was left.
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('Params of initialize'));
    screen.type('\u007f');
    screen.type('X');
    await vi.waitFor(() => expect(screen.frame()).toContain('protocolVersion: "2025-11-25X'));
    screen.type(ESC);
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('Params of initialize'));
    expect(screen.frame()).toContain('protocolVersion: "2025-11-25X');
    screen.unmount();
  });
});
