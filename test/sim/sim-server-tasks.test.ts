import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import {
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
  taskServer,
} from '../helpers/lesson-scenario.js';

/**
 * 2025-11-25 tasks (basic/utilities/tasks, lesson 31): the simulated server runs a task-augmented
 * tools/call as the spec says, and the referee finds nothing wrong with it.
 */

const server = taskServer(['long_running_task', 'weather_current']);
const client = { versions: ['2025-11-25'], capabilities: {} };
const call = (steps: number, name = 'long_running_task') => ({
  client: {
    request: 'tools/call',
    params: {
      name,
      arguments: name === 'weather_current' ? { location: 'Paris' } : { steps, delayMs: 1000 },
      task: { ttl: 60000 },
    },
  },
});
const play = (steps: readonly object[], s: object = server) =>
  playedSteps(lessonOf('2025-11-25', client, s, [...HANDSHAKE, ...steps]));

type ListedTool = { readonly name: string; readonly execution?: unknown };
// biome-ignore lint/suspicious/noExplicitAny: the envelopes' shapes are what the test checks.
type Sent = Record<string, any>;
const sent = (step: Step | undefined) => step?.message as Sent;

describe('the simulated server runs 2025-11-25 tasks', () => {
  it('lists execution.taskSupport only when it declared tasks.requests.tools.call', async () => {
    const list = [{ client: { request: 'tools/list' } }, { server: 'next' }];
    const tools = (steps: readonly Step[]) => sent(steps.at(-1)).result.tools;
    const withTasks = tools(await play(list));
    expect(withTasks.find((t: ListedTool) => t.name === 'long_running_task').execution).toEqual({
      taskSupport: 'optional',
    });
    expect(
      withTasks.find((t: ListedTool) => t.name === 'weather_current').execution,
    ).toBeUndefined();
    const without = tools(await play(list, { ...server, capabilities: { tools: {} } }));
    expect(without.every((t: ListedTool) => t.execution === undefined)).toBe(true);
  });

  it('creates a working task, holds tasks/result until the task ends, then tells of it', async () => {
    const steps = await play([
      call(2),
      { server: 'next' },
      { client: { task: 'result' } },
      { server: 'next' },
      { server: 'next' },
    ]);
    const created = sent(steps[4]).result.task;
    expect(created).toMatchObject({ taskId: 'task-1', status: 'working', ttl: 60000 });
    expect(typeof created.createdAt).toBe('string');
    // The notification is due when the work ends; the held tasks/result leaves with it.
    const [first, second] = [sent(steps[6]), sent(steps[7])];
    expect(first.method).toBe('notifications/tasks/status');
    expect(first.params.status).toBe('completed');
    expect(second.result.content[0].text).toBe('Finished all 2 steps.');
    expect(second.result._meta['io.modelcontextprotocol/related-task']).toEqual({
      taskId: 'task-1',
    });
    expect(rules(steps)).toEqual([]);
  });

  it('cancels a working task (a held tasks/result gets -32603), refuses a terminal one with -32602', async () => {
    const steps = await play([
      call(5),
      { server: 'next' },
      { client: { task: 'result' } },
      { client: { task: 'cancel' } },
      { server: 'next' },
      { server: 'next' },
      { client: { task: 'cancel' } },
      { server: 'next' },
      { client: { task: 'get' } },
      { server: 'next' },
    ]);
    const answers = steps
      .filter((s) => s.direction === 'server->client')
      .slice(2)
      .map(sent);
    expect(answers[0]?.error?.code).toBe(-32603);
    expect(answers[1]?.result?.status).toBe('cancelled');
    expect(answers[2]?.error?.code).toBe(-32602);
    // Cancelled stays cancelled after the work would have finished; no completion is told.
    expect(answers[3]?.result?.status).toBe('cancelled');
    expect(answers).toHaveLength(4);
    expect(rules(steps)).toEqual([]);
  });

  it('answers -32601 for a tool without taskSupport called as a task, -32602 for an unknown taskId', async () => {
    const steps = await play([
      call(1, 'weather_current'),
      { server: 'next' },
      { client: { request: 'tasks/get', params: { taskId: 'nobody-made-this' } } },
      { server: 'next' },
    ]);
    expect(sent(steps[4]).error.code).toBe(-32601);
    expect(sent(steps[6]).error.code).toBe(-32602);
    // The call itself is the client's fault (task-support-mismatch); the answers break nothing.
    expect(rules(steps.filter((s) => s.direction === 'server->client'))).toEqual([]);
  });
});

