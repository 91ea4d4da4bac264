import type { RuleId } from '../../src/machine/index.js';
import type { JsonObject } from '../../src/protocol/index.js';
import { EXT_TASK_CASES } from './ext-task-cases.js';
import {
  CAPS_KEY,
  discovered,
  INFO_KEY,
  LOG_LEVEL_KEY,
  MODERN,
  modernRequest,
  modernResult,
} from './modern-builder.js';
import { initializeRequest, rpc, type SessionBuilder, session } from './session-builder.js';
import {
  ack,
  CONFIRMED,
  deploy,
  inputRequired,
  listen,
  onStream,
  retry,
  TOOLS_CHANGED,
  toolDone,
} from './stream-builder.js';

export const hs = () => session().handshake();

export const URI = 'file:///project/notes.md';
/** A tool whose results must carry a number (server/tools › Output Schema). */
const TEMPERATURE_TOOL = {
  name: 'temperature',
  inputSchema: { type: 'object' },
  outputSchema: {
    type: 'object',
    properties: { celsius: { type: 'number' } },
    required: ['celsius'],
  },
};
/** A listed tool that runs only as a task. */
export const REQUIRED_TASK_TOOL = {
  name: 'research',
  inputSchema: { type: 'object' },
  execution: { taskSupport: 'required' },
};
/** A server that runs tools/call as a task when asked (2025-11-25 basic/utilities/tasks). */
export const TASK_SERVER = { tools: {}, tasks: { cancel: {}, requests: { tools: { call: {} } } } };
/** A server that also lists its tasks. */
export const LISTING_TASK_SERVER = { ...TASK_SERVER, tasks: { ...TASK_SERVER.tasks, list: {} } };
/** A task as its receiver reports it (2025-11-25 basic/utilities/tasks › Task). */
export const taskOf = (status: string, taskId = 'T1'): JsonObject => ({
  taskId,
  status,
  createdAt: '2025-11-25T10:00:00Z',
  lastUpdatedAt: '2025-11-25T10:00:05Z',
  ttl: 60000,
});
const taskStatus = (status: string) =>
  rpc.notification('notifications/tasks/status', taskOf(status));
/** tools/call #1 asked as a task, and the server's CreateTaskResult. */
const taskCreated = () =>
  session()
    .handshake({ server: TASK_SERVER })
    .client(rpc.request(1, 'tools/call', { name: 'slow-task', task: { ttl: 60000 } }))
    .server(rpc.result(1, { task: taskOf('working') }));
/**
 * The same with the times a transcript's t_ms gives: the CreateTaskResult at 100 ms, a tasks/get
 * of T1 at 200 ms answered at 300 ms with pollInterval 1000 ms, then the next tasks/get at `at` ms.
 */
const taskPolled = (at: number) => {
  const working = { ...taskOf('working'), pollInterval: 1000 };
  return session()
    .handshake({ server: TASK_SERVER })
    .clientAt(0, rpc.request(1, 'tools/call', { name: 'slow-task', task: { ttl: 60000 } }))
    .serverAt(100, rpc.result(1, { task: working }))
    .clientAt(200, rpc.request(2, 'tasks/get', { taskId: 'T1' }))
    .serverAt(300, rpc.result(2, working))
    .clientAt(at, rpc.request(3, 'tasks/get', { taskId: 'T1' }));
};
/** The related-task `_meta` naming a task (2025-11-25 basic/utilities/tasks › Related Task Metadata). */
export const RELATED = (taskId: string): JsonObject => ({
  'io.modelcontextprotocol/related-task': { taskId },
});
/** A form-mode elicitation the server sends for task T1, with or without the related-task `_meta`. */
export const taskElicit = (related: boolean) =>
  rpc.request(0, 'elicitation/create', {
    message: 'Which branch should the report cover?',
    requestedSchema: { type: 'object', properties: { branch: { type: 'string' } } },
    ...(related ? { _meta: RELATED('T1') } : {}),
  });
/** A URL-mode elicitation (2025-11-25 client/elicitation › URL Mode Elicitation Requests). */
const URL_ELICITATION: JsonObject = {
  mode: 'url',
  message: 'Connect your account',
  elicitationId: 'e-1',
  url: 'https://mcp.example.com/connect?elicitationId=e-1',
};
const elicitationComplete = rpc.notification('notifications/elicitation/complete', {
  elicitationId: 'e-1',
});
/**
 * A form-mode elicitation asking for a rating from 1 to 5 (2025-11-25 client/elicitation ›
 * Requested Schema); with `task`, asked as a task of a client that runs elicitation/create as one
 * (basic/utilities/tasks), and not answered yet.
 */
const rateForm = (task = false) =>
  session()
    .handshake({
      client: {
        elicitation: { form: {} },
        ...(task ? { tasks: { requests: { elicitation: { create: {} } } } } : {}),
      },
      server: { tools: {} },
    })
    .client(rpc.request(1, 'tools/call', { name: 'rate', arguments: {} }))
    .server(
      rpc.request(0, 'elicitation/create', {
        mode: 'form',
        message: 'How clear was this answer?',
        requestedSchema: {
          type: 'object',
          properties: { rating: { type: 'integer', minimum: 1, maximum: 5 } },
          required: ['rating'],
        },
        ...(task ? { task: { ttl: 60000 } } : {}),
      }),
    );
/**
 * The rating form run as the client's task T1, completed, and the server's tasks/result #1 for it:
 * the client answers that with the ElicitResult (basic/utilities/tasks › Result Retrieval).
 */
const rateTask = (rating: number) => rateTaskAnswer({ action: 'accept', content: { rating } });
/** The same, the client answering tasks/result #1 with `result` (and the related-task `_meta`). */
const rateTaskAnswer = (result: JsonObject) =>
  rateForm(true)
    .client(rpc.result(0, { task: taskOf('working') }))
    .client(taskStatus('completed'))
    .server(rpc.request(1, 'tasks/result', { taskId: 'T1' }))
    .client(rpc.result(1, { ...result, _meta: RELATED('T1') }));
/**
 * temperature called as the server's task T1, completed, and the client's tasks/result #3 for it,
 * answered with `structuredContent`, and with `content` unless `content` is false
 * (basic/utilities/tasks › Result Retrieval).
 */
const temperatureTask = (structuredContent: JsonObject, content = true) =>
  session()
    .handshake({ server: TASK_SERVER })
    .client(rpc.request(1, 'tools/list'))
    .server(
      rpc.result(1, {
        tools: [{ ...TEMPERATURE_TOOL, execution: { taskSupport: 'optional' } }],
      }),
    )
    .client(
      rpc.request(2, 'tools/call', { name: 'temperature', arguments: {}, task: { ttl: 60000 } }),
    )
    .server(rpc.result(2, { task: taskOf('working') }))
    .server(taskStatus('completed'))
    .client(rpc.request(3, 'tasks/result', { taskId: 'T1' }))
    .server(
      rpc.result(3, {
        // server/tools › Structured Content: the JSON as text too (structured-content-without-text).
        ...(content
          ? { content: [{ type: 'text', text: JSON.stringify(structuredContent) }] }
          : {}),
        structuredContent,
        _meta: RELATED('T1'),
      }),
    );
/** -32042 for request #1, listing the URL-mode elicitation to complete (› URL Elicitation Required Error). */
const urlRequired = (): JsonObject => ({
  jsonrpc: '2.0',
  id: 1,
  error: {
    code: -32042,
    message: 'This request requires more information.',
    data: { elicitations: [URL_ELICITATION] },
  },
});
/** A client that opens URLs calls a tool. */
/** A form-mode elicitation/create, asking for `properties`, in the middle of a tool call. */
const accountForm = (properties: JsonObject) =>
  session()
    .handshake({ client: { elicitation: { form: {}, url: {} } }, server: { tools: {} } })
    .client(rpc.request(1, 'tools/call', { name: 'connect_account', arguments: {} }))
    .server(
      rpc.request(0, 'elicitation/create', {
        mode: 'form',
        message: 'Connect your mail account.',
        requestedSchema: { type: 'object', properties, required: Object.keys(properties) },
      }),
    );
const payCall = () =>
  session()
    .handshake({ client: { elicitation: { url: {} } }, server: { tools: {} } })
    .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }));
