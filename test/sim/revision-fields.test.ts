import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { defaultResult } from '../../src/sim/sandbox/defaults.js';
import { SANDBOX_CLIENT, SANDBOX_SERVER } from '../../src/sim/sandbox/peers.js';
import { SandboxSession } from '../../src/sim/sandbox/session.js';
import { SERVE_TOOLS, TOOL_NAMES } from '../../src/sim/server/session-tools.js';
import { fieldsNotIn, type StrictRevision } from '../helpers/strict-revision.js';

/** Everything a learner's client can ask of the simulated server, each tool called. */
const ASKS: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['logging/setLevel', { level: 'debug' }],
  ['tools/list', {}],
  ['tools/call', { name: 'weather_current', arguments: { location: 'Paris' } }],
  ['tools/call', { name: 'calculator_arithmetic', arguments: { expression: '2 * (3 + 4)' } }],
  ['tools/call', { name: 'db_query', arguments: { sql: 'SELECT name FROM customers' } }],
  ['tools/call', { name: 'summarize_text', arguments: { text: 'Ship on Friday.' } }],
  ['tools/call', { name: 'collect_feedback', arguments: { topic: 'the sandbox' } }],
  ['tools/call', { name: 'list_project_roots', arguments: {} }],
  [
    'tools/call',
    { name: 'long_running_task', arguments: { steps: 2 }, _meta: { progressToken: 'p1' } },
  ],
  ['resources/subscribe', { uri: 'file:///project/notes.txt' }],
  ['tools/call', { name: 'add_note', arguments: { text: 'Tuesday: ship.' } }],
  ['tools/call', { name: 'toggle_tool', arguments: { name: 'db_query' } }],
  ['resources/list', {}],
  ['resources/templates/list', {}],
  ['resources/read', { uri: 'file:///project/README.md' }],
  ['resources/read', { uri: 'weather://forecast/Paris' }],
  ['prompts/list', {}],
  ['prompts/get', { name: 'weather_report', arguments: { location: 'Paris' } }],
  [
    'completion/complete',
    {
      ref: { type: 'ref/prompt', name: 'weather_report' },
      argument: { name: 'location', value: 'P' },
    },
  ],
];

/** A sandbox session of `version` played through ASKS: every message the server sent, with the request it answers. */
function serverMessages(version: StrictRevision) {
  const s = new SandboxSession({
    era: 'legacy',
    side: 'client',
    server: { ...SANDBOX_SERVER, tools: [...TOOL_NAMES], serveTools: [...SERVE_TOOLS] },
    client: SANDBOX_CLIENT,
  });
  s.open();
  const asked = new Map<unknown, string>();
  const seen: Array<{ step: Step; answers?: string | undefined }> = [];
  const take = (steps: readonly Step[]) => {
    for (const step of steps) {
      if (step.direction !== 'server->client') continue;
      const msg = step.message as { id?: unknown; method?: string };
      seen.push({ step, ...(msg.method === undefined ? { answers: asked.get(msg.id) } : {}) });
      // The learner answers the server's requests (sampling, roots) as the offers would.
      if (msg.method !== undefined && msg.id !== undefined)
        take(s.send({ jsonrpc: '2.0', id: msg.id, result: defaultResult(msg.method) }));
    }
  };
  let id = 1;
  const call = (method: string, params: Record<string, unknown>) => {
    asked.set(id, method);
    take(s.send({ jsonrpc: '2.0', id: id++, method, params }));
  };
  call('initialize', {
    protocolVersion: version,
    capabilities: { roots: { listChanged: true }, sampling: {} },
    clientInfo: { name: 'learner', version: '1.0.0' },
  });
  s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  for (const [method, params] of ASKS) call(method, params);
  return seen;
}

describe('the simulated server sends what the negotiated revision has, nothing that came later', () => {
  it.each(['2024-11-05', '2025-03-26', '2025-06-18'] as const)('%s', (version) => {
    const seen = serverMessages(version);
    expect(seen.length).toBeGreaterThan(ASKS.length);
    for (const { step, answers } of seen) {
      const where = `${answers ?? (step.message as { method?: string }).method} #${step.index}`;
      expect({ where, extra: fieldsNotIn(version, step.message, answers) }).toEqual({
        where,
        extra: [],
      });
      // The referee judges the session by that revision's schema: nothing to report.
      expect({ where, rules: step.verdict?.violations.map((v) => v.rule) }).toEqual({
        where,
        rules: [],
      });
    }
  });

  it('2025-03-26: tools/call of weather_current has no structuredContent, its JSON is in a text block', () => {
    const weather = (version: StrictRevision) =>
      serverMessages(version).find(
        ({ step, answers }) =>
          answers === 'tools/call' &&
          JSON.stringify(step.message).includes('Current weather in Paris'),
      )?.step;
    const call = weather('2025-03-26');
    if (!call) throw new Error('no weather_current answer');
    const result = (call.message as { result: Record<string, unknown> }).result;
    expect(result).not.toHaveProperty('structuredContent');
    expect(JSON.stringify(result.content)).toContain('\\"temperature\\"');
    expect(call.verdict?.violations).toEqual([]);
    // 2025-06-18 has it (Server › Tools › Structured Content).
    expect(weather('2025-06-18')?.message).toHaveProperty('result.structuredContent');
  });

  it('the check finds a field the revision does not have (it can fail)', () => {
    const result = { content: [{ type: 'text', text: 'x' }], structuredContent: { x: 1 } };
    expect(fieldsNotIn('2025-03-26', { jsonrpc: '2.0', id: 1, result }, 'tools/call')).toEqual([
      'CallToolResult must NOT have additional properties: structuredContent',
    ]);
    expect(fieldsNotIn('2025-06-18', { jsonrpc: '2.0', id: 1, result }, 'tools/call')).toEqual([]);
  });
});
