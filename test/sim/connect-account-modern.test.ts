import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { brokenRules, HANDSHAKE, lessonOf } from '../helpers/lesson-scenario.js';
import { modernLesson, playedSteps } from '../helpers/modern-lesson.js';

/**
 * connect_account in 2026-07-28: URL-mode elicitation travels in an input_required round
 * (client/elicitation › URL Mode Flow, basic/patterns/mrtr), not as -32042, which that revision
 * does not have. The simulated client answers it and retries; the referee finds nothing wrong.
 */

const MODERN = ['2026-07-28'];
const server = {
  era: 'modern',
  versions: MODERN,
  capabilities: { tools: {} },
  tools: ['connect_account'],
};
const connect = {
  client: {
    request: 'tools/call',
    params: { name: 'connect_account', arguments: { service: 'calendar' } },
  },
};
const clientWith = (capabilities: object, action = 'accept') => ({
  era: 'modern',
  versions: MODERN,
  capabilities,
  elicitation: { action },
});
const play = (client: object) =>
  playedSteps(
    modernLesson(client, server, [
      connect,
      { server: 'next' },
      { client: 'next' },
      { server: 'next' },
    ]),
  );

// biome-ignore lint/suspicious/noExplicitAny: the envelopes' shapes are what the test checks.
const sent = (step: Step | undefined) => step?.message as Record<string, any>;

describe('connect_account in 2026-07-28: a URL-mode input request', () => {
  it('asks in an input_required round; the accepted retry gets the final result', async () => {
    const steps = await play(clientWith({ elicitation: { url: {} } }));
    const round = sent(steps[1]).result;
    expect(round.resultType).toBe('input_required');
    expect(round.inputRequests).toEqual({
      account: {
        method: 'elicitation/create',
        params: {
          mode: 'url',
          url: 'https://accounts.example.com/connect?service=calendar',
          message: 'Sign in to calendar to let the server use your account.',
        },
      },
    });
    // 2026-07-28 schema › ElicitRequestURLParams has no elicitationId.
    expect(round.inputRequests.account.params).not.toHaveProperty('elicitationId');
    expect(typeof round.requestState).toBe('string');
    const retry = sent(steps[2]).params;
    expect(retry.inputResponses).toEqual({ account: { action: 'accept' } });
    expect(retry.requestState).toBe(round.requestState);
    const final = sent(steps[3]).result;
    expect(final.resultType).toBe('complete');
    expect(final.content).toEqual([{ type: 'text', text: 'Connected to calendar.' }]);
    expect(final.isError).toBeUndefined();
    expect(brokenRules(steps)).toEqual([]);
  });

  it.each([
    ['decline', 'The user declined the sign-in; calendar is not connected.'],
    ['cancel', 'The user cancelled the sign-in; calendar is not connected.'],
  ])('a retry that says %s gets an isError result', async (action, message) => {
    const steps = await play(clientWith({ elicitation: { url: {} } }, action));
    expect(sent(steps[2]).params.inputResponses).toEqual({ account: { action } });
    const final = sent(steps[3]).result;
    expect(final.isError).toBe(true);
    expect(final.content[0].text).toBe(message);
    expect(brokenRules(steps)).toEqual([]);
  });

  it('without elicitation.url (form mode only): -32021 naming it, no input request', async () => {
    const steps = await playedSteps(
      modernLesson(clientWith({ elicitation: { form: {} } }), server, [
        connect,
        { server: 'next' },
      ]),
    );
    const error = sent(steps[1]).error;
    expect(error.code).toBe(-32021);
    expect(error.data).toEqual({ requiredCapabilities: { elicitation: { url: {} } } });
    expect(sent(steps[1]).result).toBeUndefined();
    expect(brokenRules(steps)).toEqual([]);
  });
});

describe('connect_account before 2025-11-25', () => {
  it('says the negotiated revision has no URL mode, without claiming only 2025-11-25 has it', async () => {
    const old = ['2025-06-18'];
    const steps = await playedSteps(
      lessonOf(
        '2025-06-18',
        { versions: old, capabilities: { elicitation: {} } },
        { versions: old, capabilities: { tools: {} }, tools: ['connect_account'] },
        [...HANDSHAKE, connect, { server: 'next' }],
      ),
    );
    const result = sent(steps.at(-1)).result;
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe(
      'This tool needs URL-mode elicitation, which protocol version 2025-06-18 does not have (2025-11-25 introduced it).',
    );
    expect(brokenRules(steps)).toEqual([]);
  });
});