/** A tool that mirrors its `region` argument into Mcp-Param-Region (2026-07-28 server/tools › x-mcp-header). */
const headerTool = (type: string): JsonObject => ({
  name: 'execute_sql',
  inputSchema: {
    type: 'object',
    properties: { region: { type, 'x-mcp-header': 'Region' } },
  },
});
export const slowCall = (id: number, token?: string | number) =>
  rpc.request(id, 'tools/call', {
    name: 'slow-task',
    arguments: { seconds: 5 },
    ...(token === undefined ? {} : { _meta: { progressToken: token } }),
  });
export const toolResult = (id: number) =>
  rpc.result(id, { content: [{ type: 'text', text: 'done' }] });
export const progress = (token: string | number, value: number) =>
  rpc.notification('notifications/progress', { progressToken: token, progress: value, total: 1 });
export const cancel = (requestId: number | string) =>
  rpc.notification('notifications/cancelled', { requestId, reason: 'the user gave up' });
export const elicit = rpc.request(1, 'elicitation/create', {
  message: 'Which name should the report use?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
});

/** A modern tools/call and the cacheable lists' hints (2026-07-28). */
const deployCall = (id: number, capabilities?: JsonObject) =>
  modernRequest(
    id,
    'tools/call',
    { name: 'deploy', arguments: { env: 'staging' } },
    {
      ...(capabilities === undefined ? {} : { capabilities }),
    },
  );
const HINTS = { ttlMs: 0, cacheScope: 'private' } as const;
const confirmInput = (mode?: 'url') =>
  modernResult(1, {
    resultType: 'input_required',
    inputRequests: {
      confirm: {
        method: 'elicitation/create',
        params:
          mode === 'url'
            ? { mode: 'url', message: 'Sign in', url: 'https://example.com/login' }
            : {
                message: 'Deploy to staging?',
                requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
              },
      },
    },
  });
const modernError = (id: number, code: number, data?: JsonObject) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message: 'refused', ...(data === undefined ? {} : { data }) },
});
const logMessage = (meta?: JsonObject) =>
  rpc.notification('notifications/message', {
    level: 'info',
    data: 'deploying',
    ...(meta === undefined ? {} : { _meta: meta }),
  });
const cancelNotice = (requestId: number | string) =>
  rpc.notification('notifications/cancelled', { requestId, reason: 'the server is shutting down' });

export type RuleCase = {
  /** The session whose LAST message must be flagged with the rule. */
  readonly trigger: () => SessionBuilder;
  /** The same session changed minimally so that no rule fires at all. */
  readonly legal: () => SessionBuilder;
};

/**
 * More trigger and legal sessions for rules that reach further than their case in CASES shows:
 * the same checks, another kind of message.
 */
export const FURTHER_CASES: readonly (RuleCase & {
  readonly rule: RuleId;
  readonly what: string;
})[] = [
  {
    rule: 'structured-content-mismatch',
    what: 'a tool run as a task: the answer to tasks/result',
    // The tasks/result result gives the listed outputSchema's number as a string; a number, legal.
    trigger: () => temperatureTask({ celsius: 'warm' }),
    legal: () => temperatureTask({ celsius: 21.5 }),
  },
  {
    rule: 'elicitation-content-mismatch',
    what: 'an elicitation run as the client’s task: its answer to tasks/result',
    // The client's tasks/result answer accepts a rating out of range; within it, legal.
    trigger: () => rateTask(7),
    legal: () => rateTask(5),
  },
  {
    rule: 'invalid-result',
    what: 'an elicitation run as the client’s task: its answer to tasks/result',
    // The answer must be an ElicitResult (basic/utilities/tasks › Result Retrieval): "maybe" is no
    // action of one, though GetTaskPayloadResult, the tasks/result type, takes any object.
    trigger: () => rateTaskAnswer({ action: 'maybe' }),
    legal: () => rateTaskAnswer({ action: 'decline' }),
  },
  {
    rule: 'invalid-result',
    what: 'a tool run as a task: the answer to tasks/result',
    // A CallToolResult needs content: structuredContent alone is not one.
    trigger: () => temperatureTask({ celsius: 21.5 }, false),
    legal: () => temperatureTask({ celsius: 21.5 }),
  },
  {
    rule: 'sampling-tool-choice-ignored',
    what: 'a sampling request run as the client’s task: its answer to tasks/result',
    // toolChoice "none", and the client's tasks/result answer holds the model's tool_use; text, legal.
    trigger: () => choiceTask(TOOL_USE_ANSWER),
    legal: () => choiceTask(TEXT_ANSWER),
  },
];

