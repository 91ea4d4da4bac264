import { describe, expect, it } from 'vitest';
import { readTranscript, SessionLog, type Step, splitLines } from '../../src/session/index.js';
import { lessonHandout } from '../../src/ui/handout.js';
import { screenSteps, withEvents } from '../../src/ui/screen-step.js';
import { initializeRequest, initializeResult, rpc } from '../machine/session-builder.js';

/**
 * `play` makes a screen step of every message up front. What is pending at a step (its peer
 * panels) is built only when that step is shown: built for every step, a transcript of N
 * unanswered requests costs N²/2 list entries (play --plain of 20,000 unanswered pings ran out of
 * memory at 4 GB). Neither making a step's text visible nor the Markdown handout may build it.
 */
const N = 300;

function countedSteps(): { steps: Step[]; reads: () => number } {
  const lines = [
    initializeRequest(),
    initializeResult(),
    rpc.notification('notifications/initialized'),
    ...Array.from({ length: N }, (_, i) => rpc.request(i + 1, 'ping')),
  ];
  const text = lines.map((l) => JSON.stringify(l)).join('\n');
  let reads = 0;
  const steps = [...readTranscript(splitLines(text), new SessionLog())].map((step) => ({
    ...step,
    session: new Proxy(step.session, {
      get(target, key) {
        if (key === 'pending') reads += 1;
        return Reflect.get(target, key, target);
      },
    }),
  })) as Step[];
  return { steps, reads: () => reads };
}

describe('screen steps list what is pending only for the step shown', () => {
  it('making the screen steps and the handout reads no step’s pending list', () => {
    const { steps, reads } = countedSteps();
    const shown = screenSteps(steps, { invalid: 'problem' });
    expect(shown).toHaveLength(N + 3);
    const handout = lessonHandout(
      {
        scenario: {
          title: { en: 't', zh: 't' },
          goal: { en: 'g', zh: 'g' },
          recap: { en: 'r', zh: 'r' },
          spec: [],
        },
      },
      { steps: shown },
      'en',
    );
    expect(handout).toContain(`ping #${N}`);
    expect(reads()).toBe(0);
  });

  it('a step given more events (the grader’s notes) is a copy that still builds its panels only when shown', () => {
    const { steps, reads } = countedSteps();
    const note = { en: 'your code sent this', zh: '你的代码发送了这条消息' };
    const noted = screenSteps(steps).map((step) => withEvents(step, [note]));
    expect(reads()).toBe(0);
    const last = noted.at(-1);
    expect(last?.events).toEqual([note]);
    expect(last?.peers.client.pending).toHaveLength(N);
    expect(reads()).toBeGreaterThan(0);
  });

  it('showing one step builds its panels once, with every request still open (the check can fail)', () => {
    const { steps, reads } = countedSteps();
    const last = screenSteps(steps).at(-1);
    expect(last?.peers.client.pending).toHaveLength(N);
    expect(last?.peers.server.working).toHaveLength(N);
    const once = reads();
    expect(once).toBeGreaterThan(0);
    void last?.peers;
    expect(reads()).toBe(once);
  });
});
