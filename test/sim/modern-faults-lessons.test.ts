import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { modernLesson, playedSteps } from '../helpers/modern-lesson.js';

// The faults and the client behaviour lessons 21–25 (2026-07-28) rely on.

const rulesOf = (step: { verdict?: { violations: readonly { rule: string }[] } | null }) =>
  (step.verdict?.violations ?? []).map((v) => v.rule);
type Sent = { id?: unknown; method?: string; params?: { _meta?: Record<string, unknown> } };
const VERSION = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const modernClient = { era: 'modern', versions: ['2026-07-28'] };
const modernServer = { era: 'modern', versions: ['2026-07-28'] };

describe('request-meta-missing (2026-07-28 basic/index › _meta)', () => {
  it('a modern request without clientCapabilities breaks that rule alone, and gets -32602', async () => {
    const steps = await playedSteps(
      modernLesson(modernClient, modernServer, [
        { fault: 'request-meta-missing' },
        { server: 'next' },
      ]),
    );
    const sent = steps[0]?.message as Sent;
    expect(sent.method).toBe('tools/list');
    expect(sent.params?._meta).toHaveProperty([VERSION]);
    expect(sent.params?._meta).not.toHaveProperty([CAPS]);
    expect(rulesOf(steps[0] ?? {})).toEqual(['request-meta-missing']);
    expect(steps[1]?.message).toMatchObject({ error: { code: -32602 } });
    expect(rulesOf(steps[1] ?? {})).toEqual([]);
  });

  it('key: protocolVersion leaves the version out instead; method and params are the step’s', async () => {
    const steps = await playedSteps(
      modernLesson(modernClient, modernServer, [
        {
          fault: 'request-meta-missing',
          params: {
            key: 'protocolVersion',
            method: 'tools/call',
            params: { name: 'weather_current', arguments: { location: 'Lisbon' } },
          },
        },
        { server: 'next' },
      ]),
    );
    const sent = steps[0]?.message as (Sent & { params: { name?: string } }) | undefined;
    expect(sent?.method).toBe('tools/call');
    expect(sent?.params.name).toBe('weather_current');
    expect(sent?.params._meta).not.toHaveProperty([VERSION]);
    expect(sent?.params._meta).toHaveProperty([CAPS]);
    expect(rulesOf(steps[0] ?? {})).toEqual(['request-meta-missing']);
    expect(steps[1]?.message).toMatchObject({ error: { code: -32602 } });
  });

  it('needs a modern client', async () => {
    const played = await runScenario(
      modernLesson({}, modernServer, [{ fault: 'request-meta-missing' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toMatch(/modern client/);
  });
});

describe('a version the server does not serve (2026-07-28 basic/versioning)', () => {
  const client = { era: 'modern', versions: ['2027-01-15', '2026-07-28'] };

  it('the client picks a version from data.supported and retries with a new id (client: next)', async () => {
    const steps = await playedSteps(
      modernLesson(client, modernServer, [
        { client: { request: 'tools/list' } },
        { server: 'next' },
        { client: 'next' },
        { server: 'next' },
        { client: { request: 'tools/list' } },
      ]),
    );
    const first = steps[0]?.message as Sent;
    const retry = steps[2]?.message as Sent;
    expect(first.params?._meta?.[VERSION]).toBe('2027-01-15');
    expect(steps[1]?.message).toMatchObject({
      id: 1,
      error: { code: -32022, data: { supported: ['2026-07-28'], requested: '2027-01-15' } },
    });
    expect(retry).toMatchObject({ id: 2, method: 'tools/list' });
    expect(retry.params?._meta?.[VERSION]).toBe('2026-07-28');
    expect(steps[3]?.message).toMatchObject({ id: 2, result: { resultType: 'complete' } });
    // From then on the client speaks the version it picked.
    const later = steps[4]?.message as Sent | undefined;
    expect(later?.params?._meta?.[VERSION]).toBe('2026-07-28');
    expect(steps.flatMap(rulesOf)).toEqual([]);
  });

  it('no version in common: the client does not retry', async () => {
    const played = await runScenario(
      modernLesson({ era: 'modern', versions: ['2027-01-15'] }, modernServer, [
        { client: { request: 'tools/list' } },
        { server: 'next' },
        { client: 'next' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toMatch(/no answer to send/);
  });

  it('version-not-refused: the server answers it with a result instead of -32022, breaking that rule alone', async () => {
    const steps = await playedSteps(
      modernLesson(client, modernServer, [
        { client: { request: 'tools/list' } },
        { fault: 'version-not-refused' },
      ]),
    );
    expect(steps[1]?.message).toMatchObject({ id: 1, result: { resultType: 'complete' } });
    expect(rulesOf(steps[1] ?? {})).toEqual(['version-not-refused']);
  });

  it('version-not-refused needs a request the server is about to refuse', async () => {
    const played = await runScenario(
      modernLesson(modernClient, modernServer, [
        { client: { request: 'tools/list' } },
        { fault: 'version-not-refused' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toMatch(/-32022/);
  });
});

describe('what the client does not retry after -32022', () => {
  it('an initialize refused by a modern-only server: no retry (a legacy client cannot move forward)', async () => {
    const played = await runScenario(
      modernLesson({ versions: ['2025-11-25', '2026-07-28'] }, modernServer, [
        { client: 'initialize' },
        { server: 'next' },
        { client: 'next' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toMatch(/no answer to send/);
  });
});

describe('request-state-altered (2026-07-28 basic/patterns/mrtr)', () => {
  const client = { era: 'modern', versions: ['2026-07-28'], capabilities: { roots: {} } };
  const server = { ...modernServer, capabilities: { tools: {} }, tools: ['list_project_roots'] };
  const call = { client: { request: 'tools/call', params: { name: 'list_project_roots' } } };

  it('the retry goes out with its state edited (MAC kept): that rule alone; the HMAC check refuses it', async () => {
    const steps = await playedSteps(
      modernLesson(client, server, [
        call,
        { server: 'next' },
        { fault: 'request-state-altered' },
        { server: 'next' },
      ]),
    );
    const round = steps[1]?.message as { result?: { requestState?: string } } | undefined;
    const retry = steps[2]?.message as
      | { id?: unknown; params?: { requestState?: string } }
      | undefined;
    const given = round?.result?.requestState ?? '';
    const sent = retry?.params?.requestState ?? '';
    expect(retry?.id).toBe(2);
    expect(sent).not.toBe(given);
    expect(sent.split('.')[1]).toBe(given.split('.')[1]);
    expect(rulesOf(steps[2] ?? {})).toEqual(['request-state-altered']);
    expect(steps[3]?.message).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(JSON.stringify(steps[3]?.message)).toMatch(/HMAC/);
    // The honest retry was not sent.
    const more = await runScenario(
      modernLesson(client, server, [
        call,
        { server: 'next' },
        { fault: 'request-state-altered' },
        { client: 'next' },
      ]),
    );
    expect(more.ok).toBe(false);
  });

  it('needs a retry the client is about to send', async () => {
    const played = await runScenario(
      modernLesson(client, server, [{ fault: 'request-state-altered' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toMatch(/retry/);
  });
});
