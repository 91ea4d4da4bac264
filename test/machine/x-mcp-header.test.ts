import { describe, expect, it } from 'vitest';
import { paramHeadersOf } from '../../src/protocol/http-headers.js';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, MODERN, modernRequest, modernResult } from './modern-builder.js';
import type { SessionBuilder } from './session-builder.js';

/** The spec's own example (server/tools › x-mcp-header). */
const SQL_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    region: {
      type: 'string',
      description: 'The region to execute the query in',
      'x-mcp-header': 'Region',
    },
    query: { type: 'string', description: 'The SQL query to execute' },
  },
  required: ['region', 'query'],
};
const prop = (schema: JsonObject): JsonObject => ({ type: 'object', properties: { p: schema } });

describe('paramHeadersOf (2026-07-28 streamable-http › Schema Extension)', () => {
  it('finds the spec example’s header, and nested properties', () => {
    expect(paramHeadersOf(SQL_SCHEMA)).toEqual({
      ok: true,
      headers: [{ name: 'Region', path: ['region'] }],
    });
    const nested = prop({
      type: 'object',
      properties: { zone: { type: 'integer', 'x-mcp-header': 'Zone' } },
    });
    expect(paramHeadersOf(nested)).toEqual({
      ok: true,
      headers: [{ name: 'Zone', path: ['p', 'zone'] }],
    });
    expect(paramHeadersOf({ type: 'object' })).toEqual({ ok: true, headers: [] });
  });

  it('names each broken constraint by its pointer', () => {
    const why = (schema: JsonObject) => {
      const read = paramHeadersOf(schema);
      return read.ok ? null : [read.pointer, read.problem.why];
    };
    expect(why(prop({ type: 'string', 'x-mcp-header': '' }))).toEqual([
      '/properties/p/x-mcp-header',
      'empty',
    ]);
    expect(why(prop({ type: 'string', 'x-mcp-header': 'My Region' }))?.[1]).toBe('notToken');
    expect(why(prop({ type: 'string', 'x-mcp-header': 'a\r\nb' }))?.[1]).toBe('notToken');
    expect(why(prop({ type: 'number', 'x-mcp-header': 'Ratio' }))?.[1]).toBe('notPrimitive');
    expect(why(prop({ type: 'array', items: { type: 'string' }, 'x-mcp-header': 'L' }))?.[1]).toBe(
      'notPrimitive',
    );
    const twice = {
      type: 'object',
      properties: {
        a: { type: 'string', 'x-mcp-header': 'Region' },
        b: { type: 'string', 'x-mcp-header': 'region' },
      },
    };
    expect(why(twice)).toEqual(['/properties/b/x-mcp-header', 'duplicate']);
    const inItems = prop({
      type: 'array',
      items: { type: 'object', properties: { r: { type: 'string', 'x-mcp-header': 'R' } } },
    });
    expect(why(inItems)).toEqual(['/properties/p/items/properties/r/x-mcp-header', 'notReachable']);
    const inOneOf = {
      type: 'object',
      oneOf: [{ properties: { r: { type: 'string', 'x-mcp-header': 'R' } } }],
    };
    expect(why(inOneOf)?.[1]).toBe('notReachable');
  });
});

const tools = (inputSchema: JsonObject) => [
  { name: 'execute_sql', inputSchema },
  { name: 'echo', inputSchema: { type: 'object' } },
];
const listed = (inputSchema: JsonObject) =>
  discovered()
    .client(modernRequest(1, 'tools/list'))
    .server(modernResult(1, { tools: tools(inputSchema), ttlMs: 0, cacheScope: 'private' }));
const rulesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);

describe('x-mcp-header-invalid (2026-07-28 server/tools › x-mcp-header)', () => {
  it('accepts the spec’s example and flags a number property, naming the tool and pointer', () => {
    expect(rulesOf(listed(SQL_SCHEMA))).toEqual([]);
    const bad = listed(prop({ type: 'number', 'x-mcp-header': 'Ratio' })).run().last.violations;
    expect(bad.map((v) => [v.rule, v.severity])).toEqual([['x-mcp-header-invalid', 'error']]);
    expect(bad[0]?.message).toContain('"execute_sql"');
    expect(bad[0]?.message).toContain('/result/tools/0/inputSchema/properties/p/x-mcp-header');
    expect(bad[0]?.spec).toContain('2026-07-28/server/tools › x-mcp-header');
    expect(englishPhrases(bad[0]?.messageZh ?? '')).toEqual([]);
  });
});

describe('header-mismatch with Mcp-Param-* (streamable-http › Server Behavior for Custom Headers)', () => {
  const call = (args: JsonObject) =>
    modernRequest(2, 'tools/call', { name: 'execute_sql', arguments: args });
  const headers = (extra: Record<string, string> = {}) => ({
    'mcp-protocol-version': MODERN,
    'mcp-method': 'tools/call',
    'mcp-name': 'execute_sql',
    ...extra,
  });
  const args = { region: 'us-west1', query: 'SELECT 1' };

  it('asks for the annotated argument in its header, equal after decoding', () => {
    expect(
      rulesOf(
        listed(SQL_SCHEMA).clientOverHttp(call(args), headers({ 'mcp-param-region': 'us-west1' })),
      ),
    ).toEqual([]);
    const missing = listed(SQL_SCHEMA).clientOverHttp(call(args), headers()).run().last.violations;
    expect(missing.map((v) => v.rule)).toEqual(['header-mismatch']);
    expect(missing[0]?.message).toContain('Mcp-Param-Region');
    const wrong = listed(SQL_SCHEMA).clientOverHttp(
      call(args),
      headers({ 'mcp-param-region': 'eu-west1' }),
    );
    expect(rulesOf(wrong)).toEqual(['header-mismatch']);
    // Non-ASCII travels Base64-encoded (streamable-http › Value Encoding).
    const encoded = listed(SQL_SCHEMA).clientOverHttp(
      call({ region: 'Hello, 世界', query: 'q' }),
      headers({ 'mcp-param-region': '=?base64?SGVsbG8sIOS4lueVjA==?=' }),
    );
    expect(rulesOf(encoded)).toEqual([]);
    // No value at the path: no header.
    expect(rulesOf(listed(SQL_SCHEMA).clientOverHttp(call({ query: 'q' }), headers()))).toEqual([]);
    // Over stdio there are no headers to judge.
    expect(rulesOf(listed(SQL_SCHEMA).client(call(args)))).toEqual([]);
  });

  it('asks no header of a tool whose annotations are invalid (the client rejects it)', () => {
    const bad = listed(prop({ type: 'number', 'x-mcp-header': 'Ratio' }));
    // No header-mismatch for a missing Mcp-Param-Ratio: the call itself is the fault, a tool the
    // client over Streamable HTTP had to reject (x-mcp-header-tool-called).
    expect(rulesOf(bad.clientOverHttp(call({ p: 1.5 }), headers()))).toEqual([
      'x-mcp-header-tool-called',
    ]);
  });
});