/** One trigger and one nearest legal session for every rule the referee enforces. */
export const CASES: Record<RuleId, RuleCase> = {
  'invalid-envelope': {
    trigger: () => hs().client({ jsonrpc: '1.0', id: 1, method: 'tools/list' }),
    legal: () => hs().client({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  },
  'invalid-params': {
    trigger: () => hs().client(rpc.request(1, 'tools/call', { arguments: { city: 'Paris' } })),
    legal: () =>
      hs().client(rpc.request(1, 'tools/call', { name: 'weather', arguments: { city: 'Paris' } })),
  },
  'invalid-result': {
    trigger: () => hs().client(rpc.request(1, 'tools/list')).server(rpc.result(1, {})),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [] })),
  },
  'unknown-method': {
    trigger: () => hs().client(rpc.request(1, 'tools/run')),
    legal: () => hs().client(rpc.request(1, 'tools/list')),
  },
  'wrong-direction': {
    trigger: () => hs().client(rpc.request(1, 'roots/list')),
    legal: () => hs().server(rpc.request(1, 'roots/list')),
  },
  'method-not-in-version': {
    // tasks/get arrived in 2025-11-25 (the server even declares tasks, to isolate the rule). In
    // 2025-06-18 the rule is an error; before it, a warning (rules.test.ts › rule details).
    trigger: () =>
      session()
        .handshake({ version: '2025-06-18', server: { tasks: {} } })
        .client(rpc.request(1, 'tasks/get', { taskId: 't-1' })),
    legal: () =>
      session()
        .handshake({ version: '2025-11-25', server: { tasks: {} } })
        .client(rpc.request(1, 'tasks/get', { taskId: 't-1' })),
  },
  'capability-not-negotiated': {
    trigger: () =>
      session()
        .handshake({ server: { tools: {} } })
        .server(rpc.notification('notifications/tools/list_changed')),
    legal: () =>
      session()
        .handshake({ server: { tools: { listChanged: true } } })
        .server(rpc.notification('notifications/tools/list_changed')),
  },
  'initialize-not-first': {
    trigger: () => session().client(rpc.request(1, 'tools/list')),
    // A ping may wait with the client for initialize's answer, not go before it.
    legal: () => session().initialize().client(rpc.request(1, 'ping')),
  },
  'request-before-initialized': {
    trigger: () => session().initialize().client(rpc.request(1, 'tools/list')),
    legal: () => session().initialize().client(rpc.request(1, 'ping')),
  },
  'notification-before-initialized': {
    trigger: () =>
      session()
        .initialize()
        .initializeResult()
        .server(rpc.notification('notifications/tools/list_changed')),
    legal: () =>
      session()
        .initialize()
        .initializeResult()
        .server(rpc.notification('notifications/message', { level: 'info', data: 'warming up' })),
  },
  'duplicate-initialize': {
    trigger: () => hs().initialize({ id: 1 }),
    // A second initialize is fine after the first one failed.
    legal: () =>
      session()
        .initialize({ version: '1.0.0' })
        .server(rpc.error(0, -32602, 'Unsupported protocol version'))
        .initialize({ id: 1 }),
  },
  'initialize-in-batch': {
    // A batch of one is still a batch (2025-03-26 basic/index › Batching).
    trigger: () => session().clientBatch([initializeRequest({ version: '2025-03-26' })]),
    legal: () => session().initialize({ version: '2025-03-26' }),
  },
  'initialized-before-result': {
    trigger: () => session().initialize().initialized(),
    legal: () => session().initialize().initializeResult().initialized(),
  },
  'initialized-not-sent': {
    trigger: () => session().initialize().initializeResult().client(rpc.request(1, 'tools/list')),
    legal: () =>
      session().initialize().initializeResult().initialized().client(rpc.request(1, 'tools/list')),
  },
  'protocol-version-header': {
    // Over Streamable HTTP after a 2025-11-25 handshake: a POST without MCP-Protocol-Version.
    trigger: () => hs().clientOverHttp(rpc.request(1, 'tools/list'), {}),
    legal: () =>
      hs().clientOverHttp(rpc.request(1, 'tools/list'), { 'mcp-protocol-version': '2025-11-25' }),
  },
  'unsupported-version': {
    trigger: () => session().initialize().initializeResult({ serverVersion: '2026-07-28' }),
    // A counter-offer of another version the spec knows is normal negotiation.
    legal: () => session().initialize().initializeResult({ serverVersion: '2025-06-18' }),
  },
  'duplicate-request-id': {
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [] }))
        .client(rpc.request(1, 'tools/list')),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [] }))
        .client(rpc.request(2, 'tools/list')),
  },
  'response-without-request': {
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(2, { tools: [] })),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [] })),
  },
  'duplicate-response': {
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .client(rpc.request(2, 'tools/list'))
        .server(rpc.result(1, { tools: [] }))
        .server(rpc.result(1, { tools: [] })),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .client(rpc.request(2, 'tools/list'))
        .server(rpc.result(1, { tools: [] }))
        .server(rpc.result(2, { tools: [] })),
  },
  'cancel-without-request-id': {
    // 2025-11-25 schema › notifications/cancelled: requestId MUST be provided for a non-task
    // request, and a task is cancelled with tasks/cancel; so a cancellation without it is wrong.
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .client(rpc.notification('notifications/cancelled', { reason: 'the user gave up' })),
    legal: () => hs().client(rpc.request(1, 'tools/list')).client(cancel(1)),
  },
  'ping-result-not-empty': {
    // 2025-11-25 basic/utilities/ping › Behavior Requirements: "an empty response"; _meta is the
    // one field an EmptyResult may carry. The server's ping, answered by the client, alike.
    trigger: () =>
      hs()
        .client(rpc.request(1, 'ping'))
        .server(rpc.result(1, { status: 'ok' })),
    legal: () =>
      hs()
        .client(rpc.request(1, 'ping'))
        .server(rpc.result(1, { _meta: { note: 'fine' } }))
        .server(rpc.request(1, 'ping'))
        .client(rpc.result(1, {})),
  },
  'response-after-cancellation': {
    trigger: () => hs().client(slowCall(1)).client(cancel(1)).server(toolResult(1)),
    // The response and the cancellation crossed on the wire: both sides must tolerate that.
    legal: () => hs().client(slowCall(1)).server(toolResult(1)).client(cancel(1)),
  },
  'message-after-stream-closed': {
    // Over Streamable HTTP the client closed the call's stream: that cancelled it (2026-07-28).
    trigger: () => discovered().client(deploy(1)).abandon(1).server(toolDone(1)),
    legal: () => discovered().client(deploy(1)).server(toolDone(1)).abandon(1),
  },
  'cancel-unknown-request': {
    trigger: () => hs().client(slowCall(1)).client(cancel(2)),
    legal: () => hs().client(slowCall(1)).client(cancel(1)),
  },
  'cancel-task-augmented': {
    // The server declares task-augmented tools/call; the client asks as a task, then cancels it
    // with the notification instead of tasks/cancel. The same cancel of a plain call is legal.
    trigger: () =>
      session()
        .handshake({ server: TASK_SERVER })
        .client(rpc.request(1, 'tools/call', { name: 'slow-task', task: { ttl: 60000 } }))
        .client(cancel(1)),
    legal: () =>
      session()
        .handshake({ server: TASK_SERVER })
        .client(rpc.request(1, 'tools/call', { name: 'slow-task' }))
        .client(cancel(1)),
  },
  'task-status-transition': {
    // A task that completed and then reports working again; a second task of its own is free.
    trigger: () => taskCreated().server(taskStatus('completed')).server(taskStatus('working')),
    legal: () => taskCreated().server(taskStatus('input_required')).server(taskStatus('working')),
  },
  'task-cancel-terminal': {
    // tasks/cancel of a completed task answered with a result; -32602 is the refusal asked for.
    trigger: () =>
      taskCreated()
        .server(taskStatus('completed'))
        .client(rpc.request(2, 'tasks/cancel', { taskId: 'T1' }))
        .server(rpc.result(2, taskOf('cancelled'))),
    legal: () =>
      taskCreated()
        .server(taskStatus('completed'))
        .client(rpc.request(2, 'tasks/cancel', { taskId: 'T1' }))
        .server(rpc.error(2, -32602, "Cannot cancel task: already in terminal status 'completed'")),
  },
  'task-result-before-terminal': {
    // tasks/result answered with a result while the task was working, and the task then reported
    // working again: the result came before the task ended. Reported completed first, legal.
    trigger: () =>
      taskCreated()
        .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
        .server(rpc.result(2, { content: [], _meta: RELATED('T1') }))
        .server(taskStatus('working')),
    legal: () =>
      taskCreated()
        .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
        .server(taskStatus('completed'))
        .server(rpc.result(2, { content: [], _meta: RELATED('T1') })),
  },
  'task-id-reused': {
    // A second task-augmented call gets task T1 again while the first T1 works on; a new ID, legal.
    trigger: () =>
      taskCreated()
        .client(rpc.request(2, 'tools/call', { name: 'slow-task', task: { ttl: 60000 } }))
        .server(rpc.result(2, { task: taskOf('working') })),
    legal: () =>
      taskCreated()
        .client(rpc.request(2, 'tools/call', { name: 'slow-task', task: { ttl: 60000 } }))
        .server(rpc.result(2, { task: { ...taskOf('working'), taskId: 'T2' } })),
  },
  'task-related-meta': {
    // tasks/result answered with the tool's result but no related-task _meta; with it, legal.
    trigger: () =>
      taskCreated()
        .server(taskStatus('completed'))
        .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
        .server(rpc.result(2, { content: [{ type: 'text', text: 'done' }] })),
    legal: () =>
      taskCreated()
        .server(taskStatus('completed'))
        .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
        .server(
          rpc.result(2, {
            content: [{ type: 'text', text: 'done' }],
            _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'T1' } },
          }),
        ),
  },
  'task-input-request-meta': {
    // The task waits for input and the client waits on tasks/result: the server's elicitation
    // asks for the task's input, so it must name the task; with the related-task _meta, legal.
    trigger: () =>
      taskCreated()
        .server(taskStatus('input_required'))
        .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
        .server(taskElicit(false)),
    legal: () =>
      taskCreated()
        .server(taskStatus('input_required'))
        .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
        .server(taskElicit(true)),
  },
  'task-meta-redundant': {
    // tasks/get names its task in params.taskId; the related-task _meta repeats it.
    trigger: () =>
      taskCreated().client(rpc.request(2, 'tasks/get', { taskId: 'T1', _meta: RELATED('T1') })),
    legal: () => taskCreated().client(rpc.request(2, 'tasks/get', { taskId: 'T1' })),
  },
  'task-answer-other-task': {
    // tasks/get asks about T1 and is answered about T2; about T1, legal.
    trigger: () =>
      taskCreated()
        .client(rpc.request(2, 'tasks/get', { taskId: 'T1' }))
        .server(rpc.result(2, { ...taskOf('working'), taskId: 'T2' })),
    legal: () =>
      taskCreated()
        .client(rpc.request(2, 'tasks/get', { taskId: 'T1' }))
        .server(rpc.result(2, taskOf('working'))),
  },
  'task-poll-too-soon': {
    // A transcript with t_ms: the tasks/get result at 300 ms suggests 1000 ms; the next tasks/get
    // at 700 ms is sooner. At 1295 ms (within the 10 ms allowed for timers) it is not.
    trigger: () => taskPolled(700),
    legal: () => taskPolled(1295),
  },
  'task-failed-without-message': {
    // tasks/get reports a failed task with nothing on the failure; with a statusMessage, legal.
    trigger: () =>
      taskCreated()
        .client(rpc.request(2, 'tasks/get', { taskId: 'T1' }))
        .server(rpc.result(2, taskOf('failed'))),
    legal: () =>
      taskCreated()
        .client(rpc.request(2, 'tasks/get', { taskId: 'T1' }))
        .server(
          rpc.result(2, {
            ...taskOf('failed'),
            statusMessage: 'Tool execution failed: API rate limit exceeded',
          }),
        ),
  },
  'task-augmentation-unsupported': {
    // tasks/get cannot run as a task (no tasks.requests entry names it), as the official SDK v1
    // client asks when it polls; without params.task, legal.
    trigger: () =>
      taskCreated().client(rpc.request(2, 'tasks/get', { taskId: 'T1', task: { ttl: 60000 } })),
    legal: () => taskCreated().client(rpc.request(2, 'tasks/get', { taskId: 'T1' })),
  },
  'task-result-kind': {
    // A server that runs tools/call as tasks answers a task-augmented call with the tool's result
    // directly; with the CreateTaskResult, legal.
    trigger: () =>
      session()
        .handshake({ server: TASK_SERVER })
        .client(rpc.request(1, 'tools/call', { name: 'slow-task', task: { ttl: 60000 } }))
        .server(toolResult(1)),
    legal: () => taskCreated(),
  },
  'elicitation-mode-not-refused': {
    // A form-only client accepts a URL-mode elicitation (the server broke capability-not-negotiated
    // first) instead of refusing it with -32602; a client that declared url mode may accept it.
    trigger: () =>
      session()
        .handshake({ client: { elicitation: { form: {} } }, server: { tools: {} } })
        .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
        .server(rpc.request(0, 'elicitation/create', URL_ELICITATION))
        .client(rpc.result(0, { action: 'accept' })),
    legal: () =>
      session()
        .handshake({ client: { elicitation: { form: {}, url: {} } }, server: { tools: {} } })
        .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
        .server(rpc.request(0, 'elicitation/create', URL_ELICITATION))
        .client(rpc.result(0, { action: 'accept' })),
  },
  'url-elicitation-error-invalid': {
    // A -32042 whose data lists nothing; with the URL-mode elicitation the client must complete.
    trigger: () =>
      payCall().server(rpc.error(1, -32042, 'This request requires more information.')),
    legal: () => payCall().server(urlRequired()),
  },
  'url-elicitation-error-undeclared': {
    // A form-only client gets -32042; a client that declared URL mode may.
    trigger: () =>
      session()
        .handshake({ client: { elicitation: { form: {} } }, server: { tools: {} } })
        .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
        .server(urlRequired()),
    legal: () => payCall().server(urlRequired()),
  },
  'elicitation-id-reused': {
    // After the completion of e-1, a new URL-mode elicitation named e-1 again; named e-2, legal.
    trigger: () =>
      payCall()
        .server(urlRequired())
        .server(elicitationComplete)
        .server(rpc.request(0, 'elicitation/create', URL_ELICITATION)),
    legal: () =>
      payCall()
        .server(urlRequired())
        .server(elicitationComplete)
        .server(
          rpc.request(0, 'elicitation/create', {
            ...URL_ELICITATION,
            elicitationId: 'e-2',
            url: 'https://mcp.example.com/connect?elicitationId=e-2',
          }),
        ),
  },
  'elicitation-url-not-https': {
    // The same URL-mode elicitation over plain http to a host on the network; over https, legal.
    trigger: () =>
      payCall().server(
        rpc.request(0, 'elicitation/create', {
          ...URL_ELICITATION,
          url: 'http://mcp.example.com/connect?elicitationId=e-1',
        }),
      ),
    legal: () => payCall().server(rpc.request(0, 'elicitation/create', URL_ELICITATION)),
  },
  'elicitation-complete-unknown': {
    // The completion of an elicitation the server never started; after its URL-mode request, legal.
    trigger: () => payCall().server(elicitationComplete),
    legal: () =>
      payCall()
        .server(rpc.request(0, 'elicitation/create', URL_ELICITATION))
        .client(rpc.result(0, { action: 'accept' }))
        .server(elicitationComplete),
  },
  'elicitation-form-asks-secret': {
    // A form asking for the account's API key; the same form asking for an email address (contact
    // information, which the page does not forbid) is legal.
    trigger: () => accountForm({ apiKey: { type: 'string', title: 'API key' } }),
    legal: () => accountForm({ email: { type: 'string', format: 'email' } }),
  },
  'elicitation-content-mismatch': {
    // A rating out of the form's range, accepted; the same form answered within it is legal.
    trigger: () => rateForm().client(rpc.result(0, { action: 'accept', content: { rating: 7 } })),
    legal: () => rateForm().client(rpc.result(0, { action: 'accept', content: { rating: 5 } })),
  },
  'task-support-mismatch': {
    // A tool that requires task augmentation, called as a normal request.
    trigger: () =>
      session()
        .handshake({ server: TASK_SERVER })
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [REQUIRED_TASK_TOOL] }))
        .client(rpc.request(2, 'tools/call', { name: 'research' })),
    legal: () =>
      session()
        .handshake({ server: TASK_SERVER })
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [REQUIRED_TASK_TOOL] }))
        .client(rpc.request(2, 'tools/call', { name: 'research', task: { ttl: 60000 } })),
  },
  'structured-content-mismatch': {
    // A listed outputSchema asks for a number; the result's structuredContent gives a string.
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [TEMPERATURE_TOOL] }))
        .client(rpc.request(2, 'tools/call', { name: 'temperature', arguments: {} }))
        .server(rpc.result(2, { content: [], structuredContent: { celsius: 'warm' } })),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [TEMPERATURE_TOOL] }))
        .client(rpc.request(2, 'tools/call', { name: 'temperature', arguments: {} }))
        .server(
          rpc.result(2, {
            content: [{ type: 'text', text: '{"celsius":21.5}' }],
            structuredContent: { celsius: 21.5 },
          }),
        ),
  },
  'cancel-initialize': {
    trigger: () => session().initialize().client(rpc.request(1, 'ping')).client(cancel(0)),
    legal: () => session().initialize().client(rpc.request(1, 'ping')).client(cancel(1)),
  },
  'unknown-progress-token': {
    trigger: () => hs().client(slowCall(1)).server(progress('job-1', 0.25)),
    legal: () => hs().client(slowCall(1, 'job-1')).server(progress('job-1', 0.25)),
  },
  'duplicate-progress-token': {
    trigger: () => hs().client(slowCall(1, 'job')).client(slowCall(2, 'job')),
    // Tokens must be unique across ACTIVE requests: once #1 is answered, its token is free again.
    legal: () => hs().client(slowCall(1, 'job')).server(toolResult(1)).client(slowCall(2, 'job')),
  },
  'progress-not-increasing': {
    trigger: () => hs().client(slowCall(1, 7)).server(progress(7, 0.5)).server(progress(7, 0.5)),
    legal: () => hs().client(slowCall(1, 7)).server(progress(7, 0.5)).server(progress(7, 0.75)),
  },
  'progress-after-completion': {
    trigger: () => hs().client(slowCall(1, 7)).server(toolResult(1)).server(progress(7, 1)),
    legal: () => hs().client(slowCall(1, 7)).server(progress(7, 1)).server(toolResult(1)),
  },
  'progress-after-cancellation': {
    trigger: () => hs().client(slowCall(1, 7)).client(cancel(1)).server(progress(7, 0.5)),
    legal: () => hs().client(slowCall(1, 7)).server(progress(7, 0.5)).client(cancel(1)),
  },
  'resource-not-subscribed': {
    trigger: () => hs().server(rpc.notification('notifications/resources/updated', { uri: URI })),
    legal: () =>
      hs()
        .client(rpc.request(1, 'resources/subscribe', { uri: URI }))
        .server(rpc.result(1, {}))
        .server(rpc.notification('notifications/resources/updated', { uri: URI })),
  },
  'message-after-shutdown': {
    trigger: () => hs().close().client(rpc.request(1, 'ping')),
    legal: () => hs().client(rpc.request(1, 'ping')).close(),
  },
  'id-beyond-safe-integer': {
    trigger: () => hs().client(rpc.request(2 ** 53, 'ping')),
    legal: () => hs().client(rpc.request(2 ** 53 - 1, 'ping')),
  },
  'era-mixed': {
    // The server answered the probe as a modern server: falling back is mixing the eras.
    trigger: () => discovered().initialize(),
    legal: () => discovered().client(modernRequest(1, 'tools/list')),
  },
  'client-response': {
    // The server's request is itself a violation (server-request); the client answers nothing.
    trigger: () =>
      discovered()
        .server(rpc.request('s1', 'roots/list'))
        .client(rpc.error('s1', -32601, 'Method not found')),
    legal: () => discovered().client(modernRequest(1, 'tools/list')),
  },
  'method-removed': {
    trigger: () => discovered().client(modernRequest(1, 'ping')),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' })),
  },
  'request-meta-missing': {
    trigger: () => discovered().client(modernRequest(1, 'tools/list', {}, { without: [CAPS_KEY] })),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list', {}, { capabilities: {} }))
        .server(modernResult(1, { tools: [], ...HINTS })),
  },
  'header-mismatch': {
    // Over Streamable HTTP: Mcp-Name names another tool than the body calls.
    trigger: () =>
      discovered().clientOverHttp(deployCall(1), {
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/call',
        'mcp-name': 'drop_database',
      }),
    legal: () =>
      discovered().clientOverHttp(deployCall(1), {
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/call',
        'mcp-name': 'deploy',
      }),
  },
  'tool-name-format': {
    // A name with a comma in it; the same name with an underscore is the recommended form.
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(
          rpc.result(1, { tools: [{ name: 'get,weather', inputSchema: { type: 'object' } }] }),
        ),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(
          rpc.result(1, { tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }] }),
        ),
  },
  'x-mcp-header-invalid': {
    // A tool that mirrors a number into a header; the same annotation on a string is legal.
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [headerTool('number')], ...HINTS })),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [headerTool('string')], ...HINTS })),
  },
  'server-request': {
    // The handshake era's way of asking: a server request (legal there, see wrong-direction).
    trigger: () => discovered().client(deployCall(1)).server(elicit),
    legal: () => discovered().client(deployCall(1)).server(confirmInput()),
  },
  'result-type-missing': {
    trigger: () =>
      discovered()
        .client(deployCall(1))
        .server(modernResult(1, { resultType: 'task', content: [] })),
    legal: () =>
      discovered()
        .client(deployCall(1, { extensions: { 'io.modelcontextprotocol/tasks': {} } }))
        .server(
          modernResult(1, {
            resultType: 'task',
            taskId: 'deploy-1',
            status: 'working',
            createdAt: '2026-12-03T10:00:00Z',
            lastUpdatedAt: '2026-12-03T10:00:00Z',
            ttlMs: null,
          }),
        ),
  },
  'cache-hints-missing': {
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [], ttlMs: 0 })),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [], ...HINTS })),
  },
  'cache-scope-changed': {
    // The second page of a private list turns public; the same page kept private is legal.
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [], ...HINTS, nextCursor: 'p2' }))
        .client(modernRequest(2, 'tools/list', { cursor: 'p2' }))
        .server(modernResult(2, { tools: [], ttlMs: 0, cacheScope: 'public' })),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [], ...HINTS, nextCursor: 'p2' }))
        .client(modernRequest(2, 'tools/list', { cursor: 'p2' }))
        .server(modernResult(2, { tools: [], ...HINTS })),
  },
  'version-not-refused': {
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
        .server(modernResult(1, { tools: [], ...HINTS })),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
        .server(modernError(1, -32022, { supported: [MODERN], requested: '2027-01-01' })),
  },
  'log-below-level': {
    trigger: () =>
      hs()
        .client(rpc.request(1, 'logging/setLevel', { level: 'error' }))
        .server(rpc.result(1))
        .server(rpc.notification('notifications/message', { level: 'debug', data: 'cache hit' })),
    legal: () =>
      hs()
        .client(rpc.request(1, 'logging/setLevel', { level: 'error' }))
        .server(rpc.result(1))
        .server(rpc.notification('notifications/message', { level: 'critical', data: 'disk' })),
  },
  'malformed-request-served': {
    // The request itself breaks request-meta-missing; the rule is about the server's answer.
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'tools/list', {}, { without: [CAPS_KEY] }))
        .server(modernResult(1, { tools: [], ...HINTS })),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [], ...HINTS })),
  },
  'unsupported-version-error-incomplete': {
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
        .server(modernError(1, -32022, { requested: '2027-01-01' })),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
        .server(modernError(1, -32022, { supported: [MODERN], requested: '2027-01-01' })),
  },
  'discover-not-implemented': {
    // The server answered as a 2026-07-28 server, then said it has no server/discover.
    trigger: () =>
      session()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' }))
        .client(modernRequest(2, 'server/discover'))
        .server(modernError(2, -32601)),
    // A legacy server's -32601 to a dual-era client's probe, then the fallback (lesson 24).
    legal: () =>
      session()
        .client(modernRequest('probe', 'server/discover'))
        .server(rpc.error('probe', -32601, 'Method not found'))
        .handshake(),
  },
  'initialize-error-without-versions': {
    // The server listed only 2026-07-28, then refused a client's initialize without naming it.
    trigger: () =>
      discovered()
        .initialize()
        .server(rpc.error(0, -32601, 'Method not found')),
    // A bare initialize refused: the wire does not show whether the server is modern-only.
    legal: () =>
      session()
        .initialize()
        .server(rpc.error(0, -32601, 'Method not found')),
  },
  'unsupported-version-contradicted': {
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
        .server(
          modernError(1, -32022, { supported: [MODERN, '2027-01-01'], requested: '2027-01-01' }),
        ),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
        .server(modernError(1, -32022, { supported: [MODERN], requested: '2027-01-01' })),
  },
  'client-capability-not-declared': {
    // No elicitation declared at all: the request did not declare the kind it is asked for (a
    // missing mode, such as elicitation.url, cites client/elicitation › Capabilities instead:
    // test/machine/modern-rules-a.test.ts).
    trigger: () =>
      discovered()
        .client(deployCall(1, { roots: {} }))
        .server(confirmInput()),
    legal: () =>
      discovered()
        .client(deployCall(1, { elicitation: { form: {}, url: {} } }))
        .server(confirmInput('url')),
  },
  'capability-error-incomplete': {
    trigger: () => discovered().client(deployCall(1, {})).server(modernError(1, -32021)),
    legal: () =>
      discovered()
        .client(deployCall(1, {}))
        .server(modernError(1, -32021, { requiredCapabilities: { elicitation: {} } })),
  },
  'server-info-missing': {
    trigger: () =>
      discovered()
        .client(deployCall(1))
        .server(rpc.result(1, { resultType: 'complete', content: [] })),
    legal: () =>
      discovered()
        .client(deployCall(1))
        .server(modernResult(1, { content: [] })),
  },
  'log-without-level': {
    trigger: () => discovered().client(deployCall(1)).server(logMessage()),
    legal: () =>
      discovered()
        .client(
          modernRequest(
            1,
            'tools/call',
            { name: 'deploy', arguments: { env: 'staging' } },
            { meta: { [LOG_LEVEL_KEY]: 'info' } },
          ),
        )
        .server(logMessage()),
  },
  'input-required-not-allowed': {
    trigger: () => discovered().client(modernRequest(1, 'tools/list')).server(inputRequired(1)),
    legal: () => discovered().client(deploy(1)).server(inputRequired(1)),
  },
  'input-required-empty': {
    trigger: () => discovered().client(deploy(1)).server(inputRequired(1, {})),
    // requestState alone is a round too ("load shedding").
    legal: () =>
      discovered()
        .client(deploy(1))
        .server(inputRequired(1, { requestState: 'busy:retry' })),
  },
  'retry-same-id': {
    trigger: () => discovered().client(deploy(1)).server(inputRequired(1)).client(retry(1)),
    legal: () => discovered().client(deploy(1)).server(inputRequired(1)).client(retry(2)),
  },
  'request-state-altered': {
    trigger: () =>
      discovered()
        .client(deploy(1))
        .server(inputRequired(1))
        .client(retry(2, { requestState: 'deploy:v2' })),
    legal: () => discovered().client(deploy(1)).server(inputRequired(1)).client(retry(2)),
  },
  'input-responses-missing': {
    trigger: () =>
      discovered()
        .client(deploy(1))
        .server(inputRequired(1))
        .client(retry(2, { inputResponses: {} })),
    // Extra keys are fine: the server ignores what it did not ask for.
    legal: () =>
      discovered()
        .client(deploy(1))
        .server(inputRequired(1))
        .client(retry(2, { inputResponses: { ...CONFIRMED, extra: { action: 'decline' } } })),
  },
  'retry-without-round': {
    trigger: () => discovered().client(retry(1)),
    legal: () => discovered().client(deploy(1)),
  },
  'listen-ack-not-first': {
    trigger: () => discovered().client(listen('l1')).server(onStream(TOOLS_CHANGED, 'l1')),
    legal: () =>
      discovered().client(listen('l1')).server(ack('l1')).server(onStream(TOOLS_CHANGED, 'l1')),
  },
  'ack-beyond-filter': {
    // The error: an acknowledgment that names no open listen (honouring more than the filter asked
    // is a warning of the same rule: test/machine/modern-rules-a.test.ts).
    trigger: () => discovered().client(listen('l1')).server(ack('l9')),
    legal: () => discovered().client(listen('l1')).server(ack('l1')),
  },
  'unsolicited-notification': {
    // The handshake era's unsolicited list_changed: in 2026-07-28 only a listen stream carries it.
    trigger: () => discovered().server(onStream(TOOLS_CHANGED, undefined)),
    legal: () =>
      discovered().client(listen('l1')).server(ack('l1')).server(onStream(TOOLS_CHANGED, 'l1')),
  },
  'notification-not-subscribed': {
    trigger: () =>
      discovered()
        .client(listen('l1'))
        .server(ack('l1'))
        .server(onStream('notifications/prompts/list_changed', 'l1')),
    legal: () =>
      discovered().client(listen('l1')).server(ack('l1')).server(onStream(TOOLS_CHANGED, 'l1')),
  },
  'server-cancel-not-listen': {
    trigger: () => discovered().client(deploy(1)).server(cancelNotice(1)),
    legal: () => discovered().client(listen('l1')).server(ack('l1')).server(cancelNotice('l1')),
  },
  'error-code-not-in-revision': {
    // A missing resource: -32002 until 2025-11-25, -32602 in 2026-07-28.
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'resources/read', { uri: 'file:///gone.txt' }))
        .server(rpc.error(1, -32002, 'Resource not found')),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'resources/read', { uri: 'file:///gone.txt' }))
        .server(rpc.error(1, -32602, 'Resource not found')),
  },
  'trace-context-invalid': {
    // 2026-07-28 basic/index › General fields (_meta, OpenTelemetry trace context): a traceparent
    // MUST follow W3C Trace Context; a bare trace-id is not one.
    trigger: () =>
      discovered().client(
        modernRequest(
          1,
          'tools/list',
          {},
          { meta: { traceparent: '4bf92f3577b34da6a3ce929d0e0e4736' } },
        ),
      ),
    legal: () =>
      discovered().client(
        modernRequest(
          1,
          'tools/list',
          {},
          { meta: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } },
        ),
      ),
  },
  'version-not-from-supported': {
    // 2026-07-28 basic/versioning › Protocol Version Negotiation: after -32022 the client SHOULD
    // retry with a version from data.supported, not the one refused again.
    trigger: () =>
      session()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-03-01' }))
        .server(modernError(1, -32022, { supported: ['2026-07-28'], requested: '2027-03-01' }))
        .client(modernRequest(2, 'tools/list', {}, { version: '2027-03-01' })),
    legal: () =>
      session()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-03-01' }))
        .server(modernError(1, -32022, { supported: ['2026-07-28'], requested: '2027-03-01' }))
        .client(modernRequest(2, 'tools/list')),
  },
  // 2025-11-25 client/sampling › Message Content Constraints: the conversation a server sends in
  // sampling/createMessage after its model used a tool (tool_use call_1).
  'sampling-tool-result-mixed': {
    trigger: () => toolSampling([TOOL_RESULT_1, { type: 'text', text: 'Answer in one sentence.' }]),
    legal: () => toolSampling([TOOL_RESULT_1]),
  },
  'sampling-tool-use-unanswered': {
    trigger: () => toolSampling({ type: 'text', text: 'Go on.' }),
    legal: () => toolSampling([TOOL_RESULT_1]),
  },
  'sampling-tools-not-refused': {
    // Schema › CreateMessageRequestParams.tools: the client MUST return an error when it did not
    // declare sampling.tools; it declared sampling only, and answers with its model's reply (the
    // server broke capability-not-negotiated first). A client that declared sampling.tools may.
    trigger: () =>
      plainSampler().client(
        rpc.result(0, { role: 'assistant', content: { type: 'text', text: 'Hi' }, model: 'm' }),
      ),
    legal: () =>
      plainSampler({ tools: {} }).client(
        rpc.result(0, { role: 'assistant', content: { type: 'text', text: 'Hi' }, model: 'm' }),
      ),
  },
  'sampling-tool-choice-ignored': {
    // client/sampling › Tool Choice Modes: toolChoice "none", and the client's answer holds the
    // model's tool_use; the model's text, legal.
    trigger: () => choiceSampling('none').client(rpc.result(0, TOOL_USE_ANSWER)),
    legal: () => choiceSampling('none').client(rpc.result(0, TEXT_ANSWER)),
  },
  'log-level-not-refused': {
    // 2025-11-25 server/utilities/logging › Error Handling: "verbose" is no level (the client
    // broke invalid-params first); the server accepted it. A real level accepted is fine.
    trigger: () =>
      hs()
        .client(rpc.request(1, 'logging/setLevel', { level: 'verbose' }))
        .server(rpc.result(1)),
    legal: () =>
      hs()
        .client(rpc.request(1, 'logging/setLevel', { level: 'debug' }))
        .server(rpc.result(1)),
  },
  'prompt-arguments-not-refused': {
    // server/prompts › Error Handling: the listing marks `code` required; the get leaves it out.
    trigger: () => reviewPrompt({}),
    legal: () => reviewPrompt({ code: 'let x = 1' }),
  },
  'tool-schema-invalid': {
    // 2025-11-25 basic/index › JSON Schema Usage: a schema MUST be valid in its dialect, 2020-12
    // when it names none. "strng" is no type of 2020-12; "string" is, and a draft-07 schema that
    // says so in $schema (as the TypeScript SDK v1 writes them) is judged in draft-07.
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [schemaTool({ a: { type: 'strng' } })] })),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(
          rpc.result(1, {
            tools: [
              schemaTool({ a: { type: 'string' } }),
              {
                name: 'b',
                inputSchema: {
                  $schema: 'http://json-schema.org/draft-07/schema#',
                  type: 'object',
                  properties: { n: { type: 'integer', minimum: 0 } },
                  required: ['n'],
                },
              },
            ],
          }),
        ),
  },
  'tool-input-not-validated': {
    // server/tools › Security Considerations: servers MUST validate all tool inputs. "kelvin" is
    // not among the units the listed inputSchema allows, and the call is served. Answered with a
    // tool execution error (› Error Handling), or with a protocol error, it is validated; a call
    // whose arguments fit is served.
    trigger: () =>
      unitsListed()
        .client(unitsCall(2, { city: 'Paris', units: 'kelvin' }))
        .server(rpc.result(2, { content: [{ type: 'text', text: 'Paris: 294 K' }] })),
    legal: () =>
      unitsListed()
        .client(unitsCall(2, { city: 'Paris', units: 'kelvin' }))
        .server(
          rpc.result(2, {
            content: [{ type: 'text', text: 'units must be "metric" or "imperial"' }],
            isError: true,
          }),
        )
        .client(unitsCall(3, { units: 'metric' }))
        .server(rpc.error(3, -32602, 'Invalid params: city is required'))
        .client(unitsCall(4, { city: 'Paris', units: 'metric' }))
        .server(rpc.result(4, { content: [{ type: 'text', text: 'Paris: 21 °C' }] })),
  },
  'structured-content-without-text': {
    // 2025-11-25 server/tools › Structured Content: a tool that returns structured content SHOULD
    // also return the serialized JSON in a TextContent block. An image alone is no such block.
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/call', { name: 'temperature', arguments: {} }))
        .server(
          rpc.result(1, {
            content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
            structuredContent: { celsius: 21.5 },
          }),
        ),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/call', { name: 'temperature', arguments: {} }))
        .server(
          rpc.result(1, {
            content: [{ type: 'text', text: '{"celsius":21.5}' }],
            structuredContent: { celsius: 21.5 },
          }),
        ),
  },
  'meta-key-invalid': {
    // basic/index › _meta, Key name format: FastMCP's "_fastmcp" on a listed tool begins with "_";
    // a prefixed key of the vendor's own, and a "_meta" inside a tool's inputSchema (the tool's
    // own data, not metadata), are legal.
    trigger: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools: [metaTool({ _fastmcp: { tags: [] } })] })),
    legal: () =>
      hs()
        .client(rpc.request(1, 'tools/list'))
        .server(
          rpc.result(1, {
            tools: [
              {
                ...metaTool({ 'com.example.fastmcp/tags': [], 'a.b-c/x_y.z': 1, '': 0 }),
                inputSchema: { type: 'object', properties: { _meta: { type: 'object' } } },
              },
            ],
          }),
        ),
  },
  'root-uri-not-file': {
    // client/roots › Root: a root's uri MUST be file://; a web address is not a root. The same
    // answer with the checkout's folder is legal.
    trigger: () =>
      hs()
        .server(rpc.request(0, 'roots/list'))
        .client(rpc.result(0, { roots: [{ uri: 'https://github.com/learner/weather-desk' }] })),
    legal: () =>
      hs()
        .server(rpc.request(0, 'roots/list'))
        .client(rpc.result(0, { roots: [{ uri: 'file:///home/learner/weather-desk' }] })),
  },
  'elicitation-form-url': {
    // client/elicitation › Safe URL Handling: no clickable URL in a form; a form that names the
    // site without a link is legal.
    trigger: () => feedbackForm('Tell us how it went (terms: https://example.com/terms).'),
    legal: () => feedbackForm('Tell us how it went (terms on example.com).'),
  },
  'cursor-not-issued': {
    // 2025-11-25 server/utilities/pagination › Implementation Guidelines: the second page asked
    // for with a cursor the client made up; with the nextCursor the first page handed out, legal.
    trigger: () => pagedTools('page-2'),
    legal: () => pagedTools('c2'),
  },
  'embedded-resource-without-capability': {
    // 2025-11-25 server/tools › Embedded Resources: servers that use embedded resources SHOULD
    // implement the resources capability. A server of tools only embeds a file; declaring
    // resources beside tools makes the same result legal.
    trigger: () => embeddedNotes({ tools: {} }),
    legal: () => embeddedNotes({ tools: {}, resources: {} }),
  },
  'resource-uri-invalid': {
    // 2025-11-25 server/resources › Common URI Schemes (custom schemes MUST follow RFC 3986; the
    // schema's format "uri"): a listed resource whose uri has a space; percent-encoded, legal.
    trigger: () => listedResource('file:///project/meeting notes.md'),
    legal: () => listedResource('file:///project/meeting%20notes.md'),
  },
  'client-info-missing': {
    // 2026-07-28 basic/index › General fields: clients SHOULD include clientInfo on every request.
    // The same tools/list with the client's name and version in its envelope is legal.
    trigger: () => discovered().client(modernRequest(1, 'tools/list', {}, { without: [INFO_KEY] })),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'tools/list'))
        .server(modernResult(1, { tools: [], ...HINTS })),
  },
  'tool-order-changed': {
    // 2026-07-28 server/tools › Capabilities: servers SHOULD return tools in a deterministic order
    // (the same ordering across calls). The second list names the same two tools the other way
    // round; listing them in the first order again is legal.
    trigger: () => toolsTwice(['forecast', 'alerts'], ['alerts', 'forecast']),
    legal: () => toolsTwice(['forecast', 'alerts'], ['forecast', 'alerts']),
  },
  'declared-list-not-served': {
    // 2026-07-28 server/prompts › Capabilities: a server that declares prompts MUST respond to
    // prompts/list with the prompts currently available, a set that MAY be empty. The server/discover
    // result declares prompts, then prompts/list gets -32601; the empty list is legal.
    trigger: () =>
      discovered()
        .client(modernRequest(1, 'prompts/list'))
        .server(rpc.error(1, -32601, 'Method not found')),
    legal: () =>
      discovered()
        .client(modernRequest(1, 'prompts/list'))
        .server(modernResult(1, { prompts: [], ...HINTS })),
  },
  'x-mcp-header-tool-called': {
    // 2026-07-28 server/tools › x-mcp-header: a client over Streamable HTTP MUST reject a tool
    // whose x-mcp-header annotation breaks the constraints. execute_sql mirrors a number into a
    // header (x-mcp-header-invalid on the list), then the client POSTs a call of it anyway. The
    // same call of the tool listed with a valid annotation, its Mcp-Param-Region sent, is legal.
    trigger: () => headerToolCalled('number'),
    legal: () => headerToolCalled('string'),
  },
  'elicitation-url-sensitive': {
    // 2025-11-25 client/elicitation › Safe URL Handling: servers MUST NOT include credentials in
    // the URL, nor send a pre-authenticated one. The URL-mode elicitation carries an access_token
    // in its query; the same URL with only the elicitationId is legal.
    trigger: () =>
      payCall().server(
        rpc.request(0, 'elicitation/create', {
          ...URL_ELICITATION,
          url: 'https://mcp.example.com/connect?elicitationId=e-1&access_token=ya29.a0AfH6SM',
        }),
      ),
    legal: () => payCall().server(rpc.request(0, 'elicitation/create', URL_ELICITATION)),
  },
  'media-type-invalid': {
    // 2025-11-25 server/prompts › Image Content: image data MUST include a valid MIME type. A
    // tool's chart whose mimeType is "png"; "image/png" is legal.
    trigger: () => chartCall('png'),
    legal: () => chartCall('image/png'),
  },
  'input-responses-not-reasked': {
    // 2026-07-28 basic/patterns/mrtr › Error Handling: a retry lacking requested input the server
    // needs SHOULD get a new InputRequiredResult asking for it again, not an error. The retry has
    // no answer for "confirm" (the client's input-responses-missing) and gets -32602. Legal: the
    // complete retry refused with the same error, a refusal the rule does not judge.
    trigger: () =>
      discovered()
        .client(deploy(1))
        .server(inputRequired(1))
        .client(retry(2, { inputResponses: {} }))
        .server(rpc.error(2, -32602, 'Missing input: confirm')),
    legal: () =>
      discovered()
        .client(deploy(1))
        .server(inputRequired(1))
        .client(retry(2))
        .server(rpc.error(2, -32602, 'Missing input: confirm')),
  },
  'input-responses-not-validated': {
    // 2026-07-28 basic/patterns/mrtr › Error Handling: servers SHOULD validate the InputResponses
    // object, and a protocol error SHOULD get a JSON-RPC error. The retry's answer under "confirm"
    // is no object (the client's invalid-params), and the call completes; legal: the retry with a
    // valid answer, completed.
    trigger: () =>
      discovered()
        .client(deploy(1))
        .server(inputRequired(1))
        .client(retry(2, { inputResponses: { confirm: 'yes' } }))
        .server(toolDone(2)),
    legal: () =>
      discovered().client(deploy(1)).server(inputRequired(1)).client(retry(2)).server(toolDone(2)),
  },
  // The tasks extension (ext-tasks e434597)
  ...EXT_TASK_CASES,
};

