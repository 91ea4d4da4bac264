import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpWire, headerValue, sseData } from '../../src/transport/http-client.js';

describe('sseData', () => {
  /** A body that arrives in these chunks, as bytes (a multi-byte character split across two). */
  const body = (...chunks: (string | Uint8Array)[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks)
          controller.enqueue(typeof c === 'string' ? new TextEncoder().encode(c) : c);
        controller.close();
      },
    });
  const all = async (stream: ReadableStream<Uint8Array>) => {
    const out: string[] = [];
    for await (const data of sseData(stream)) out.push(data);
    return out;
  };

  it('gives each event’s data once its blank line comes, across chunks and line endings', async () => {
    const snow = new TextEncoder().encode('data: {"s":"❄"}\n\n');
    expect(
      await all(
        body(
          'event: message\nid: 1\ndata: {"a"',
          ':1}\r',
          // A CR at the end of a chunk may be half of CRLF: the next chunk decides.
          '\n\r\n',
          ': keep-alive\n\ndata:{"b":2}\ndata: {"c":3}\n\n',
          // An event with no data field (SDK priming events carry only an id) gives nothing.
          'id: 7\nretry: 1000\n\n',
          snow.slice(0, 13),
          snow.slice(13),
          // An event cut off by the end of the stream is dropped.
          'data: {"d":4}\n',
        ),
      ),
    ).toEqual(['{"a":1}', '{"b":2}\n{"c":3}', '{"s":"❄"}']);
  });
});

describe('headerValue (2026-07-28 streamable-http › Value Encoding)', () => {
  it('keeps plain ASCII and Base64-encodes the rest, as the spec’s examples do', () => {
    expect(headerValue('us-west1')).toBe('us-west1');
    expect(headerValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(headerValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(headerValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(headerValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  });
});

describe('HttpWire.headersFor', () => {
  const wire = new HttpWire(new URL('http://127.0.0.1:9/mcp'), {
    text: () => {},
    ended: () => {},
    refused: () => {},
    sessionEnded: () => {},
    unreachable: () => {},
    answered: () => true,
  });
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };

  it('mirrors a modern request’s version, method, name and x-mcp-header arguments', () => {
    wire.paramHeaders = (tool) => (tool === 'weather' ? [{ name: 'City', path: ['city'] }] : []);
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'weather', arguments: { city: 'Zürich' }, _meta: meta },
    };
    expect(wire.headersFor(call)).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'weather',
      'mcp-param-city': `=?base64?${Buffer.from('Zürich').toString('base64')}?=`,
    });
    const read = {
      jsonrpc: '2.0',
      id: 4,
      method: 'resources/read',
      params: { uri: 'file:///a', _meta: meta },
    };
    expect(wire.headersFor(read)['mcp-name']).toBe('file:///a');
    // tasks extension › Streamable HTTP: Routing Headers: the task's id, encoded as names are.
    const cancel = {
      jsonrpc: '2.0',
      id: 5,
      method: 'tasks/cancel',
      params: { taskId: 'tâche-1', _meta: meta },
    };
    expect(wire.headersFor(cancel)).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tasks/cancel',
      'mcp-name': `=?base64?${Buffer.from('tâche-1').toString('base64')}?=`,
    });
  });

  it('in the handshake era: MCP-Protocol-Version only once a 2025-06-18 or later version is negotiated', () => {
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    expect(wire.headersFor(list)).toEqual({});
    wire.negotiated = '2025-03-26';
    expect(wire.headersFor(list)).toEqual({});
    wire.negotiated = '2025-11-25';
    expect(wire.headersFor(list)).toEqual({ 'mcp-protocol-version': '2025-11-25' });
  });

  it('keeps the Mcp-Session-Id given at initialize and sends it after', async () => {
    const seen: Array<string | undefined> = [];
    const server = createServer((req, res) => {
      seen.push(req.headers['mcp-session-id'] as string | undefined);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'abc' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const texts: string[] = [];
    const http = new HttpWire(new URL(`http://127.0.0.1:${port}/mcp`), {
      text: (t) => texts.push(t),
      ended: () => {},
      refused: () => {},
      sessionEnded: () => {},
      unreachable: () => {},
      answered: () => true,
    });
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };
    http.post(init, http.headersFor(init));
    await http.settle(2000);
    const next = { jsonrpc: '2.0', method: 'notifications/initialized' };
    expect(http.headersFor(next)).toEqual({ 'mcp-session-id': 'abc' });
    http.post(next, http.headersFor(next));
    await http.settle(2000);
    await new Promise((resolve) => server.close(resolve));
    expect(seen).toEqual([undefined, 'abc']);
    expect(texts).toHaveLength(2);
  });
});
