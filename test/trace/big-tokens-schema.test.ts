import { describe, expect, it } from 'vitest';
import { traceRaw } from '../helpers/trace.js';

/**
 * A progress token and a cancellation's requestId are "a string or integer" in every revision's
 * schema (ProgressToken, RequestId), with no bound: an integer past 2^53 − 1 is legal, and only
 * the interoperability warning (id-beyond-safe-integer) names it. The SDK's zod schemas bound
 * them to safe integers; the referee must not turn that into a schema error of the revision.
 */
const BIG = '12345678901234567891';

function session(version: string) {
  const lines = [
    `{"direction":"client->server","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"${version}","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}}`,
    `{"direction":"server->client","message":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"${version}","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}}`,
    '{"direction":"client->server","message":{"jsonrpc":"2.0","method":"notifications/initialized"}}',
    `{"direction":"client->server","message":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{},"_meta":{"progressToken":${BIG}}}}}`,
    `{"direction":"server->client","message":{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${BIG},"progress":1,"total":2}}}`,
    `{"direction":"client->server","message":{"jsonrpc":"2.0","id":${BIG},"method":"tools/call","params":{"name":"slow","arguments":{}}}}`,
    `{"direction":"client->server","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${BIG}}}}`,
    '{"direction":"server->client","message":{"jsonrpc":"2.0","id":2,"result":{"content":[]}}}',
  ];
  return lines.map((text, i) => ({ line: i + 1, text }));
}

describe('integers past 2^53 − 1 where the schema says "string or integer"', () => {
  it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])(
    '%s: only the interoperability warning, never a schema error',
    async (version) => {
      const { labels, problems } = await traceRaw(session(version));
      expect(problems).toEqual([]);
      const rules = labels.map((l) => [
        l.method,
        l.violations.filter((v) => v !== 'id-beyond-safe-integer'),
      ]);
      expect(rules).toEqual(labels.map((l) => [l.method, []]));
      // The warning is there for each of the three big values.
      expect(labels.filter((l) => l.violations.includes('id-beyond-safe-integer')).length).toBe(4);
    },
  );

  it('a progress token that is a float is still a schema error (the check can fail)', async () => {
    const lines = session('2025-11-25');
    lines[3] = {
      line: 4,
      text: '{"direction":"client->server","message":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{},"_meta":{"progressToken":1.5}}}}',
    };
    const { labels } = await traceRaw(lines);
    expect(labels[3]?.violations).toContain('invalid-params');
  });
});