/** A tools/call of chart answered with an image block of `mimeType`. */
const chartCall = (mimeType: string) =>
  session()
    .handshake({ server: { tools: {} } })
    .client(rpc.request(1, 'tools/call', { name: 'chart', arguments: {} }))
    .server(rpc.result(1, { content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType }] }));

/**
 * execute_sql listed mirroring its region of `type` into Mcp-Param-Region, then called over
 * Streamable HTTP with region "us-east1" and the headers a valid annotation asks for.
 */
const headerToolCalled = (type: string) =>
  discovered()
    .client(modernRequest(1, 'tools/list'))
    .server(modernResult(1, { tools: [headerTool(type)], ...HINTS }))
    .clientOverHttp(
      modernRequest(2, 'tools/call', { name: 'execute_sql', arguments: { region: 'us-east1' } }),
      {
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/call',
        'mcp-name': 'execute_sql',
        'mcp-param-region': 'us-east1',
      },
    );

/** A model's answer that uses the tool "weather" (client/sampling › Sampling with Tools). */
export const TOOL_USE_ANSWER: JsonObject = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Tokyo' } }],
  model: 'm',
  stopReason: 'toolUse',
};

/** A model's answer in text that completes its turn. */
export const TEXT_ANSWER: JsonObject = {
  role: 'assistant',
  content: { type: 'text', text: 'Sunny.' },
  model: 'm',
  stopReason: 'endTurn',
};

