import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { FAULT_RULES, type FaultName } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
  taskServer,
} from '../helpers/lesson-scenario.js';

/**
 * The faults of lesson 32 (2025-11-25 basic/utilities/tasks and client/elicitation modes): each,
 * played where its session sets it up, sends one envelope that breaks exactly the rule it is named
 * for, what leads up to it breaks none, and the lesson breaks each rule at its fault step only.
 */

const server = taskServer(['long_running_task', 'collect_feedback', 'weather_current']);
const formClient = { versions: ['2025-11-25'], capabilities: { elicitation: { form: {} } } };
const call = (args: object, name = 'long_running_task') => ({
  client: { request: 'tools/call', params: { name, arguments: args, task: { ttl: 60000 } } },
});
const play = (steps: readonly object[]) =>
  playedSteps(lessonOf('2025-11-25', formClient, server, [...HANDSHAKE, ...steps]));

// biome-ignore lint/suspicious/noExplicitAny: the envelopes' shapes are what the test checks.
const sent = (step: Step | undefined) => step?.message as Record<string, any>;

const failing = call({ steps: 3, delayMs: 1000, failAtStep: 1 });
const long = call({ steps: 20, delayMs: 1000 });
const short = call({ steps: 2, delayMs: 1000 });
/** A task that needs the user, up to the client's tasks/result sent for its input. */
const awaitingInput = [
  call({ topic: 'tasks' }, 'collect_feedback'),
  { server: 'next' },
  { server: 'next' },
  { client: 'next' },
];
/** collect_feedback called without a task, up to its form-mode elicitation/create. */
const feedbackAsked = [
  {
    client: {
      request: 'tools/call',
      params: { name: 'collect_feedback', arguments: { topic: 'forms' } },
    },
  },
  { server: 'next' },
];
const weather = {
  client: {
    request: 'tools/call',
    params: { name: 'weather_current', arguments: { location: 'Lisbon' } },
  },
};
const urlAsked = { fault: 'undeclared-request', params: { method: 'elicitation/create' } };

/** Each fault: the steps that set it up (the fault comes last). */
const CASES: Partial<Record<FaultName, readonly object[]>> = {
  'failed-task-unexplained': [
    failing,
    { server: 'next' },
    { server: 'next' },
    { client: { task: 'get' } },
  ],
  'task-request-with-related-meta': [failing, { server: 'next' }, long, { server: 'next' }],
  'answer-about-related-task': [
    failing,
    { server: 'next' },
    long,
    { server: 'next' },
    { fault: 'task-request-with-related-meta' },
  ],
  'task-cancelled-by-notification': [long, { server: 'next' }],
  'task-polled-too-soon': [
    long,
    { server: 'next' },
    { client: { task: 'get' } },
    { server: 'next' },
  ],
  'task-call-answered-directly': [short],
  'reused-task-id': [long, { server: 'next' }, short],
  'task-on-unsupported-request': [],
  'forbidden-tool-called-as-task': [{ client: { request: 'tools/list' } }, { server: 'next' }],
  'input-request-without-task': awaitingInput,
  'undeclared-elicitation-mode-accepted': [urlAsked],
  'form-content-unchecked': feedbackAsked,
  'url-elicitation-error-to-form-client': [weather],
};

