import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

const HINTS = { ttlMs: 0, cacheScope: 'private' } as const;
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** The rules each step of a session breaks, from step `from` on. */
const rulesFrom = (b: SessionBuilder, from: number) =>
  b
    .run()
    .reports.slice(from)
    .map((r) => r.violations.map((v) => v.rule));

/** A handshake session of `version` that lists one tool with this inputSchema. */
const listed = (inputSchema: unknown, version = '2025-11-25', more: JsonObject = {}) =>
  session()
    .handshake({ version })
    .client(rpc.request(1, 'tools/list'))
    .server(rpc.result(1, { tools: [{ name: 'add', inputSchema, ...more }] }));

/** The rules the tools/list result breaks. */
const listJudged = (inputSchema: unknown, version = '2025-11-25', more: JsonObject = {}) =>
  listed(inputSchema, version, more)
    .run()
    .last.violations.map((v) => v.rule);

const obj = (properties: JsonObject, extra: JsonObject = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('tool-schema-invalid (basic/index › JSON Schema Usage)', () => {
  it('a keyword its dialect does not have, in inputSchema or outputSchema', () => {
    expect(listJudged(obj({ a: { type: 'strng' } }))).toEqual(['tool-schema-invalid']);
    expect(listJudged(obj({ a: { minimum: '3' } }))).toEqual(['tool-schema-invalid']);
    expect(
      listJudged(obj({}), '2025-11-25', { outputSchema: obj({ a: { required: 'a' } }) }),
    ).toEqual(['tool-schema-invalid']);
  });

  it('not where the official schema types the keyword itself: invalid-result says it, once', () => {
    expect(listJudged(obj({}, { required: 'a' }))).toEqual(['invalid-result']);
    expect(listJudged({ type: 'strng' })).toEqual(['invalid-result']);
  });

  it('the finding points into the schema, and names the dialect', () => {
    const [v] = listed(obj({ a: { type: 'strng' } })).run().last.violations;
    expect(v?.message).toContain('/result/tools/0/inputSchema/properties/a/type');
    expect(v?.message).toContain('2020-12');
  });

  it('without $schema it is 2020-12: draft-07’s array form of items is no 2020-12 schema', () => {
    const tuple = obj({ p: { type: 'array', items: [{ type: 'number' }] } });
    expect(listJudged(tuple)).toEqual(['tool-schema-invalid']);
    // Declared draft-07 (as the TypeScript SDK v1 writes its schemas): valid there.
    expect(listJudged({ $schema: DRAFT_07, ...tuple })).toEqual([]);
    expect(listJudged({ $schema: DRAFT_07, ...obj({ a: { type: 'strng' } }) })).toEqual([
      'tool-schema-invalid',
    ]);
  });

  it('a dialect the referee does not read, a format or a regex it cannot vouch for: no verdict', () => {
    const draft04 = 'http://json-schema.org/draft-04/schema#';
    expect(listJudged({ $schema: draft04, ...obj({ a: { type: 'strng' } }) })).toEqual([]);
    expect(listJudged(obj({ a: { type: 'string', pattern: '^[\\w\\-]+$' } }))).toEqual([]);
    expect(listJudged(obj({ a: { type: 'string', format: 'my-own-format' } }))).toEqual([]);
  });

  it('only from 2025-11-25, the first revision with the section', () => {
    const bad = obj({ a: { type: 'strng' } });
    expect(listJudged(bad, '2025-06-18')).toEqual([]);
    expect(listJudged(bad, '2025-03-26')).toEqual([]);
  });

  it('the tools a 2025-11-25 sampling request offers', () => {
    const ask = (inputSchema: JsonObject) =>
      session()
        .handshake({ client: { sampling: { tools: {} } } })
        .server(
          rpc.request(0, 'sampling/createMessage', {
            maxTokens: 10,
            messages: [{ role: 'user', content: { type: 'text', text: 'Tokyo?' } }],
            tools: [{ name: 'weather', inputSchema }],
          }),
        )
        .run()
        .last.violations.map((v) => v.message);
    const [message] = ask(obj({ city: { type: 'strng' } }));
    expect(message).toContain('/params/tools/0/inputSchema/properties/city/type');
    expect(ask(obj({ city: { type: 'string' } }))).toEqual([]);
  });

  it('2026-07-28: a tools/list result, and a sampling request inside an input_required result', () => {
    const list = (type: string) =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(
          modernResult(1, {
            tools: [{ name: 'add', inputSchema: obj({ a: { type } }) }],
            ...HINTS,
          }),
        );
    const found = list('strng').run().last.violations;
    expect(found.map((v) => v.rule)).toEqual(['tool-schema-invalid']);
    expect(found[0]?.spec.startsWith('2026-07-28/basic/index › JSON Schema Usage')).toBe(true);
    expect(list('string').run().last.violations).toEqual([]);

    const sampling = (type: string) =>
      discovered()
        .client(
          modernRequest(
            1,
            'tools/call',
            { name: 'plan', arguments: {} },
            { capabilities: { sampling: { tools: {} } } },
          ),
        )
        .server(
          modernResult(1, {
            resultType: 'input_required',
            inputRequests: {
              'ask/model': {
                method: 'sampling/createMessage',
                params: {
                  maxTokens: 10,
                  messages: [{ role: 'user', content: { type: 'text', text: 'Plan?' } }],
                  tools: [{ name: 'weather', inputSchema: obj({ city: { type } }) }],
                },
              },
            },
          }),
        );
    const inRound = sampling('strng').run().last.violations;
    expect(inRound.map((v) => v.rule)).toEqual(['tool-schema-invalid']);
    expect(inRound[0]?.message).toContain(
      '/result/inputRequests/ask~1model/params/tools/0/inputSchema/properties/city/type',
    );
    expect(sampling('string').run().last.violations).toEqual([]);
  });
});

const CITY_SCHEMA = obj(
  { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  { required: ['city'], additionalProperties: false },
);
const ok = { content: [{ type: 'text', text: 'Sunny' }] };

/** The rules the server's answer to a call with `args` breaks, in a session of `version`. */
function answerJudged(args: unknown, answer: JsonObject, version = '2025-11-25'): string[] {
  const call = args === undefined ? { name: 'add' } : { name: 'add', arguments: args };
  return listed(CITY_SCHEMA, version)
    .client(rpc.request(2, 'tools/call', call as JsonObject))
    .server({ jsonrpc: '2.0', id: 2, ...answer })
    .run()
    .last.violations.map((v) => v.rule);
}

describe('tool-input-not-validated (server/tools › Security Considerations)', () => {
  it('arguments off the inputSchema, served with a success: no type coercion', () => {
    for (const args of [
      { city: 'Paris', days: '3' },
      { city: 'Paris', days: 0 },
      { days: 2 },
      { city: 'Paris', extra: true },
      {},
    ]) {
      expect(answerJudged(args, { result: ok }), JSON.stringify(args)).toEqual([
        'tool-input-not-validated',
      ]);
    }
    // No arguments at all are no arguments: the required city is missing.
    expect(answerJudged(undefined, { result: ok })).toEqual(['tool-input-not-validated']);
  });

  it('the finding names the argument and what the server should have answered', () => {
    const { last } = listed(CITY_SCHEMA)
      .client(rpc.request(2, 'tools/call', { name: 'add', arguments: { city: 'Paris', days: 0 } }))
      .server(rpc.result(2, ok))
      .run();
    const [v] = last.violations;
    expect(v?.message).toContain('/params/arguments/days');
    expect(v?.message).toContain('isError: true');
    expect(v?.messageZh).toContain('/params/arguments/days');
    // An argument the schema does not allow: named by its own pointer.
    const extra = listed(CITY_SCHEMA)
      .client(rpc.request(2, 'tools/call', { name: 'add', arguments: { city: 'P', hours: 1 } }))
      .server(rpc.result(2, ok))
      .run();
    expect(extra.last.violations[0]?.message).toContain('/params/arguments/hours');
  });

  it('validated: a tool execution error or any error answer; arguments that fit, served', () => {
    const bad = { city: 'Paris', days: '3' };
    expect(answerJudged(bad, { result: { ...ok, isError: true } })).toEqual([]);
    expect(
      answerJudged(bad, { error: { code: -32602, message: 'days: expected integer' } }),
    ).toEqual([]);
    expect(answerJudged({ city: 'Paris', days: 3 }, { result: ok })).toEqual([]);
  });

  it('every revision says it (2024-11-05 on)', () => {
    expect(answerJudged({ days: 2 }, { result: ok }, '2024-11-05')).toEqual([
      'tool-input-not-validated',
    ]);
    expect(answerJudged({ days: 2 }, { result: ok }, '2025-06-18')).toEqual([
      'tool-input-not-validated',
    ]);
  });

  it('no verdict: a tool never listed, a schema in a dialect the referee does not read', () => {
    const { last } = session()
      .handshake()
      .client(rpc.request(2, 'tools/call', { name: 'add', arguments: { days: 'x' } }))
      .server(rpc.result(2, ok))
      .run();
    expect(last.violations).toEqual([]);
    const draft04 = { $schema: 'http://json-schema.org/draft-04/schema#', ...CITY_SCHEMA };
    const other = listed(draft04)
      .client(rpc.request(2, 'tools/call', { name: 'add', arguments: {} }))
      .server(rpc.result(2, ok))
      .run();
    expect(other.last.violations).toEqual([]);
  });

  it('judged against the list the call was made under: a later list that fits does not excuse it', () => {
    const steps = rulesFrom(
      listed(CITY_SCHEMA)
        .client(rpc.request(2, 'tools/call', { name: 'add', arguments: { days: 2 } }))
        .client(rpc.request(3, 'tools/list'))
        .server(rpc.result(3, { tools: [{ name: 'add', inputSchema: { type: 'object' } }] }))
        .server(rpc.result(2, ok)),
      -1,
    );
    expect(steps).toEqual([['tool-input-not-validated']]);
  });

  it('2026-07-28: judged on a complete result, not on an input_required round', () => {
    const modernListed = () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [{ name: 'add', inputSchema: CITY_SCHEMA }], ...HINTS }))
        .client(modernRequest(2, 'tools/call', { name: 'add', arguments: { days: 2 } }));
    const found = modernListed().server(modernResult(2, ok)).run().last.violations;
    expect(found.map((v) => v.rule)).toEqual(['tool-input-not-validated']);
    expect(found[0]?.spec.startsWith('2026-07-28/server/tools › Security Considerations')).toBe(
      true,
    );
    const failed = modernListed().server(modernResult(2, { ...ok, isError: true }));
    expect(failed.run().last.violations).toEqual([]);
  });
});