/**
 * A server's sampling request offering the tool "weather" with toolChoice `mode`, to a client
 * that declared sampling.tools; `messages` is its conversation (default: one user question).
 */
export function choiceSampling(
  mode: string,
  messages: unknown[] = [{ role: 'user', content: { type: 'text', text: 'Weather in Tokyo?' } }],
): SessionBuilder {
  return session()
    .handshake({ client: { sampling: { tools: {} } } })
    .server(
      rpc.request(0, 'sampling/createMessage', {
        maxTokens: 100,
        tools: [{ name: 'weather', inputSchema: { type: 'object' } }],
        toolChoice: { mode },
        messages,
      }),
    );
}

/** A tool whose inputSchema has `properties`, as listed. */
const schemaTool = (properties: JsonObject): JsonObject => ({
  name: 'add',
  inputSchema: { type: 'object', properties },
});

/** A tool whose inputSchema needs a city and allows two units, listed in a 2025-11-25 session. */
const UNITS_TOOL: JsonObject = {
  name: 'weather',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, units: { enum: ['metric', 'imperial'] } },
    required: ['city'],
  },
};
const unitsListed = () =>
  hs()
    .client(rpc.request(1, 'tools/list'))
    .server(rpc.result(1, { tools: [UNITS_TOOL] }));
