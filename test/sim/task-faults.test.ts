import { describe, expect, it } from 'vitest';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
  taskServer,
} from '../helpers/lesson-scenario.js';

/**
 * 2025-11-25 tasks (basic/utilities/tasks, lesson 31): each task fault breaks exactly the rule it
 * is named for, and lesson 31 breaks the task rules at its fault steps only.
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

/** Each task fault: the steps that set it up (the fault comes last). */
const CASES: Record<
  'finished-task-cancelled' | 'finished-task-reopened' | 'task-result-unrelated',
  readonly object[]
> = {
  'finished-task-cancelled': [
    call(1),
    { server: 'next' },
    { server: 'next' },
    { client: { task: 'cancel' } },
  ],
  'finished-task-reopened': [call(1), { server: 'next' }, { server: 'next' }],
  'task-result-unrelated': [
    call(1),
    { server: 'next' },
    { server: 'next' },
    { client: { task: 'result' } },
  ],
};

describe('the task faults', () => {
  it.each(Object.entries(CASES))('%s breaks only its rule', async (fault, setup) => {
    const steps = await play([...setup, { fault }]);
    const last = steps.at(-1);
    expect(last?.notes?.fault).toBe(fault);
    const rule = FAULT_RULES[fault as keyof typeof CASES];
    expect((last?.verdict?.violations ?? []).map((v) => v.rule)).toEqual([rule]);
    expect(rules(steps.slice(0, -1))).toEqual([]);
  });

  it('task-result-unrelated answers with the tool’s result, only its related-task _meta left out', async () => {
    const steps = await play([
      ...CASES['task-result-unrelated'],
      { fault: 'task-result-unrelated' },
    ]);
    expect(steps.at(-1)?.message).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'Finished all 1 steps.' }] },
    });
  });

  it('task-result-unrelated without a tasks/result of an ended task is an error of the lesson', async () => {
    await expect(
      play([
        call(5),
        { server: 'next' },
        { client: { task: 'result' } },
        { fault: 'task-result-unrelated' },
      ]),
    ).rejects.toThrow(/needs a pending tasks\/result/);
  });

  it('lesson 31 breaks each task rule at its fault step and nothing elsewhere', async () => {
    const found = await faultsOfLesson('tasks');
    expect(found.filter((f) => f.fault === null).flatMap((f) => f.rules)).toEqual([]);
    expect(found.filter((f) => f.fault !== null)).toEqual([
      { fault: 'finished-task-cancelled', rules: ['task-cancel-terminal'] },
      { fault: 'finished-task-reopened', rules: ['task-status-transition'] },
      { fault: 'task-result-unrelated', rules: ['task-related-meta'] },
    ]);
  });
});
