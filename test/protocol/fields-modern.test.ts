// Annotations of 2026-07-28 messages: the spec's examples (server/discover.mdx, mrtr.mdx,
// subscriptions.mdx, versioning.mdx); legacy messages keep exactly their former annotations.
import { describe, expect, it } from 'vitest';
import { annotate } from '../../src/protocol/fields.js';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'ExampleClient', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/logLevel': 'debug',
};
const pointers = (message: unknown, method: string | null) =>
  annotate(message, method).map((a) => a.pointer);

describe('annotate: 2026-07-28 fields', () => {
  it('explains the per-request _meta envelope with escaped pointers', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ENVELOPE } };
    const found = pointers(request, 'tools/list');
    for (const key of ['protocolVersion', 'clientInfo', 'clientCapabilities', 'logLevel']) {
      expect(found).toContain(`/params/_meta/io.modelcontextprotocol~1${key}`);
    }
    expect(found).toContain(
      '/params/_meta/io.modelcontextprotocol~1clientCapabilities/elicitation',
    );
  });

  it('explains a discover result: versions, caching, serverInfo, capabilities', () => {
    const result = {
      jsonrpc: '2.0',
      id: 'discover-1',
      result: {
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } },
        _meta: {
          'io.modelcontextprotocol/serverInfo': { name: 'ExampleServer', version: '1.0.0' },
        },
        instructions: 'This server provides weather and resource utilities.',
        ttlMs: 3600000,
        cacheScope: 'public',
      },
    };
    const found = pointers(result, 'server/discover');
    for (const p of [
      'resultType',
      'supportedVersions',
      'capabilities',
      'instructions',
      'ttlMs',
      'cacheScope',
    ]) {
      expect(found).toContain(`/result/${p}`);
    }
    expect(found).toContain('/result/_meta/io.modelcontextprotocol~1serverInfo');
    expect(found).toContain('/result/capabilities/extensions');
    const text = annotate(result, 'server/discover').find((a) => a.pointer === '/result/ttlMs');
    expect(text?.text.zh).toContain('2026-07-28');
  });

  it('explains input_required and its retry (mrtr.mdx, tools.mdx)', () => {
    const pending = {
      jsonrpc: '2.0',
      id: 2,
      result: { resultType: 'input_required', inputRequests: {}, requestState: 'x' },
    };
    expect(pointers(pending, 'tools/call')).toEqual(
      expect.arrayContaining(['/result/inputRequests', '/result/requestState']),
    );
    const retry = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: {
        name: 'get_weather',
        inputResponses: { github_login: { action: 'accept' } },
        requestState: 'x',
      },
    };
    expect(pointers(retry, 'tools/call')).toEqual(
      expect.arrayContaining(['/params/inputResponses', '/params/requestState']),
    );
  });

  it('explains subscriptions: the filter, the acknowledgement, the subscription id', () => {
    const listen = {
      jsonrpc: '2.0',
      id: 1,
      method: 'subscriptions/listen',
      params: {
        _meta: ENVELOPE,
        notifications: {
          toolsListChanged: true,
          resourceSubscriptions: ['file:///project/config.json'],
        },
      },
    };
    expect(pointers(listen, 'subscriptions/listen')).toEqual(
      expect.arrayContaining([
        '/params/notifications/toolsListChanged',
        '/params/notifications/resourceSubscriptions',
      ]),
    );
    const updated = {
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: {
        _meta: { 'io.modelcontextprotocol/subscriptionId': 1 },
        uri: 'file:///project/config.json',
      },
    };
    expect(pointers(updated, 'notifications/resources/updated')).toContain(
      '/params/_meta/io.modelcontextprotocol~1subscriptionId',
    );
  });

  it('explains -32022 data, and the code for the revision when given', () => {
    const error = {
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32022,
        message: 'Unsupported protocol version',
        data: { supported: ['2026-07-28', '2025-11-25'], requested: '1900-01-01' },
      },
    };
    expect(pointers(error, null)).toEqual([
      '/jsonrpc',
      '/id',
      '/error/message',
      '/error/data',
      '/error/data/supported',
      '/error/data/requested',
      '/error/code',
    ]);
    const retired = {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32002, message: 'Resource not found' },
    };
    const code = (revision?: '2026-07-28') =>
      annotate(retired, null, revision).find((a) => a.pointer === '/error/code')?.text.en;
    expect(code('2026-07-28')).toContain('Retired in 2026-07-28');
    expect(code()).not.toContain('Retired');
  });

  it('reads a flag inside a capability by that capability: sampling.tools is not the server’s tools', () => {
    const meta = { 'io.modelcontextprotocol/clientCapabilities': { sampling: { tools: {} } } };
    const request = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: meta } };
    const flag = annotate(request, 'tools/call').find((a) => a.pointer.endsWith('/sampling/tools'));
    expect(flag?.text.en).toContain('sampling/createMessage');
    expect(flag?.text.en).not.toBe('Offers tools.');
  });

  it('leaves a legacy initialize exactly as before', () => {
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { roots: { listChanged: true } },
        clientInfo: { name: 'c', version: '1' },
      },
    };
    expect(pointers(init, 'initialize')).toEqual([
      '/jsonrpc',
      '/id',
      '/method',
      '/params/protocolVersion',
      '/params/capabilities',
      '/params/clientInfo',
      '/params/capabilities/roots',
      '/params/capabilities/roots/listChanged',
    ]);
  });
});