describe('a task whose work fails (failAtStep)', () => {
  const failing = {
    client: {
      request: 'tools/call',
      params: {
        name: 'long_running_task',
        arguments: { steps: 4, delayMs: 1000, failAtStep: 2 },
        task: { ttl: 60000 },
      },
    },
  };

  it('ends failed with a statusMessage; tasks/result returns the tool error with the related task', async () => {
    const steps = await play([
      failing,
      { server: 'next' },
      { do: { wait: 2500 } },
      { server: 'next' },
      { client: { task: 'get' } },
      { server: 'next' },
      { client: { task: 'result' } },
      { server: 'next' },
      { client: { task: 'cancel' } },
      { server: 'next' },
    ]);
    const answers = steps.filter((s) => s.direction === 'server->client').map(sent);
    const [status, got, result, cancel] = answers.slice(-4) as [Sent, Sent, Sent, Sent];
    // Told when the work stops at step 2 (2 s), not at the end of all four steps.
    expect(status.method).toBe('notifications/tasks/status');
    expect(status.params).toMatchObject({
      taskId: 'task-1',
      status: 'failed',
      statusMessage: 'Tool execution failed: Step 2 of 4 failed.',
    });
    expect(got.result).toMatchObject({ status: 'failed', statusMessage: expect.any(String) });
    expect(result.result).toEqual({
      content: [{ type: 'text', text: 'Step 2 of 4 failed.' }],
      isError: true,
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } },
    });
    // Failed is terminal: it cannot be cancelled.
    expect(cancel.error.code).toBe(-32602);
    expect(rules(steps)).toEqual([]);
  });

  it('a normal call fails the same way, with its progress up to the failing step', async () => {
    const steps = await play([
      {
        client: {
          request: 'tools/call',
          params: {
            name: 'long_running_task',
            arguments: { steps: 4, delayMs: 100, failAtStep: 2 },
          },
          progress: true,
        },
      },
      { server: 'next' },
      { server: 'next' },
      { server: 'next' },
    ]);
    const [one, two, answer] = steps.slice(-3).map(sent) as [Sent, Sent, Sent];
    expect([one.params.progress, two.params.progress, two.params.total]).toEqual([1, 2, 4]);
    expect(answer.result).toEqual({
      content: [{ type: 'text', text: 'Step 2 of 4 failed.' }],
      isError: true,
    });
    expect(rules(steps)).toEqual([]);
  });
});

