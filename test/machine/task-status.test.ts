import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { LISTING_TASK_SERVER, TASK_SERVER, taskOf } from './rule-cases.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

const SERVER = LISTING_TASK_SERVER;
const rulesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);
const all = (b: SessionBuilder) => b.run().reports.map((r) => r.violations.map((v) => v.rule));
const task = taskOf;
/** The client asks for tools/call #1 as a task; the server creates it with `status`. */
const created = (status = 'working') =>
  session()
    .handshake({ server: SERVER })
    .client(rpc.request(1, 'tools/call', { name: 'research', arguments: {}, task: { ttl: 60000 } }))
    .server(rpc.result(1, { task: task(status) }));
const get = (id: number) => rpc.request(id, 'tasks/get', { taskId: 'T1' });
const cancelTask = (id: number) => rpc.request(id, 'tasks/cancel', { taskId: 'T1' });
const statusNote = (status: string) => rpc.notification('notifications/tasks/status', task(status));

describe('task-status-transition (2025-11-25 tasks › Task Status Lifecycle)', () => {
  it('a task begins in working', () => {
    expect(rulesOf(created())).toEqual([]);
    const wrong = created('completed').run().last.violations;
    expect(wrong.map((v) => v.rule)).toEqual(['task-status-transition']);
    expect(wrong[0]?.message).toContain('"completed"');
    expect(wrong[0]?.spec).toContain('2025-11-25/basic/utilities/tasks › Task Status Lifecycle');
    expect(englishPhrases(wrong[0]?.messageZh ?? '')).toEqual([]);
  });

  it('moves on the valid paths, seen through tasks/get, notifications and tasks/list', () => {
    const fine = created()
      .server(statusNote('input_required'))
      .client(get(2))
      .server(rpc.result(2, task('working')))
      .client(rpc.request(3, 'tasks/list', {}))
      .server(rpc.result(3, { tasks: [task('completed')] }))
      .client(get(4))
      .server(rpc.result(4, task('completed')));
    expect(all(fine).flat()).toEqual([]);
  });

  it('a terminal status never changes, whichever message reports it', () => {
    const back = created()
      .server(statusNote('failed'))
      .client(get(2))
      .server(rpc.result(2, task('working')));
    expect(rulesOf(back)).toEqual(['task-status-transition']);
    const listed = created()
      .server(statusNote('completed'))
      .client(rpc.request(2, 'tasks/list', {}))
      .server(rpc.result(2, { tasks: [task('cancelled')] }));
    const v = listed.run().last.violations;
    expect(v.map((x) => x.rule)).toEqual(['task-status-transition']);
    expect(v[0]?.message).toContain('"completed"');
    expect(v[0]?.message).toContain('"cancelled"');
    // Another task of the same server is its own.
    const other = created().server(statusNote('completed')).server(statusNote('working')).run();
    expect(other.last.violations.map((x) => x.rule)).toEqual(['task-status-transition']);
    const two = created()
      .server(statusNote('completed'))
      .server(rpc.notification('notifications/tasks/status', task('working', 'T2')));
    expect(rulesOf(two)).toEqual([]);
  });

  it('an answer to a request sent before the task ended may show the older status', () => {
    // tasks/get read "working", the task completed and said so, then the answer was written.
    const crossed = created()
      .client(get(2))
      .server(statusNote('completed'))
      .server(rpc.result(2, task('working')));
    expect(rulesOf(crossed)).toEqual([]);
    // A cancellation that crossed the task's end may be served (the task was still working).
    const race = created()
      .client(cancelTask(2))
      .server(statusNote('completed'))
      .server(rpc.result(2, task('cancelled')));
    expect(all(race).flat()).toEqual([]);
    // A notification is sent as the task moves: one after the end is no stale read.
    const late = created()
      .client(get(2))
      .server(statusNote('completed'))
      .server(statusNote('working'));
    expect(rulesOf(late)).toEqual(['task-status-transition']);
  });

  it('a tasks/cancel that succeeds reports the task cancelled', () => {
    const fine = created()
      .client(cancelTask(2))
      .server(rpc.result(2, task('cancelled')));
    expect(rulesOf(fine)).toEqual([]);
    const still = created()
      .client(cancelTask(2))
      .server(rpc.result(2, task('working')));
    const v = still.run().last.violations;
    expect(v.map((x) => x.rule)).toEqual(['task-status-transition']);
    expect(v[0]?.spec).toContain('Task Cancellation');
  });

  it('is not judged before 2025-11-25', () => {
    const old = session()
      .handshake({ version: '2025-06-18', server: TASK_SERVER })
      .server(statusNote('completed'))
      .server(statusNote('working'));
    expect(all(old).flat()).not.toContain('task-status-transition');
  });
});

