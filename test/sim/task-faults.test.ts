import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { scenarioSchema } from '../../src/sim/scenario/schema.js';

/**
 * 2025-11-25 tasks (basic/utilities/tasks, lesson 31): each task fault breaks exactly the rule it
 * is named for, and lesson 31 breaks the task rules at its fault steps only.
 */

const note = { en: 'n', zh: '注' };
const TASKS = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
const server = {
  versions: ['2025-11-25'],
  capabilities: { tools: {}, tasks: TASKS },
  tools: ['long_running_task', 'weather_current'],
};
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
const opening = [{ client: 'initialize' }, { server: 'next' }, { client: 'initialized' }];

async function play(steps: readonly object[], s: object = server): Promise<readonly Step[]> {
  const scenario = scenarioSchema.parse({
    title: note,
    goal: note,
    recap: note,
    revision: '2025-11-25',
    server: s,
    client,
    steps: [...opening, ...steps].map((step) => ({ ...step, note })),
  });
  const played = await runScenario(scenario);
  if (!played.ok) throw new Error(`step ${played.error.step + 1}: ${played.error.message}`);
  return played.value.steps;
}

const rules = (steps: readonly Step[]) =>
  steps.flatMap((s) => (s.verdict?.violations ?? []).map((v) => v.rule));

/** Each task fault: the steps that set it up (the fault comes last). */
const CASES: Record<'finished-task-cancelled' | 'finished-task-reopened', readonly object[]> = {
  'finished-task-cancelled': [
    call(1),
    { server: 'next' },
    { server: 'next' },
    { client: { task: 'cancel' } },
  ],
  'finished-task-reopened': [call(1), { server: 'next' }, { server: 'next' }],
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

  it('lesson 31 breaks each task rule at its fault step and nothing elsewhere', async () => {
    const lesson = loadLessons().lessons.find((l) => l.id === 'tasks');
    if (!lesson) throw new Error('lesson tasks not found');
    const played = await runScenario(lesson.scenario);
    if (!played.ok) throw new Error(played.error.message);
    const found = played.value.steps.map((s) => ({
      fault: s.notes?.fault ?? null,
      rules: (s.verdict?.violations ?? []).map((v) => v.rule),
    }));
    expect(found.filter((f) => f.fault === null).flatMap((f) => f.rules)).toEqual([]);
    expect(found.filter((f) => f.fault !== null)).toEqual([
      { fault: 'finished-task-cancelled', rules: ['task-cancel-terminal'] },
      { fault: 'finished-task-reopened', rules: ['task-status-transition'] },
    ]);
  });
});
