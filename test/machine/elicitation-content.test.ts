import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';
import { CONFIRM_REQUEST, deploy, inputRequired, retry } from './stream-builder.js';

/**
 * elicitation-content-mismatch: the content a form-mode elicitation is accepted with, against the
 * request's requestedSchema (client/elicitation › Form Mode Security: clients and servers SHOULD
 * validate it). Both eras: a result in the handshake era, an inputResponses entry in 2026-07-28.
 */

/** A form with each kind of field the spec's Requested Schema lists. */
const PROFILE: JsonObject = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 3, maxLength: 50 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 18 },
    subscribe: { type: 'boolean' },
    color: { type: 'string', enum: ['Red', 'Green', 'Blue'] },
    hex: {
      type: 'string',
      oneOf: [
        { const: '#FF0000', title: 'Red' },
        { const: '#00FF00', title: 'Green' },
      ],
    },
    colors: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['Red', 'Green', 'Blue'] },
    },
    hexes: {
      type: 'array',
      items: {
        anyOf: [
          { const: '#FF0000', title: 'Red' },
          { const: '#00FF00', title: 'Green' },
        ],
      },
    },
  },
  required: ['name', 'email'],
};
const GOOD = { name: 'Monalisa', email: 'octocat@github.com' };

/** A 2025-11-25 (or `version`) session whose server asks the form `schema` in `params`. */
const asked = (params: JsonObject = {}, version = '2025-11-25') =>
  session()
    .handshake({
      version,
      client: { elicitation: version === '2025-06-18' ? {} : { form: {}, url: {} } },
      server: { tools: {} },
    })
    .client(rpc.request(1, 'tools/call', { name: 'profile', arguments: {} }))
    .server(
      rpc.request(0, 'elicitation/create', {
        message: 'Your contact details?',
        requestedSchema: PROFILE,
        ...params,
      }),
    );
const answered = (result: JsonObject, b: SessionBuilder = asked()) =>
  b.client(rpc.result(0, result)).run().last.violations;
const accepted = (content: JsonObject) => answered({ action: 'accept', content });
const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);

describe('elicitation-content-mismatch, the handshake era (2025-11-25 client/elicitation › Form Mode Security)', () => {
  it('accepts content that fits, every kind of field filled or left out', () => {
    expect(rules(accepted(GOOD))).toEqual([]);
    const full = {
      ...GOOD,
      age: 30,
      subscribe: true,
      color: 'Green',
      hex: '#00FF00',
      colors: ['Red', 'Blue'],
      hexes: ['#FF0000'],
    };
    expect(rules(accepted(full))).toEqual([]);
  });

  it('names a missing required field, with its pointer', () => {
    const [v, ...rest] = accepted({ name: 'Monalisa' });
    expect(rest).toEqual([]);
    expect(v?.rule).toBe('elicitation-content-mismatch');
    expect(v?.severity).toBe('warning');
    expect(v?.message).toContain('elicitation/create #0');
    expect(v?.message).toContain('/result/content/email');
    expect(v?.spec).toContain('2025-11-25/client/elicitation › Form Mode Security');
    expect(englishPhrases(v?.messageZh ?? '')).toEqual([]);
    expect(v?.messageZh).toContain('/result/content/email');
  });

  it.each([
    ['a wrong type', { ...GOOD, age: 'thirty' }, '/result/content/age'],
    ['a number below its minimum', { ...GOOD, age: 12 }, '/result/content/age'],
    ['a string too short', { ...GOOD, name: 'Al' }, '/result/content/name'],
    ['a string not of its format', { ...GOOD, email: 'not an address' }, '/result/content/email'],
    ['more items than maxItems', { ...GOOD, colors: ['Red', 'Green', 'Blue'] }, 'colors'],
  ])('flags %s', (_what, content, pointer) => {
    const found = accepted(content);
    expect(rules(found)).toEqual(['elicitation-content-mismatch']);
    expect(found[0]?.message).toContain(pointer);
    expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
  });

  it.each([
    [
      'a single-select enum',
      { color: 'Purple' },
      '/result/content/color',
      '"Red", "Green", "Blue"',
    ],
    ['a titled single-select', { hex: '#0000FF' }, '/result/content/hex', '"#FF0000", "#00FF00"'],
    ['a multi-select', { colors: ['Red', 'Pink'] }, '/result/content/colors/1', '"Red", "Green"'],
    ['a titled multi-select', { hexes: ['#000000'] }, '/result/content/hexes/0', '"#FF0000"'],
  ])(
    'names the values %s offers when the answer is not one of them',
    (_what, field, pointer, offered) => {
      const found = accepted({ ...GOOD, ...field });
      expect(rules(found)).toEqual(['elicitation-content-mismatch']);
      expect(found[0]?.message).toContain(pointer);
      expect(found[0]?.message).toContain(`must be one of the values the form offers: ${offered}`);
      expect(found[0]?.messageZh).toContain(offered.replaceAll(', ', '、'));
      expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
    },
  );

  it('judges an accept without content as empty: wrong only when the form requires a field', () => {
    const bare = answered({ action: 'accept' });
    expect(rules(bare)).toEqual(['elicitation-content-mismatch']);
    expect(bare[0]?.message).toContain('without content');
    expect(bare[0]?.message).toContain('/result/content/name');
    expect(englishPhrases(bare[0]?.messageZh ?? '')).toEqual([]);
    const optional = asked({
      requestedSchema: { type: 'object', properties: { note: { type: 'string' } } },
    });
    expect(rules(answered({ action: 'accept' }, optional))).toEqual([]);
  });

  it('does not judge decline or cancel, nor a URL-mode accept', () => {
    // "The content field is typically omitted": typically, not must.
    expect(rules(answered({ action: 'decline', content: { age: 'x' } }))).toEqual([]);
    expect(rules(answered({ action: 'cancel' }))).toEqual([]);
    const url = session()
      .handshake({ client: { elicitation: { url: {} } }, server: { tools: {} } })
      .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
      .server(
        rpc.request(0, 'elicitation/create', {
          mode: 'url',
          message: 'Connect your account',
          elicitationId: 'e-1',
          url: 'https://mcp.example.com/connect?elicitationId=e-1',
        }),
      );
    expect(rules(answered({ action: 'accept' }, url))).toEqual([]);
  });

  it('leaves content that is not an object to invalid-result', () => {
    expect(rules(answered({ action: 'accept', content: 'Monalisa' }))).toEqual(['invalid-result']);
  });

  it('cites 2025-06-18’s Security Considerations in a session of that revision', () => {
    const [v] = answered(
      { action: 'accept', content: { name: 'Monalisa' } },
      asked({}, '2025-06-18'),
    );
    expect(v?.rule).toBe('elicitation-content-mismatch');
    expect(v?.spec).toBe(
      '2025-06-18/client/elicitation › Security Considerations (both parties SHOULD validate elicitation content against the provided schema)',
    );
    expect(englishPhrases(v?.specZh ?? '')).toEqual([]);
  });
});