describe('task-cancel-terminal (2025-11-25 tasks › Task Cancellation)', () => {
  const finished = () => created().server(statusNote('completed')).client(cancelTask(2));

  it('a task already terminal is refused with -32602', () => {
    const refused = finished().server(
      rpc.error(2, -32602, "Cannot cancel task: already in terminal status 'completed'"),
    );
    expect(rulesOf(refused)).toEqual([]);
    const served = finished()
      .server(rpc.result(2, task('cancelled')))
      .run().last.violations;
    expect(served.map((v) => v.rule)).toEqual(['task-cancel-terminal']);
    expect(served[0]?.message).toContain('-32602');
    expect(englishPhrases(served[0]?.messageZh ?? '')).toEqual([]);
    const code = finished().server(rpc.error(2, -32603, 'no'));
    expect(rulesOf(code)).toEqual(['task-cancel-terminal']);
  });

  it('a task still running may be cancelled', () => {
    const running = created()
      .client(cancelTask(2))
      .server(rpc.error(2, -32602, 'bad'));
    expect(rulesOf(running)).toEqual([]);
  });
});

describe('the real server-everything task session (test/fixtures/real/everything-tasks.jsonl)', () => {
  const file = join(import.meta.dirname, '../fixtures/real/everything-tasks.jsonl');
  const messages = () =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { direction: string; message: JsonObject });
  const replay = (entries: readonly { direction: string; message: JsonObject }[]) => {
    const b = session();
    for (const { direction, message } of entries) {
      if (direction === 'client->server') b.client(message);
      else b.server(message);
    }
    return b.run().reports.flatMap((r) => r.violations.map((v) => [r.index, v.rule]));
  };

  /**
   * The SDK v1 client (1.32.2) copies the tools/call's `task` into every tasks/get and tasks/result
   * it sends: task augmentation of requests no tasks.requests entry names, which 2025-11-25
   * basic/utilities/tasks › Capability Negotiation asks requestors not to do (a SHOULD: warnings).
   * The server ignores the field, as Task Support and Handling asks. The rest is clean.
   */
  const sdkTaskFields = (entries: readonly { message: JsonObject }[]) =>
    entries.flatMap(({ message }, index) =>
      message.method === 'tasks/get' || message.method === 'tasks/result'
        ? [[index, 'task-augmentation-unsupported']]
        : [],
    );

  it('is clean as recorded but for the SDK’s task field on its polls: working, polled, completed, and the late cancel refused -32602', () => {
    const entries = messages();
    expect(sdkTaskFields(entries)).toHaveLength(6);
    expect(replay(entries)).toEqual(sdkTaskFields(entries));
  });

  it('breaks the rules once the server is made to misbehave', () => {
    const entries = messages();
    const last = entries.length - 1;
    const refusal = entries[last]?.message;
    expect(refusal?.error).toBeDefined();
    // The finished task "cancelled" instead of refused.
    const served = entries.slice(0, last);
    const completed = entries.findLast((e) => e.message.method === 'notifications/tasks/status')
      ?.message.params as JsonObject;
    served.push({
      direction: 'server->client',
      message: {
        jsonrpc: '2.0',
        id: refusal?.id ?? null,
        result: { ...completed, status: 'cancelled' },
      },
    });
    expect(replay(served)).toEqual([...sdkTaskFields(served), [last, 'task-cancel-terminal']]);
    // A completed task that reports working again.
    const again = [
      ...entries,
      {
        direction: 'server->client',
        message: {
          jsonrpc: '2.0',
          method: 'notifications/tasks/status',
          params: { ...completed, status: 'working' },
        },
      },
    ];
    expect(replay(again)).toEqual([
      ...sdkTaskFields(entries),
      [entries.length, 'task-status-transition'],
    ]);
  });
});

