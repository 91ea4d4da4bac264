import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { formatProblem, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import {
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
  taskServer,
} from '../helpers/lesson-scenario.js';

/**
 * `client: {task: …, taskId}` (2025-11-25 basic/utilities/tasks): a lesson names the task a
 * tasks/get, tasks/result or tasks/cancel is about, not only the latest one.
 */

const server = taskServer(['long_running_task']);
const client = { versions: ['2025-11-25'], capabilities: {} };
const call = (steps: number) => ({
  client: {
    request: 'tools/call',
    params: { name: 'long_running_task', arguments: { steps, delayMs: 1000 }, task: {} },
  },
});
const play = (steps: readonly object[]) =>
  playedSteps(lessonOf('2025-11-25', client, server, [...HANDSHAKE, ...steps]));
// biome-ignore lint/suspicious/noExplicitAny: the envelopes' shapes are what the test checks.
const sent = (step: Step | undefined) => step?.message as Record<string, any>;

describe('client: {task: …, taskId}', () => {
  it('names the task it is given, not the latest one', async () => {
    const steps = await play([
      call(5),
      { server: 'next' },
      call(5),
      { server: 'next' },
      { client: { task: 'cancel', taskId: 'task-1' } },
      { server: 'next' },
      { client: { task: 'get' } },
      { server: 'next' },
    ]);
    const cancel = sent(steps[7]);
    expect(cancel.method).toBe('tasks/cancel');
    expect(cancel.params).toEqual({ taskId: 'task-1' });
    expect(sent(steps[8]).result).toMatchObject({ taskId: 'task-1', status: 'cancelled' });
    // Without taskId: the latest task, still working.
    expect(sent(steps[9]).params).toEqual({ taskId: 'task-2' });
    expect(sent(steps[10]).result).toMatchObject({ taskId: 'task-2', status: 'working' });
    expect(rules(steps)).toEqual([]);
  });

  // 2025-11-25 basic/utilities/tasks › Getting Tasks: requestors SHOULD respect the pollInterval
  // the responses give. A lesson that polls at once gets the poll one pollInterval (500 ms, the
  // simulated server's) after the CreateTaskResult, and the next one after the tasks/get result.
  it('waits out the pollInterval before each tasks/get, whatever the lesson waited', async () => {
    const steps = await play([
      call(5),
      { server: 'next' },
      { client: { task: 'get' } },
      { server: 'next' },
      { do: { wait: 100 } },
      { client: { task: 'get' } },
      { server: 'next' },
      { do: { wait: 900 } },
      { client: { task: 'get' } },
      { server: 'next' },
    ]);
    const created = steps[4];
    expect(sent(created).result.task.pollInterval).toBe(500);
    const polls = steps.filter((st) => sent(st).method === 'tasks/get');
    const answers = polls.map((p) => steps[p.index + 1]);
    expect(polls.map((p) => p.t)).toEqual([
      (created?.t ?? 0) + 500,
      (answers[0]?.t ?? 0) + 500,
      // Already more than a pollInterval after the last answer: no wait of the client's own.
      (answers[1]?.t ?? 0) + 1 + 900,
    ]);
    expect(answers.map((a) => sent(a).result.status)).toEqual(['working', 'working', 'working']);
    expect(rules(steps)).toEqual([]);
  });

  it('sends a taskId the server never made as written, and the server answers -32602', async () => {
    const steps = await play([{ client: { task: 'get', taskId: 'task-9' } }, { server: 'next' }]);
    expect(sent(steps[3]).params).toEqual({ taskId: 'task-9' });
    expect(sent(steps[4]).error.code).toBe(-32602);
  });
});

const scratch = mkdtempSync(join(tmpdir(), 'mcp-sim-task-steps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let folders = 0;

function problemsOf(step: string): { en: string[]; zh: string[] } {
  const dir = join(scratch, `f${++folders}`);
  mkdirSync(join(dir, '01-mine'), { recursive: true });
  const file = join(dir, '01-mine', 'lesson.yaml');
  writeFileSync(
    file,
    `title: { en: Tasks, zh: 任务 }
goal: { en: Name a task., zh: 指明一个任务。 }
server: { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } }, tools: [long_running_task] }
steps:
  - client: initialize
    note: { en: Open., zh: 开启。 }
  - ${step}
    note: { en: Ask., zh: 询问。 }
recap: { en: Tasks., zh: 任务。 }
`,
  );
  const { problems } = loadLessons(dir);
  return {
    en: problems.map((p) => formatProblem(p).replace(`${file}:`, '')),
    zh: problems.map((p) => p.zh ?? ''),
  };
}

describe('a bad taskId in a lesson file', () => {
  it('with tasks/list is one located line, in both languages', () => {
    const { en, zh } = problemsOf('client: { task: list, taskId: task-1 }');
    expect(en).toEqual([
      '7:35: step 2, client.taskId: tasks/list names no task: taskId goes with get, result or cancel (in a client: task step)',
    ]);
    expect(zh[0]).toContain('tasks/list 不指向任何任务');
  });

  it('that is not a string, or empty, is one located line', () => {
    const number = problemsOf('client: { task: get, taskId: 1 }').en;
    expect(number).toHaveLength(1);
    expect(number[0]).toBe(
      '7:34: step 2, client.taskId: Invalid input: expected string, received number (in a client: task step)',
    );
    expect(problemsOf("client: { task: get, taskId: '' }").en).toHaveLength(1);
  });
});
