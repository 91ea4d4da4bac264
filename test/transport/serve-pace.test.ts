import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { LiveServer } from '../../src/transport/live-server.js';
import { serveConfig } from '../../src/transport/serve-config.js';

/** What a paced server sent: when (its injected clock), in which timer callback, and what. */
type Sent = { at: number; tick: number; message: Record<string, unknown> };

/**
 * A LiveServer on an injected clock (`clock.now`; `clock.tick` counts the timer callbacks a test
 * fires), through the handshake, with nothing recorded yet: `sent` lists what it sends from here.
 */
async function operating(onStep?: (step: Step) => void) {
  await prepareTools();
  const config = serveConfig({});
  if ('problem' in config) throw new Error(config.problem.en);
  const clock = { now: 0, tick: 0 };
  const sent: Sent[] = [];
  const live = new LiveServer({
    config,
    clock: () => clock.now,
    send: (item) =>
      sent.push({ at: clock.now, tick: clock.tick, message: item.message as Sent['message'] }),
    ...(onStep ? { onStep } : {}),
  });
  live.receive({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'pace', version: '1' },
    },
  });
  live.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
  sent.length = 0;
  return { live, sent, clock };
}

/** A tools/call of long_running_task, with a progress token when one is given. */
function callLongTask(
  live: LiveServer,
  id: number,
  args: { steps: number; delayMs: number },
  progressToken?: string,
): void {
  live.receive({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'long_running_task',
      arguments: args,
      ...(progressToken === undefined ? {} : { _meta: { progressToken } }),
    },
  });
}

/**
 * serve's pump on a busy machine: its timers fire late. The clock is injected and the timers are
 * fake, so "late" is exact and the test does not depend on how loaded the machine is.
 */
describe("serve's pump when its timers fire late", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the schedule gaps: never the progress and the result in one go, same order and content', async () => {
    const steps: Step[] = [];
    const { live, sent, clock } = await operating((step) => {
      if (step.direction === 'server->client') steps.push(step);
    });
    steps.length = 0;
    callLongTask(live, 2, { steps: 3, delayMs: 100 }, 'p');
    expect(sent).toEqual([]);
    // Each timer fires a whole second late: everything scheduled is overdue at the first one.
    while (vi.getTimerCount() > 0 && clock.tick < 20) {
      clock.tick += 1;
      clock.now += 1000;
      vi.runOnlyPendingTimers();
    }

    expect(sent.map((s) => s.message.method ?? `result of ${String(s.message.id)}`)).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result of 2',
    ]);
    expect(
      sent.map((s) => (s.message.params as { progress?: number } | undefined)?.progress),
    ).toEqual([1, 2, 3, undefined]);
    expect(sent[3]?.message.result).toMatchObject({
      content: [{ type: 'text', text: 'Finished all 3 steps.' }],
    });
    // One message per timer (the old pump sent all four at the first), so each went out its
    // scheduled gap (100, 100, 25 ms) or more after the one before.
    expect(sent.map((s) => s.tick)).toEqual([1, 2, 3, 4]);
    // The referee saw the same messages in the same order, and none broke a rule.
    expect(steps.map((s) => s.message)).toEqual(sent.map((s) => s.message));
    expect(steps.flatMap((s) => s.verdict?.violations ?? [])).toEqual([]);
    await live.whenIdle();
    expect(live.server.outbox.size).toBe(0);
  });

  it('sends on time when the timers are on time (no lag added)', async () => {
    const { live, sent, clock } = await operating();
    callLongTask(live, 2, { steps: 2, delayMs: 100 }, 'p');
    // Every timer is exactly on time: the two clocks move together, a millisecond at a time.
    for (let ms = 0; ms < 300; ms++) {
      clock.now += 1;
      vi.advanceTimersByTime(1);
    }
    expect(sent.map((s) => s.at)).toEqual([100, 200, 225]);
  });

  it('delayMs 0 with a progress token: the result still goes out 25 ms after the last progress', async () => {
    // With no gap the progress and the result reach the client in one chunk, and the SDK v2
    // client drops that progress (TypeScript SDK #2580): over stdio it saw 1 to 3 of 5.
    const { live, sent, clock } = await operating();
    for (const [id, progressToken] of [
      [2, 'p'],
      [3, undefined],
    ] as const) {
      callLongTask(live, id, { steps: 3, delayMs: 0 }, progressToken);
      for (let ms = 0; ms < 50; ms++) {
        clock.now += 1;
        vi.advanceTimersByTime(1);
      }
    }
    expect(sent.map((s) => [s.at, s.message.method ?? s.message.id])).toEqual([
      [0, 'notifications/progress'],
      [0, 'notifications/progress'],
      [0, 'notifications/progress'],
      [25, 2],
      // Without a token there is no progress to lose: the answer comes at once.
      [50, 3],
    ]);
    live.close();
  });

  it('answers a request that comes while the schedule is behind at once, not after the lag', async () => {
    const { live, sent, clock } = await operating();
    callLongTask(live, 2, { steps: 3, delayMs: 100 }, 'p');
    sent.length = 0;
    clock.now += 1000; // the first progress timer fires 900 ms late
    vi.runOnlyPendingTimers();
    clock.now += 10;
    live.receive({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(sent.map((s) => [s.at, s.message.method ?? s.message.id])).toEqual([
      [1000, 'notifications/progress'],
      [1010, 3],
    ]);
    live.close();
  });
});
