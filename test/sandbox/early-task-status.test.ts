import { describe, expect, it } from 'vitest';
import { isObject } from '../../src/protocol/index.js';
import { pick, sandbox } from './helpers.js';

/**
 * A learner's client that calls a tool as a task before notifications/initialized (the referee
 * flags that call: initialized-not-sent). The simulated server answers the call, but when the task
 * ends it does not tell of it with notifications/tasks/status (2025-11-25 basic/utilities/tasks ›
 * Task Status Notification: MAY) while the handshake is unfinished: until notifications/initialized
 * a server sends no notification but logging and progress (basic/lifecycle › Initialization; the
 * referee's notification-before-initialized). tasks/get still tells the task's status.
 */
describe('a task that ends before notifications/initialized', () => {
  it('is not announced by the simulated server, which breaks no rule', () => {
    const s = sandbox('legacy', 'client');
    s.send(pick(s, 'request:initialize').envelope);
    s.send(pick(s, 'request:tools/call:task').envelope);
    const wait = s.offers().find((o) => o.key === 'transport:wait');
    if (wait?.kind !== 'transport') throw new Error('no wait offered');
    const after = s.act(wait.act).filter((st) => st.direction === 'server->client');
    expect(after.flatMap((st) => st.verdict?.violations.map((v) => v.rule) ?? [])).toEqual([]);
    expect(after.map((st) => (isObject(st.message) ? st.message.method : null))).not.toContain(
      'notifications/tasks/status',
    );
    s.send(pick(s, 'notification:notifications/initialized').envelope);
    const got = s.send(pick(s, 'request:tasks/get').envelope).at(-1)?.message;
    expect(isObject(got) && isObject(got.result) ? got.result.status : null).toBe('completed');
  });
});
