import { describe, expect, it } from 'vitest';
import { readTranscript, SessionLog, splitLines } from '../../src/session/index.js';

const initialize =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}';

/**
 * A bare message whose "method" is not a string is no JSON-RPC message (the referee flags it), but
 * its direction is still guessed: an object that carries "method" is meant as a request or a
 * notification, never as a response, so it is not sent the way a response to nothing would go.
 */
describe('the direction of a bare message with a "method" that is not a string', () => {
  it('is guessed as for a request or notification with an unknown method, not as for a response', () => {
    const log = new SessionLog();
    expect(log.inferDirection({ jsonrpc: '2.0', id: 5, method: 42 })).toBe('client->server');
    expect(log.inferDirection({ jsonrpc: '2.0', method: null })).toBe('client->server');
    expect(log.inferDirection({ jsonrpc: '2.0', method: ['ping'], params: {} })).toBe(
      'client->server',
    );
  });

  it('in a transcript, the unreadable line is drawn from the client, as the same line with a method name', () => {
    const text = `${initialize}\n{"jsonrpc":"2.0","id":5,"method":42}\n{"jsonrpc":"2.0","id":6,"method":"x/unknown"}\n`;
    const steps = [...readTranscript(splitLines(text), new SessionLog())];
    expect(steps.map((s) => s.direction)).toEqual([
      'client->server',
      'client->server',
      'client->server',
    ]);
  });

  it('still goes from the server when only the client has used its id (a client never reuses one)', () => {
    const log = new SessionLog();
    log.push({ type: 'message', direction: 'client->server', message: JSON.parse(initialize) });
    expect(log.inferDirection({ jsonrpc: '2.0', id: 1, method: 42 })).toBe('server->client');
    // and an object without "method" is still a response: opposite to the request it answers
    expect(log.inferDirection({ jsonrpc: '2.0', id: 1, result: {} })).toBe('server->client');
    expect(log.inferDirection({ jsonrpc: '2.0', id: 9, result: {} })).toBe('server->client');
  });
});
