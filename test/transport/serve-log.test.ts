import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bilingual } from '../../src/i18n/lang.js';
import { filled } from '../../src/i18n/lang.js';
import { SERVE_STRINGS } from '../../src/i18n/serve-strings.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { type HttpServing, serveHttp } from '../../src/transport/http-server.js';
import { serveConfig } from '../../src/transport/serve-config.js';
import { LiveStore } from '../../src/ui/live-store.js';
import { INIT, raw as rawTo } from '../helpers/http.js';

// The server in this process: its log lines arrive as data, both languages at once.
let serving: HttpServing;
const lines: Bilingual[] = [];

beforeAll(async () => {
  await prepareTools();
  const config = serveConfig({});
  if ('problem' in config) throw new Error(config.problem.en);
  serving = await serveHttp({ config, port: 0, log: (line) => lines.push(line) });
});

afterAll(async () => {
  await serving.close();
});

const raw = (method: string, headers: Record<string, string>, body?: string) =>
  rawTo(serving.url, method, headers, body);

const logged = (line: Bilingual) => expect(lines).toContainEqual(line);

describe('the serve log, in English and Chinese', () => {
  it('says why a request was refused; the wire keeps the English message', async () => {
    const bad = await raw('POST', { host: 'evil.example:80' }, INIT);
    expect(bad.status).toBe(403);
    expect(JSON.parse(bad.body).error.message).toBe('Forbidden: invalid Host header');
    logged({
      en: 'transport: POST /mcp: 403 Forbidden: invalid Host header',
      zh: 'transport: POST /mcp: 403 禁止访问：Host 请求头无效',
    });
    expect((await raw('POST', {}, 'not json')).status).toBe(400);
    // Outside a session, such a body goes into the one log of such traffic, named in the line.
    logged(
      filled(SERVE_STRINGS.sessionSays, {
        id: 'unread',
        line: {
          en: 'transport: client->server: a body that is not JSON; answered -32700',
          zh: 'transport: client->server: 请求体不是 JSON；已回应 -32700',
        },
      }),
    );
    expect((await raw('GET', { accept: 'application/json' })).status).toBe(400);
    logged({
      en: 'transport: GET /mcp: 400 Bad Request: Mcp-Session-Id header required',
      zh: 'transport: GET /mcp: 400 错误请求：缺少 Mcp-Session-Id 请求头',
    });
  });

  it('a client of the old HTTP+SSE transport (SDK v1 SSEClientTransport) is told serve speaks only Streamable HTTP', async () => {
    const oldClient = () => new Client({ name: 'old-sse', version: '1.0.0' });
    const why = {
      en: 'not an HTTP+SSE endpoint (2024-11-05): a GET for text/event-stream with no Mcp-Session-Id is how a client of that old transport starts, and mcp-sim serve speaks only Streamable HTTP (2025-11-25 basic/transports › Backwards Compatibility)',
      zh: '这不是 HTTP+SSE（2024-11-05）端点：不带 Mcp-Session-Id、请求 text/event-stream 的 GET 是那种旧传输的客户端开始连接的方式，而 mcp-sim serve 只支持 Streamable HTTP（2025-11-25 basic/transports › Backwards Compatibility）',
    };
    // The legacy server: 400, as for any GET without a session id.
    await expect(oldClient().connect(new SSEClientTransport(new URL(serving.url)))).rejects.toThrow(
      /\(400\)/,
    );
    logged({
      en: `transport: GET /mcp: 400 Bad Request: ${why.en}; Mcp-Session-Id header required`,
      zh: `transport: GET /mcp: 400 错误请求：${why.zh}；缺少 Mcp-Session-Id 请求头`,
    });
    // The dual-era server (serve's default): 405, as for any GET outside a legacy session.
    const config = serveConfig({});
    if ('problem' in config) throw new Error(config.problem.en);
    const dualLines: Bilingual[] = [];
    const dual = await serveHttp({
      config: { ...config, era: 'dual' },
      port: 0,
      log: (line) => dualLines.push(line),
    });
    try {
      await expect(oldClient().connect(new SSEClientTransport(new URL(dual.url)))).rejects.toThrow(
        /\(405\)/,
      );
      expect(dualLines).toContainEqual({
        en: `transport: GET /mcp: 405 Method Not Allowed: ${why.en}; POST each message (2026-07-28 Streamable HTTP has no GET stream and no session to DELETE)`,
        zh: `transport: GET /mcp: 405 不允许的方法：${why.zh}；每条消息都用 POST 发送（2026-07-28 的 Streamable HTTP 没有 GET 流，也没有可以 DELETE 的会话）`,
      });
    } finally {
      await dual.close();
    }
  });

  it('an initialize the SDK’s transport refuses (406, 415) is a refused POST, not a session', async () => {
    const before = lines.length;
    const accepts = await raw('POST', { accept: 'application/json' }, INIT);
    expect(accepts.status).toBe(406);
    const typed = await raw('POST', { 'content-type': 'text/plain' }, INIT);
    expect(typed.status).toBe(415);
    // The wire keeps the SDK's answer; the log says which POST was refused and why, as for others.
    expect(JSON.parse(typed.body).error.message).toBe(
      'Unsupported Media Type: Content-Type must be application/json',
    );
    expect(lines.slice(before)).toEqual([
      {
        en: 'transport: POST /mcp: 406 Not Acceptable: Client must accept both application/json and text/event-stream',
        zh: 'transport: POST /mcp: 406 无法接受：客户端必须同时接受 application/json 和 text/event-stream',
      },
      {
        en: 'transport: POST /mcp: 415 Unsupported Media Type: Content-Type must be application/json',
        zh: 'transport: POST /mcp: 415 不支持的媒体类型：Content-Type 必须是 application/json',
      },
    ]);
    expect(serving.sessions()).toBe(0);
  });

  it('a session opened, the referee’s verdict, the session closed, then 404 for it', async () => {
    const init = await raw('POST', {}, INIT);
    const id = init.session;
    if (!id) throw new Error(`no session: ${init.status} ${init.body}`);
    logged({ en: `session ${id} opened`, zh: `会话 ${id} 已打开` });
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
    // A request before notifications/initialized: the referee objects (the server still answers).
    const early = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect((await raw('POST', headers, early)).status).toBe(200);
    const verdict = lines.find((l) => l.en.includes('initialized-not-sent'));
    expect(verdict?.en).toMatch(
      new RegExp(
        `^session ${id}: referee: client->server tools/list #2: initialized-not-sent \\(error\\): [ -~]+$`,
      ),
    );
    expect(verdict?.zh).toMatch(
      new RegExp(
        `^会话 ${id}: referee: client->server tools/list #2: initialized-not-sent（错误）：.*[\\u4e00-\\u9fff]`,
      ),
    );
    // The live view keeps verdicts out of its header, in Chinese as in English.
    const store = new LiveStore();
    store.announce(filled(SERVE_STRINGS.sessionOpened, { id }).zh);
    store.log(verdict?.zh ?? '');
    expect(store.notice).toBe(`会话 ${id} 已打开`);

    expect((await raw('DELETE', headers)).status).toBe(200);
    await vi.waitFor(() => logged({ en: `session ${id} closed`, zh: `会话 ${id} 已关闭` }));
    expect((await raw('POST', headers, early)).status).toBe(404);
    logged({
      en: 'transport: POST /mcp: 404 Session not found',
      zh: 'transport: POST /mcp: 404 会话不存在（已结束或从未打开）',
    });
  });
});

describe('sb', () => {
  it('fills each language’s placeholders, a bilingual value in its own language', () => {
    expect(
      filled(SERVE_STRINGS.sessionSays, { id: 'abc', line: { en: 'hello', zh: '你好' } }),
    ).toEqual({
      en: 'session abc: hello',
      zh: '会话 abc: 你好',
    });
    // A value is not read as a template (a $ or a {name} in an error message stays as it is).
    expect(filled(SERVE_STRINGS.transportError, { error: 'bad $& {id}' }).en).toBe(
      'transport: bad $& {id}',
    );
  });
});
