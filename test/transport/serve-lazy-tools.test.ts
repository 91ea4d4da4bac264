import { PassThrough } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareToolsFor } from '../../src/sim/tools/index.js';
import { serveHttp } from '../../src/transport/http-server.js';
import { serveConfig } from '../../src/transport/serve-config.js';
import { serveStdio } from '../../src/transport/stdio-server.js';
import { initializeLine } from '../helpers/envelopes.js';
import { raw } from '../helpers/http.js';

/**
 * serve over stdio loads the calculator's mathjs and db_query's sql.js when a line first names
 * one of those tools, not at start (src/transport/stdio-server.ts): the call that names it, and
 * every line after it, wait for the load and keep their order. The loader is watched (the real one
 * runs), so a test can tell a load that happened from one that was not needed.
 */
vi.mock('../../src/sim/tools/index.js', async (original) => {
  const real = await original<typeof import('../../src/sim/tools/index.js')>();
  return { ...real, prepareToolsFor: vi.fn(real.prepareToolsFor) };
});
const loads = vi.mocked(prepareToolsFor);
beforeEach(() => {
  loads.mockClear();
});

function served() {
  const config = serveConfig({});
  if ('problem' in config) throw new Error(config.problem.en);
  const input = new PassThrough();
  const output = new PassThrough();
  const out: unknown[] = [];
  let rest = '';
  output.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') out.push(JSON.parse(line));
  });
  const session = serveStdio({ config, input, output, log: () => {} });
  return { input, out, session };
}

const call = (id: number, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const handshake = [
  initializeLine('2025-11-25'),
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
];

type Answer = { id?: number; result?: { content?: Array<{ text?: string }>; isError?: boolean } };
const text = (answer: unknown) => (answer as Answer).result?.content?.[0]?.text ?? '';

describe('serve over stdio loads a tool’s library when a line first names the tool', () => {
  it('a calculator call right after the handshake gets its value, and the lines after it wait their turn', async () => {
    const { input, out, session } = served();
    // All in one write: the call, a ping behind it, then the end of input while mathjs loads.
    input.end(
      `${[...handshake, call(2, 'calculator_arithmetic', { expression: '6 * 7' }), ping(3)].join('\n')}\n`,
    );
    expect(await session.done).toBe(0);
    const answers = out as Answer[];
    expect(answers.map((a) => a.id)).toEqual([0, 2, 3]);
    expect(answers[1]?.result?.isError).not.toBe(true);
    expect(text(answers[1])).toContain('42');
    expect(loads.mock.calls).toEqual([[['calculator_arithmetic']]]);
  });

  it('a tool named with JSON escapes (\\u005f for _) is loaded too, not answered as not ready', async () => {
    const { input, out, session } = served();
    const escaped = call(2, 'db_query', {
      sql: 'SELECT name FROM customers ORDER BY name LIMIT 1',
    }).replace('db_query', 'db\\u005fquery');
    expect(JSON.parse(escaped).params.name).toBe('db_query');
    input.end(`${[...handshake, escaped].join('\n')}\n`);
    expect(await session.done).toBe(0);
    const answer = (out as Answer[]).find((a) => a.id === 2);
    expect(text(answer)).not.toMatch(/not ready/);
    expect(answer?.result?.isError).not.toBe(true);
    expect(loads.mock.calls).toEqual([[['calculator_arithmetic', 'db_query']]]);
  });

  it('a session that never names those tools loads neither', async () => {
    const { input, out, session } = served();
    input.end(
      `${[...handshake, call(2, 'weather_current', { city: 'Paris' }), ping(3)].join('\n')}\n`,
    );
    expect(await session.done).toBe(0);
    expect((out as Answer[]).map((a) => a.id)).toEqual([0, 2, 3]);
    expect(loads).not.toHaveBeenCalled();
  });
});

describe('serve --http loads a tool’s library when a body first names the tool', () => {
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const post = (url: string | URL, id: number, method: string, params: Record<string, unknown>) =>
    raw(
      url,
      'POST',
      {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      },
      JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } }),
    );

  it('listens and answers at once, loads nothing for tools/list, and the calculator when it is called', async () => {
    const config = serveConfig({});
    if ('problem' in config) throw new Error(config.problem.en);
    const serving = await serveHttp({
      config: { ...config, era: 'modern' },
      port: 0,
      log: () => {},
    });
    try {
      const listed = await post(serving.url, 1, 'tools/list', {});
      expect(listed.status).toBe(200);
      expect(listed.body).toContain('calculator_arithmetic');
      expect(loads).not.toHaveBeenCalled();
      const called = await post(serving.url, 2, 'tools/call', {
        name: 'calculator_arithmetic',
        arguments: { expression: '6 * 7' },
      });
      const answer = JSON.parse(called.body) as Answer;
      expect(answer.result?.isError).not.toBe(true);
      expect(text(answer)).toContain('42');
      expect(loads.mock.calls).toEqual([[['calculator_arithmetic']]]);
    } finally {
      await serving.close();
    }
  });
});
