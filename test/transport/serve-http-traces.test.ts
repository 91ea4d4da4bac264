import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { INIT, raw, startServe } from '../helpers/http.js';

const work = mkdtempSync(join(tmpdir(), 'mcp-sim-http-traces-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

type TraceJson = {
  messages: Array<{ method: string | null; violations: string[] }>;
  summary: { violations: number };
  problems: unknown[];
};

describe('serve --http --trace-file: one transcript per session', () => {
  it('two sessions (ids reused, as every client does) give two files, each traced clean', async () => {
    const file = join(work, 'class.jsonl');
    const serve = startServe(['--trace-file', file]);
    const url = await serve.url;

    // The first client ends its session with DELETE; the second just goes away, as the MCP
    // Inspector's CLI does; its file is completed when the server stops.
    const one = new StreamableHTTPClientTransport(url);
    const first = new Client({ name: 'first', version: '1' });
    await first.connect(one);
    await first.callTool({ name: 'calculator_arithmetic', arguments: { expression: '1+1' } });
    const two = new StreamableHTTPClientTransport(url);
    const second = new Client({ name: 'second', version: '1' });
    await second.connect(two);
    await second.listTools();
    await one.terminateSession();
    await first.close();
    await second.close();

    const { code, stderr } = await serve.stop();
    expect(code).toBe(0);
    const later = join(work, 'class.2.jsonl');
    expect(stderr).toContain(`first session is recorded in ${file}, later ones in ${later}`);
    expect(stderr).toMatch(
      new RegExp(`session \\S+: transcript in ${later.replace(/\./g, '\\.')}`),
    );
    expect(existsSync(join(work, 'class.3.jsonl'))).toBe(false);
    // The start-up line names where junk POSTed outside any session would go; none came here.
    expect(stderr).toContain(
      `outside any session that are no message, if any, in ${join(work, 'class.unread.jsonl')}`,
    );
    expect(existsSync(join(work, 'class.unread.jsonl'))).toBe(false);

    for (const [path, client, method] of [
      [file, 'first', 'tools/call'],
      [later, 'second', 'tools/list'],
    ] as const) {
      const lines = readFileSync(path, 'utf8').trim().split('\n');
      const firstLine = JSON.parse(lines[0] ?? '{}');
      expect(firstLine.message.method).toBe('initialize');
      expect(firstLine.message.params.clientInfo.name).toBe(client);
      const traced = await runCli(['trace', path, '--json', '--strict']);
      expect(traced.code, traced.stderr).toBe(0);
      const report = JSON.parse(traced.stdout) as TraceJson;
      expect(report.problems).toEqual([]);
      expect(report.summary.violations).toBe(0);
      expect(report.messages.filter((m) => m.method === 'initialize')).toHaveLength(2);
      expect(report.messages.map((m) => m.method)).toContain(method);
      const played = await runCli(['play', path, '--plain']);
      expect(played.code).toBe(0);
      expect(played.stdout).toContain('initialize');
    }
  });
});

describe('serve --http --lang zh', () => {
  it('logs in Chinese: the listening address, the numbering, each session and its file', async () => {
    const file = join(work, 'zh.jsonl');
    const serve = startServe(['--trace-file', file, '--lang', 'zh']);
    const url = await serve.url;
    const transport = new StreamableHTTPClientTransport(url);
    const client = new Client({ name: 'zh', version: '1' });
    await client.connect(transport);
    const id = transport.sessionId as string;
    await transport.terminateSession();
    await client.close();
    const { code, stderr } = await serve.stop();
    expect(code).toBe(0);
    expect(stderr.trim().split('\n')).toEqual([
      `mcp-sim serve: 正在监听 ${url.href} （Streamable HTTP；按 Ctrl+C 停止）`,
      `mcp-sim serve: --trace-file: 第一个会话记录在 ${file}，之后的依次记录在 ${join(work, 'zh.2.jsonl')}、${join(work, 'zh.3.jsonl')}……；在任何会话之外 POST 的、不是消息的请求体（如有）记录在 ${join(work, 'zh.unread.jsonl')}`,
      `mcp-sim serve: 会话 ${id} 已打开`,
      `mcp-sim serve: 会话 ${id}: 记录保存在 ${file}`,
      `mcp-sim serve: 会话 ${id} 已关闭`,
    ]);
  });
});

describe('serve --http --idle <minutes>', () => {
  it('ends a session left idle that long (here 60 ms); its id then gets 404', async () => {
    const serve = startServe(['--idle', '0.001']);
    const url = await serve.url;
    const init = await raw(url, 'POST', {}, INIT);
    expect(init.status).toBe(200);
    const id = init.session as string;
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
    // Waiting on the log, not on requests: each request would keep the session in use.
    await vi.waitFor(
      () =>
        expect(serve.stderr()).toContain(
          `mcp-sim serve: session ${id}: no request for 60 ms; the server ends it (its id now gets 404)\n`,
        ),
      { timeout: 10_000, interval: 20 },
    );
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect((await raw(url, 'POST', headers, ping)).status).toBe(404);
    expect((await serve.stop()).code).toBe(0);
  });

  it('needs --http and a number of minutes above 0', async () => {
    for (const args of [
      ['--idle', '5'],
      ['--http', '0', '--idle', '0'],
      ['--http', '0', '--idle', 'soon'],
    ]) {
      const result = await runCli(['serve', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^mcp-sim: --idle needs [^\n]*\n$/);
    }
  });
});

describe('serve --ui usage', () => {
  it('--ui without --http is a one-line usage error', async () => {
    const result = await runCli(['serve', '--ui']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-sim: --ui needs --http[^\n]*\n$/);
    expect(result.stdout).toBe('');
  });

  it('--ui without a terminal says to run without --ui, before listening', async () => {
    const result = await runCli(['serve', '--http', '0', '--ui']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^mcp-sim: --ui needs an interactive terminal; run without --ui[^\n]*\n$/,
    );
    expect(result.stderr).not.toContain('listening');
    const zh = await runCli(['serve', '--http', '0', '--ui', '--lang', 'zh']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('去掉 --ui 运行');
    expect((await runCli(['serve', '--lang', 'fr'])).code).toBe(2);
  });
});
