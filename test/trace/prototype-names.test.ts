// Names that are also properties of Object.prototype ("constructor", "__proto__", "toString"…) sent
// where the wire carries a name: a method, a capability, an inputRequests key. A table the referee
// or the field meanings look up by such a name must answer "not there", never an inherited
// function: that crashed `trace` (declared-list-not-served read "constructor" as a capability) and
// `play` (a capability named "constructor" got Object's constructor as its meaning), and a round's
// "__proto__" form was set as its table's prototype, so the answer to it went unjudged.
import { describe, expect, it } from 'vitest';
import { annotate } from '../../src/protocol/fields.js';
import { traceRaw } from '../helpers/trace.js';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, sampling: {}, roots: {} },
};
const discover = [
  { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } },
  {
    jsonrpc: '2.0',
    id: 1,
    result: {
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, prompts: {}, resources: {} },
      serverInfo: { name: 's', version: '1' },
      ttlMs: 0,
      cacheScope: 'public',
    },
  },
];

/** A modern transcript: client messages are the even entries after discover's pair, in order. */
const transcript = (messages: readonly object[]) =>
  messages.map((message, i) => ({
    line: i + 1,
    text: JSON.stringify({
      direction:
        'id' in message && ('result' in message || 'error' in message)
          ? 'server->client'
          : 'client->server',
      message,
    }),
  }));

describe('names of Object.prototype on the wire', () => {
  it.each(NAMES)(
    'a request for method "%s" answered -32601 after server/discover is judged, not thrown',
    async (name) => {
      const { labels } = await traceRaw(
        transcript([
          ...discover,
          { jsonrpc: '2.0', id: 2, method: name, params: { _meta: meta } },
          { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
        ]),
      );
      expect(labels).toHaveLength(4);
      expect(labels[2]?.violations).toEqual(['unknown-method']);
      expect(labels[3]?.violations).toEqual([]);
    },
  );

  it.each(NAMES)('a capability named "%s" has no meaning rather than an inherited one', (name) => {
    const message = JSON.parse(
      `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"${name}":{},"roots":{}},"clientInfo":{"name":"c","version":"1"}}}`,
    );
    const notes = annotate(message, 'initialize');
    for (const note of notes) {
      expect(typeof note.text.en, note.pointer).toBe('string');
      expect(typeof note.text.zh, note.pointer).toBe('string');
    }
    expect(notes.map((n) => n.pointer)).toContain('/params/capabilities/roots');
    expect(notes.map((n) => n.pointer)).not.toContain(`/params/capabilities/${name}`);
  });

  it('an elicitation asked under the key "__proto__" is judged like any other key', async () => {
    const form = {
      method: 'elicitation/create',
      params: {
        message: 'Which city?',
        requestedSchema: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
    };
    const call = (id: number, extra: object) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { _meta: meta, name: 'weather', arguments: {}, ...extra },
    });
    const round = (key: string) =>
      transcript([
        ...discover,
        call(2, {}),
        {
          jsonrpc: '2.0',
          id: 2,
          result: JSON.parse(
            `{"resultType":"input_required","requestState":"s","inputRequests":{"${key}":${JSON.stringify(form)}}}`,
          ),
        },
        call(
          3,
          JSON.parse(
            `{"requestState":"s","inputResponses":{"${key}":{"action":"accept","content":{"town":"Paris"}}}}`,
          ),
        ),
      ]);
    const rulesOf = async (key: string) => (await traceRaw(round(key))).labels[4]?.violations;
    const plain = await rulesOf('city');
    expect(plain).toContain('elicitation-content-mismatch');
    expect(await rulesOf('__proto__')).toEqual(plain);
  });

  it.each(NAMES)(
    'roots and sampling asked under the key "%s" and not answered are judged like any other key',
    async (name) => {
      const asked = {
        roots: { method: 'roots/list', params: {} },
        sampling: {
          method: 'sampling/createMessage',
          params: {
            messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }],
            maxTokens: 10,
            tools: [{ name: 'search', inputSchema: { type: 'object' } }],
            toolChoice: { mode: 'required' },
          },
        },
      };
      const rulesOf = async (key: string) => {
        const { labels } = await traceRaw(
          transcript([
            ...discover,
            {
              jsonrpc: '2.0',
              id: 2,
              method: 'tools/call',
              params: { _meta: meta, name: 'w', arguments: {} },
            },
            {
              jsonrpc: '2.0',
              id: 2,
              result: JSON.parse(
                `{"resultType":"input_required","requestState":"s","inputRequests":{"${key}":${JSON.stringify(asked.roots)},"${key}2":${JSON.stringify(asked.sampling)}}}`,
              ),
            },
            {
              jsonrpc: '2.0',
              id: 3,
              method: 'tools/call',
              params: {
                _meta: meta,
                name: 'w',
                arguments: {},
                requestState: 's',
                inputResponses: {},
              },
            },
          ]),
        );
        return labels[4]?.violations;
      };
      const plain = await rulesOf('asked');
      expect(plain).toContain('input-responses-missing');
      expect(await rulesOf(name)).toEqual(plain);
    },
  );
});
