import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_NAMES } from '../../src/sim/scenario/faults.js';
import { scenarioSchema } from '../../src/sim/scenario/schema.js';

/**
 * The faults of the 2026-07-28 era (lessons 26–30): each, played in a modern session set up for
 * it, sends one envelope that breaks exactly the rule it is named for, and nothing else does.
 */

const note = { en: 'n', zh: '注' };
const MODERN = ['2026-07-28'];
const client = { era: 'modern', versions: MODERN, capabilities: {} };
const server = {
  era: 'modern',
  versions: MODERN,
  capabilities: {
    tools: { listChanged: true },
    resources: { subscribe: true },
    prompts: {},
    logging: {},
  },
  tools: ['weather_current', 'collect_feedback'],
};
const feedback = {
  client: {
    request: 'tools/call',
    params: { name: 'collect_feedback', arguments: { topic: 'this lesson' } },
  },
};
const withElicitation = { ...client, capabilities: { elicitation: { form: {} } } };
const oldVersion = {
  client: {
    request: 'tools/list',
    params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
  },
};

type Case = {
  readonly rule: string;
  readonly steps: readonly object[];
  readonly client?: object;
  readonly params?: object;
  readonly server?: object;
};

/** Each new fault: the rule it breaks and the steps that set it up (the fault comes last). */
const CASES: Record<string, Case> = {
  'request-without-meta': { rule: 'request-meta-missing', steps: [] },
  'server-sends-request': { rule: 'server-request', steps: [] },
  'client-answers-request': { rule: 'client-response', steps: [{ fault: 'server-sends-request' }] },
  'result-without-type': {
    rule: 'result-type-missing',
    steps: [{ client: { request: 'tools/list' } }],
  },
  'result-without-cache-hints': {
    rule: 'cache-hints-missing',
    steps: [{ client: { request: 'tools/list' } }],
  },
  'result-without-server-info': {
    rule: 'server-info-missing',
    steps: [{ client: { request: 'tools/list' } }],
  },
  'answer-unsupported-version': { rule: 'version-not-refused', steps: [oldVersion] },
  'version-error-without-supported': {
    rule: 'unsupported-version-error-incomplete',
    steps: [oldVersion],
  },
  'version-error-lists-requested': {
    rule: 'unsupported-version-contradicted',
    steps: [oldVersion],
  },
  'input-request-not-declared': { rule: 'client-capability-not-declared', steps: [feedback] },
  'capability-error-without-data': { rule: 'capability-error-incomplete', steps: [feedback] },
  'log-nobody-asked-for': { rule: 'log-without-level', steps: [] },
  'initialize-in-modern-session': { rule: 'era-mixed', steps: [] },
  'removed-method': { rule: 'method-removed', steps: [] },
  'retired-error-code': {
    rule: 'error-code-not-in-revision',
    steps: [{ client: { request: 'resources/read', params: { uri: 'file:///project/nope.txt' } } }],
  },
  'input-required-on-list': {
    rule: 'input-required-not-allowed',
    steps: [{ client: { request: 'tools/list' } }],
  },
  'input-required-empty-round': {
    rule: 'input-required-empty',
    steps: [
      {
        client: {
          request: 'tools/call',
          params: { name: 'weather_current', arguments: { location: 'Lisbon' } },
        },
      },
    ],
  },
  'retry-with-original-id': {
    rule: 'retry-same-id',
    client: withElicitation,
    steps: [feedback, { server: 'next' }],
  },
  'retry-with-altered-state': {
    rule: 'request-state-altered',
    client: withElicitation,
    steps: [feedback, { server: 'next' }],
  },
  'retry-without-answers': {
    rule: 'input-responses-missing',
    client: withElicitation,
    steps: [feedback, { server: 'next' }],
  },
  'retry-of-no-round': { rule: 'retry-without-round', steps: [] },
  'notification-before-ack': {
    rule: 'listen-ack-not-first',
    steps: [{ client: { listen: { toolsListChanged: true } } }],
  },
  'ack-beyond-filter': {
    rule: 'ack-beyond-filter',
    steps: [{ client: { listen: { toolsListChanged: true } } }],
  },
  'list-changed-without-listen': { rule: 'unsolicited-notification', steps: [] },
  'notification-not-in-filter': {
    rule: 'notification-not-subscribed',
    steps: [{ client: { listen: { toolsListChanged: true } } }, { server: 'next' }],
  },
  'server-cancels-request': {
    rule: 'server-cancel-not-listen',
    steps: [{ client: { request: 'tools/list' } }],
  },
  // A server of one tool per page: the opening's tools/list handed out a nextCursor.
  'cache-scope-changed': {
    rule: 'cache-scope-changed',
    server: { ...server, pageSize: 1 },
    steps: [{ client: 'next-page' }],
  },
  // weather_current's location, mirrored under a name with a space in it.
  'x-mcp-header-invalid': {
    rule: 'x-mcp-header-invalid',
    steps: [{ client: { request: 'tools/list' } }],
  },
  // Both eras; the opening's tools/list gave weather_current's outputSchema.
  'structured-content-mismatch': {
    rule: 'structured-content-mismatch',
    steps: [
      {
        client: {
          request: 'tools/call',
          params: { name: 'weather_current', arguments: { location: 'Paris' } },
        },
      },
    ],
  },
};

const FIRST_MODERN = FAULT_NAMES.indexOf('request-without-meta');

describe('the faults of the 2026-07-28 era', () => {
  it('are one contiguous block at the end of FAULT_NAMES, each with a case here', () => {
    expect(FIRST_MODERN).toBeGreaterThan(0);
    const block = FAULT_NAMES.slice(FIRST_MODERN);
    for (const name of Object.keys(CASES)) expect(block).toContain(name);
  });

  it.each(Object.entries(CASES))('%s breaks only its rule', async (fault, c) => {
    // The session opens in the modern era first: its first request fixes the era.
    const opening = [{ client: { request: 'tools/list' } }, { server: 'next' }];
    const scenario = scenarioSchema.parse({
      title: note,
      goal: note,
      recap: note,
      revision: '2026-07-28',
      client: c.client ?? client,
      server: c.server ?? server,
      steps: [...opening, ...c.steps, { fault, ...(c.params ? { params: c.params } : {}) }].map(
        (step) => ({
          ...step,
          note,
        }),
      ),
    });
    const played = await runScenario(scenario);
    if (!played.ok) throw new Error(`step ${played.error.step + 1}: ${played.error.message}`);
    const steps = played.value.steps;
    const last = steps.at(-1);
    expect(last?.notes?.fault).toBe(fault);
    expect((last?.verdict?.violations ?? []).map((v) => v.rule)).toEqual([c.rule]);
    // The steps that set it up break nothing (but a fault they need, which breaks its own rule).
    for (const step of steps.slice(0, -1)) {
      if (!step.notes?.fault) expect(step.verdict?.violations ?? []).toEqual([]);
    }
  });
});