describe('the faults of lesson 32', () => {
  it.each(Object.entries(CASES))('%s breaks only its rule', async (fault, setup) => {
    const steps = await play([...setup, { fault }]);
    const last = steps.at(-1);
    expect(last?.notes?.fault).toBe(fault);
    const rule = FAULT_RULES[fault as FaultName];
    expect((last?.verdict?.violations ?? []).map((v) => v.rule)).toEqual([rule]);
    // What sets it up breaks nothing but the faults it needs first (each breaking its own rule).
    const before = steps.slice(0, -1).filter((step) => !step.notes?.fault);
    expect(rules(before)).toEqual([]);
  });

  it('task-polled-too-soon needs a tasks/get result less than its pollInterval old: after the CreateTaskResult alone, or a wait, it is the lesson’s mistake', async () => {
    await expect(
      play([long, { server: 'next' }, { fault: 'task-polled-too-soon' }]),
    ).rejects.toThrow(
      'task-polled-too-soon needs a tasks/get result for task-1 that came less than its pollInterval ago',
    );
    const polled = [long, { server: 'next' }, { client: { task: 'get' } }, { server: 'next' }];
    await expect(
      play([...polled, { do: { wait: 500 } }, { fault: 'task-polled-too-soon' }]),
    ).rejects.toThrow('needs a tasks/get result for task-1');
    // The honest client's next poll waits: sent one pollInterval after the answer, unflagged.
    const steps = await play([...polled, { client: { task: 'get' } }]);
    expect((steps.at(-1)?.t ?? 0) - (steps.at(-2)?.t ?? 0)).toBe(500);
    expect(rules(steps)).toEqual([]);
  });

  it('task-call-answered-directly: the tool’s own result, and no task left behind', async () => {
    const steps = await play([
      short,
      { fault: 'task-call-answered-directly' },
      short,
      { server: 'next' },
    ]);
    expect(sent(steps[4])).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'Finished all 2 steps.' }] },
    });
    // The server made no task for the call it answered directly: the next one is task-1.
    expect(sent(steps[6]).result.task.taskId).toBe('task-1');
    expect(rules(steps.slice(5))).toEqual([]);
  });

  it('reused-task-id hands out the ID of the latest live task, not of a cancelled one', async () => {
    const steps = await play([
      long,
      { server: 'next' },
      long,
      { server: 'next' },
      { client: { task: 'cancel' } },
      { server: 'next' },
      short,
      { fault: 'reused-task-id' },
    ]);
    expect(sent(steps.at(-1)).result.task).toEqual(
      expect.objectContaining({ taskId: 'task-1', status: 'working' }),
    );
  });

  it('answer-about-related-task reports the task the _meta names, not params.taskId', async () => {
    const steps = await play([
      ...(CASES['answer-about-related-task'] ?? []),
      { fault: 'answer-about-related-task' },
    ]);
    expect(sent(steps.at(-2)).params).toEqual({
      taskId: 'task-2',
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } },
    });
    expect(sent(steps.at(-1)).result).toEqual(
      expect.objectContaining({ taskId: 'task-1', status: 'working' }),
    );
  });

  it('input-request-without-task leaves out only the related-task _meta, and the task goes on', async () => {
    const steps = await play([
      ...awaitingInput,
      { fault: 'input-request-without-task' },
      { client: 'next' },
      { server: 'next' },
    ]);
    const asked = sent(steps.at(-3));
    expect(asked.method).toBe('elicitation/create');
    expect(asked.params._meta).toBeUndefined();
    expect(asked.params.requestedSchema).toBeDefined();
    expect(sent(steps.at(-1)).params).toEqual(
      expect.objectContaining({ taskId: 'task-1', status: 'working' }),
    );
    expect(rules(steps.slice(-2))).toEqual([]);
  });

  it('undeclared-elicitation-mode-accepted replaces the -32602 the client had scheduled', async () => {
    const steps = await play([urlAsked, { fault: 'undeclared-elicitation-mode-accepted' }]);
    expect(sent(steps.at(-1))).toEqual({ jsonrpc: '2.0', id: 1, result: { action: 'accept' } });
    // The honest -32602 is gone: the client has nothing left to answer.
    await expect(
      play([urlAsked, { fault: 'undeclared-elicitation-mode-accepted' }, { client: 'next' }]),
    ).rejects.toThrow(/the client has no answer to send/);
    const honest = await play([urlAsked, { client: 'next' }]);
    expect(sent(honest.at(-1)).error.code).toBe(-32602);
  });

  it('form-content-unchecked accepts a rating past the form’s maximum, and the server refuses it', async () => {
    const steps = await play([
      ...feedbackAsked,
      { fault: 'form-content-unchecked' },
      { server: 'next' },
    ]);
    expect(sent(steps.at(-2))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { action: 'accept', content: { rating: 7 } },
    });
    // The server validates what it receives, as the spec says it should, and records nothing.
    expect(sent(steps.at(-1)).result.isError).toBe(true);
    expect(rules(steps.slice(-1))).toEqual([]);
    // The honest client's own answer fits the form.
    const honest = await play([...feedbackAsked, { client: 'next' }]);
    expect(rules(honest)).toEqual([]);
    expect(sent(honest.at(-1)).result.action).toBe('accept');
  });

  it('url-elicitation-error-to-form-client: a well-formed -32042 in place of the tool’s result', async () => {
    const steps = await play([weather, { fault: 'url-elicitation-error-to-form-client' }]);
    const error = sent(steps.at(-1)).error;
    expect(error.code).toBe(-32042);
    expect(error.data.elicitations).toEqual([
      expect.objectContaining({ mode: 'url', elicitationId: 'weather-sign-in' }),
    ]);
    // The server's own answer is gone: a server: next has nothing for that call.
    const again = await play([
      weather,
      { fault: 'url-elicitation-error-to-form-client' },
      weather,
      { server: 'next' },
    ]);
    expect(sent(again.at(-1)).id).toBe(3);
    expect(rules(again.slice(-2))).toEqual([]);
    // A client that declared URL mode may get -32042: the fault cannot break its rule there.
    const urlClient = {
      versions: ['2025-11-25'],
      capabilities: { elicitation: { form: {}, url: {} } },
    };
    await expect(
      playedSteps(
        lessonOf('2025-11-25', urlClient, server, [
          ...HANDSHAKE,
          weather,
          { fault: 'url-elicitation-error-to-form-client' },
        ]),
      ),
    ).rejects.toThrow(/a client that did not declare elicitation\.url/);
  });

  it.each([
    [
      'task-call-answered-directly',
      [long, { server: 'next' }],
      /needs a pending tools\/call with params\.task/,
    ],
    [
      'task-call-answered-directly',
      [call({ topic: 'x' }, 'collect_feedback')],
      /needs a pending tools\/call/,
    ],
    ['reused-task-id', [short], /needs an earlier task of the server that still exists/],
    [
      'answer-about-related-task',
      [long, { server: 'next' }, { client: { task: 'get' } }],
      /needs a pending tasks\/get whose related-task/,
    ],
    [
      'failed-task-unexplained',
      [long, { server: 'next' }, { client: { task: 'get' } }],
      /needs a pending tasks\/get of a task that failed/,
    ],
    [
      'input-request-without-task',
      [long, { server: 'next' }],
      /needs the request the server will send/,
    ],
    ['task-request-with-related-meta', [], /needs a task the server created/],
    ['task-cancelled-by-notification', [], /needs a task the server created/],
    ['undeclared-elicitation-mode-accepted', [], /needs an elicitation\/create of the server/],
    ['form-content-unchecked', [urlAsked], /needs a form-mode elicitation\/create/],
    ['url-elicitation-error-to-form-client', [], /needs a pending client request/],
  ])('%s where nothing sets it up is an error of the lesson', async (fault, setup, message) => {
    await expect(play([...setup, { fault }])).rejects.toThrow(message);
  });

  it('forbidden-tool-called-as-task calls the tool without taskSupport, and the server answers -32601', async () => {
    const steps = await play([
      ...(CASES['forbidden-tool-called-as-task'] ?? []),
      { fault: 'forbidden-tool-called-as-task', params: { arguments: { location: 'Lisbon' } } },
      { server: 'next' },
    ]);
    expect(sent(steps.at(-2)).params).toEqual({
      name: 'weather_current',
      arguments: { location: 'Lisbon' },
      task: { ttl: 60000 },
    });
    expect(sent(steps.at(-1)).error.code).toBe(-32601);
    expect(rules(steps.slice(-1))).toEqual([]);
    // A tool that may run as a task, or none listed yet, is an error of the lesson.
    await expect(
      play([
        ...(CASES['forbidden-tool-called-as-task'] ?? []),
        { fault: 'forbidden-tool-called-as-task', params: { name: 'long_running_task' } },
      ]),
    ).rejects.toThrow(/needs a tool the latest tools\/list showed/);
    await expect(play([{ fault: 'forbidden-tool-called-as-task' }])).rejects.toThrow(
      /needs a tool the latest tools\/list showed/,
    );
  });

  it('task-cancelled-by-notification names the tools/call of the task, which goes on working', async () => {
    const steps = await play([
      long,
      { server: 'next' },
      short,
      { server: 'next' },
      { fault: 'task-cancelled-by-notification', params: { taskId: 'task-1' } },
      { client: { task: 'get', taskId: 'task-1' } },
      { server: 'next' },
    ]);
    expect(sent(steps.at(-3))).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 2, reason: 'The user no longer needs it' },
    });
    expect(sent(steps.at(-1)).result).toEqual(
      expect.objectContaining({ taskId: 'task-1', status: 'working' }),
    );
    expect(rules(steps.slice(-2))).toEqual([]);
  });

  it('task-on-unsupported-request refuses a method that can run as a task', async () => {
    await expect(
      play([{ fault: 'task-on-unsupported-request', params: { method: 'tools/call' } }]),
    ).rejects.toThrow(/tools\/call can/);
  });

  it('lesson 32 breaks each rule at its fault step and nothing elsewhere', async () => {
    const found = await faultsOfLesson('tasks-faults-gallery');
    expect(found.filter((f) => f.fault === null).flatMap((f) => f.rules)).toEqual([]);
    expect(found.filter((f) => f.fault !== null)).toEqual([
      { fault: 'failed-task-unexplained', rules: ['task-failed-without-message'] },
      { fault: 'task-request-with-related-meta', rules: ['task-meta-redundant'] },
      { fault: 'answer-about-related-task', rules: ['task-answer-other-task'] },
      { fault: 'task-cancelled-by-notification', rules: ['cancel-task-augmented'] },
      { fault: 'task-polled-too-soon', rules: ['task-poll-too-soon'] },
      { fault: 'task-call-answered-directly', rules: ['task-result-kind'] },
      { fault: 'reused-task-id', rules: ['task-id-reused'] },
      { fault: 'task-on-unsupported-request', rules: ['task-augmentation-unsupported'] },
      { fault: 'forbidden-tool-called-as-task', rules: ['task-support-mismatch'] },
      { fault: 'input-request-without-task', rules: ['task-input-request-meta'] },
      { fault: 'undeclared-request', rules: ['capability-not-negotiated'] },
      { fault: 'undeclared-request', rules: ['capability-not-negotiated'] },
      { fault: 'undeclared-elicitation-mode-accepted', rules: ['elicitation-mode-not-refused'] },
      { fault: 'form-content-unchecked', rules: ['elicitation-content-mismatch'] },
      {
        fault: 'url-elicitation-error-to-form-client',
        rules: ['url-elicitation-error-undeclared'],
      },
      { fault: 'tool-choice-ignored', rules: ['sampling-tool-choice-ignored'] },
    ]);
  });
});
