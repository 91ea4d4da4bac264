import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bilingual } from '../../src/i18n/lang.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { type HttpServing, serveHttp } from '../../src/transport/http-server.js';
import { serveConfig } from '../../src/transport/serve-config.js';
import { INIT, openStream, raw } from '../helpers/http.js';
import { manualClock } from '../helpers/manual-clock.js';

// The default idle time (30 minutes) on a clock the test moves: no test waits for real minutes.
const MIN = 60_000;
const time = manualClock();
const lines: Bilingual[] = [];
const closed: Array<[string, 'client' | 'server']> = [];
let serving: HttpServing;

beforeAll(async () => {
  await prepareTools();
  const config = serveConfig({});
  if ('problem' in config) throw new Error(config.problem.en);
  serving = await serveHttp({
    config,
    port: 0,
    log: (line) => lines.push(line),
    observe: {
      step: (id, step) => {
        if (step.closedBy) closed.push([id, step.closedBy]);
      },
    },
    idleClock: time.clock,
  });
});

afterAll(async () => {
  await serving.close();
  expect(time.stopped()).toBe(1);
});

async function open(): Promise<{ id: string; headers: Record<string, string> }> {
  const init = await raw(serving.url, 'POST', {}, INIT);
  if (!init.session) throw new Error(`no session: ${init.status} ${init.body}`);
  const headers = { 'mcp-session-id': init.session, 'mcp-protocol-version': '2025-06-18' };
  const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  expect((await raw(serving.url, 'POST', headers, initialized)).status).toBe(202);
  return { id: init.session, headers };
}

const PING = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });
const expiredLines = () => lines.filter((l) => l.en.includes('no request for'));

describe('Streamable HTTP sessions nobody uses any more', () => {
  it('ends a session after 30 minutes without a request; its id then gets 404', async () => {
    const [idle, busy, deleted] = [await open(), await open(), await open()];
    expect((await raw(serving.url, 'DELETE', deleted.headers)).status).toBe(200);
    time.advance(29 * MIN);
    // A request resets the idle time.
    expect((await raw(serving.url, 'POST', busy.headers, PING)).status).toBe(200);
    time.advance(1 * MIN - 1);
    time.tick();
    expect(expiredLines()).toEqual([]);
    expect(serving.sessions()).toBe(2);

    time.advance(1);
    time.tick();
    await vi.waitFor(() => expect(serving.sessions()).toBe(1));
    expect(expiredLines()).toEqual([
      {
        en: `session ${idle.id}: no request for 30 min; the server ends it (its id now gets 404)`,
        zh: `会话 ${idle.id}: 30 分钟内没有请求；服务器结束了这个会话（之后带这个 id 的请求得到 404）`,
      },
    ]);
    expect(lines).toContainEqual({
      en: `session ${idle.id} closed`,
      zh: `会话 ${idle.id} 已关闭`,
    });
    // The client ended one session (DELETE), the server the idle one.
    expect(closed).toEqual([
      [deleted.id, 'client'],
      [idle.id, 'server'],
    ]);
    // Transports › Session management: a terminated session's id gets 404 (initialize again).
    const gone = await raw(serving.url, 'POST', idle.headers, PING);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).error.code).toBe(-32600);
    expect((await raw(serving.url, 'POST', busy.headers, PING)).status).toBe(200);

    time.advance(30 * MIN);
    time.tick();
    await vi.waitFor(() => expect(serving.sessions()).toBe(0));
    expect(expiredLines().map((l) => l.en)).toEqual([
      expect.stringContaining(idle.id),
      expect.stringContaining(busy.id),
    ]);
  });

  it('keeps a session whose GET stream is open, however long; ends it once the stream closed', async () => {
    const listening = await open();
    const stream = await openStream(serving.url, listening.headers);
    expect(stream.status).toBe(200);
    time.advance(120 * MIN);
    time.tick();
    expect(serving.sessions()).toBe(1);

    stream.request.destroy();
    // The server hears of the closed stream; from then on the session is idle.
    await vi.waitFor(() => {
      time.advance(30 * MIN);
      time.tick();
      expect(serving.sessions()).toBe(0);
    });
    expect(closed.at(-1)).toEqual([listening.id, 'server']);
  });
});
