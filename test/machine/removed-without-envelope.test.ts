import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../src/session/index.js';

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'rules-test-client', version: '1.0.0' },
};

/** The rules a modern session's second request breaks, with their messages. */
function verdictOn(second: Record<string, unknown>) {
  const log = new SessionLog();
  log.push({
    type: 'message',
    direction: 'client->server',
    message: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } },
  });
  const step = log.push({ type: 'message', direction: 'client->server', message: second });
  return Object.fromEntries((step.verdict?.violations ?? []).map((v) => [v.rule, v.message]));
}

describe('a removed method sent without the _meta envelope too (2026-07-28)', () => {
  it('does not promise -32601 alone: a receiver that reads the envelope first answers -32602', () => {
    const bare = verdictOn({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect(Object.keys(bare)).toEqual(['method-removed', 'request-meta-missing']);
    expect(bare['method-removed']).toMatch(/-32601, or -32602 if it reads the missing _meta/);
    expect(bare['request-meta-missing']).toMatch(/-32602/);
  });

  it('with its envelope, the answer is -32601 and nothing else', () => {
    const dressed = verdictOn({
      jsonrpc: '2.0',
      id: 2,
      method: 'ping',
      params: { _meta: envelope },
    });
    expect(Object.keys(dressed)).toEqual(['method-removed']);
    expect(dressed['method-removed']).toMatch(/answers -32601$/);
  });
});
