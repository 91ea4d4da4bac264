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
    .server(rpc.result(2, { content: TEXT, ...result }))
    .run().last.violations;
}
const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);
/** The structured result as text too (server/tools › Structured Content: structured-content-without-text). */
const TEXT = [{ type: 'text', text: 'Tokyo: 21.5 °C' }];

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
      .server(modernResult(2, { content: TEXT, structuredContent: { celsius: 'x' } }))
      .run().last.violations;
    expect(rules(bad)).toEqual(['structured-content-mismatch']);
    expect(bad[0]?.spec).toMatch(/^2026-07-28\/server\/tools › Output Schema/);
    const good = discovered()
      .client(list)
      .server(listed)
      .client(call(2))
      .server(modernResult(2, { content: TEXT, structuredContent: { celsius: 4 } }))
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

/**
 * A tool called as a task (2025-11-25 basic/utilities/tasks › Result Retrieval): its
 * CreateTaskResult carries no result, and "the result structure matches the original request type
 * (e.g., CallToolResult for tools/call)" comes as the answer to tasks/result, which MUST return
 * "exactly what the underlying request would have returned". That result owes the outputSchema.
 */
describe('structured-content-mismatch, a tool called as a task', () => {
  const SERVER = { tools: {}, tasks: { requests: { tools: { call: {} } } } };
  const TASK = {
    taskId: 'T1',
    status: 'working',
    createdAt: '2025-11-25T10:00:00Z',
    lastUpdatedAt: '2025-11-25T10:00:05Z',
    ttl: 60000,
  };
  const taskTool = { ...tool(SCHEMA), execution: { taskSupport: 'optional' } };
  /** tools/call #2 of the listed tool, run as task T1, which has completed. */
  const created = () =>
    session()
      .handshake({ server: SERVER })
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [taskTool] }))
      .client(
        rpc.request(2, 'tools/call', { name: 'temperature', arguments: {}, task: { ttl: 60000 } }),
      )
      .server(rpc.result(2, { task: TASK }));
  const completed = () =>
    created().server(
      rpc.notification('notifications/tasks/status', { ...TASK, status: 'completed' }),
    );
  /** tasks/result #3 for T1, answered with `result`; the answer's verdicts. */
  const fetched = (result: JsonObject, b = completed(), taskId = 'T1') =>
    b
      .client(rpc.request(3, 'tasks/result', { taskId }))
      .server(
        rpc.result(3, {
          content: TEXT,
          ...result,
          _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
        }),
      )
      .run().last.violations;

  it('owes no structuredContent in the CreateTaskResult, which carries no result', () => {
    expect(rules(created().run().last.violations)).toEqual([]);
  });

  it('judges the tasks/result result against the outputSchema of the tool the call named', () => {
    const [v, ...rest] = fetched({ structuredContent: { celsius: 'warm' } });
    expect(rest).toEqual([]);
    expect(v?.rule).toBe('structured-content-mismatch');
    expect(v?.severity).toBe('error');
    expect(v?.message).toMatch(
      /^the result of tasks\/result #3 \(task "T1", run for tools\/call #2\)/,
    );
    expect(v?.message).toMatch(/at \/celsius: must be number/);
    expect(v?.message).toContain('"temperature"');
    expect(v?.spec).toMatch(/^2025-11-25\/server\/tools › Output Schema/);
    expect(v?.messageZh).toMatch(/tasks\/result #3.*\/celsius/);
    expect(englishPhrases(v?.messageZh ?? ''), v?.messageZh).toEqual([]);
    const bare = fetched({});
    expect(rules(bare)).toEqual(['structured-content-mismatch']);
    expect(bare[0]?.message).toMatch(/has no structuredContent/);
    expect(englishPhrases(bare[0]?.messageZh ?? ''), bare[0]?.messageZh).toEqual([]);
  });

  it('leaves a fitting result, a tool execution error and a JSON-RPC error alone', () => {
    expect(rules(fetched({ structuredContent: { celsius: 21.5 } }))).toEqual([]);
    expect(rules(fetched({ isError: true }))).toEqual([]);
    const refused = completed()
      .client(rpc.request(3, 'tasks/result', { taskId: 'T1' }))
      .server(rpc.error(3, -32603, 'the tool crashed'));
    expect(rules(refused.run().last.violations)).toEqual([]);
  });

  it('judges nothing for a task it never saw created, nor one of a tool without a schema', () => {
    // T9 was never created: nothing says what its result is the result of.
    const unknown = fetched({ structuredContent: { celsius: 'warm' } }, completed(), 'T9');
    expect(rules(unknown)).not.toContain('structured-content-mismatch');
    const plain = session()
      .handshake({ server: SERVER })
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [{ ...tool(), execution: { taskSupport: 'optional' } }] }))
      .client(
        rpc.request(2, 'tools/call', { name: 'temperature', arguments: {}, task: { ttl: 60000 } }),
      )
      .server(rpc.result(2, { task: TASK }))
      .server(rpc.notification('notifications/tasks/status', { ...TASK, status: 'completed' }));
    expect(rules(fetched({ structuredContent: { celsius: 'warm' } }, plain))).toEqual([]);
  });

  it('a server that did not declare task-augmented tools/call answers the call itself, judged as ever', () => {
    const plain = session()
      .handshake({ server: { tools: {} } })
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [tool(SCHEMA)] }))
      .client(
        rpc.request(2, 'tools/call', { name: 'temperature', arguments: {}, task: { ttl: 60000 } }),
      )
      .server(rpc.result(2, { content: TEXT, structuredContent: { celsius: 'warm' } }));
    expect(rules(plain.run().last.violations)).toContain('structured-content-mismatch');
  });
});
