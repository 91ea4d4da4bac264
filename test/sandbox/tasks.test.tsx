import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_STRINGS } from '../../src/i18n/sandbox-strings.js';
import { isObject } from '../../src/protocol/index.js';
import type { Step } from '../../src/session/index.js';
import { sandboxAtLesson } from '../../src/sim/sandbox/from-lesson.js';
import type { SandboxSession } from '../../src/sim/sandbox/session.js';
import { openLesson } from '../../src/sim/scenario/open-lesson.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { englishProse } from '../helpers/english-in-zh.js';
import { renderAt } from '../ui/render-at.js';
import { agrees, pick, sandbox } from './helpers.js';

/**
 * 2025-11-25 in the sandbox, the learner as client: a tools/call run as a task (basic/utilities/
 * tasks), and a call that needs a URL-mode elicitation (client/elicitation › URL Elicitation
 * Required Error). The simulated server holds what it sends later until the learner waits.
 */

const send = (s: SandboxSession, key: string) => s.send(pick(s, key).envelope);

function wait(s: SandboxSession): readonly Step[] {
  const offer = s.offers().find((o) => o.key === 'transport:wait');
  if (offer?.kind !== 'transport') throw new Error('no wait offered');
  return s.act(offer.act);
}

/** What the server sent in these steps: each message's method, or `result`/`error #id`. */
const said = (steps: readonly Step[]) =>
  steps
    .filter((st) => st.direction === 'server->client')
    .map((st) => {
      const m = st.message;
      if (!isObject(m)) return '?';
      if (typeof m.method === 'string') return m.method;
      return `${'error' in m ? 'error' : 'result'} #${String(m.id)}`;
    });

const params = (s: SandboxSession, key: string) => pick(s, key).envelope.params;

/** The message of the last step the server sent. */
function lastFromServer(steps: readonly Step[]): Record<string, unknown> {
  const message = steps.findLast((st) => st.direction === 'server->client')?.message;
  return isObject(message) ? message : {};
}

/** The message of the last step the client sent. */
function lastFromClient(steps: readonly Step[]): Record<string, unknown> {
  const message = steps.findLast((st) => st.direction === 'client->server')?.message;
  return isObject(message) ? message : {};
}

function operating(tweak = {}) {
  const s = sandbox('legacy', 'client', tweak);
  send(s, 'request:initialize');
  send(s, 'notification:notifications/initialized');
  return s;
}

/** The completion offered names the elicitation, the referee agrees with every offer, and it is sent without a violation. */
function completes(s: SandboxSession, elicitationId: string) {
  expect(params(s, 'notification:notifications/elicitation/complete')).toEqual({ elicitationId });
  agrees(s);
  expect(
    send(s, 'notification:notifications/elicitation/complete')[0]?.verdict?.violations,
  ).toEqual([]);
}