describe('structured-content-without-text (server/tools › Structured Content)', () => {
  const called = (content: unknown[], version = '2025-11-25') =>
    session()
      .handshake({ version })
      .client(rpc.request(1, 'tools/call', { name: 't', arguments: {} }))
      .server(rpc.result(1, { content, structuredContent: { c: 1 } }))
      .run()
      .last.violations.map((v) => v.rule);

  it('structured content and no text block: a warning', () => {
    expect(called([])).toEqual(['structured-content-without-text']);
    expect(called([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }])).toEqual([
      'structured-content-without-text',
    ]);
  });

  it('a text block, whatever it says, beside other blocks: fine', () => {
    expect(called([{ type: 'text', text: '{"c":1}' }])).toEqual([]);
    expect(
      called([
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'text', text: 'One.' },
      ]),
    ).toEqual([]);
  });

  it('from 2025-06-18, the revision that brought structuredContent; 2026-07-28 cites its own page', () => {
    expect(called([], '2025-06-18')).toEqual(['structured-content-without-text']);
    const { last } = discovered()
      .client(modernRequest(1, 'tools/call', { name: 't', arguments: {} }))
      .server(modernResult(1, { content: [], structuredContent: { c: 1 } }))
      .run();
    expect(last.violations.map((v) => v.rule)).toEqual(['structured-content-without-text']);
    expect(
      last.violations[0]?.spec.startsWith('2026-07-28/server/tools › Structured Content'),
    ).toBe(true);
  });
});
