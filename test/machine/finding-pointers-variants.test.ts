import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/machine/index.js';
import type { JsonObject } from '../../src/protocol/index.js';
import {
  CAPS_KEY,
  discovered,
  MODERN,
  modernRequest,
  modernResult,
  VERSION_KEY,
} from './modern-builder.js';
import { hs, LISTING_TASK_SERVER, taskOf } from './rule-cases.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';
import { ack, deploy, listen, onStream, TOOLS_CHANGED } from './stream-builder.js';

/**
 * The other faces of rules whose trigger in rule-cases.ts finding-pointers.test.ts checks: a
 * finding points at the field it is about wherever the message holds it (the second of two
 * hints, an entry of a list), and at the nearest place that should hold a field that is missing.
 */
const pointerOf = (rule: RuleId, b: SessionBuilder) =>
  b.run().last.violations.find((v) => v.rule === rule)?.pointer;

const HINTS = { ttlMs: 0, cacheScope: 'private' } as const;
const SUBSCRIPTION_ID = '/params/_meta/io.modelcontextprotocol~1subscriptionId';
const refused = (data?: JsonObject) =>
  discovered()
    .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
    .server({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32022, message: 'refused', ...(data === undefined ? {} : { data }) },
    });

describe('finding pointers beyond the rule cases', () => {
  it('a subscription finding points at the extra filter entry, the uri, or the subscriptionId', () => {
    const a = 'file:///a.md';
    const b = 'file:///b.md';
    const extraFlag = discovered()
      .client(listen('l1'))
      .server(ack('l1', { toolsListChanged: true, promptsListChanged: true }));
    expect(pointerOf('ack-beyond-filter', extraFlag)).toBe(
      '/params/notifications/promptsListChanged',
    );
    const extraUri = discovered()
      .client(listen('l1', { resourceSubscriptions: [a] }))
      .server(ack('l1', { resourceSubscriptions: [a, b] }));
    expect(pointerOf('ack-beyond-filter', extraUri)).toBe(
      '/params/notifications/resourceSubscriptions/1',
    );
    const uri = discovered()
      .client(listen('l1', { resourceSubscriptions: [a] }))
      .server(ack('l1', { resourceSubscriptions: [a] }))
      .server(onStream('notifications/resources/updated', 'l1', { uri: b }));
    expect(pointerOf('notification-not-subscribed', uri)).toBe('/params/uri');
    const unknown = discovered().server(onStream(TOOLS_CHANGED, 'l9'));
    expect(pointerOf('unsolicited-notification', unknown)).toBe(SUBSCRIPTION_ID);
  });

  it('a task finding points into the entry of tasks/list that reports it', () => {
    const listed = session()
      .handshake({ server: LISTING_TASK_SERVER })
      .client(rpc.request(1, 'tools/call', { name: 'research', task: { ttl: 60000 } }))
      .server(rpc.result(1, { task: taskOf('working') }))
      .server(rpc.notification('notifications/tasks/status', taskOf('completed')))
      .client(rpc.request(2, 'tasks/list', {}))
      .server(rpc.result(2, { tasks: [taskOf('working', 'T2'), taskOf('cancelled')] }));
    expect(pointerOf('task-status-transition', listed)).toBe('/result/tasks/1/status');
  });

  it('a missing field is pointed at where it belongs', () => {
    const bare = session()
      .handshake()
      .client(rpc.request(1, 'tools/list'))
      .client({ jsonrpc: '2.0', method: 'notifications/cancelled' });
    expect(pointerOf('cancel-without-request-id', bare)).toBe('/params');
    const noTtl = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [], cacheScope: 'private' }));
    expect(pointerOf('cache-hints-missing', noTtl)).toBe('/result/ttlMs');
    expect(pointerOf('unsupported-version-error-incomplete', refused())).toBe('/error/data');
    const misnamed = refused({ supported: [MODERN], requested: '2026-01-01' });
    expect(pointerOf('unsupported-version-error-incomplete', misnamed)).toBe(
      '/error/data/requested',
    );
  });

  it('a finding about two fields at once points at the object that holds them', () => {
    const chatty = hs()
      .client(rpc.request(1, 'ping'))
      .server(rpc.result(1, { status: 'ok', uptime: 3 }));
    expect(pointerOf('ping-result-not-empty', chatty)).toBe('/result');
    const bare = discovered().client(
      modernRequest(1, 'tools/list', {}, { without: [VERSION_KEY, CAPS_KEY] }),
    );
    expect(pointerOf('request-meta-missing', bare)).toBe('/params/_meta');
    const stateOnly = discovered().client(deploy(1, { requestState: 'deploy:v1' }));
    expect(pointerOf('retry-without-round', stateOnly)).toBe('/params/requestState');
  });

  it('a list finding points at the entry it is about', () => {
    const named = (names: readonly string[]) =>
      names.map((name) => ({ name, inputSchema: { type: 'object' } }));
    const reordered = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: named(['a', 'b', 'c']), ...HINTS }))
      .client(modernRequest(2, 'tools/list'))
      .server(modernResult(2, { tools: named(['a', 'c', 'b']), ...HINTS }));
    expect(pointerOf('tool-order-changed', reordered)).toBe('/result/tools/1');
    const sampled = discovered()
      .client(modernRequest(1, 'tools/call', { name: 'deploy' }, { capabilities: {} }))
      .server(
        modernResult(1, {
          resultType: 'input_required',
          inputRequests: {
            'a/b': { method: 'sampling/createMessage', params: { messages: [], maxTokens: 9 } },
          },
        }),
      );
    expect(pointerOf('client-capability-not-declared', sampled)).toBe('/result/inputRequests/a~1b');
  });

  it('the modern envelope in a handshake session is pointed at in _meta', () => {
    const one = hs().client(rpc.request(1, 'tools/list', { _meta: { [VERSION_KEY]: MODERN } }));
    expect(pointerOf('era-mixed', one)).toBe(
      '/params/_meta/io.modelcontextprotocol~1protocolVersion',
    );
    const both = hs().client(
      rpc.request(1, 'tools/list', { _meta: { [VERSION_KEY]: MODERN, [CAPS_KEY]: {} } }),
    );
    expect(pointerOf('era-mixed', both)).toBe('/params/_meta');
  });
});
