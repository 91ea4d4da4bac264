import { describe, expect, it } from 'vitest';
import { isObject } from '../../src/protocol/index.js';
import type { Step } from '../../src/session/index.js';
import type { SandboxSession } from '../../src/sim/sandbox/session.js';
import { pick, sandbox } from './helpers.js';

/**
 * A tasks/result the learner's client cancels with notifications/cancelled (2025-11-25
 * basic/utilities/cancellation: tasks/result is no task-augmented request, so the notification is
 * how it is cancelled). The simulated server stops waiting for the task on it: it answers it never,
 * neither when the task ends nor when tasks/cancel ends the task (› Behavior Requirements: the
 * receiver SHOULD NOT send a response for the cancelled request).
 */

const send = (s: SandboxSession, key: string) => s.send(pick(s, key).envelope);

function operating(): SandboxSession {
  const s = sandbox('legacy', 'client');
  send(s, 'request:initialize');
  send(s, 'notification:notifications/initialized');
  send(s, 'request:tools/call:task');
  return s;
}

/** The ids the server answered in these steps, and every rule its messages broke. */
function fromServer(steps: readonly Step[]) {
  const server = steps.filter((st) => st.direction === 'server->client');
  return {
    answered: server.flatMap((st) =>
      isObject(st.message) && !('method' in st.message) ? [st.message.id] : [],
    ),
    rules: server.flatMap((st) => st.verdict?.violations.map((v) => v.rule) ?? []),
  };
}

/** Sends tasks/result, then cancels it; gives back its id. */
function cancelledResult(s: SandboxSession): number {
  const request = pick(s, 'request:tasks/result').envelope;
  s.send(request);
  const id = request.id as number;
  const steps = send(s, `cancel:${id}`);
  expect(steps.at(-1)?.verdict?.violations).toEqual([]);
  return id;
}

describe('a cancelled tasks/result in the sandbox', () => {
  it('gets no answer when the task ends', () => {
    const s = operating();
    const id = cancelledResult(s);
    const wait = s.offers().find((o) => o.key === 'transport:wait');
    if (wait?.kind !== 'transport') throw new Error('no wait offered');
    const after = fromServer(s.act(wait.act));
    expect(after.answered).not.toContain(id);
    expect(after.rules).toEqual([]);
  });

  it('gets no answer when tasks/cancel ends the task', () => {
    const s = operating();
    const id = cancelledResult(s);
    const cancel = pick(s, 'request:tasks/cancel').envelope;
    const after = fromServer(s.send(cancel));
    expect(after.answered).not.toContain(id);
    expect(after.answered).toEqual([cancel.id]);
    expect(after.rules).toEqual([]);
  });
});