describe('the sandbox client runs a tool as a task (2025-11-25)', () => {
  it('offers long_running_task with params.task; the server creates a working task and holds its end', () => {
    const s = operating();
    send(s, 'request:tools/list');
    expect(params(s, 'request:tools/call:task')).toEqual({
      name: 'long_running_task',
      arguments: { steps: 4, delayMs: 1000 },
      task: { ttl: 60_000 },
    });
    agrees(s);
    const created = send(s, 'request:tools/call:task');
    expect(said(created)).toEqual(['result #3']);
    const result = lastFromServer(created).result as Record<string, Record<string, unknown>>;
    expect(result.task?.status).toBe('working');
    // The list now says how long until the server's next message, first.
    const [first] = s.offers();
    expect(first?.key).toBe('transport:wait');
    expect(first?.label.en).toBe("wait 4.0 s, until the server's next message is due");
    expect(first?.label.zh).toBe('等待 4.0 秒，直到服务器的下一条消息到时');
    agrees(s);
  });

  it('tasks/get, tasks/result and tasks/cancel name the latest task; tasks/result waits for its end', () => {
    const s = operating();
    send(s, 'request:tools/list');
    send(s, 'request:tools/call:task');
    expect(params(s, 'request:tasks/get')).toEqual({ taskId: 'task-1' });
    const polled = send(s, 'request:tasks/get');
    expect((lastFromServer(polled).result as Record<string, unknown>).status).toBe('working');
    // Held until the task ends: no answer yet, and the list stays usable.
    expect(said(send(s, 'request:tasks/result'))).toEqual([]);
    expect(s.log.view().pending.map((p) => p.method)).toEqual(['tasks/result']);
    agrees(s);
    const ended = wait(s);
    expect(said(ended)).toEqual(['notifications/tasks/status', 'result #5']);
    expect(ended.every((st) => st.verdict?.violations.length === 0)).toBe(true);
    expect(s.offers().some((o) => o.key === 'transport:wait')).toBe(false);
    agrees(s);
    // A second task: the tasks/* requests go on with it, and cancelling it while it works succeeds.
    send(s, 'request:tools/call:task');
    for (const key of ['request:tasks/get', 'request:tasks/result', 'request:tasks/cancel'])
      expect(params(s, key)).toEqual({ taskId: 'task-2' });
    const cancelled = send(s, 'request:tasks/cancel');
    expect((lastFromServer(cancelled).result as Record<string, unknown>).status).toBe('cancelled');
    // Its end, held, is dropped with it: nothing left to wait for.
    expect(s.offers().some((o) => o.key === 'transport:wait')).toBe(false);
    agrees(s);
  });

  it('a server that declared no tasks: the task call is flagged as the referee flags it', () => {
    const s = operating({ serverCapabilities: { tools: {} } });
    expect(pick(s, 'request:tools/call:task').blocks.map((b) => b.rule)).toContain(
      'capability-not-negotiated',
    );
    agrees(s);
  });

  it('a session of 2025-06-18 has neither tasks nor URL-mode elicitation to offer', () => {
    const s = sandbox('legacy', 'client');
    const init = pick(s, 'request:initialize').envelope;
    s.send({ ...init, params: { ...(init.params as object), protocolVersion: '2025-06-18' } });
    send(s, 'notification:notifications/initialized');
    const keys = s.offers().map((o) => o.key);
    expect(keys).toContain('request:tools/call');
    expect(keys).not.toContain('request:tools/call:task');
    expect(keys).not.toContain('request:tools/call:connect_account');
    agrees(s);
  });
});

describe('at the end of the tasks lesson', () => {
  it('offers the task call of the one tool its server listed, not connect_account; tasks/* name its latest task', async () => {
    const opened = await openLesson('tasks');
    if (!opened.ok) throw new Error(opened.error.message);
    const s = sandboxAtLesson(opened.value, 'client');
    const keys = s.offers().map((o) => o.key);
    expect(keys).toContain('request:tools/call:task');
    expect(keys).not.toContain('request:tools/call:connect_account');
    agrees(s);
    send(s, 'request:tools/call:task');
    const created = s.log.steps.at(-1)?.message as { result: { task: { taskId: string } } };
    expect(params(s, 'request:tasks/get')).toEqual({ taskId: created.result.task.taskId });
    agrees(s);
  });
});

describe('the sandbox client meets a URL-mode elicitation (2025-11-25)', () => {
  it('declares elicitation.url, gets -32042 with the URL, retries too early, waits, and the retry succeeds', () => {
    const s = operating();
    const init = s.log.steps[0]?.message as { params: { capabilities: unknown } };
    expect(init.params.capabilities).toMatchObject({ elicitation: { form: {}, url: {} } });
    agrees(s);
    const refused = send(s, 'request:tools/call:connect_account');
    const error = lastFromServer(refused).error as {
      code: number;
      data: { elicitations: { mode: string; url: string; elicitationId: string }[] };
    };
    expect(error.code).toBe(-32042);
    expect(error.data.elicitations[0]).toMatchObject({
      mode: 'url',
      elicitationId: 'elicitation-1',
      url: 'https://accounts.example.com/connect?service=calendar&elicitationId=elicitation-1',
    });
    agrees(s);
    // The user has not finished yet: the same call is refused again.
    expect(
      (lastFromServer(send(s, 'request:tools/call:connect_account')).error as { code: number })
        .code,
    ).toBe(-32042);
    const done = wait(s);
    expect(said(done)).toEqual(['notifications/elicitation/complete']);
    expect(done[0]?.verdict?.violations).toEqual([]);
    agrees(s);
    const retried = send(s, 'request:tools/call:connect_account');
    expect(lastFromServer(retried).result).toEqual({
      content: [{ type: 'text', text: 'Connected to calendar.' }],
    });
  });
});

