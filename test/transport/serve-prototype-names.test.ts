// A client that sends names of Object.prototype where MCP carries a name: as a method, a tool, a
// prompt, a resource, a log level, a capability, a request id. `serve` answers each request once,
// as it answers any unknown name, and keeps serving: a method "constructor" once reached Object's
// constructor through the simulated server's table of served methods and crashed it.
import { describe, expect, it } from 'vitest';
import { rawSession } from '../helpers/serve-raw.js';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { roots: {} },
};

function session(modern: boolean) {
  const lines: object[] = [];
  const requests: (number | string)[] = [];
  const withMeta = (params: object) => (modern ? { ...params, _meta: MODERN_META } : params);
  let id = 1;
  const request = (method: string, params: object, as: number | string = id++) => {
    requests.push(as);
    lines.push({ jsonrpc: '2.0', id: as, method, params: withMeta(params) });
  };
  if (!modern) {
    request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: { constructor: {}, roots: {} },
      clientInfo: { name: 'c', version: '1' },
    });
    lines.push({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }
  for (const name of NAMES) {
    request(name, {});
    request('tools/call', { name, arguments: { [name]: 1 } });
    request('prompts/get', { name, arguments: { [name]: 'x' } });
    request('completion/complete', {
      ref: { type: 'ref/prompt', name },
      argument: { name, value: '' },
    });
    request('ping', {}, name);
    lines.push({ jsonrpc: '2.0', method: name, params: {} });
    lines.push({ jsonrpc: '2.0', id: name, result: {} });
  }
  return { lines: lines.map((l) => JSON.stringify(l)), requests };
}

describe('serve, sent names of Object.prototype', () => {
  it.each([
    ['the handshake era', false, 'dual'],
    ['2026-07-28', true, 'modern'],
  ])('in %s answers every request once and keeps serving', async (_era, modern, era) => {
    const { lines, requests } = session(modern);
    const { code, out, err } = await rawSession(lines, ['--era', era]);
    expect(err).not.toMatch(/TypeError|at .*\.js:\d+/);
    expect(code).toBe(0);
    const answered = (out as { id: unknown }[]).map((m) => m.id);
    expect(answered).toEqual(requests);
    const toMethod = (out as { id: unknown; error?: { code: number } }[]).find(
      (m) => m.id === (modern ? 1 : 2),
    );
    expect(toMethod?.error?.code).toBe(-32601);
  });
});
