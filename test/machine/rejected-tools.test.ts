import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { discovered, MODERN, modernRequest, modernResult } from './modern-builder.js';

const rulesOf = (run: { reports: readonly { violations: readonly { rule: string }[] }[] }) =>
  run.reports.flatMap((r) => r.violations.map((v) => v.rule));
const HINTS = { ttlMs: 0, cacheScope: 'private' } as const;

/** execute_sql, mirroring its region into Mcp-Param-Region under `header`. */
const sqlTool = (header: string): JsonObject => ({
  name: 'execute_sql',
  inputSchema: {
    type: 'object',
    properties: { region: { type: 'string', 'x-mcp-header': header } },
  },
});
const call = (id: number) =>
  modernRequest(id, 'tools/call', { name: 'execute_sql', arguments: { region: 'us-east1' } });
const HEADERS = {
  'mcp-protocol-version': MODERN,
  'mcp-method': 'tools/call',
  'mcp-name': 'execute_sql',
};
/** The tools/list #1 answered with `tools`. */
const listed = (...tools: JsonObject[]) =>
  discovered()
    .client(modernRequest(1, 'tools/list'))
    .server(modernResult(1, { tools, ...HINTS }));

// 2026-07-28 server/tools › x-mcp-header: clients using the Streamable HTTP transport MUST reject
// tool definitions whose x-mcp-header breaks the constraints, excluding the tool from tools/list.
describe('x-mcp-header-tool-called', () => {
  it('flags a call over HTTP of a tool whose annotation has a space, at /params/name, in both languages', () => {
    const run = listed(sqlTool('sql region')).clientOverHttp(call(2), HEADERS).run();
    expect(rulesOf(run)).toEqual(['x-mcp-header-invalid', 'x-mcp-header-tool-called']);
    const hit = run.last.violations.find((v) => v.rule === 'x-mcp-header-tool-called');
    expect(hit?.severity).toBe('error');
    expect(hit?.message).toContain('tools/call #2 calls "execute_sql" (at /params/name)');
    expect(hit?.message).toContain('MUST reject such a definition');
    expect(hit?.messageZh).toContain('见 /params/name');
    expect(hit?.messageZh).toContain('必须拒绝这样的定义');
  });

  it('leaves a call over stdio alone: other transports MAY ignore x-mcp-header', () => {
    const run = listed(sqlTool('sql region')).client(call(2)).run();
    expect(rulesOf(run)).toEqual(['x-mcp-header-invalid']);
  });

  it('leaves the other, valid tools of the same list callable', () => {
    const forecast = { name: 'forecast', inputSchema: { type: 'object' } };
    const run = listed(sqlTool('sql region'), forecast)
      .clientOverHttp(modernRequest(2, 'tools/call', { name: 'forecast', arguments: {} }), {
        ...HEADERS,
        'mcp-name': 'forecast',
      })
      .run();
    expect(rulesOf(run)).toEqual(['x-mcp-header-invalid']);
  });

  it('calls the tool again once a later list gives it a valid annotation', () => {
    const run = listed(sqlTool('sql region'))
      .client(modernRequest(2, 'tools/list'))
      .server(modernResult(2, { tools: [sqlTool('Region')], ...HINTS }))
      .clientOverHttp(call(3), { ...HEADERS, 'mcp-param-region': 'us-east1' })
      .run();
    expect(rulesOf(run)).toEqual(['x-mcp-header-invalid']);
  });

  it('flags the call again after a later list that keeps the invalid annotation', () => {
    const run = listed(sqlTool('sql region'))
      .client(modernRequest(2, 'tools/list'))
      .server(modernResult(2, { tools: [sqlTool('sql region')], ...HINTS }))
      .clientOverHttp(call(3), HEADERS)
      .run();
    expect(run.last.violations.map((v) => v.rule)).toEqual(['x-mcp-header-tool-called']);
  });

  it('does not judge a server’s message naming the tool', () => {
    const run = listed(sqlTool('sql region'))
      .clientOverHttp(call(2), HEADERS)
      .server(modernResult(2, { content: [], ...HINTS }))
      .run();
    expect(run.last.violations.map((v) => v.rule)).not.toContain('x-mcp-header-tool-called');
  });
});
