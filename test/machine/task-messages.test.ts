import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { LISTING_TASK_SERVER, RELATED, taskElicit, taskOf } from './rule-cases.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

const SERVER = LISTING_TASK_SERVER;
const last = (b: SessionBuilder) => b.run().last.violations;
const rulesOf = (b: SessionBuilder) => last(b).map((v) => v.rule);
const task = taskOf;
const created = (version = '2025-11-25') =>
  session()
    .handshake({ version, server: SERVER })
    .client(rpc.request(1, 'tools/call', { name: 'research', arguments: {}, task: { ttl: 60000 } }))
    .server(rpc.result(1, { task: task('working') }));
const statusNote = (status: string, meta?: JsonObject) =>
  rpc.notification('notifications/tasks/status', {
    ...task(status),
    ...(meta ? { _meta: meta } : {}),
  });

describe('task-input-request-meta (2025-11-25 tasks › Input Required Status)', () => {
  const waiting = () =>
    created()
      .server(statusNote('input_required'))
      .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }));

  it('the server’s request for an input_required task must name it; named, it is clean', () => {
    const found = last(waiting().server(taskElicit(false)));
    expect(found.map((v) => [v.rule, v.severity])).toEqual([['task-input-request-meta', 'error']]);
    expect(found[0]?.message).toContain('{"taskId": "T1"}');
    expect(found[0]?.spec).toContain('› Input Required Status');
    expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
    expect(rulesOf(waiting().server(taskElicit(true)))).toEqual([]);
  });

  it('also with no tasks/result waiting (the spec asks for the _meta, not for the stream)', () => {
    const early = created().server(statusNote('input_required')).server(taskElicit(false));
    expect(rulesOf(early)).toEqual(['task-input-request-meta']);
  });

  it('not while the task is working, nor for a ping, nor with a plain request of the client open', () => {
    const working = created().client(rpc.request(2, 'tasks/result', { taskId: 'T1' }));
    expect(rulesOf(working.server(taskElicit(false)))).toEqual([]);
    expect(rulesOf(waiting().server(rpc.request(0, 'ping')))).toEqual([]);
    // The elicitation may be for the plain tools/call #3, nested in it.
    const nested = waiting()
      .client(rpc.request(3, 'tools/call', { name: 'echo', arguments: {} }))
      .server(taskElicit(false));
    expect(rulesOf(nested)).toEqual([]);
  });

  it('not once the task ended', () => {
    const ended = created()
      .server(statusNote('input_required'))
      .server(statusNote('completed'))
      .server(taskElicit(false));
    expect(rulesOf(ended)).toEqual([]);
  });
});

describe('task-meta-redundant (2025-11-25 tasks › Associating Task-Related Messages)', () => {
  it('flags each tasks/* request that carries the related-task _meta, tasks/list citing Related Task Metadata', () => {
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      const found = last(
        created().client(rpc.request(2, method, { taskId: 'T1', _meta: RELATED('T1') })),
      );
      expect(found.map((v) => [v.rule, v.severity])).toEqual([['task-meta-redundant', 'warning']]);
      expect(found[0]?.spec).toContain('› Associating Task-Related Messages');
      expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
    }
    const list = last(created().client(rpc.request(2, 'tasks/list', { _meta: RELATED('T1') })));
    expect(list.map((v) => v.rule)).toEqual(['task-meta-redundant']);
    expect(list[0]?.spec).toContain('› Related Task Metadata');
  });

  it('flags tasks/get, tasks/list and tasks/cancel results with it, not a tasks/result result', () => {
    const answer = (method: string, result: JsonObject) =>
      created()
        .client(rpc.request(2, method, method === 'tasks/list' ? {} : { taskId: 'T1' }))
        .server(rpc.result(2, { ...result, _meta: RELATED('T1') }));
    expect(rulesOf(answer('tasks/get', task('working')))).toEqual(['task-meta-redundant']);
    expect(rulesOf(answer('tasks/cancel', task('cancelled')))).toEqual(['task-meta-redundant']);
    expect(rulesOf(answer('tasks/list', { tasks: [task('working')] }))).toEqual([
      'task-meta-redundant',
    ]);
    expect(rulesOf(answer('tasks/result', { content: [] }))).toEqual([]);
    // An empty _meta, as the reference server sends on tasks/list, repeats nothing.
    const empty = created()
      .client(rpc.request(2, 'tasks/list'))
      .server(rpc.result(2, { tasks: [task('working')], _meta: {} }));
    expect(rulesOf(empty)).toEqual([]);
  });

  it('flags notifications/tasks/status with it, citing Task Notifications', () => {
    const found = last(created().server(statusNote('working', RELATED('T1'))));
    expect(found.map((v) => v.rule)).toEqual(['task-meta-redundant']);
    expect(found[0]?.spec).toContain('› Task Notifications');
    expect(rulesOf(created().server(statusNote('working')))).toEqual([]);
  });

  it('judges nothing before 2025-11-25 brought tasks', () => {
    const early = session()
      .handshake({ version: '2025-06-18' })
      .client(rpc.request(1, 'tools/call', { name: 'echo', _meta: RELATED('T1') }))
      .server(rpc.result(1, { content: [], _meta: RELATED('T1') }));
    expect(early.run().reports.flatMap((r) => r.violations.map((v) => v.rule))).toEqual([]);
  });
});