const unitsCall = (id: number, args: JsonObject) =>
  rpc.request(id, 'tools/call', { name: 'weather', arguments: args });

/** A tool-enabled sampling request to a client that declared `sampling` (no sampling.tools). */
const plainSampler = (sampling: JsonObject = {}) =>
  session()
    .handshake({ client: { sampling } })
    .server(
      rpc.request(0, 'sampling/createMessage', {
        maxTokens: 100,
        tools: [{ name: 'weather', inputSchema: { type: 'object' } }],
        messages: [{ role: 'user', content: { type: 'text', text: 'Weather in Tokyo?' } }],
      }),
    );

const TOOL_RESULT_1: JsonObject = {
  type: 'tool_result',
  toolUseId: 'call_1',
  content: [{ type: 'text', text: '23 °C' }],
};

/** A server's sampling request whose last (user) message has `content`, after a tool use. */
export function toolSampling(content: unknown): SessionBuilder {
  return session()
    .handshake({ client: { sampling: { tools: {} } } })
    .server(
      rpc.request(0, 'sampling/createMessage', {
        maxTokens: 100,
        tools: [{ name: 'weather', inputSchema: { type: 'object' } }],
        messages: [
          { role: 'user', content: { type: 'text', text: 'Weather in Tokyo?' } },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input: {} }],
          },
          { role: 'user', content },
        ],
      }),
    );
}

