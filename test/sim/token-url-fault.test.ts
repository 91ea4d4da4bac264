import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

const PEER = { versions: ['2025-11-25'] };
const SERVER = { ...PEER, capabilities: { tools: {} }, tools: ['connect_account'] };
const CLIENT = { ...PEER, capabilities: { elicitation: { url: {} } } };
const CONNECT = {
  client: {
    request: 'tools/call',
    params: { name: 'connect_account', arguments: { service: 'mail' } },
  },
};

/**
 * 2025-11-25 client/elicitation › Safe URL Handling: servers MUST NOT include sensitive
 * information about the end-user in the URL, nor provide a pre-authenticated URL.
 */
describe('token-in-elicitation-url', () => {
  it('lesson client-primitives ends with it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('client-primitives');
    expect(steps.at(-1)).toEqual({
      fault: 'token-in-elicitation-url',
      rules: [FAULT_RULES['token-in-elicitation-url']],
    });
  });

  it('answers the connect_account call with its -32042, the url carrying the token', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', CLIENT, SERVER, [
        ...HANDSHAKE,
        CONNECT,
        { fault: 'token-in-elicitation-url', params: { token: 'tok 1' } },
      ]),
    );
    const last = (steps.at(-1)?.message ?? {}) as {
      error?: { code?: number; data?: { elicitations?: { url?: string }[] } };
    };
    expect(last.error?.code).toBe(-32042);
    expect(last.error?.data?.elicitations?.[0]?.url).toMatch(
      /^https:\/\/accounts\.example\.com\/connect\?service=mail&elicitationId=[^&]+&access_token=tok%201$/,
    );
    expect(rules(steps)).toEqual(['elicitation-url-sensitive']);
  });

  it('needs a pending request the server answers with -32042', async () => {
    const played = await runScenario(
      lessonOf('2025-11-25', CLIENT, SERVER, [...HANDSHAKE, { fault: 'token-in-elicitation-url' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('-32042');
  });
});

/**
 * 2026-07-28 client/elicitation › Safe URL Handling, the same sentences: the URL-mode elicitation
 * travels in an input_required round (› URL Mode Flow), for a request that declared elicitation.url.
 */
describe('token-in-elicitation-url in 2026-07-28', () => {
  const MODERN = { era: 'modern', versions: ['2026-07-28'] };
  const MODERN_SERVER = { ...MODERN, capabilities: { tools: {} }, tools: ['connect_account'] };
  const MODERN_CLIENT = { ...MODERN, capabilities: { elicitation: { form: {}, url: {} } } };

  it('lesson multi-round-trip plays it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('multi-round-trip');
    expect(steps.filter((s) => s.fault === 'token-in-elicitation-url')).toEqual([
      { fault: 'token-in-elicitation-url', rules: [FAULT_RULES['token-in-elicitation-url']] },
    ]);
  });

  it('answers the call with its input_required round, the URL-mode url carrying the token', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', MODERN_CLIENT, MODERN_SERVER, [
        CONNECT,
        { fault: 'token-in-elicitation-url', params: { token: 'tok 1' } },
        { client: 'next' },
        { server: 'next' },
      ]),
    );
    const round = (steps.at(-3)?.message ?? {}) as {
      result?: {
        resultType?: string;
        requestState?: string;
        inputRequests?: { account?: { params?: { mode?: string; url?: string } } };
      };
    };
    expect(round.result?.resultType).toBe('input_required');
    expect(round.result?.requestState).toEqual(expect.any(String));
    expect(round.result?.inputRequests?.account?.params).toMatchObject({
      mode: 'url',
      url: 'https://accounts.example.com/connect?service=mail&access_token=tok%201',
    });
    // The retry the round asked for goes through as it would have: only the url was changed.
    expect(rules(steps)).toEqual(['elicitation-url-sensitive']);
    const done = steps.at(-1)?.message as { result?: { content?: { text?: string }[] } };
    expect(done.result?.content?.[0]?.text).toBe('Connected to mail.');
  });

  it('needs a pending call the server answers with a URL-mode round', async () => {
    const played = await runScenario(
      lessonOf('2026-07-28', MODERN_CLIENT, MODERN_SERVER, [
        { client: { request: 'tools/list' } },
        { fault: 'token-in-elicitation-url' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('URL-mode elicitation/create');
  });
});