describe('the learner’s server starts a URL-mode elicitation (2025-11-25)', () => {
  it('the client declared elicitation.url: the request is allowed, and the completion then names its id', () => {
    const s = sandbox('legacy', 'server');
    send(s, 'result:1');
    // No URL-mode elicitation yet: a completion names none the server established.
    expect(
      pick(s, 'notification:notifications/elicitation/complete').blocks.map((b) => b.rule),
    ).toEqual(['elicitation-complete-unknown']);
    agrees(s);
    expect(params(s, 'request:elicitation/create:url')).toMatchObject({
      mode: 'url',
      elicitationId: 'elicitation-1',
    });
    const asked = send(s, 'request:elicitation/create:url');
    // The user consents; in URL mode no content comes back.
    expect(lastFromClient(asked).result).toEqual({ action: 'accept' });
    completes(s, 'elicitation-1');
    expect(params(s, 'request:elicitation/create:url')).toMatchObject({
      elicitationId: 'elicitation-2',
    });
  });

  it('answers the client’s tools/call with -32042 and the elicitation; the completion then names it', () => {
    const s = sandbox('legacy', 'server');
    send(s, 'result:1');
    send(s, 'result:2');
    // The client's tools/call #3 waits: beside its result and -32603, the -32042 refusal.
    const refusal = pick(s, 'error-32042:3');
    expect(refusal.blocks).toEqual([]);
    expect(refusal.envelope.error).toMatchObject({
      code: -32042,
      data: { elicitations: [{ mode: 'url', elicitationId: 'elicitation-1' }] },
    });
    agrees(s);
    expect(send(s, 'error-32042:3')[0]?.verdict?.violations).toEqual([]);
    // The client goes on with its script meanwhile: long_running_task as a task, #4.
    expect(lastFromClient(s.log.steps)).toMatchObject({
      id: 4,
      method: 'tools/call',
      params: { name: 'long_running_task', task: { ttl: 60_000 } },
    });
    completes(s, 'elicitation-1');
    // On the completion the client retries tools/call #3 as a new request, #5, with a progress
    // token of its own (client/elicitation › Completion Notifications: it MAY).
    expect(lastFromClient(s.log.steps)).toEqual({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: {
        name: 'weather_current',
        arguments: { location: 'Paris' },
        _meta: { progressToken: 'progress-5' },
      },
    });
    expect(s.log.steps.at(-1)?.verdict?.violations).toEqual([]);
    // The learner's server may answer the retry (and #4) now.
    expect(pick(s, 'result:5').blocks).toEqual([]);
    agrees(s);
  });

  it('a second -32042 to the retry: the client does not retry again', () => {
    const s = sandbox('legacy', 'server');
    send(s, 'result:1');
    send(s, 'result:2');
    send(s, 'error-32042:3');
    send(s, 'notification:notifications/elicitation/complete');
    send(s, 'error-32042:5');
    const after = send(s, 'notification:notifications/elicitation/complete');
    expect(lastFromClient(after)).toEqual({});
    // Only the task call #4 still waits.
    expect(s.log.view().pending.map((p) => `${p.method} #${String(p.id)}`)).toEqual([
      'tools/call #4',
    ]);
  });

  it('a client that declared elicitation without url: the offer carries the rule the referee reports', () => {
    const s = sandbox('legacy', 'server', { clientCapabilities: { elicitation: {} } });
    send(s, 'result:1');
    expect(pick(s, 'request:elicitation/create:url').blocks.length).toBeGreaterThan(0);
    agrees(s);
    // The -32042 refusal: the spec names no capability for it (client/elicitation › URL
    // Elicitation Required Error), and the offer says what the referee says.
    send(s, 'result:2');
    expect(pick(s, 'error-32042:3').method).toBe('tools/call');
    agrees(s);
  });
});

/** The client's message of the last step. */
const clientSaid = (s: SandboxSession) => {
  const m = lastFromClient(s.log.steps);
  return `${String(m.method)} #${String(m.id)} ${JSON.stringify(m.params ?? {})}`;
};

