import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareTools } from '../../src/sim/tools/index.js';
import { type HttpServing, serveHttp } from '../../src/transport/http-server.js';
import { serveConfig } from '../../src/transport/serve-config.js';
import { raw } from '../helpers/http.js';

/**
 * 2026-07-28 over HTTP: each POST gets a server of its own, but the round a retry echoes was
 * sealed by another POST's server, with an expiry on the server's clock (basic/patterns/mrtr ›
 * Server Requirements: state that fails verification MUST be rejected). Both must read one clock.
 */
const TTL_MS = 200;
let serving: HttpServing;

beforeAll(async () => {
  await prepareTools();
  const config = serveConfig({});
  if ('problem' in config) throw new Error(config.problem.en);
  serving = await serveHttp({
    config: { ...config, era: 'modern', requestStateTtlMs: TTL_MS },
    port: 0,
    log: () => {},
  });
});

afterAll(async () => {
  await serving.close();
});

const HEADERS = {
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'collect_feedback',
};
const call = (id: number, retry: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'collect_feedback',
      arguments: {},
      ...retry,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
      },
    },
  });

describe('serve --http, 2026-07-28: a requestState past its lifetime', () => {
  it('is refused on the retry, which another POST (another server) reads', async () => {
    const first = await raw(serving.url, 'POST', HEADERS, call(1));
    const state = (JSON.parse(first.body) as { result: { requestState?: string } }).result
      .requestState;
    expect(typeof state).toBe('string');
    // Longer than the lifetime: however busy the machine, the state is expired by then.
    await new Promise((resolve) => setTimeout(resolve, 2 * TTL_MS));
    const retry = await raw(serving.url, 'POST', HEADERS, call(2, { requestState: state }));
    expect(JSON.parse(retry.body)).toMatchObject({
      id: 2,
      error: { code: -32602, message: expect.stringContaining('requestState has expired') },
    });
  });
});
