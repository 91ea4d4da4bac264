import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES, REVEALED_FAULTS } from '../../src/sim/scenario/faults.js';
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

  describe('early-task-result (› Result Retrieval), revealed by the server’s own report', () => {
    const feedback = taskServer(['collect_feedback']);
    const asking = { versions: ['2025-11-25'], capabilities: { elicitation: {} } };
    const reveal = { note: { en: 'the reveal', zh: '揭示' } };
    /** collect_feedback as a task, and its tasks/result at once, while the task is working. */
    const setup = [
      {
        client: {
          request: 'tools/call',
          params: { name: 'collect_feedback', arguments: { topic: 'tasks' }, task: { ttl: 60000 } },
        },
      },
      { server: 'next' },
      { client: { task: 'result' } },
    ];
    const playEarly = () =>
      playedSteps(
        lessonOf('2025-11-25', asking, feedback, [
          ...HANDSHAKE,
          ...setup,
          { fault: 'early-task-result', reveal },
        ]),
      );

    it('answers the tasks/result at once, then the server reports the task input_required', async () => {
      const steps = await playEarly();
      const [answer, shown] = steps.slice(-2);
      expect(answer?.notes?.fault).toBe('early-task-result');
      expect(answer?.message).toEqual({
        jsonrpc: '2.0',
        id: 3,
        result: {
          content: [],
          _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } },
        },
      });
      // The bug alone breaks no rule: the task might have ended unannounced.
      expect(answer?.verdict?.violations).toEqual([]);
      expect(answer?.notes?.revealedNext).toBe(true);
      expect(shown?.notes?.revealedNext).toBeUndefined();
      expect(shown?.notes?.fault).toBe('early-task-result');
      expect(shown?.notes?.note).toEqual(reveal.note);
      expect(shown?.message).toMatchObject({
        method: 'notifications/tasks/status',
        params: { taskId: 'task-1', status: 'input_required' },
      });
      expect((shown?.verdict?.violations ?? []).map((v) => v.rule)).toEqual([
        FAULT_RULES['early-task-result'],
      ]);
      expect(FAULT_RULES['early-task-result']).toBe('task-result-before-terminal');
      expect(REVEALED_FAULTS.has('early-task-result')).toBe(true);
      expect(rules(steps.slice(0, -2))).toEqual([]);
    });

    it('the held answer is gone: the server does not answer the same tasks/result again', async () => {
      const steps = await playEarly();
      const ids = steps.filter((s) => s.direction === 'server->client').map((s) => s.message);
      expect(ids.filter((m) => (m as { id?: unknown }).id === 3)).toHaveLength(1);
    });

    it('needs a pending tasks/result of a task whose unfinished report is still to come', async () => {
      await expect(
        play([
          call(5),
          { server: 'next' },
          { client: { task: 'result' } },
          { fault: 'early-task-result', reveal },
        ]),
      ).rejects.toThrow(/needs a pending tasks\/result of a task still working/);
    });

    it('a lesson gives its reveal a note, and no other fault one', async () => {
      const scenario = (step: object) =>
        lessonOf('2025-11-25', asking, feedback, [...HANDSHAKE, ...setup, step]);
      const without = await runScenario(scenario({ fault: 'early-task-result' }));
      expect(without.ok ? null : without.error.message).toMatch(/give the step a reveal/);
      const unused = await runScenario(
        lessonOf('2025-11-25', client, server, [
          ...HANDSHAKE,
          ...CASES['finished-task-reopened'],
          { fault: 'finished-task-reopened', reveal },
        ]),
      );
      expect(unused.ok ? null : unused.error.message).toMatch(/remove the step’s reveal/);
    });
  });

  it('lesson 31 breaks each task rule at its fault step and nothing elsewhere', async () => {
    const found = await faultsOfLesson('tasks');
    expect(found.filter((f) => f.fault === null).flatMap((f) => f.rules)).toEqual([]);
    expect(found.filter((f) => f.fault !== null)).toEqual([
      { fault: 'finished-task-cancelled', rules: ['task-cancel-terminal'] },
      { fault: 'finished-task-reopened', rules: ['task-status-transition'] },
      { fault: 'task-result-unrelated', rules: ['task-related-meta'] },
      // The early answer breaks no rule by itself; its reveal, the next step, does.
      { fault: 'early-task-result', rules: [] },
      { fault: 'early-task-result', rules: ['task-result-before-terminal'] },
    ]);
  });
});