describe('elicitation-content-mismatch, 2026-07-28 (client/elicitation › Form Mode Security, in inputResponses)', () => {
  const round = () => discovered().client(deploy(1)).server(inputRequired(1));
  const last = (b: SessionBuilder) => b.run().last.violations;

  it('accepts a retry whose answers fit the form', () => {
    expect(rules(last(round().client(retry(2))))).toEqual([]);
  });

  it('flags the answer of a key that does not fit, at its place in the retry', () => {
    const bad = { confirm: { action: 'accept', content: { confirm: 'yes' } } };
    const found = last(round().client(retry(2, { inputResponses: bad })));
    expect(rules(found)).toEqual(['elicitation-content-mismatch']);
    expect(found[0]?.message).toContain('/params/inputResponses/confirm/content/confirm');
    expect(found[0]?.message).toContain('"confirm"');
    expect(found[0]?.spec).toContain('2026-07-28/client/elicitation › Form Mode Security');
    expect(englishPhrases(found[0]?.messageZh ?? '')).toEqual([]);
    const empty = last(
      round().client(retry(2, { inputResponses: { confirm: { action: 'accept', content: {} } } })),
    );
    expect(empty[0]?.message).toContain('/params/inputResponses/confirm/content/confirm');
  });

  it('judges each form of the round on its own, and only forms', () => {
    const two = inputRequired(1, {
      inputRequests: {
        confirm: CONFIRM_REQUEST,
        also: CONFIRM_REQUEST,
        login: {
          method: 'elicitation/create',
          params: { mode: 'url', message: 'Sign in', url: 'https://example.com/login' },
        },
      },
      requestState: 'deploy:v1',
    });
    const answers = {
      confirm: { action: 'accept', content: { confirm: 1 } },
      also: { action: 'accept', content: { confirm: 'no' } },
      login: { action: 'accept' },
    };
    const found = last(
      discovered()
        .client(deploy(1))
        .server(two)
        .client(retry(2, { inputResponses: answers })),
    );
    expect(rules(found)).toEqual(['elicitation-content-mismatch', 'elicitation-content-mismatch']);
    expect(found.map((v) => v.message.includes('/inputResponses/also/'))).toEqual([false, true]);
    const declined = { ...answers, confirm: { action: 'decline' }, also: { action: 'cancel' } };
    const fine = discovered()
      .client(deploy(1))
      .server(two)
      .client(retry(2, { inputResponses: declined }));
    expect(rules(last(fine))).toEqual([]);
  });
});