describe('the learner’s server runs the client’s tool as a task (2025-11-25 basic/utilities/tasks)', () => {
  it('declares tasks.requests.tools.call and lists long_running_task as "optional"; the client calls it as a task, polls, then asks tasks/result', () => {
    const s = sandbox('legacy', 'server');
    expect(s.me.capabilities).toMatchObject({ tasks: { requests: { tools: { call: {} } } } });
    send(s, 'result:1');
    expect(pick(s, 'result:2').envelope.result).toMatchObject({
      tools: [
        { name: 'weather_current' },
        { name: 'long_running_task', execution: { taskSupport: 'optional' } },
      ],
    });
    send(s, 'result:2');
    send(s, 'result:3');
    expect(clientSaid(s)).toBe(
      'tools/call #4 {"name":"long_running_task","arguments":{},"task":{"ttl":60000}}',
    );
    // The CreateTaskResult comes first, and the referee agrees with every offer here.
    expect(s.offers()[0]?.key).toBe('result-task:4');
    expect(pick(s, 'result-task:4').envelope.result).toMatchObject({
      task: { taskId: 'task-1', status: 'working', ttl: 60_000 },
    });
    agrees(s);
    expect(send(s, 'result-task:4')[0]?.verdict?.violations).toEqual([]);
    // The task works: the client polls.
    expect(clientSaid(s)).toBe('tasks/get #5 {"taskId":"task-1"}');
    agrees(s);
    send(s, 'result-working:5');
    expect(clientSaid(s)).toBe('tasks/get #6 {"taskId":"task-1"}');
    // The learner's server may say the task completed (optional), and the poll then says so too.
    expect(params(s, 'notification:notifications/tasks/status')).toMatchObject({
      taskId: 'task-1',
      status: 'completed',
    });
    expect(send(s, 'notification:notifications/tasks/status')[0]?.verdict?.violations).toEqual([]);
    // tasks/get #6 was asked before the task was said to be completed: a "working" read before
    // that is no transition (the referee's task-status-transition takes the order into account).
    expect(pick(s, 'result-working:6').blocks).toEqual([]);
    agrees(s);
    send(s, 'result-completed:6');
    expect(clientSaid(s)).toBe('tasks/result #7 {"taskId":"task-1"}');
    agrees(s);
    // tasks/result carries the tool's result and the related-task _meta (› Related Task Metadata).
    expect(pick(s, 'result:7').envelope.result).toMatchObject({
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } },
    });
    expect(send(s, 'result:7')[0]?.verdict?.violations).toEqual([]);
    // Then the client goes on with its script.
    expect(clientSaid(s)).toBe('resources/list #8 {}');
  });

  // › Getting Tasks: requestors SHOULD respect the pollInterval (the offers' Task objects give
  // 500 ms). The client's clock moves on to it before each poll; without one, it polls at once.
  it('spaces its tasks/get by the pollInterval the learner’s server gave', () => {
    const s = sandbox('legacy', 'server');
    for (const key of ['result:1', 'result:2', 'result:3']) send(s, key);
    const created = send(s, 'result-task:4');
    const t = (method: string, from: readonly Step[]) =>
      from.find((st) => isObject(st.message) && st.message.method === method)?.t;
    const answeredAt = created[0]?.t ?? 0;
    expect(t('tasks/get', created)).toBe(answeredAt + 500);
    const working = send(s, 'result-working:5');
    expect(t('tasks/get', working)).toBe((working[0]?.t ?? 0) + 500);
    // A Task object without pollInterval leaves the pace to the client: it polls at once.
    const bare = pick(s, 'result-working:6').envelope as { result: Record<string, unknown> };
    const { pollInterval: _, ...noInterval } = bare.result;
    const after = s.send({ ...bare, result: noInterval });
    expect(t('tasks/get', after)).toBe((after[0]?.t ?? 0) + 1);
  });

  it('a plain result to the task call: no task, the client goes on', () => {
    const s = sandbox('legacy', 'server');
    for (const key of ['result:1', 'result:2', 'result:3', 'result:4']) send(s, key);
    expect(clientSaid(s)).toBe('resources/list #5 {}');
  });

  it('a tool listed as "required" is called as a task even where the script calls it plainly', () => {
    const s = sandbox('legacy', 'server');
    send(s, 'result:1');
    const list = pick(s, 'result:2').envelope;
    s.send({
      ...list,
      result: {
        tools: [
          {
            name: 'weather_current',
            inputSchema: { type: 'object' },
            execution: { taskSupport: 'required' },
          },
        ],
      },
    });
    expect(lastFromClient(s.log.steps)).toMatchObject({
      id: 3,
      params: { name: 'weather_current', task: { ttl: 60_000 } },
    });
    expect(s.log.steps.at(-1)?.verdict?.violations).toEqual([]);
  });

  it('without tasks.requests.tools.call the client never asks for a task, whatever taskSupport says (› Tool-Level Negotiation: MUST NOT)', () => {
    const s = sandbox('legacy', 'server', {
      serverCapabilities: { tools: {}, resources: {}, prompts: {} },
    });
    send(s, 'result:1');
    const list = pick(s, 'result:2').envelope;
    expect(JSON.stringify(list.result)).not.toContain('long_running_task');
    s.send({
      ...list,
      result: {
        tools: [
          { name: 'weather_current', inputSchema: { type: 'object' } },
          {
            name: 'long_running_task',
            inputSchema: { type: 'object' },
            execution: { taskSupport: 'optional' },
          },
        ],
      },
    });
    send(s, 'result:3');
    expect(clientSaid(s)).toBe('resources/list #4 {}');
  });
});

