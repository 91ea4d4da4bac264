import { describe, expect, it } from 'vitest';
import { playLesson } from '../helpers/screen.js';

/**
 * Lifecycle › Version Negotiation: "If the client does not support the version in the server's
 * response, it SHOULD disconnect". A client that refuses the answer never operates and never holds
 * that version; the server holds the version it sent.
 */
describe('a version the client does not support is never the client’s', () => {
  it('lesson 4: the counter-offer leaves the client initializing, with no version', async () => {
    const { timeline } = await playLesson('version-negotiation');
    const answer = timeline.steps[1];
    expect(answer?.phases).toEqual({ client: 'initialization', server: 'initialization' });
    expect(answer?.peers.client.negotiatedVersion).toBeNull();
    expect(answer?.peers.server.negotiatedVersion).toBe('2025-03-26');
  });

  it('lesson 20: after the server answers 2099-01-01, the panels show what each side holds', async () => {
    const { timeline } = await playLesson('faults-before-the-handshake');
    const answer = timeline.steps.findIndex((s) =>
      JSON.stringify(s.message ?? null).includes('"protocolVersion":"2099-01-01"'),
    );
    expect(answer).toBeGreaterThan(0);
    for (const i of [answer, answer + 1]) {
      const step = timeline.steps[i];
      expect(step?.phases.client, `step ${i + 1}`).toBe('initialization');
      expect(step?.peers.client.negotiatedVersion, `step ${i + 1}`).toBeNull();
      expect(step?.peers.server.negotiatedVersion, `step ${i + 1}`).toBe('2099-01-01');
    }
  });

  it('lesson 1: an echoed version is the client’s at once, and it operates', async () => {
    const { timeline } = await playLesson('first-session');
    const answer = timeline.steps[1];
    expect(answer?.phases.client).toBe('operation');
    expect(answer?.peers.client.negotiatedVersion).toBe('2025-11-25');
  });
});
