import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { RELATED, TASK_SERVER } from './rule-cases.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

/** A server that also lists its tasks. */
const SERVER = { ...TASK_SERVER, tasks: { ...TASK_SERVER.tasks, list: {} } };
const last = (b: SessionBuilder) => b.run().last.violations;
const rulesOf = (b: SessionBuilder) => last(b).map((v) => v.rule);
/** Every rule any step of the session broke, in order. */
const allRules = (b: SessionBuilder) =>
  b.run().reports.flatMap((r) => r.violations.map((v) => v.rule));
const task = (
  status: string,
  { taskId = 'T1', createdAt = '2025-11-25T10:00:00Z', ttl = 60000 as number | null } = {},
): JsonObject => ({
  taskId,
  status,
  createdAt,
  lastUpdatedAt: createdAt,
  ttl,
});
const call = (id: number) =>
  rpc.request(id, 'tools/call', { name: 'research', arguments: {}, task: { ttl: 60000 } });
const created = () =>
  session()
    .handshake({ server: SERVER })
    .client(call(1))
    .server(rpc.result(1, { task: task('working') }));
const statusNote = (status: string) => rpc.notification('notifications/tasks/status', task(status));
const askResult = (id: number) => rpc.request(id, 'tasks/result', { taskId: 'T1' });
const result = (id: number) => rpc.result(id, { content: [], _meta: RELATED('T1') });

describe('task-result-before-terminal (2025-11-25 tasks › Result Retrieval)', () => {
  /** tasks/result #2 answered with a result while the task was last reported working. */
  const early = () => created().client(askResult(2)).server(result(2));

  it('a status notification after the result, still working: the result came before the end', () => {
    const found = last(early().server(statusNote('working')));
    expect(found.map((v) => [v.rule, v.severity])).toEqual([
      ['task-result-before-terminal', 'error'],
    ]);
    expect(found[0]?.message).toContain('tasks/result #2');
    expect(found[0]?.message).toContain('"working"');
    expect(found[0]?.spec).toContain('2025-11-25/basic/utilities/tasks › Result Retrieval');
    expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
    expect(rulesOf(early().server(statusNote('input_required')))).toEqual([
      'task-result-before-terminal',
    ]);
  });

  it('a tasks/get or tasks/list sent after the result that reports the task unfinished', () => {
    const get = early()
      .client(rpc.request(3, 'tasks/get', { taskId: 'T1' }))
      .server(rpc.result(3, task('working')));
    expect(rulesOf(get)).toEqual(['task-result-before-terminal']);
    const list = early()
      .client(rpc.request(3, 'tasks/list'))
      .server(rpc.result(3, { tasks: [task('input_required')] }));
    const found = last(list);
    expect(found.map((v) => v.rule)).toEqual(['task-result-before-terminal']);
    expect(found[0]?.message).toContain('the tasks/list result');
  });

  it('not a tasks/get sent before the result went out: its answer may have been read before', () => {
    const crossed = created()
      .client(askResult(2))
      .client(rpc.request(3, 'tasks/get', { taskId: 'T1' }))
      .server(result(2))
      .server(rpc.result(3, task('working')));
    expect(allRules(crossed)).toEqual([]);
  });

  it('not when the task ended first, nor after an error answer, nor for another task', () => {
    const ended = created().client(askResult(2)).server(statusNote('completed')).server(result(2));
    expect(allRules(ended)).toEqual([]);
    // Reported terminal and then working: a wrong transition, not an early result.
    expect(rulesOf(ended.server(statusNote('working')))).toEqual(['task-status-transition']);
    const refused = created()
      .client(askResult(2))
      .server(rpc.error(2, -32602, 'Task not found'))
      .server(statusNote('working'));
    expect(allRules(refused)).toEqual([]);
    const other = early()
      .client(call(3))
      .server(rpc.result(3, { task: task('working', { taskId: 'T2' }) }))
      .server(rpc.notification('notifications/tasks/status', task('working', { taskId: 'T2' })));
    expect(allRules(other)).toEqual([]);
  });

  it('shows the early result once: the reports after the one that revealed it are honest', () => {
    const again = early()
      .server(statusNote('working'))
      .server(statusNote('input_required'))
      .client(rpc.request(3, 'tasks/get', { taskId: 'T1' }))
      .server(rpc.result(3, task('input_required')));
    expect(allRules(again)).toEqual(['task-result-before-terminal']);
  });

  it('a result answered early and the task reported completed after it is not decidable: clean', () => {
    expect(allRules(early().server(statusNote('completed')))).toEqual([]);
  });
});

