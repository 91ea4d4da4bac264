import { describe, expect, it } from 'vitest';
import { BATCH_PROBLEM } from '../../src/session/index.js';
import { pick, sandbox } from './helpers.js';

/** A client sandbox through the handshake, its initialize offering `version`. */
function operating(version: string) {
  const s = sandbox('legacy', 'client');
  const init = pick(s, 'request:initialize').envelope as { params: Record<string, unknown> };
  s.send({ ...init, params: { ...init.params, protocolVersion: version } });
  s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return s;
}

const batch = [
  { jsonrpc: '2.0', id: 40, method: 'ping' },
  { jsonrpc: '2.0', id: 41, method: 'tools/list' },
];

describe('a batch the learner writes in the sandbox (JSON editor)', () => {
  it('in a 2025-03-26 session: its messages judged one by one, the answers back as one array', () => {
    const s = operating('2025-03-26');
    expect(s.log.view().handshake.negotiatedVersion).toBe('2025-03-26');
    const steps = s.send(batch);
    expect(
      steps.map((step) => [step.direction, step.batch, step.verdict?.violations.length]),
    ).toEqual([
      ['client->server', { index: 0, size: 2 }, 0],
      ['client->server', { index: 1, size: 2 }, 0],
      ['server->client', { index: 0, size: 2 }, 0],
      ['server->client', { index: 1, size: 2 }, 0],
    ]);
    expect(steps.slice(2).map((step) => (step.message as { id: number }).id)).toEqual([40, 41]);
  });

  it('in a 2025-11-25 session: one line the server cannot read, answered -32600', () => {
    const s = operating('2025-11-25');
    const steps = s.send(batch);
    expect(steps.map((step) => [step.kind, step.problem])).toEqual([
      ['unreadable', BATCH_PROBLEM.en],
      ['message', null],
    ]);
    expect(steps[1]?.message).toMatchObject({ error: { code: -32600 } });
  });
});
