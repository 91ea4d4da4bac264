import { describe, expect, it } from 'vitest';
import type { TraceLabel } from '../../src/trace/index.js';
import { traceRaw } from '../helpers/trace.js';

/**
 * 2026-07-28: a listen stream is named in `_meta["io.modelcontextprotocol/subscriptionId"]` by
 * the id of its subscriptions/listen request, which may be an integer past 2^53 − 1. The referee
 * must read that id exactly wherever the stream is named (the acknowledgment, each notification
 * on the stream, the result that ends it), or it calls a clean stream unsolicited.
 */
const BIG = '123456789012345678901';
/** What JSON.parse makes of BIG: another stream's id, if one were open. */
const NEAR = '123456789012345678900';

const META =
  '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}';

function session(named: string) {
  const id = `"io.modelcontextprotocol/subscriptionId":${named}`;
  const on = `"_meta":{${id}}`;
  const lines = [
    `{"direction":"client->server","message":{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{${META}}}}`,
    '{"direction":"server->client","message":{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":true}},"resultType":"complete","ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}}}}}',
    `{"direction":"client->server","message":{"jsonrpc":"2.0","id":${BIG},"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},${META}}}}`,
    `{"direction":"server->client","message":{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{"toolsListChanged":true},${on}}}}`,
    `{"direction":"server->client","message":{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{${on}}}}`,
    `{"direction":"server->client","message":{"jsonrpc":"2.0","id":${BIG},"result":{"resultType":"complete","_meta":{${id},"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}}}}}`,
  ];
  return lines.map((text, i) => ({ line: i + 1, text }));
}

const rulesOf = (labels: readonly TraceLabel[]) =>
  labels.map((l) => [l.method, l.violations.filter((v) => v !== 'id-beyond-safe-integer')]);

describe('a listen stream whose id is past 2^53 − 1', () => {
  it('is acknowledged, used and ended with no error: the id is read exactly everywhere', async () => {
    const { labels, problems } = await traceRaw(session(BIG));
    expect(problems).toEqual([]);
    expect(rulesOf(labels)).toEqual(labels.map((l) => [l.method, []]));
  });

  it('a stream named by a neighbouring id (the same double) is still flagged (the check can fail)', async () => {
    const { labels } = await traceRaw(session(NEAR));
    expect(labels[3]?.violations).toContain('ack-beyond-filter');
    expect(labels[4]?.violations).toContain('unsolicited-notification');
  });
});
