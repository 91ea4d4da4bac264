import { describe, expect, it, vi } from 'vitest';
import { MAX_DEPTH, SessionLog } from '../../src/session/index.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { LiveServer } from '../../src/transport/live-server.js';
import { serveConfig } from '../../src/transport/serve-config.js';
import { LiveApp } from '../../src/ui/live-app.js';
import { LiveStore } from '../../src/ui/live-store.js';
import { renderAt, until } from '../ui/render-at.js';
import { controlsIn, nestedLine } from './helpers.js';

const PWN = '\u001b]0;pwned\u0007\u009b2J\u202e';

/** What a hostile client sends serve: its name, a method and an id carry escape sequences. */
const MESSAGES = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: { [`roots${PWN}`]: {} },
      clientInfo: { name: `client${PWN}`, version: '1' },
    },
  },
  { jsonrpc: '2.0', id: `2${PWN}`, method: `tools/call${PWN}`, params: { name: PWN } },
];

describe("serve's live view and log, fed by a hostile client", () => {
  it('shows every string of the client with its control characters written out', async () => {
    const store = new LiveStore();
    const log = new SessionLog({ keep: false });
    store.open('s1');
    log.subscribe((step) => store.step('s1', step));
    for (const message of MESSAGES)
      log.push({ type: 'message', direction: 'client->server', message });
    store.log(`verdict on tools/call${PWN}`);
    store.announce(`session opened by client${PWN}`);

    expect(store.sessions()[0]?.client).toBe('client\\x1b]0;pwned\\x07\\u009b2J\\u202e 1');
    expect(controlsIn(store.logLines().join('\n'))).toEqual([]);
    expect(controlsIn(store.notice ?? '')).toEqual([]);

    const screen = renderAt(
      <LiveApp store={store} url="http://127.0.0.1:0/mcp" lang="en" onQuit={vi.fn()} />,
      { columns: 120, rows: 30 },
    );
    await until(() => expect(screen.frame()).toContain('client\\x1b]0;pwned'));
    screen.type('n');
    await until(() => expect(screen.frame()).toContain('tools/call\\x1b]0;pwned'));
    expect(controlsIn(screen.frames.join('\n'))).toEqual([]);
    screen.unmount();
  });
});

describe('serve, sent a message past the depth limit', () => {
  it('says so in its log, answers it, and referees the next message as usual', async () => {
    await prepareTools();
    const config = serveConfig({});
    if ('problem' in config) throw new Error(config.problem.en);
    const notices: string[] = [];
    const sent: unknown[] = [];
    const live = new LiveServer({
      config,
      send: (item) => sent.push(item),
      notice: (line) => notices.push(line.en),
      clock: () => 0,
    });
    live.receiveLine(nestedLine(MAX_DEPTH + 1).replace(/^.*"message":(.*)}$/, '$1'));
    expect(notices).toEqual([expect.stringContaining(`nested deeper than ${MAX_DEPTH} levels`)]);
    const step = live.log.push({
      type: 'message',
      direction: 'client->server',
      message: { jsonrpc: '2.0', id: 9, method: 'ping' },
    });
    expect(step.verdict?.method).toBe('ping');
    await until(() => expect(sent.length).toBeGreaterThan(0));
  });
});

describe("serve's live view, sent a body that is no message", () => {
  it('shows it as a step of its own with trace words, before the answer to it, as play shows the transcript', () => {
    const store = new LiveStore();
    const log = new SessionLog({ keep: false });
    log.subscribe((step) => store.step('unread', step));
    log.push({
      type: 'unreadable',
      direction: 'client->server',
      problem: 'not valid JSON',
      problemZh: '不是有效的 JSON',
      raw: 'not json',
    });
    log.push({
      type: 'message',
      direction: 'server->client',
      message: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    });
    const steps = store.sessions()[0]?.steps ?? [];
    expect(steps.map((s) => [s.direction, s.problem?.en ?? null, s.message !== null])).toEqual([
      ['client->server', expect.stringContaining('not valid JSON'), false],
      ['server->client', null, true],
    ]);
  });
});
