/**
 * The tasks extension's status notifications (ext-tasks e434597 › Task Status Notifications): a
 * client lists task IDs in a subscriptions/listen filter (`taskIds`), the acknowledgment lists
 * those the server agreed to, and notifications/tasks carries the task on that stream. Undeclared,
 * such a listen MUST be refused with -32021 by a server that has the extension.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject, RequestId } from '../../src/protocol/index.js';
import { asking, buildTask, extTask, TASKS_CAPS, tasksServer } from './ext-task-cases.js';
import { discovered, modernRequest, modernResult, SUBSCRIPTION_KEY } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

type Found = { rule: string; severity: string; pointer?: string; spec: string };
const found = (b: SessionBuilder) =>
  b.run().last.violations.map((v: Found) => `${v.rule}:${v.severity}`);
const last = (b: SessionBuilder) => b.run().last.violations[0] as Found | undefined;

const listen = (id: RequestId, notifications: JsonObject, capabilities: JsonObject = TASKS_CAPS) =>
  modernRequest(id, 'subscriptions/listen', { notifications }, { capabilities });
const ack = (id: RequestId, notifications: JsonObject) =>
  rpc.notification('notifications/subscriptions/acknowledged', {
    notifications,
    _meta: { [SUBSCRIPTION_KEY]: id },
  });
/** notifications/tasks for `task` (extTask's fields) on listen `on`, or on no stream. */
const pushed = (task: JsonObject, on?: RequestId) =>
  rpc.notification('notifications/tasks', {
    ...task,
    ...(on === undefined ? {} : { _meta: { [SUBSCRIPTION_KEY]: on } }),
  });
const done = extTask('completed', { result: { content: [{ type: 'text', text: 'built' }] } });

/** build-7 handed out, then a listen for it acknowledged. */
const listening = () =>
  buildTask()
    .client(listen('L1', { taskIds: ['build-7'] }))
    .server(ack('L1', { taskIds: ['build-7'] }));

const serverWithTasks = tasksServer;

describe('notifications/tasks on a listen stream', () => {
  it('the extension’s flow breaks no rule: listen, acknowledgment, working, completed', () => {
    const flow = listening()
      .server(pushed(extTask('working'), 'L1'))
      .server(pushed(done, 'L1'));
    const { reports } = flow.run();
    expect(reports.flatMap((r) => r.violations)).toEqual([]);
  });

  it('a task the listen did not name is an error; one only the acknowledgment left out, a warning', () => {
    const other = listening().server(pushed({ ...extTask('working'), taskId: 'build-8' }, 'L1'));
    const v = last(other);
    expect([v?.rule, v?.severity, v?.pointer]).toEqual([
      'notification-not-subscribed',
      'error',
      '/params/taskId',
    ]);
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Task Status Notifications \(/);
    const leftOut = buildTask()
      .client(listen('L1', { taskIds: ['build-7'] }))
      .server(ack('L1', {}))
      .server(pushed(extTask('working'), 'L1'));
    expect(found(leftOut)).toEqual(['notification-not-subscribed:warning']);
  });

  it('on no stream, or before the acknowledgment: the core’s stream rules', () => {
    expect(found(buildTask().server(pushed(extTask('working'))))).toEqual([
      'unsolicited-notification:error',
    ]);
    const early = buildTask()
      .client(listen('L1', { taskIds: ['build-7'] }))
      .server(pushed(extTask('working'), 'L1'));
    expect(found(early)).toEqual(['listen-ack-not-first:error']);
  });

  it('an acknowledgment that honours a task the listen did not ask for: a warning at its entry', () => {
    const beyond = buildTask()
      .client(listen('L1', { taskIds: ['build-7'] }))
      .server(ack('L1', { taskIds: ['build-7', 'build-8'] }));
    const v = last(beyond);
    expect([v?.rule, v?.severity, v?.pointer]).toEqual([
      'ack-beyond-filter',
      'warning',
      '/params/notifications/taskIds/1',
    ]);
  });

  it('its params are a DetailedTask of its status, against the extension’s schema', () => {
    const { createdAt: _, ...noCreated } = extTask('working');
    const v = last(listening().server(pushed(noCreated, 'L1')));
    expect([v?.rule, v?.pointer]).toEqual(['invalid-params', '/params/createdAt']);
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Task Status Notifications \(/);
    const noResult = listening().server(pushed(extTask('completed'), 'L1'));
    expect(last(noResult)?.pointer).toBe('/params/result');
  });

  it('what it reports counts as a poll would: a terminal status left, an input key reused', () => {
    const left = listening()
      .server(pushed(done, 'L1'))
      .server(pushed(extTask('working'), 'L1'));
    const v = last(left);
    expect([v?.rule, v?.severity, v?.pointer]).toEqual([
      'task-terminal-left',
      'warning',
      '/params/status',
    ]);
    const waiting = (message: string) =>
      extTask('input_required', { inputRequests: { confirm: asking(message) } });
    const reused = listening()
      .server(pushed(waiting('Deploy?'), 'L1'))
      .client(
        modernRequest(
          2,
          'tasks/update',
          { taskId: 'build-7', inputResponses: { confirm: { action: 'accept' } } },
          { capabilities: TASKS_CAPS },
        ),
      )
      .server(modernResult(2, {}))
      .server(pushed(waiting('Delete everything?'), 'L1'));
    const r = last(reused);
    expect([r?.rule, r?.pointer]).toEqual([
      'task-input-key-reused',
      '/params/inputRequests/confirm',
    ]);
  });

  it('is known to a 2026-07-28 session from a server, not from a client, nor in 2025-11-25', () => {
    expect(found(discovered().client(pushed(extTask('working'))))).toContain(
      'unknown-method:warning',
    );
    const legacy = session()
      .handshake()
      .server(rpc.notification('notifications/tasks', extTask('working')));
    expect(found(legacy)).toEqual(['unknown-method:warning']);
  });
});