// basic/utilities/progress (2025-11-25) and basic/patterns/progress (2026-07-28) ask only that
// progress increase and let total be left out; neither bounds progress by total, so the referee
// has no rule for it and the field note says so rather than let a learner think it does.
describe('notifications/progress: a progress above its total', () => {
  const over = {
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: 'p', progress: 3, total: 2 },
  };
  it('the field note of total says no rule bounds progress by it, in both languages', () => {
    const note = annotate(over, 'notifications/progress').find(
      (a) => a.pointer === '/params/total',
    );
    expect(note?.text.en).toContain('a progress above the total breaks nothing');
    expect(note?.text.zh).toContain('进度超过总量并不违规');
  });
});

// Field notes that must hold in both eras, checked against the spec text of each revision.
describe('field notes that name the revision a rule belongs to', () => {
  const noteAt = (message: unknown, method: string | null, pointer: string) =>
    annotate(message, method).find((a) => a.pointer === pointer)?.text;

  it('notifications/cancelled: a 2026-07-28 server cancels the client’s listen stream, not its own request', () => {
    const cancel = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 7 },
    };
    const note = noteAt(cancel, 'notifications/cancelled', '/params/requestId');
    expect(note?.en).not.toContain('sender’s own');
    expect(note?.en).toContain('In 2025-11-25 either side cancels its own');
    expect(note?.en).toContain('subscriptions/listen');
    expect(note?.zh).toContain('subscriptions/listen');
  });

  it('error data supported/requested belong to -32602 of initialize in 2025-11-25 too', () => {
    const err = {
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message: 'Unsupported protocol version',
        data: { supported: ['2024-11-05'], requested: '1.0.0' },
      },
    };
    for (const pointer of ['/error/data/supported', '/error/data/requested']) {
      const note = noteAt(err, 'initialize', pointer);
      expect(note?.en).toContain('-32602');
      expect(note?.en).toContain('2025-11-25');
      expect(note?.zh).toContain('-32602');
    }
  });

  it('roots.listChanged says its notification is gone in 2026-07-28; sampling.tools names the request’s tools', () => {
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { roots: { listChanged: true }, sampling: { tools: {} } },
        clientInfo: { name: 'c', version: '1' },
      },
    };
    const roots = noteAt(init, 'initialize', '/params/capabilities/roots/listChanged');
    expect(roots?.en).toContain('notifications/roots/list_changed');
    expect(roots?.en).toContain('removed in 2026-07-28');
    const tools = noteAt(init, 'initialize', '/params/capabilities/sampling/tools');
    expect(tools?.en).toContain('named in that request');
    expect(tools?.en).not.toContain('the server lists');
  });

  it('requestState: the server need not keep state, and must distrust what comes back', () => {
    const result = {
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'input_required', requestState: 'abc' },
    };
    const note = noteAt(result, 'tools/call', '/result/requestState');
    expect(note?.en).toContain('need not keep');
    expect(note?.en).toContain('attacker-controlled');
  });
});
