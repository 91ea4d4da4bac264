import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { brokenRules, faultsOfLesson } from '../helpers/lesson-scenario.js';
import { modernLesson, playedSteps } from '../helpers/modern-lesson.js';

/**
 * client/elicitation › Form Mode Security and › Safe URL Handling in 2026-07-28, where the
 * elicitation travels in an input_required round and its answer in the retry's inputResponses
 * (basic/patterns/mrtr): plain-http-elicitation-url, secret-in-form and form-content-unchecked
 * each have a 2026-07-28 path, and the lessons of that revision play them.
 */

const MODERN = ['2026-07-28'];
const server = {
  era: 'modern',
  versions: MODERN,
  capabilities: { tools: {} },
  tools: ['connect_account', 'collect_feedback'],
};
const client = (elicitation: object) => ({
  era: 'modern',
  versions: MODERN,
  capabilities: { elicitation },
  elicitation: { action: 'accept', content: { rating: 4 } },
});
const call = (name: string, args: object) => ({
  client: { request: 'tools/call', params: { name, arguments: args } },
});

// biome-ignore lint/suspicious/noExplicitAny: the envelopes' shapes are what the test checks.
const sent = (step: Step | undefined) => step?.message as Record<string, any>;

describe('2026-07-28 elicitation faults in rounds', () => {
  it('plain-http-elicitation-url: the round sends the URL-mode url on http:, that rule alone; the retry completes', async () => {
    const steps = await playedSteps(
      modernLesson(client({ form: {}, url: {} }), server, [
        call('connect_account', { service: 'photos' }),
        { fault: 'plain-http-elicitation-url' },
        { client: 'next' },
        { server: 'next' },
      ]),
    );
    const round = sent(steps[1]).result;
    expect(round.resultType).toBe('input_required');
    expect(round.inputRequests.account.params.url).toBe(
      'http://accounts.example.com/connect?service=photos',
    );
    expect(brokenRules(steps)).toEqual(['elicitation-url-not-https']);
    expect(sent(steps[3]).result.content[0].text).toBe('Connected to photos.');
  });

  it('secret-in-form: a request without elicitation.url gets a form asking for the password, that rule alone; the user declines', async () => {
    const steps = await playedSteps(
      modernLesson(client({ form: {} }), server, [
        call('connect_account', { service: 'mail' }),
        { fault: 'secret-in-form' },
        { client: 'next' },
        { server: 'next' },
      ]),
    );
    const round = sent(steps[1]).result;
    expect(round.resultType).toBe('input_required');
    expect(typeof round.requestState).toBe('string');
    const asked = round.inputRequests.account;
    expect(asked.method).toBe('elicitation/create');
    expect(asked.params.mode).toBe('form');
    expect(Object.keys(asked.params.requestedSchema.properties)).toEqual(['email', 'password']);
    expect(brokenRules(steps)).toEqual(['elicitation-form-asks-secret']);
    // The scripted user types no secret into a form (client/elicitation › Form Mode Security).
    expect(sent(steps[2]).params.inputResponses).toEqual({ account: { action: 'decline' } });
    const final = sent(steps[3]).result;
    expect(final.isError).toBe(true);
    expect(final.content[0].text).toBe('The user declined the sign-in; mail is not connected.');
  });

  it('secret-in-form without a connect_account call to answer says so', async () => {
    const played = modernLesson(client({ form: {} }), server, [
      call('collect_feedback', { topic: 'x' }),
      { fault: 'secret-in-form' },
    ]);
    await expect(playedSteps(played)).rejects.toThrow(/connect_account/);
  });

  it('form-content-unchecked: the retry answers the form past its maximum, that rule alone; the server refuses the rating', async () => {
    const steps = await playedSteps(
      modernLesson(client({ form: {} }), server, [
        call('collect_feedback', { topic: 'the summary' }),
        { server: 'next' },
        { fault: 'form-content-unchecked' },
        { server: 'next' },
      ]),
    );
    expect(sent(steps[2]).params.inputResponses).toEqual({
      feedback: { action: 'accept', content: { rating: 7 } },
    });
    expect(brokenRules(steps)).toEqual(['elicitation-content-mismatch']);
    expect(sent(steps[3]).result.isError).toBe(true);
  });

  it.each([
    ['discover-and-envelope', 'embedded-without-resources', 'embedded-resource-without-capability'],
    ['multi-round-trip', 'plain-http-elicitation-url', 'elicitation-url-not-https'],
    ['multi-round-trip', 'secret-in-form', 'elicitation-form-asks-secret'],
    ['multi-round-trip', 'tool-use-unanswered', 'sampling-tool-use-unanswered'],
    ['modern-faults-gallery', 'structured-content-mismatch', 'structured-content-mismatch'],
    ['modern-faults-gallery', 'malformed-tool-name', 'tool-name-format'],
    ['modern-faults-gallery', 'resource-uri-unencoded', 'resource-uri-invalid'],
    ['modern-faults-gallery', 'form-content-unchecked', 'elicitation-content-mismatch'],
  ])('lesson %s plays %s, which breaks only %s', async (lesson, fault, rule) => {
    const steps = await faultsOfLesson(lesson);
    expect(steps.filter((s) => s.fault === fault).map((s) => s.rules)).toEqual([[rule]]);
  });
});