describe('tasks-undeclared-not-refused, for a listen that asks for taskIds', () => {
  const undeclared = (opening: () => SessionBuilder) =>
    opening().client(listen('L1', { taskIds: ['build-7'], toolsListChanged: true }, {}));

  it('acknowledged by a server that has the extension: an error; -32021 is the answer', () => {
    const acked = undeclared(serverWithTasks).server(ack('L1', { toolsListChanged: true }));
    const v = last(acked);
    expect([v?.rule, v?.severity]).toEqual(['tasks-undeclared-not-refused', 'error']);
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Protocol Errors \(/);
    // Acknowledged with taskIds honoured: the server has the extension, whatever it declared.
    const honoured = undeclared(discovered).server(
      ack('L1', { taskIds: ['build-7'], toolsListChanged: true }),
    );
    expect(found(honoured)).toEqual(['tasks-undeclared-not-refused:error']);
    const refused = undeclared(serverWithTasks).server({
      jsonrpc: '2.0',
      id: 'L1',
      error: { code: -32021, message: 'm', data: { requiredCapabilities: TASKS_CAPS } },
    });
    expect(found(refused)).toEqual([]);
    expect(found(undeclared(serverWithTasks).server(rpc.error('L1', -32603, 'no')))).toEqual([
      'tasks-undeclared-not-refused:error',
    ]);
  });

  it('a server without the extension acknowledges the rest and leaves taskIds out: no finding', () => {
    const plain = undeclared(discovered).server(ack('L1', { toolsListChanged: true }));
    expect(found(plain)).toEqual([]);
    expect(found(undeclared(discovered).server(rpc.error('L1', -32603, 'no')))).toEqual([]);
    // Declared, nothing to refuse.
    const declared = serverWithTasks()
      .client(listen('L1', { taskIds: ['build-7'] }))
      .server(ack('L1', { taskIds: ['build-7'] }));
    expect(found(declared)).toEqual([]);
  });
});

describe('task-poll-too-soon, for the extension’s tasks/get (› Task Polling)', () => {
  const get = (id: number, capabilities: JsonObject = TASKS_CAPS) =>
    modernRequest(id, 'tasks/get', { taskId: 'build-7' }, { capabilities });
  const polled = () =>
    discovered()
      .clientAt(
        0,
        modernRequest(
          1,
          'tools/call',
          { name: 'build', arguments: {} },
          { capabilities: TASKS_CAPS },
        ),
      )
      .serverAt(10, modernResult(1, { resultType: 'task', ...extTask('working') }))
      .clientAt(20, get(2))
      .serverAt(30, modernResult(2, extTask('working')));
  it('a poll sooner than the last result’s pollIntervalMs: a warning citing the extension', () => {
    const v = last(polled().clientAt(500, get(3)));
    expect([v?.rule, v?.severity]).toEqual(['task-poll-too-soon', 'warning']);
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Task Polling \(/);
  });
  it('not after the interval, nor the first poll after the CreateTaskResult, nor undeclared', () => {
    expect(found(polled().clientAt(1030, get(3)))).toEqual([]);
    // The first poll (20 ms after a CreateTaskResult that said 1000 ms) was not flagged above.
    expect(found(polled())).toEqual([]);
    // Undeclared, tasks/get is no method of the extension's: method-removed says so, not this.
    expect(found(polled().clientAt(500, get(3, {})))).toEqual(['method-removed:warning']);
  });
});

describe('cancel-task-augmented, for a task of the extension (› Task Cancellation)', () => {
  const cancel = (requestId: RequestId) =>
    rpc.notification('notifications/cancelled', { requestId, reason: 'stop' });
  it('notifications/cancelled for the call a CreateTaskResult answered: an error citing the extension', () => {
    const v = last(buildTask().client(cancel(1)));
    expect([v?.rule, v?.severity, v?.pointer]).toEqual([
      'cancel-task-augmented',
      'error',
      '/params/requestId',
    ]);
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Task Cancellation \(/);
  });
  it('not for a call still waiting for its answer, nor for one answered without a task', () => {
    const call = modernRequest(
      1,
      'tools/call',
      { name: 'build', arguments: {} },
      { capabilities: TASKS_CAPS },
    );
    expect(found(discovered().client(call).client(cancel(1)))).toEqual([]);
    const plain = discovered()
      .client(call)
      .server(modernResult(1, { content: [{ type: 'text', text: 'built' }] }))
      .client(cancel(1));
    expect(found(plain).filter((r) => r.startsWith('cancel-task-augmented'))).toEqual([]);
  });
});

describe('result-type-missing, for a CreateTaskResult to a request that did not declare the extension', () => {
  it('names the extension and cites its MUST NOT (› Capability Negotiation)', () => {
    const undeclared = discovered()
      .client(modernRequest(1, 'tools/call', { name: 'build', arguments: {} }))
      .server(modernResult(1, { resultType: 'task', ...extTask('working') }));
    const v = last(undeclared);
    expect([v?.rule, v?.severity, v?.pointer]).toEqual([
      'result-type-missing',
      'error',
      '/result/resultType',
    ]);
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Capability Negotiation \(/);
    // Another value no one declared keeps the core's cite.
    const other = discovered()
      .client(modernRequest(1, 'tools/call', { name: 'build', arguments: {} }))
      .server(modernResult(1, { resultType: 'later', content: [] }));
    expect(last(other)?.spec).toMatch(/^2026-07-28\/basic\/index › ResultType/);
  });
});
