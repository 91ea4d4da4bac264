import { describe, expect, it } from 'vitest';
import { readTranscript, SessionLog, splitLines } from '../../src/session/index.js';
import { screenSteps } from '../../src/ui/screen-step.js';
import { clientRequestLabel } from '../../src/ui/sequence-rows.js';

const lines = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    },
  },
  {
    jsonrpc: '2.0',
    id: 1,
    result: {
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 's', version: '1' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  { jsonrpc: '2.0', id: 2, result: { tools: [] } },
  { jsonrpc: '2.0', id: 2, method: 'resources/list' },
  { jsonrpc: '2.0', id: 2, result: { resources: [] } },
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
});
