import { describe, expect, it } from 'vitest';
import { meaningIn } from '../../src/protocol/catalogue.js';
import { readTranscript, SessionLog, splitLines } from '../../src/session/index.js';
import { screenSteps } from '../../src/ui/screen-step.js';
import { MODERN, modernRequest } from '../machine/modern-builder.js';
import { initializeRequest, initializeResult, rpc } from '../machine/session-builder.js';

const stepsOf = (lines: readonly object[]) =>
  screenSteps([
    ...readTranscript(splitLines(lines.map((l) => JSON.stringify(l)).join('\n')), new SessionLog()),
  ]);

// A recording has no narration: play says what each method means, as the session's revision has it.
describe('a recorded step is described in the revision that judges its session', () => {
  const cancel = rpc.notification('notifications/cancelled', { requestId: 1 });

  it('2026-07-28: the modern meaning of a method and of an error code', () => {
    const steps = stepsOf([
      modernRequest(1, 'tools/call', { name: 'slow', arguments: {} }),
      cancel,
      modernRequest(2, 'resources/read', { uri: 'file:///nowhere' }),
      rpc.error(2, -32602, 'Resource not found'),
    ]);
    expect(steps[1]?.revision).toBe(MODERN);
    expect(steps[1]?.note).toEqual(meaningIn('notifications/cancelled', MODERN));
    expect(steps[1]?.note).not.toEqual(meaningIn('notifications/cancelled'));
    const code = steps[3]?.annotations.find((a) => a.pointer === '/error/code');
    expect(code?.text.en).toMatch(/resource/i);
  });

  it('the handshake era keeps the meaning it had', () => {
    const steps = stepsOf([
      initializeRequest(),
      initializeResult(),
      rpc.notification('notifications/initialized'),
      rpc.request(2, 'tools/list'),
      rpc.notification('notifications/cancelled', { requestId: 2 }),
    ]);
    expect(steps[4]?.note).toEqual(meaningIn('notifications/cancelled'));
  });
});