describe('a task that needs the client’s input (input_required)', () => {
  const asking = {
    ...server,
    tools: ['long_running_task', 'collect_feedback'],
  };
  const eliciting = { ...client, capabilities: { elicitation: {} } };
  const feedback = {
    client: {
      request: 'tools/call',
      params: { name: 'collect_feedback', arguments: { topic: 'tasks' }, task: { ttl: 60000 } },
    },
  };
  const playAsking = (steps: readonly object[], c: object = eliciting) =>
    playedSteps(lessonOf('2025-11-25', c, asking, [...HANDSHAKE, ...steps]));

  it('lists collect_feedback with taskSupport "optional"', async () => {
    const steps = await playAsking([{ client: { request: 'tools/list' } }, { server: 'next' }]);
    const tools = sent(steps.at(-1)).result.tools as ListedTool[];
    expect(tools.find((t) => t.name === 'collect_feedback')?.execution).toEqual({
      taskSupport: 'optional',
    });
  });

  it('moves to input_required, asks on tasks/result with the related task, works again and completes', async () => {
    const steps = await playAsking([
      feedback,
      { server: 'next' },
      { server: 'next' },
      { client: 'next' },
      { server: 'next' },
      { client: 'next' },
      { server: 'next' },
      { server: 'next' },
      { server: 'next' },
    ]);
    const [created, needs, result, asked, answer, working, done, final] = steps
      .slice(4)
      .map(sent) as Sent[];
    expect(created?.result.task.status).toBe('working');
    expect(needs?.method).toBe('notifications/tasks/status');
    expect(needs?.params).toMatchObject({ taskId: 'task-1', status: 'input_required' });
    // The client SHOULD call tasks/result when it sees input_required: it did, by itself.
    expect(result).toMatchObject({ method: 'tasks/result', params: { taskId: 'task-1' } });
    expect(asked?.method).toBe('elicitation/create');
    expect(asked?.params._meta).toEqual({
      'io.modelcontextprotocol/related-task': { taskId: 'task-1' },
    });
    // The client's answer is related to the task too.
    expect(answer?.id).toBe(asked?.id);
    expect(answer?.result).toMatchObject({
      action: 'accept',
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } },
    });
    expect(working?.params.status).toBe('working');
    expect(done?.params.status).toBe('completed');
    // The held tasks/result answers with the tool's result once the task ends.
    expect(final?.id).toBe(result?.id);
    expect(final?.result).toEqual({
      content: [{ type: 'text', text: 'Thank you: rating 5, "Clear!".' }],
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } },
    });
    expect(rules(steps)).toEqual([]);
  });

  it('reports input_required to tasks/get, and cancelling it answers the held tasks/result', async () => {
    const steps = await playAsking([
      feedback,
      { server: 'next' },
      { do: { wait: 300 } },
      { client: { task: 'get' } },
      { server: 'next' },
      { server: 'next' },
      { client: 'next' },
      { server: 'next' },
      { client: { task: 'cancel' } },
      { server: 'next' },
      { server: 'next' },
    ]);
    const answers = steps.filter((s) => s.direction === 'server->client').map(sent);
    const polled = answers.find((a) => a.result?.status === 'input_required');
    expect(polled?.result.statusMessage).toMatch(/tasks\/result/);
    const tail = answers.slice(-2);
    expect(tail.map((a) => a.error?.code ?? a.result?.status)).toEqual([-32603, 'cancelled']);
    expect(rules(steps)).toEqual([]);
  });

  it('fails at once when the client cannot be asked (no elicitation capability)', async () => {
    const steps = await playAsking([feedback, { server: 'next' }, { server: 'next' }], client);
    expect(sent(steps.at(-1)).params).toMatchObject({
      status: 'failed',
      statusMessage: expect.stringContaining('elicitation'),
    });
    expect(rules(steps)).toEqual([]);
  });
});

describe('progress for a task (2025-11-25 progress › Behavior Requirements)', () => {
  const withProgress = (args: object) => ({
    client: {
      request: 'tools/call',
      params: { name: 'long_running_task', arguments: args, task: { ttl: 60000 } },
      progress: true,
    },
  });

  it('keeps the call’s progressToken after the CreateTaskResult and stops before the task ends', async () => {
    const steps = await play([
      withProgress({ steps: 2, delayMs: 500 }),
      { server: 'next' },
      { server: 'next' },
      { server: 'next' },
      { server: 'next' },
    ]);
    const call = sent(steps[3]);
    const [created, one, two, done] = steps.slice(4).map(sent) as Sent[];
    expect(created?.result.task.status).toBe('working');
    const token = call.params._meta.progressToken;
    expect([one?.params.progressToken, two?.params.progressToken]).toEqual([token, token]);
    expect([one?.params.progress, two?.params.progress]).toEqual([1, 2]);
    expect(done?.params.status).toBe('completed');
    expect(rules(steps)).toEqual([]);
  });

  it('sends no more progress once the task is cancelled', async () => {
    const steps = await play([
      withProgress({ steps: 4, delayMs: 500 }),
      { server: 'next' },
      { server: 'next' },
      { client: { task: 'cancel' } },
      { server: 'next' },
      { do: { wait: 5000 } },
      { client: { task: 'get' } },
      { server: 'next' },
    ]);
    const methods = steps.slice(4).map((s) => sent(s).method ?? sent(s).result?.status);
    expect(methods).toEqual([
      undefined, // the CreateTaskResult
      'notifications/progress',
      'tasks/cancel',
      'cancelled',
      'tasks/get',
      'cancelled',
    ]);
    expect(rules(steps)).toEqual([]);
  });
});