/** A prompt listed with a required argument, then got with `args` and served. */
function reviewPrompt(args: JsonObject): SessionBuilder {
  return hs()
    .client(rpc.request(1, 'prompts/list'))
    .server(
      rpc.result(1, {
        prompts: [{ name: 'review', arguments: [{ name: 'code', required: true }] }],
      }),
    )
    .client(rpc.request(2, 'prompts/get', { name: 'review', arguments: args }))
    .server(
      rpc.result(2, {
        messages: [{ role: 'user', content: { type: 'text', text: 'Review this code.' } }],
      }),
    );
}

/** A 2026-07-28 tools/list asking for logs at `level` in its _meta, served. */
export function modernLogLevel(level: string): SessionBuilder {
  return discovered()
    .client(
      modernRequest(1, 'tools/list', {}, { meta: { 'io.modelcontextprotocol/logLevel': level } }),
    )
    .server(modernResult(1, { tools: [], ...HINTS }));
}

/** 2026-07-28: a prompt listed with a required argument, then got with `args` and served. */
export function modernReviewPrompt(args: JsonObject): SessionBuilder {
  return discovered()
    .client(modernRequest(1, 'prompts/list'))
    .server(
      modernResult(1, {
        prompts: [{ name: 'review', arguments: [{ name: 'code', required: true }] }],
        ...HINTS,
      }),
    )
    .client(modernRequest(2, 'prompts/get', { name: 'review', arguments: args }))
    .server(
      modernResult(2, {
        messages: [{ role: 'user', content: { type: 'text', text: 'Review this code.' } }],
      }),
    );
}
/**
 * A sampling request with toolChoice "none" run as the client's task T1, completed, and the
 * server's tasks/result #1 for it, answered with `result` (basic/utilities/tasks › Result Retrieval).
 */
