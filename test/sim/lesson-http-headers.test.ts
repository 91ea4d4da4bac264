import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { conformingHeaders, headerRefusal } from '../../src/sim/scenario/http-headers.js';
import { scenarioSchema } from '../../src/sim/scenario/schema.js';

const META = 'io.modelcontextprotocol/protocolVersion';
const call = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'weather_current', arguments: {}, _meta: { [META]: '2026-07-28' } },
};

describe('a lesson request’s HTTP headers (2026-07-28 streamable-http › Server Validation)', () => {
  it('a conforming client mirrors version, method and name', () => {
    expect(conformingHeaders(call)).toEqual({
      'mcp-method': 'tools/call',
      'mcp-protocol-version': '2026-07-28',
      'mcp-name': 'weather_current',
    });
    expect(headerRefusal(call, {})).toBeNull();
  });

  it('a header that differs or is missing gets -32020 with the id, as serve --http writes it', () => {
    expect(headerRefusal(call, { 'Mcp-Name': 'db_query' })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32020,
        message:
          "Header mismatch: Mcp-Name header value 'db_query' does not match body value 'weather_current'",
      },
    });
    expect(headerRefusal(call, { 'MCP-Protocol-Version': null })).toMatchObject({
      error: {
        code: -32020,
        message: 'Header mismatch: the MCP-Protocol-Version header is required',
      },
    });
  });

  it('in a lesson, the refused request never reaches the server', async () => {
    const note = { en: 'n', zh: '注' };
    const scenario = scenarioSchema.parse({
      title: note,
      goal: note,
      recap: note,
      revision: '2026-07-28',
      client: { era: 'modern', versions: ['2026-07-28'] },
      server: { era: 'modern', versions: ['2026-07-28'], capabilities: { tools: {} } },
      steps: [
        {
          client: {
            request: 'tools/call',
            params: { name: 'weather_current', arguments: { location: 'Lisbon' } },
            headers: { 'Mcp-Name': 'db_query' },
          },
        },
        { server: 'next' },
        { server: 'next' },
      ].map((step) => ({ ...step, note })),
    });
    const played = await runScenario(scenario);
    // Only the -32020 is there to send: the tool never ran.
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error).toMatchObject({ step: 2 });
  });
});
