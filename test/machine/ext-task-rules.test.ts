/**
 * The tasks extension's rules (ext-tasks e434597) beyond their trigger and legal cases
 * (ext-task-cases.ts): what each leaves to the others, and the strength each gives.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { buildTask, extTask, TASKS_CAPS, taskHeaders, tasksServer } from './ext-task-cases.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

const ask = (id: number, method: string, params: JsonObject, capabilities = TASKS_CAPS) =>
  modernRequest(id, method, params, { capabilities });
const found = (b: SessionBuilder) => b.run().last.violations.map((v) => `${v.rule}:${v.severity}`);
const call = (id: number) => ask(id, 'tools/call', { name: 'build', arguments: {} });
const serverWithTasks = tasksServer;

describe('task-result-type', () => {
  it('a CallToolResult marked "task", and a task handle marked "complete": this rule, not the schema', () => {
    const marked = discovered()
      .client(call(1))
      .server(modernResult(1, { resultType: 'task', content: [{ type: 'text', text: 'ok' }] }));
    expect(found(marked)).toEqual(['task-result-type:error']);
    const { resultType: _, ...handle } = { resultType: 'task', ...extTask('working') };
    const unmarked = discovered().client(call(1)).server(modernResult(1, handle));
    expect(found(unmarked)).toEqual(['task-result-type:error']);
  });
});

describe('task-unsupported-request', () => {
  it('only where the request declared the extension; undeclared, result-type-missing says it', () => {
    const read = (capabilities: JsonObject) =>
      discovered()
        .client(ask(1, 'resources/read', { uri: 'file:///big.log' }, capabilities))
        .server(modernResult(1, { resultType: 'task', ...extTask('working') }));
    expect(found(read(TASKS_CAPS))).toEqual(['task-unsupported-request:error']);
    expect(found(read({}))).toEqual(['result-type-missing:error']);
  });
});

describe('tasks-undeclared-not-refused', () => {
  const undeclared = (server: () => SessionBuilder, answer: JsonObject) =>
    server()
      .client(ask(1, 'tasks/cancel', { taskId: 'build-7' }, {}))
      .server(answer);
  it('-32021 is the answer; -32601 is wrong only from a server that declared the extension', () => {
    const missing = {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32021, message: 'm', data: { requiredCapabilities: TASKS_CAPS } },
    };
    expect(found(undeclared(serverWithTasks, missing))).toEqual([]);
    const unknown = rpc.error(1, -32601, 'Method not found');
    expect(found(undeclared(discovered, unknown))).toEqual([]);
    expect(found(undeclared(serverWithTasks, unknown))).toEqual([
      'tasks-undeclared-not-refused:error',
    ]);
  });
});

describe('task-not-found-code', () => {
  const refused = (method: string, code: number, opening: () => SessionBuilder = serverWithTasks) =>
    opening()
      .client(ask(5, method, { taskId: 'nope', inputResponses: {} }))
      .server(rpc.error(5, code, 'no such task'));
  it('tasks/get MUST (an error), tasks/update and tasks/cancel SHOULD (a warning)', () => {
    expect(found(refused('tasks/get', -32600))).toEqual(['task-not-found-code:error']);
    expect(found(refused('tasks/update', -32600))).toEqual(['task-not-found-code:warning']);
    expect(found(refused('tasks/cancel', -32601))).toEqual(['task-not-found-code:warning']);
  });
  it('takes -32602, an internal error (-32603) and a -32601 from a server without the extension, and judges no task the session saw handed out', () => {
    expect(found(refused('tasks/get', -32602))).toEqual([]);
    expect(found(refused('tasks/get', -32603))).toEqual([]);
    // -32601 (Method not found) is a server without the extension's right answer: judged only
    // from one that declared it in server/discover.
    expect(found(refused('tasks/get', -32601, discovered))).toEqual([]);
    expect(found(refused('tasks/get', -32601))).toEqual(['task-not-found-code:error']);
    expect(found(refused('tasks/get', -32600, discovered))).toEqual(['task-not-found-code:error']);
    const expired = buildTask()
      .client(ask(2, 'tasks/get', { taskId: 'build-7' }))
      .server(rpc.error(2, -32601, 'expired'));
    expect(found(expired)).toEqual([]);
  });
});

describe('task-terminal-left', () => {
  it('is a warning (the diagram has no MUST), and not for a poll sent before the task ended', () => {
    const done = extTask('completed', { result: { content: [] } });
    const crossing = buildTask()
      .client(ask(2, 'tasks/get', { taskId: 'build-7' }))
      .client(ask(3, 'tasks/get', { taskId: 'build-7' }))
      .server(modernResult(2, done))
      .server(modernResult(3, extTask('working')));
    expect(found(crossing)).toEqual([]);
    const after = buildTask()
      .client(ask(2, 'tasks/get', { taskId: 'build-7' }))
      .server(modernResult(2, done))
      .client(ask(3, 'tasks/get', { taskId: 'build-7' }))
      .server(modernResult(3, extTask('cancelled')));
    const [v] = after.run().last.violations;
    expect([v?.rule, v?.severity, v?.pointer]).toEqual([
      'task-terminal-left',
      'warning',
      '/result/status',
    ]);
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Task Status \(/);
  });
});

describe('unknown-method, for a method only the extension has', () => {
  // tasks/update never was a core method: undeclared, it is unknown-method, whose advice must be
  // the extension's -32021 as well as -32601 (tasks extension › Protocol Errors).
  it('an undeclared tasks/update: the receiver answers -32601 without the extension, -32021 with it', () => {
    const undeclared = discovered().client(ask(1, 'tasks/update', { taskId: 't1' }, {}));
    const [finding] = undeclared.run().last.violations;
    expect(finding?.rule).toBe('unknown-method');
    for (const text of [finding?.message, finding?.messageZh]) {
      expect(text).toContain('io.modelcontextprotocol/tasks');
      expect(text).toContain('-32021');
      expect(text).toContain('-32601');
    }
    // A method no extension has keeps the plain advice.
    const [plain] = discovered()
      .client(ask(1, 'tasks/frobnicate', {}, {}))
      .run().last.violations;
    expect(plain?.message).toMatch(/should answer -32601$/);
  });
});

describe('task-name-header', () => {
  // tasks extension › Streamable HTTP: Routing Headers: Mcp-Name is params.taskId, decoded as the
  // core decodes it (streamable-http › Value Encoding).
  const base64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
  const posted = (
    method: string,
    headers: Readonly<Record<string, string>>,
    taskId = 'build-7',
  ) => {
    const params = method === 'tasks/update' ? { taskId, inputResponses: {} } : { taskId };
    return buildTask().clientOverHttp(ask(2, method, params), headers);
  };
  it('a missing, another or an undecodable Mcp-Name: the client’s MUST, on each of the three methods', () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      expect(found(posted(method, taskHeaders(undefined, method)))).toEqual([
        'task-name-header:error',
      ]);
      expect(found(posted(method, taskHeaders('build-8', method)))).toEqual([
        'task-name-header:error',
      ]);
      expect(found(posted(method, taskHeaders('=?base64?####?=', method)))).toEqual([
        'task-name-header:error',
      ]);
    }
    const [v] = posted('tasks/get', taskHeaders()).run().last.violations;
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Streamable HTTP: Routing Headers \(/);
    expect(v?.message).toContain('without the Mcp-Name header');
    expect(v?.messageZh).toContain('没有带 Mcp-Name 请求头');
  });
  it('the task’s id as it is, or Base64-encoded, is legal', () => {
    expect(found(posted('tasks/get', taskHeaders('build-7')))).toEqual([]);
    expect(found(posted('tasks/get', taskHeaders(base64('build-7'))))).toEqual([]);
    // An id that is not header-safe is carried Base64-encoded (as the core's Mcp-Name is).
    const id = ' 构建 7 ';
    expect(found(posted('tasks/cancel', taskHeaders(base64(id), 'tasks/cancel'), id))).toEqual([]);
  });
  it('is not judged without headers (stdio), nor in the handshake era', () => {
    const stdio = buildTask().client(ask(2, 'tasks/get', { taskId: 'build-7' }));
    expect(found(stdio)).toEqual([]);
    // 2025-11-25's core tasks/get over HTTP: that revision has no Mcp-Name at all.
    const legacy = session()
      .handshake({ server: { tools: {}, tasks: { requests: { tools: { call: {} } } } } })
      .clientOverHttp(rpc.request(2, 'tasks/get', { taskId: 'T1' }), {
        'mcp-protocol-version': '2025-11-25',
      });
    expect(legacy.run().last.era).toBe('legacy');
    expect(found(legacy)).not.toContain('task-name-header:error');
  });
  it('leaves Mcp-Method and MCP-Protocol-Version to header-mismatch, which still judges tasks/*', () => {
    const wrongMethod = { ...taskHeaders('build-7'), 'mcp-method': 'tasks/cancel' };
    expect(found(posted('tasks/get', wrongMethod))).toEqual(['header-mismatch:error']);
    const { 'mcp-method': _, ...noMethod } = taskHeaders('build-8');
    expect(found(posted('tasks/get', noMethod))).toEqual([
      'header-mismatch:error',
      'task-name-header:error',
    ]);
  });
  it('asks no refusal of the server: an answer to the request is judged as it would be', () => {
    const answered = posted('tasks/get', taskHeaders('build-8')).server(
      modernResult(2, extTask('working')),
    );
    expect(found(answered)).toEqual([]);
  });
});