describe('task-answer-other-task (2025-11-25 tasks › Associating Task-Related Messages)', () => {
  it('tasks/cancel answered about another task than params.taskId', () => {
    const found = last(
      created()
        .client(rpc.request(2, 'tasks/cancel', { taskId: 'T1', _meta: RELATED('T2') }))
        .server(rpc.result(2, task('cancelled', 'T2'))),
    );
    expect(found.map((v) => v.rule)).toContain('task-answer-other-task');
    const other = found.find((v) => v.rule === 'task-answer-other-task');
    expect(other?.message).toContain('asks about task "T1"');
    expect(other?.message).toContain('answers about task "T2"');
    expect(englishPhrases(other?.messageZh ?? '')).toEqual([]);
  });
});

describe('task-failed-without-message (2025-11-25 tasks › Task Execution Errors)', () => {
  it('only a tasks/get result: a notification or tasks/list of a failed task need not explain', () => {
    expect(rulesOf(created().server(statusNote('failed')))).toEqual([]);
    const listed = created()
      .client(rpc.request(2, 'tasks/list'))
      .server(rpc.result(2, { tasks: [task('failed')] }));
    expect(rulesOf(listed)).toEqual([]);
  });
});

describe('task-augmentation-unsupported (2025-11-25 tasks › Capability Negotiation)', () => {
  it('a task field on tasks/get is ignored: its result still reports the task’s status', () => {
    // The status in the result is judged as any tasks/get result's: a completed task seen
    // working again breaks the lifecycle, task field or not.
    const polled = created()
      .server(statusNote('completed'))
      .client(rpc.request(2, 'tasks/get', { taskId: 'T1', task: { ttl: 60000 } }));
    const request = last(polled);
    expect(request.map((v) => [v.rule, v.severity])).toEqual([
      ['task-augmentation-unsupported', 'warning'],
    ]);
    expect(request[0]?.message).toContain('MUST process it normally');
    expect(englishPhrases(request[0]?.messageZh ?? '')).toEqual([]);
    expect(rulesOf(polled.server(rpc.result(2, task('working'))))).toEqual([
      'task-status-transition',
    ]);
  });

  it('not for the three requests that can run as tasks, nor before 2025-11-25', () => {
    expect(rulesOf(created())).toEqual([]);
    const early = session()
      .handshake({ version: '2025-06-18' })
      .client(rpc.request(1, 'ping', { task: {} }));
    expect(rulesOf(early)).toEqual([]);
  });
});

describe('task-result-kind (2025-11-25 tasks › Result Retrieval, Task Support and Handling)', () => {
  const asked = (server: JsonObject) =>
    session()
      .handshake({ server })
      .client(rpc.request(1, 'tools/call', { name: 'research', task: { ttl: 60000 } }));
  const plain = rpc.result(1, { content: [{ type: 'text', text: 'done' }] });

  it('a receiver without the capability must ignore the task field, not create a task', () => {
    const ignored = asked({ tools: {} }).server(plain);
    expect(rulesOf(ignored)).toEqual([]);
    const found = last(asked({ tools: {} }).server(rpc.result(1, { task: task('working') })));
    expect(found.map((v) => [v.rule, v.severity])).toEqual([['task-result-kind', 'error']]);
    expect(found[0]?.spec).toContain('› Task Support and Handling');
    expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
  });

  it('a receiver with it answers a CreateTaskResult or an error; a plain result is flagged', () => {
    const found = last(asked(SERVER).server(plain));
    expect(found.map((v) => v.rule)).toEqual(['task-result-kind']);
    expect(found[0]?.spec).toContain('› Result Retrieval');
    expect(rulesOf(asked(SERVER).server(rpc.error(1, -32601, 'Method not found')))).toEqual([]);
  });

  it('leaves a tool that does not run as a task to task-support-mismatch', () => {
    const forbidden = session()
      .handshake({ server: SERVER })
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }))
      .client(rpc.request(2, 'tools/call', { name: 'echo', task: { ttl: 60000 } }))
      .server(rpc.result(2, { content: [] }));
    expect(rulesOf(forbidden)).toEqual(['task-support-mismatch']);
  });
});