describe('a long tool without a task: its progress waits for the learner too', () => {
  it('the learner may cancel it before its progress comes; the server then says nothing more', () => {
    const s = operating();
    const call = pick(s, 'request:tools/call').envelope;
    s.send({
      ...call,
      params: {
        name: 'long_running_task',
        arguments: { steps: 2, delayMs: 1000 },
        _meta: { progressToken: 'p' },
      },
    });
    expect(pick(s, 'cancel:2').blocks).toEqual([]);
    agrees(s);
    expect(said(wait(s))).toEqual(['notifications/progress']);
    expect(said(send(s, 'cancel:2'))).toEqual([]);
    expect(s.offers().some((o) => o.key === 'transport:wait')).toBe(false);
    agrees(s);
  });
});

describe('the default peers of a 2026-07-28 sandbox declare no tasks', () => {
  it('the learner’s modern server offers a server/discover result without tasks (an extension now)', () => {
    const s = sandbox('modern', 'server');
    expect(s.me.capabilities).not.toHaveProperty('tasks');
    agrees(s);
  });
});

describe('the wait on the sandbox screen', () => {
  it('is first in the list, says what it does, and shows what fell due as the server’s, not as the learner’s message', async () => {
    const session = operating();
    send(session, 'request:tools/call:task');
    const screen = renderAt(<SandboxApp session={session} lang="en" />, { columns: 80, rows: 24 });
    await vi.waitFor(() =>
      expect(screen.frame()).toContain("› ✓ wait 4.0 s, until the server's next message is due"),
    );
    expect(screen.frame()).toContain(SANDBOX_STRINGS.noMessageWait.en);
    screen.type('\r');
    await vi.waitFor(() =>
      expect(screen.frame()).toContain('← server notification notifications/tasks/status ✓'),
    );
    // The learner sent nothing: no verdict box of theirs.
    expect(screen.frame()).not.toContain('Your last message');
    expect(screen.frame()).not.toContain('wait 4.0 s');
    // The help says what a wait is, in full at 80×24.
    screen.type('?');
    await vi.waitFor(() =>
      expect(screen.frame().replace(/\s+/g, ' ')).toContain(
        "while the simulated server holds a message for later (a task's end, a long tool's progress), wait: its clock runs to that message.",
      ),
    );
    screen.unmount();
  });

  it('its words and the new offers’ are Chinese in Chinese', () => {
    const s = operating();
    send(s, 'request:tools/call:task');
    const zh = [
      SANDBOX_STRINGS.noMessageWait.zh,
      ...['transport:wait', 'request:tools/call:task', 'request:tools/call:connect_account'].map(
        (key) => s.offers().find((o) => o.key === key)?.label.zh ?? `no ${key}`,
      ),
    ];
    for (const text of zh)
      expect({ text, english: englishProse(text) }).toEqual({ text, english: undefined });
  });
  it('the learner’s task offers are Chinese in Chinese', () => {
    const s = sandbox('legacy', 'server');
    for (const key of ['result:1', 'result:2', 'result:3']) send(s, key);
    const zh = [s.offers().find((o) => o.key === 'result-task:4')?.label.zh ?? 'no result-task:4'];
    send(s, 'result-task:4');
    for (const key of [
      'result-working:5',
      'result-completed:5',
      'notification:notifications/tasks/status',
    ])
      zh.push(s.offers().find((o) => o.key === key)?.label.zh ?? `no ${key}`);
    for (const text of zh)
      expect({ text, english: englishProse(text) }).toEqual({ text, english: undefined });
  });
});
