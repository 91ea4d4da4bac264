import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { type HttpServing, serveHttp } from '../../src/transport/http-server.js';
import { serveConfig } from '../../src/transport/serve-config.js';
import { LiveApp } from '../../src/ui/live-app.js';
import { LiveStore } from '../../src/ui/live-store.js';
import { renderAt, type Size, until, widest } from './render-at.js';

// A real server on a real port, a real SDK client, and the live view fed by what crosses the wire.
let store: LiveStore;
let serving: HttpServing;

beforeAll(async () => {
  await prepareTools();
  const config = serveConfig({});
  if ('problem' in config) throw new Error(config.problem.en);
  store = new LiveStore();
  serving = await serveHttp({
    config,
    port: 0,
    log: (line) => store.announce(line.en),
    verdict: (line) => store.log(line.en),
    observe: {
      opened: (id) => store.open(id),
      step: (id, step) => store.step(id, step),
    },
  });
});

afterAll(async () => {
  await serving.close();
});

function show(size: Size, lang: Lang = 'en') {
  const onQuit = vi.fn();
  const screen = renderAt(
    <LiveApp store={store} url={serving.url} lang={lang} onQuit={onQuit} />,
    size,
  );
  return { ...screen, onQuit };
}

async function connect(name: string) {
  const transport = new StreamableHTTPClientTransport(new URL(serving.url));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

describe('serve --http --ui: the live view of a real session', () => {
  it('waits for a client, then shows the handshake and a tool call as they happen', async () => {
    const size = { columns: 80, rows: 24 };
    const screen = show(size);
    await until(() => {
      expect(screen.frame()).toContain(`Listening on ${serving.url}`);
      expect(screen.frame()).toContain('q quit');
    });

    const first = await connect('live-test-one');
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('Live: live-test-one 1.0.0 ⇄ mcp-sim');
      // The SDK client sends initialize, then notifications/initialized: step 3 is the newest.
      expect(frame).toContain('step 3/3');
      expect(frame).toContain('initialize #0');
      expect(frame).toContain('notifications/initialized');
      expect(frame).toMatch(/client (?:○ \S+ )*● operation/);
      expect(frame).toContain('● live · session 1/1');
    });

    const result = await first.client.callTool({
      name: 'calculator_arithmetic',
      arguments: { expression: '6*7' },
    });
    expect(result.structuredContent).toMatchObject({ result: 42 });
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('step 5/5');
      expect(frame).toContain('tools/call #1');
      expect(frame).toContain('6*7 = 42'); // the tool's answer, inside the result envelope
      expect(frame).toContain('✓ allowed by the rules');
    });
    for (const frame of screen.framesSinceResize()) expect(widest(frame)).toBeLessThanOrEqual(80);

    // e: the envelope as a field tree; / finds the tool's answer; q goes back, it does not quit.
    screen.type('e');
    await until(() => expect(screen.frame()).toMatch(/^▶ fields · envelope · server → client/m));
    screen.type('/6*7\r');
    await until(() => expect(screen.frame()).toMatch(/› +"text": "6\*7 = 42"/));
    screen.type('q');
    await until(() => expect(screen.frame()).toMatch(/^▶ narration/m));
    expect(screen.onQuit).not.toHaveBeenCalled();

    // Back one step: paused. A second session opens and the view stays where the teacher is.
    screen.type('p');
    await until(() =>
      expect(screen.frame()).toContain('‖ paused at step 4 · 1 after it · G follows'),
    );
    const second = await connect('live-test-two');
    await second.client.ping();
    await until(() => expect(store.sessions()).toHaveLength(2));
    await until(() => {
      expect(screen.frame()).toContain('session 1/2');
      expect(screen.frame()).toContain('step 4/5');
    });

    // G goes live again: the newest step of the newest session, the second client's ping.
    screen.type('G');
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('● live · session 2/2');
      expect(frame).toContain('Live: live-test-two 1.0.0');
      expect(frame).toContain('step 5/5');
      expect(frame).toContain('ping #1');
    });
    // s picks the first session (wrapping), which then keeps the view.
    screen.type('s');
    await until(() => {
      expect(screen.frame()).toContain('session 1/2');
      expect(screen.frame()).toContain('tools/call #1');
    });

    // The second client ends its session (DELETE): the first stays on screen; s shows the close.
    await second.transport.terminateSession();
    await until(() => expect(store.sessions()[1]?.closed).toBe(true));
    expect(screen.frame()).toContain('session 1/2');
    screen.type('s');
    await until(() => {
      const frame = screen.frame();
      expect(frame).toContain('session 2/2');
      expect(frame).toContain('(ended)');
      expect(frame).toContain('the client closes the transport');
      expect(frame).toMatch(/client (?:○ \S+ )*● shutdown/);
    });

    screen.type('q');
    await until(() => expect(screen.onQuit).toHaveBeenCalledTimes(1));
    screen.unmount();
    await first.client.close();
    await second.client.close();
  });

  it('speaks Chinese, and the server log shows in the header instead of corrupting the screen', async () => {
    store.announce('transport: client->server: a body that is not JSON; answered -32700');
    store.log('session x: referee: client->server ping #9: something (error): not shown here');
    const screen = show({ columns: 80, rows: 24 }, 'zh');
    await until(() => {
      const frame = screen.frame();
      // Following: the newest session, the one that has ended.
      expect(frame).toContain('实时会话：live-test-two 1.0.0 ⇄ mcp-sim');
      expect(frame).toContain('会话 2/2');
      expect(frame).toContain('（已结束）');
      expect(frame).toContain('服务器：transport: client->server: a body that is not JSON');
      expect(frame).toContain('s 切换会话');
    });
    expect(screen.frame()).not.toContain('referee:');
    expect(store.logLines().at(-1)).toContain('referee:');
    // Keys in a burst (typing fast, tmux send-keys) all count.
    screen.type('pp');
    await until(() =>
      expect(screen.frame()).toContain('‖ 暂停于第 4 步 · 其后还有 2 步 · 按 G 跟随'),
    );
    screen.unmount();
  });

  it('q with the help open closes the help; a second q stops', async () => {
    const screen = show({ columns: 80, rows: 24 });
    await until(() => expect(screen.frame()).toContain('Live: live-test-two 1.0.0'));
    screen.type('?');
    await until(() => expect(screen.frame()).toContain('?, Esc or q closes this help'));
    screen.type('q');
    await until(() => expect(screen.frame()).not.toContain('closes this help'));
    expect(screen.onQuit).not.toHaveBeenCalled();
    // A burst, as a fast typist or tmux sends it: ? opens, q closes.
    screen.type('?q');
    await until(() => expect(screen.frame()).toContain('Live: live-test-two 1.0.0'));
    expect(screen.frame()).not.toContain('closes this help');
    expect(screen.onQuit).not.toHaveBeenCalled();
    screen.type('q');
    await until(() => expect(screen.onQuit).toHaveBeenCalledTimes(1));
    screen.unmount();
  });
});
