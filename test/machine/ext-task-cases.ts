import type { JsonObject } from '../../src/protocol/index.js';
import {
  discovered,
  discoverResult,
  MODERN,
  modernRequest,
  modernResult,
} from './modern-builder.js';
import type { RuleCase } from './rule-cases.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

/**
 * Trigger and nearest legal sessions for the tasks extension's rules (ext-tasks e434597): a
 * tools/call that declares the extension, its CreateTaskResult, and the polls that follow.
 */

export const TASKS_CAPS: JsonObject = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

export const extTask = (status: string, extra: JsonObject = {}): JsonObject => ({
  taskId: 'build-7',
  status,
  createdAt: '2026-12-03T10:00:00Z',
  lastUpdatedAt: '2026-12-03T10:00:05Z',
  ttlMs: 60000,
  pollIntervalMs: 1000,
  ...extra,
});

const ask = (id: number, method: string, params: JsonObject, capabilities = TASKS_CAPS) =>
  modernRequest(id, method, params, { capabilities });

/** A build tool called with the extension declared, answered with task build-7, working. */
export const buildTask = (): SessionBuilder =>
  discovered()
    .client(ask(1, 'tools/call', { name: 'build', arguments: {} }))
    .server(modernResult(1, { resultType: 'task', ...extTask('working') }));

/** A session whose server declared the extension in its DiscoverResult. */
export const tasksServer = (): SessionBuilder => {
  const discover = discoverResult('probe') as { result: JsonObject };
  const result = discover.result;
  const capabilities = { ...(result.capabilities as JsonObject), ...TASKS_CAPS };
  return session()
    .client(modernRequest('probe', 'server/discover'))
    .server(rpc.result('probe', { ...result, capabilities }));
};

/** The Streamable HTTP headers of a tasks/get, its Mcp-Name as given (none when undefined). */
export const taskHeaders = (
  name?: string,
  method = 'tasks/get',
): Readonly<Record<string, string>> => ({
  'mcp-protocol-version': MODERN,
  'mcp-method': method,
  ...(name === undefined ? {} : { 'mcp-name': name }),
});

/** tasks/get #2 of build-7 answered with `task`. */
const polled = (task: JsonObject) =>
  buildTask()
    .client(ask(2, 'tasks/get', { taskId: 'build-7' }))
    .server(modernResult(2, task));

/** A form-mode elicitation/create asking `message`, as an inputRequests entry holds it. */
export const asking = (message: string) => ({
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  },
});

export const EXT_TASK_CASES = {
  'task-unsupported-request': {
    // A resources/read answered with a task handle: only tools/call may be.
    trigger: () =>
      discovered()
        .client(ask(1, 'resources/read', { uri: 'file:///big.log' }))
        .server(modernResult(1, { resultType: 'task', ...extTask('working') })),
    legal: () => buildTask(),
  },
  'task-result-type': {
    // A tasks/get result marked "task"; "complete" is its own.
    trigger: () => polled({ resultType: 'task', ...extTask('working') }),
    legal: () => polled(extTask('working')),
  },
  'tasks-undeclared-not-refused': {
    // tasks/get without the extension declared, answered with the task (the server MUST answer
    // -32021); declared, the same answer is legal (undeclared, the request itself is
    // method-removed's, whatever the answer).
    trigger: () =>
      buildTask()
        .client(ask(2, 'tasks/get', { taskId: 'build-7' }, {}))
        .server(modernResult(2, extTask('working'))),
    legal: () => polled(extTask('working')),
  },
  'task-not-found-code': {
    // A task never handed out, refused with -32601 by a server that has the extension; -32602.
    trigger: () =>
      tasksServer()
        .client(ask(1, 'tasks/get', { taskId: 'nope' }))
        .server(rpc.error(1, -32601, 'Task not found')),
    legal: () =>
      tasksServer()
        .client(ask(1, 'tasks/get', { taskId: 'nope' }))
        .server(rpc.error(1, -32602, 'Failed to retrieve task: Task not found')),
  },
  'task-name-header': {
    // Over Streamable HTTP: tasks/get of build-7 with Mcp-Name naming another task; the task's
    // own id is legal (tasks extension › Streamable HTTP: Routing Headers).
    trigger: () =>
      buildTask().clientOverHttp(
        ask(2, 'tasks/get', { taskId: 'build-7' }),
        taskHeaders('build-8'),
      ),
    legal: () =>
      buildTask().clientOverHttp(
        ask(2, 'tasks/get', { taskId: 'build-7' }),
        taskHeaders('build-7'),
      ),
  },
  'task-terminal-left': {
    // Completed, then working again on the next poll; completed again is legal.
    trigger: () =>
      polled(extTask('completed', { result: { content: [] } }))
        .client(ask(3, 'tasks/get', { taskId: 'build-7' }))
        .server(modernResult(3, extTask('working'))),
    legal: () =>
      polled(extTask('completed', { result: { content: [] } }))
        .client(ask(3, 'tasks/get', { taskId: 'build-7' }))
        .server(modernResult(3, extTask('completed', { result: { content: [] } }))),
  },
  'task-input-key-reused': {
    // Key "confirm" names one question, then another; the same question again is legal.
    trigger: () =>
      polled(extTask('input_required', { inputRequests: { confirm: asking('Deploy?') } }))
        .client(ask(3, 'tasks/get', { taskId: 'build-7' }))
        .server(
          modernResult(
            3,
            extTask('input_required', { inputRequests: { confirm: asking('Delete?') } }),
          ),
        ),
    legal: () =>
      polled(extTask('input_required', { inputRequests: { confirm: asking('Deploy?') } }))
        .client(ask(3, 'tasks/get', { taskId: 'build-7' }))
        .server(
          modernResult(
            3,
            extTask('input_required', { inputRequests: { confirm: asking('Deploy?') } }),
          ),
        ),
  },
} satisfies Record<string, RuleCase>;