describe('task-id-reused (2025-11-25 tasks › Task ID Requirements)', () => {
  /** A second task-augmented call answered with a task of the same ID T1. */
  const again = (t: JsonObject) => rpc.result(2, { task: t });

  it('a task ID of a task still working is given to a new task', () => {
    const found = last(
      created()
        .client(call(2))
        .server(again(task('working'))),
    );
    expect(found.map((v) => [v.rule, v.severity])).toEqual([['task-id-reused', 'error']]);
    expect(found[0]?.message).toContain('within its ttl of 60000 ms');
    expect(found[0]?.spec).toContain('2025-11-25/basic/utilities/tasks › Task ID Requirements');
    expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
  });

  it('a completed task still within its ttl by the receiver’s createdAt; after it, the ID is free', () => {
    const done = () => created().server(statusNote('completed')).client(call(2));
    const within = done().server(again(task('working', { createdAt: '2025-11-25T10:00:59Z' })));
    expect(rulesOf(within)).toEqual(['task-id-reused']);
    const after = done()
      .server(again(task('working', { createdAt: '2025-11-25T10:01:00Z' })))
      // The new task of that ID starts afresh: its working is no move out of "completed".
      .server(statusNote('working'));
    expect(allRules(after)).toEqual([]);
  });

  it('an unlimited ttl (null) never elapses', () => {
    const forever = session()
      .handshake({ server: SERVER })
      .client(call(1))
      .server(rpc.result(1, { task: task('working', { ttl: null }) }))
      .server(rpc.notification('notifications/tasks/status', task('completed', { ttl: null })))
      .client(call(2))
      .server(again(task('working', { createdAt: '2025-11-26T10:00:00Z' })));
    const found = last(forever);
    expect(found.map((v) => v.rule)).toEqual(['task-id-reused']);
    expect(found[0]?.message).toContain('unlimited ttl');
  });

  it('the shortest ttl the receiver reported counts', () => {
    const shortened = created()
      .client(rpc.request(2, 'tasks/get', { taskId: 'T1' }))
      .server(rpc.result(2, { ...task('completed'), ttl: 10000 }))
      .client(call(3))
      .server(rpc.result(3, { task: task('working', { createdAt: '2025-11-25T10:00:30Z' }) }));
    expect(rulesOf(shortened)).toEqual([]);
  });

  it('a cancelled task, or one being cancelled, MAY be deleted at any time: its ID is free', () => {
    const cancelled = created()
      .client(rpc.request(2, 'tasks/cancel', { taskId: 'T1' }))
      .server(rpc.result(2, task('cancelled')))
      .client(call(3))
      .server(rpc.result(3, { task: task('working') }));
    expect(allRules(cancelled)).toEqual([]);
    const cancelling = created()
      .client(rpc.request(2, 'tasks/cancel', { taskId: 'T1' }))
      .client(call(3))
      .server(rpc.result(3, { task: task('working') }));
    expect(allRules(cancelling)).toEqual([]);
  });

  it('no createdAt to go by: not certain, not flagged', () => {
    const { createdAt: _, ...undated } = task('working');
    const found = last(created().client(call(2)).server(again(undated)));
    expect(found.map((v) => v.rule)).not.toContain('task-id-reused');
  });

  it('the client’s tasks are its own ID space: the server’s T1 is not the client’s', () => {
    const both = session()
      .handshake({
        server: SERVER,
        client: { tasks: { requests: { sampling: { createMessage: {} } } }, sampling: {} },
      })
      .client(call(1))
      .server(rpc.result(1, { task: task('working') }))
      .server(
        rpc.request(7, 'sampling/createMessage', {
          messages: [],
          maxTokens: 10,
          task: { ttl: 60000 },
        }),
      )
      .client(rpc.result(7, { task: task('working') }));
    expect(allRules(both)).not.toContain('task-id-reused');
  });
});
