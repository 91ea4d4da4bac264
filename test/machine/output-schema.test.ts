import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, session } from './session-builder.js';

/**
 * structured-content-mismatch: server/tools › Output Schema (2025-06-18 on), "If an output schema
 * is provided: Servers MUST provide structured results that conform to this schema."
 */
const SCHEMA = {
  type: 'object',
  properties: { celsius: { type: 'number' }, sky: { enum: ['clear', 'cloudy'] } },
  required: ['celsius'],
};
const tool = (outputSchema?: JsonObject) => ({
  name: 'temperature',
  inputSchema: { type: 'object' },
  ...(outputSchema ? { outputSchema } : {}),
});

/** A handshake-era session: list the tool, call it, answer with `result`; the answer's verdicts. */
function legacy(result: JsonObject, options: { version?: string; schema?: JsonObject } = {}) {
  return session()
    .handshake({ version: options.version ?? '2025-11-25', server: { tools: {} } })
    .client(rpc.request(1, 'tools/list'))
    .server(rpc.result(1, { tools: [tool(options.schema ?? SCHEMA)] }))
    .client(rpc.request(2, 'tools/call', { name: 'temperature', arguments: {} }))
    .server(rpc.result(2, { content: [], ...result }))
    .run().last.violations;
}
const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);

describe('structured-content-mismatch', () => {
  it('flags structuredContent that does not fit, naming the pointer and the reason', () => {
    const [v, ...rest] = legacy({ structuredContent: { celsius: 'warm' } });
    expect(rest).toEqual([]);
    expect(v?.rule).toBe('structured-content-mismatch');
    expect(v?.severity).toBe('error');
    expect(v?.message).toMatch(/at \/celsius: must be number/);
    expect(v?.spec).toMatch(/^2025-11-25\/server\/tools › Output Schema/);
    expect(v?.messageZh).toMatch(/\/celsius/);
    expect(englishPhrases(v?.messageZh ?? ''), v?.messageZh).toEqual([]);
    // A required property missing is named by its own pointer.
    expect(legacy({ structuredContent: { sky: 'clear' } })[0]?.message).toMatch(/at \/celsius:/);
    expect(rules(legacy({ structuredContent: { celsius: 3, sky: 'foggy' } }))).toEqual([
      'structured-content-mismatch',
    ]);
  });

  it('flags a result with no structuredContent at all, but not a tool execution error', () => {
    expect(legacy({})[0]?.message).toMatch(/has no structuredContent/);
    expect(rules(legacy({ isError: true }))).toEqual([]);
    expect(rules(legacy({ structuredContent: { celsius: 21.5 } }))).toEqual([]);
  });

  it('judges only tools listed with an outputSchema, by the dialect the schema names', () => {
    // Listed without an outputSchema: no judgement.
    const plain = session()
      .handshake({ server: { tools: {} } })
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [tool()] }))
      .client(rpc.request(2, 'tools/call', { name: 'temperature', arguments: {} }))
      .server(rpc.result(2, { content: [] }));
    expect(rules(plain.run().last.violations)).toEqual([]);
    // Never listed: no judgement.
    const unlisted = session()
      .handshake({ server: { tools: {} } })
      .client(rpc.request(2, 'tools/call', { name: 'temperature', arguments: {} }))
      .server(rpc.result(2, { content: [] }));
    expect(rules(unlisted.run().last.violations)).toEqual([]);
    // A draft-07 schema (as SDKs of 2025-06-18 wrote them) in a 2025-06-18 session.
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', ...SCHEMA };
    const options = { version: '2025-06-18', schema: draft07 };
    expect(rules(legacy({ structuredContent: { celsius: 'x' } }, options))).toEqual([
      'structured-content-mismatch',
    ]);
    expect(rules(legacy({ structuredContent: { celsius: 1 } }, options))).toEqual([]);
    // 2025-03-26 had no outputSchema: nothing to hold the server to.
    expect(
      rules(legacy({ structuredContent: { celsius: 'x' } }, { version: '2025-03-26' })),
    ).not.toContain('structured-content-mismatch');
    // Not a schema Ajv can compile: no verdict rather than a wrong one.
    const broken = { type: 'object', properties: { celsius: { type: 'numeric' } } };
    expect(rules(legacy({ structuredContent: { celsius: 'x' } }, { schema: broken }))).toEqual([]);
  });

  it('a later tools/list without the schema frees the tool', () => {
    const b = session()
      .handshake({ server: { tools: {} } })
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [tool(SCHEMA)] }))
      .client(rpc.request(2, 'tools/list'))
      .server(rpc.result(2, { tools: [tool()] }))
      .client(rpc.request(3, 'tools/call', { name: 'temperature', arguments: {} }))
      .server(rpc.result(3, { content: [] }));
    expect(rules(b.run().last.violations)).toEqual([]);
  });

  it('2026-07-28: a complete result is judged, an input_required round is not', () => {
    const list = modernRequest(1, 'tools/list');
    const listed = modernResult(1, { tools: [tool(SCHEMA)], ttlMs: 0, cacheScope: 'private' });
    const call = (id: number) =>
      modernRequest(id, 'tools/call', { name: 'temperature', arguments: {} });
    const bad = discovered()
      .client(list)
      .server(listed)
      .client(call(2))
      .server(modernResult(2, { content: [], structuredContent: { celsius: 'x' } }))
      .run().last.violations;
    expect(rules(bad)).toEqual(['structured-content-mismatch']);
    expect(bad[0]?.spec).toMatch(/^2026-07-28\/server\/tools › Output Schema/);
    const good = discovered()
      .client(list)
      .server(listed)
      .client(call(2))
      .server(modernResult(2, { content: [], structuredContent: { celsius: 4 } }))
      .run().last.violations;
    expect(rules(good)).toEqual([]);
    // A round: not the tool's result yet, so no structuredContent is owed.
    const asks = modernRequest(
      3,
      'tools/call',
      { name: 'temperature', arguments: {} },
      { capabilities: { elicitation: {} } },
    );
    const round = discovered()
      .client(list)
      .server(listed)
      .client(asks)
      .server(
        modernResult(3, {
          resultType: 'input_required',
          inputRequests: {
            unit: {
              method: 'elicitation/create',
              params: { message: 'Unit?', requestedSchema: { type: 'object', properties: {} } },
            },
          },
        }),
      )
      .run().last.violations;
    expect(rules(round)).toEqual([]);
  });
});
