import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

/**
 * 2025-11-25 URL-mode elicitation (client/elicitation, lesson 14): connect_account answers -32042
 * until the user completes the elicitation, then tells of it; each fault breaks only its rule.
 */

const server = {
  versions: ['2025-11-25'],
  capabilities: { tools: {} },
  tools: ['connect_account'],
};
const urlClient = { versions: ['2025-11-25'], capabilities: { elicitation: { url: {} } } };
const connect = (service: string) => ({
  client: {
    request: 'tools/call',
    params: { name: 'connect_account', arguments: { service } },
  },
});
const play = (steps: readonly object[], client: object = urlClient) =>
  playedSteps(lessonOf('2025-11-25', client, server, [...HANDSHAKE, ...steps]));

// biome-ignore lint/suspicious/noExplicitAny: the envelopes' shapes are what the test checks.
const sent = (step: Step | undefined) => step?.message as Record<string, any>;

describe('connect_account: URL-mode elicitation in the simulated server', () => {
  it('answers -32042 listing the elicitation, completes it, then serves the retry', async () => {
    const steps = await play([
      connect('calendar'),
      { server: 'next' },
      { server: 'next' },
      connect('calendar'),
      { server: 'next' },
    ]);
    const error = sent(steps[4]).error;
    expect(error.code).toBe(-32042);
    expect(error.data.elicitations).toEqual([
      expect.objectContaining({ mode: 'url', elicitationId: 'elicitation-1' }),
    ]);
    expect(sent(steps[5])).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/elicitation/complete',
      params: { elicitationId: 'elicitation-1' },
    });
    expect(sent(steps[7]).result.content[0].text).toBe('Connected to calendar.');
    expect(rules(steps)).toEqual([]);
  });

  it('without elicitation.url, an isError result and no -32042', async () => {
    const steps = await play([connect('calendar'), { server: 'next' }], {
      ...urlClient,
      capabilities: { elicitation: { form: {} } },
    });
    expect(sent(steps.at(-1)).result.isError).toBe(true);
    expect(rules(steps)).toEqual([]);
  });
});

/** The calendar's elicitation, started and completed, as in lesson 14. */
const completed = [connect('calendar'), { server: 'next' }, { server: 'next' }];

const CASES = {
  'url-elicitation-without-list': [connect('files')],
  'unknown-elicitation-completed': [],
  'plain-http-elicitation-url': [connect('photos')],
  'completed-elicitation-id-reused': [...completed, connect('drive')],
} as const;

describe('the URL-mode elicitation faults', () => {
  it.each(Object.entries(CASES))('%s breaks only its rule', async (fault, setup) => {
    const steps = await play([...setup, { fault }]);
    const last = steps.at(-1);
    expect(last?.notes?.fault).toBe(fault);
    const rule = FAULT_RULES[fault as keyof typeof CASES];
    expect((last?.verdict?.violations ?? []).map((v) => v.rule)).toEqual([rule]);
    expect(rules(steps.slice(0, -1))).toEqual([]);
  });

  it('plain-http-elicitation-url changes only the scheme, and the elicitation completes as usual', async () => {
    const steps = await play([
      connect('photos'),
      { fault: 'plain-http-elicitation-url' },
      { server: 'next' },
      connect('photos'),
      { server: 'next' },
    ]);
    expect(sent(steps[4]).error.data.elicitations).toEqual([
      expect.objectContaining({
        elicitationId: 'elicitation-1',
        url: 'http://accounts.example.com/connect?service=photos&elicitationId=elicitation-1',
      }),
    ]);
    expect(sent(steps[5]).params).toEqual({ elicitationId: 'elicitation-1' });
    expect(sent(steps.at(-1)).result.content[0].text).toBe('Connected to photos.');
    expect(rules(steps.slice(5))).toEqual([]);
  });

  it('completed-elicitation-id-reused names the completed elicitationId, or params.elicitationId', async () => {
    const steps = await play([
      ...completed,
      connect('drive'),
      { fault: 'completed-elicitation-id-reused' },
    ]);
    expect(sent(steps.at(-1)).error.data.elicitations).toEqual([
      expect.objectContaining({
        mode: 'url',
        elicitationId: 'elicitation-1',
        url: 'https://accounts.example.com/connect?service=drive&elicitationId=elicitation-1',
      }),
    ]);
    // A completion of an ID the server never established completes nothing.
    const unknown = await play([
      ...completed,
      { fault: 'unknown-elicitation-completed' },
      connect('drive'),
      { fault: 'completed-elicitation-id-reused' },
    ]);
    expect(sent(unknown.at(-1)).error.data.elicitations[0].elicitationId).toBe('elicitation-1');
    // An ID still open is not a completed one: that is not this rule's.
    const open = await play([
      connect('calendar'),
      { server: 'next' },
      connect('drive'),
      { fault: 'completed-elicitation-id-reused', params: { elicitationId: 'elicitation-1' } },
    ]);
    expect(rules(open.slice(-1))).toEqual([]);
  });

  it.each([
    [
      'plain-http-elicitation-url',
      [],
      /needs a pending client request the server will answer with -32042/,
    ],
    [
      'completed-elicitation-id-reused',
      [connect('drive')],
      /needs an elicitation the server completed/,
    ],
    [
      'completed-elicitation-id-reused',
      completed,
      /needs a pending client request the server will answer with -32042/,
    ],
  ])('%s where nothing sets it up is an error of the lesson', async (fault, setup, message) => {
    await expect(play([...setup, { fault }])).rejects.toThrow(message);
  });

  it('lesson 14 breaks each rule at its fault step only', async () => {
    const found = await faultsOfLesson('client-primitives');
    expect(found.filter((f) => f.fault === null).flatMap((f) => f.rules)).toEqual([]);
    expect(found.filter((f) => f.fault !== null).slice(-8)).toEqual([
      { fault: 'url-elicitation-without-list', rules: ['url-elicitation-error-invalid'] },
      { fault: 'unknown-elicitation-completed', rules: ['elicitation-complete-unknown'] },
      { fault: 'plain-http-elicitation-url', rules: ['elicitation-url-not-https'] },
      { fault: 'completed-elicitation-id-reused', rules: ['elicitation-id-reused'] },
      { fault: 'secret-in-form', rules: ['elicitation-form-asks-secret'] },
      // client/roots › Root and client/elicitation › Safe URL Handling, after them
      { fault: 'root-not-file', rules: ['root-uri-not-file'] },
      { fault: 'link-in-form', rules: ['elicitation-form-url'] },
      // client/elicitation › Safe URL Handling: no credential in the URL
      { fault: 'token-in-elicitation-url', rules: ['elicitation-url-sensitive'] },
    ]);
  });
});
