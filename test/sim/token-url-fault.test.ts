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
