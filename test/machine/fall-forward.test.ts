import { describe, expect, it } from 'vitest';
import { diagramMermaid } from '../../src/machine/index.js';
import { createReferee } from '../helpers/referee.js';
import { MODERN, modernRequest, modernResult } from './modern-builder.js';
import { C2S, initializeRequest, rpc, S2C } from './session-builder.js';

/** A modern-only server's answer to initialize: -32022, naming the versions it speaks. */
const unsupported = (id: number) => ({
  jsonrpc: '2.0',
  id,
  error: {
    code: -32022,
    message: 'Unsupported protocol version',
    data: { supported: [MODERN], requested: '2025-11-25' },
  },
});

describe('going forward: initialize refused with a modern error, then a modern request', () => {
  it('the session moves to the modern era, and the modern requests are judged there', () => {
    const referee = createReferee();
    expect(referee.feed(C2S, initializeRequest({ id: 1 })).era).toBe('legacy');
    referee.feed(S2C, unsupported(1));
    const discover = referee.feed(C2S, modernRequest(2, 'server/discover'));
    expect(discover.era).toBe('modern');
    expect(discover.violations).toEqual([]);
    referee.feed(
      S2C,
      modernResult(2, { supportedVersions: [MODERN], capabilities: { tools: {} } }),
    );
    const list = referee.feed(C2S, modernRequest(3, 'tools/list'));
    expect(list.era).toBe('modern');
    expect(list.phase).toBeNull();
    expect(list.violations).toEqual([]);
    expect(referee.snapshot().context.era).toBe('modern');
  });

  it('a request with the envelope goes forward too, without a server/discover', () => {
    const referee = createReferee();
    referee.feed(C2S, initializeRequest({ id: 1 }));
    referee.feed(S2C, unsupported(1));
    const list = referee.feed(C2S, modernRequest(2, 'tools/list'));
    expect(list.era).toBe('modern');
    expect(list.violations).toEqual([]);
  });

  it('a legacy request first, refused with -32020 over HTTP, then a modern one: forward too', () => {
    const referee = createReferee();
    expect(referee.feed(C2S, rpc.request(1, 'tools/list')).era).toBe('legacy');
    referee.feed(S2C, rpc.error(1, -32020, 'Header mismatch: the Mcp-Method header is required'));
    const list = referee.feed(C2S, modernRequest(2, 'tools/list'));
    expect(list.era).toBe('modern');
    expect(list.violations).toEqual([]);
  });

  it('not while an initialize waits for its answer', () => {
    const referee = createReferee();
    referee.feed(C2S, rpc.request(1, 'tools/list'));
    referee.feed(S2C, rpc.error(1, -32020, 'Header mismatch'));
    referee.feed(C2S, initializeRequest({ id: 2 }));
    expect(referee.feed(C2S, modernRequest(3, 'tools/list')).era).toBe('legacy');
  });

  it('after an error that is not a modern one, the session stays in the handshake era', () => {
    const referee = createReferee();
    referee.feed(C2S, initializeRequest({ id: 1 }));
    referee.feed(S2C, rpc.error(1, -32602, 'Unsupported protocol version'));
    const list = referee.feed(C2S, modernRequest(2, 'tools/list'));
    expect(list.era).toBe('legacy');
    expect(list.violations.map((v) => v.rule)).toContain('initialize-not-first');
  });

  it('once an initialize succeeded, a modern request is judged in the handshake era', () => {
    const referee = createReferee();
    referee.feed(C2S, initializeRequest({ id: 1 }));
    referee.feed(S2C, unsupported(1));
    referee.feed(C2S, initializeRequest({ id: 2, version: '2025-06-18' }));
    referee.feed(
      S2C,
      rpc.result(2, {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 's', version: '1' },
      }),
    );
    const list = referee.feed(C2S, modernRequest(3, 'tools/list'));
    expect(list.era).toBe('legacy');
  });

  it('the diagram draws the way forward', () => {
    expect(diagramMermaid()).toContain(
      'session_legacy_handshake_referee_judging --> session_modern: client.request [fallsForward]',
    );
  });
});
