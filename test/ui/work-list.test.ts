import { describe, expect, it } from 'vitest';
import { readTranscript, SessionLog, splitLines } from '../../src/session/index.js';
import { screenSteps } from '../../src/ui/screen-step.js';
import { clientRequestLabel, sequenceRow } from '../../src/ui/sequence-rows.js';
import { initializeRequest, initializeResult, rpc } from '../machine/session-builder.js';

// The handshake, then id 2 answered and used again.
const lines = [
  initializeRequest(),
  initializeResult(),
  rpc.notification('notifications/initialized'),
  rpc.request(2, 'tools/list'),
  rpc.result(2, { tools: [] }),
  rpc.request(2, 'resources/list'),
  rpc.result(2, { resources: [] }),
];

describe("the server's work list names the request it is working on", () => {
  it('an id used again: the latest request with it so far, not the first', () => {
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    const steps = screenSteps([...readTranscript(splitLines(text), new SessionLog())]);
    expect(clientRequestLabel(steps, 3, '2')).toBe('tools/list #2');
    expect(clientRequestLabel(steps, 5, '2')).toBe('resources/list #2');
    expect(clientRequestLabel(steps, 6, '2')).toBe('resources/list #2');
    // Not yet sent at step 1: no method to name.
    expect(clientRequestLabel(steps, 1, '2')).toMatch(/^\? #2$/);
  });

  it('1 and "1" are two requests: the panels and the timeline keep them apart', () => {
    const both = [
      initializeRequest(),
      initializeResult(),
      rpc.notification('notifications/initialized'),
      rpc.request(1, 'tools/list'),
      rpc.request('1', 'resources/list'),
    ];
    const text = both.map((l) => JSON.stringify(l)).join('\n');
    const steps = screenSteps([...readTranscript(splitLines(text), new SessionLog())]);
    const last = steps.at(-1);
    expect(last?.peers.client.pending).toEqual(['tools/list #1', 'resources/list #"1"']);
    expect(last?.peers.server.working).toEqual(['1', '"1"']);
    expect(clientRequestLabel(steps, 4, '1')).toBe('tools/list #1');
    expect(clientRequestLabel(steps, 4, '"1"')).toBe('resources/list #"1"');
    expect(sequenceRow(steps[4] as (typeof steps)[number], steps).label).toBe(
      'resources/list #"1"',
    );
  });
});