/**
 * An elicitation the client runs as a task (2025-11-25 basic/utilities/tasks: the client's
 * tasks.requests.elicitation.create): it answers elicitation/create with a CreateTaskResult, and
 * the ElicitResult is its answer to the server's tasks/result for the task, "exactly what the
 * underlying request would have returned" (› Result Retrieval). That answer is the one to judge.
 */
describe('elicitation-content-mismatch, an elicitation run as the client’s task (2025-11-25 tasks)', () => {
  const CLIENT = {
    elicitation: { form: {} },
    tasks: { requests: { elicitation: { create: {} } } },
  };
  const TASK = {
    taskId: 'E1',
    status: 'working',
    createdAt: '2025-11-25T10:00:00Z',
    lastUpdatedAt: '2025-11-25T10:00:05Z',
    ttl: 60000,
  };
  const status = (value: string) =>
    rpc.notification('notifications/tasks/status', { ...TASK, status: value });
  /** The server's elicitation/create #0 as a task, which the client created as task E1. */
  const created = (client: JsonObject = CLIENT) =>
    session()
      .handshake({ client, server: { tools: {} } })
      .client(rpc.request(1, 'tools/call', { name: 'profile', arguments: {} }))
      .server(
        rpc.request(0, 'elicitation/create', {
          message: 'Your contact details?',
          requestedSchema: PROFILE,
          task: { ttl: 60000 },
        }),
      )
      .client(rpc.result(0, { task: TASK }));
  /** The task completed; the server's tasks/result #2 for `taskId` answered with `result`. */
  const fetched = (result: JsonObject, taskId = 'E1') =>
    created()
      .client(status('completed'))
      .server(rpc.request(2, 'tasks/result', { taskId }))
      .client(
        rpc.result(2, { ...result, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } }),
      )
      .run().last.violations;

  it('judges the ElicitResult the client returns from tasks/result against the requestedSchema', () => {
    expect(rules(created().run().last.violations)).toEqual([]);
    expect(rules(fetched({ action: 'accept', content: GOOD }))).toEqual([]);
    const [v, ...rest] = fetched({ action: 'accept', content: { name: 'Monalisa' } });
    expect(rest).toEqual([]);
    expect(v?.rule).toBe('elicitation-content-mismatch');
    expect(v?.severity).toBe('warning');
    expect(v?.message).toMatch(
      /^elicitation\/create #0, run as task "E1" and answered through tasks\/result #2, is accepted with content/,
    );
    expect(v?.message).toContain('/result/content/email');
    expect(v?.spec).toContain('2025-11-25/client/elicitation › Form Mode Security');
    expect(v?.messageZh).toContain('tasks/result #2');
    expect(v?.messageZh).toContain('/result/content/email');
    expect(englishPhrases(v?.messageZh ?? ''), v?.messageZh).toEqual([]);
    const offered = fetched({ action: 'accept', content: { ...GOOD, color: 'Purple' } });
    expect(offered[0]?.message).toContain('must be one of the values the form offers');
    const bare = fetched({ action: 'accept' });
    expect(rules(bare)).toEqual(['elicitation-content-mismatch']);
    expect(bare[0]?.message).toContain('without content');
  });

  it('does not judge a decline, nor the result of a task it never saw created', () => {
    expect(rules(fetched({ action: 'decline' }))).toEqual([]);
    const unknown = fetched({ action: 'accept', content: { age: 'x' } }, 'E9');
    expect(rules(unknown)).not.toContain('elicitation-content-mismatch');
  });

  it('a client that did not declare task-augmented elicitation answers the request itself, judged as ever', () => {
    const plain = session()
      .handshake({ client: { elicitation: { form: {} } }, server: { tools: {} } })
      .client(rpc.request(1, 'tools/call', { name: 'profile', arguments: {} }))
      .server(
        rpc.request(0, 'elicitation/create', {
          message: 'Your contact details?',
          requestedSchema: PROFILE,
          task: { ttl: 60000 },
        }),
      )
      .client(rpc.result(0, { action: 'accept', content: { name: 'Monalisa' } }));
    expect(rules(plain.run().last.violations)).toContain('elicitation-content-mismatch');
  });
});