describe('task-related-meta (2025-11-25 tasks › Associating Task-Related Messages)', () => {
  const RELATED = 'io.modelcontextprotocol/related-task';
  const related = (taskId: string) => ({ _meta: { [RELATED]: { taskId } } });
  const FORM = { message: 'Rate it', requestedSchema: { type: 'object', properties: {} } };
  const asked = () =>
    created()
      .server(statusNote('input_required'))
      .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
      .server(rpc.request(0, 'elicitation/create', { ...FORM, ...related('T1') }));

  it('the client’s answer to a request related to a task carries the same task', () => {
    expect(rulesOf(asked().client(rpc.result(0, { action: 'decline', ...related('T1') })))).toEqual(
      [],
    );
    const bare = asked()
      .client(rpc.result(0, { action: 'decline' }))
      .run().last.violations;
    expect(bare.map((v) => v.rule)).toEqual(['task-related-meta']);
    expect(bare[0]?.message).toContain('elicitation/create #0');
    expect(englishPhrases(bare[0]?.messageZh ?? '')).toEqual([]);
    const other = asked().client(rpc.result(0, { action: 'decline', ...related('T2') }));
    expect(other.run().last.violations[0]?.message).toContain('names task "T2"');
  });

  it('tasks/result must name the task it was asked for; tasks/get and an unrelated request need nothing', () => {
    const wrong = created()
      .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
      .server(rpc.result(2, { content: [], ...related('T9') }));
    expect(rulesOf(wrong)).toEqual(['task-related-meta']);
    // An error (the underlying request's own JSON-RPC error) has no _meta to carry.
    const error = created()
      .client(rpc.request(2, 'tasks/result', { taskId: 'T1' }))
      .server(rpc.error(2, -32603, 'Internal error'));
    expect(rulesOf(error)).toEqual([]);
    expect(
      rulesOf(
        created()
          .client(get(2))
          .server(rpc.result(2, task('working'))),
      ),
    ).toEqual([]);
    const plain = created()
      .server(rpc.request(0, 'elicitation/create', FORM))
      .client(rpc.result(0, { action: 'decline' }));
    expect(rulesOf(plain)).toEqual([]);
  });
});

describe('progress for a task (2025-11-25 progress › Behavior Requirements)', () => {
  const withToken = () =>
    session()
      .handshake({ server: SERVER })
      .client(
        rpc.request(1, 'tools/call', {
          name: 'research',
          arguments: {},
          task: { ttl: 60000 },
          _meta: { progressToken: 'p1' },
        }),
      )
      .server(rpc.result(1, { task: task('working') }));
  const progress = (n: number) =>
    rpc.notification('notifications/progress', { progressToken: 'p1', progress: n, total: 3 });

  it('the token stays valid after the CreateTaskResult, until the task is terminal', () => {
    const going = withToken()
      .server(progress(1))
      .server(statusNote('input_required'))
      .server(progress(2));
    expect(all(going).flat()).toEqual([]);
    const after = withToken()
      .server(progress(1))
      .server(statusNote('completed'))
      .server(progress(2));
    const v = after.run().last.violations;
    expect(v.map((x) => x.rule)).toEqual(['progress-after-completion']);
    expect(v[0]?.message).toContain('task "T1"');
    expect(v[0]?.message).toContain('"completed"');
    expect(v[0]?.spec).toContain('2025-11-25/basic/utilities/progress › Behavior Requirements');
    expect(englishPhrases(v[0]?.messageZh ?? '')).toEqual([]);
    // Cancelled through tasks/cancel: terminal too.
    const cancelled = withToken()
      .client(cancelTask(2))
      .server(rpc.result(2, task('cancelled')))
      .server(progress(1));
    expect(rulesOf(cancelled)).toEqual(['progress-after-completion']);
  });

  it('a normal request’s token still ends with its answer', () => {
    const normal = session()
      .handshake({ server: SERVER })
      .client(rpc.request(1, 'tools/call', { name: 'research', _meta: { progressToken: 'p1' } }))
      .server(rpc.result(1, { content: [] }))
      .server(progress(1));
    expect(rulesOf(normal)).toEqual(['progress-after-completion']);
  });
});