const choiceTask = (result: JsonObject) =>
  session()
    .handshake({
      client: {
        sampling: { tools: {} },
        tasks: { requests: { sampling: { createMessage: {} } } },
      },
    })
    .server(
      rpc.request(0, 'sampling/createMessage', {
        maxTokens: 100,
        tools: [{ name: 'weather', inputSchema: { type: 'object' } }],
        toolChoice: { mode: 'none' },
        messages: [{ role: 'user', content: { type: 'text', text: 'Weather in Tokyo?' } }],
        task: { ttl: 60000 },
      }),
    )
    .client(rpc.result(0, { task: taskOf('working') }))
    .client(taskStatus('completed'))
    .server(rpc.request(1, 'tasks/result', { taskId: 'T1' }))
    .client(rpc.result(1, { ...result, _meta: RELATED('T1') }));

/** A listed tool whose `_meta` holds `meta`. */
const metaTool = (meta: JsonObject): JsonObject => ({
  name: 'weather',
  inputSchema: { type: 'object' },
  _meta: meta,
});

/** A form-mode elicitation/create whose message is `message`, during a tools/call. */
const feedbackForm = (message: string) =>
  session()
    .handshake({ client: { elicitation: { form: {} } }, server: { tools: {} } })
    .client(rpc.request(1, 'tools/call', { name: 'feedback', arguments: {} }))
    .server(
      rpc.request(0, 'elicitation/create', {
        mode: 'form',
        message,
        requestedSchema: {
          type: 'object',
          properties: { comment: { type: 'string', title: 'Comment' } },
        },
      }),
    );

/** tools/list in two pages: the first hands out nextCursor "c2"; the second asks with `cursor`. */
function pagedTools(cursor: string): SessionBuilder {
  return hs()
    .client(rpc.request(1, 'tools/list'))
    .server(rpc.result(1, { tools: [], nextCursor: 'c2' }))
    .client(rpc.request(2, 'tools/list', { cursor }));
}

/** A tools/call answered with the notes embedded as a resource, by a server declaring `server`. */
function embeddedNotes(server: JsonObject): SessionBuilder {
  return session()
    .handshake({ server })
    .client(rpc.request(1, 'tools/call', { name: 'notes', arguments: {} }))
    .server(
      rpc.result(1, {
        content: [
          { type: 'text', text: 'The notes:' },
          { type: 'resource', resource: { uri: URI, mimeType: 'text/markdown', text: '# Notes' } },
        ],
      }),
    );
}

/** resources/list answered with one resource whose uri is `uri`. */
function listedResource(uri: string): SessionBuilder {
  return hs()
    .client(rpc.request(1, 'resources/list'))
    .server(
      rpc.result(1, { resources: [{ uri, name: 'meeting notes', mimeType: 'text/markdown' }] }),
    );
}

/** Two modern tools/list requests, answered with these tool names in these orders. */
function toolsTwice(first: readonly string[], second: readonly string[]): SessionBuilder {
  const tools = (names: readonly string[]) =>
    names.map((name) => ({ name, inputSchema: { type: 'object' } }));
  return discovered()
    .client(modernRequest(1, 'tools/list'))
    .server(modernResult(1, { tools: tools(first), ...HINTS }))
    .client(modernRequest(2, 'tools/list'))
    .server(modernResult(2, { tools: tools(second), ...HINTS }));
}
