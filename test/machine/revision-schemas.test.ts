import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { rpc, session } from './session-builder.js';

/**
 * Each handshake-era revision is judged against its own schema: the official JSON Schema of
 * 2024-11-05, 2025-03-26 and 2025-06-18, the SDK v1's zod schemas for 2025-11-25 (with the spec's
 * required fields where the SDK fills in a default). Each case is flagged in the revision that does
 * not have it and passes in the one that does.
 */
const SERVER = { tools: {}, resources: {}, prompts: {}, logging: {} };
const CLIENT = { roots: { listChanged: true }, sampling: {}, elicitation: {} };

/** The last message's violations, after a handshake that negotiated `version`. */
function judged(version: string, ...messages: ['client' | 'server', JsonObject][]) {
  let s = session().handshake({ version, client: CLIENT, server: SERVER });
  for (const [side, message] of messages)
    s = side === 'client' ? s.client(message) : s.server(message);
  return s.run().last.violations;
}

const rules = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);

const call = rpc.request(7, 'tools/call', { name: 'speak', arguments: {} });
const answer = (version: string, result: JsonObject) =>
  judged(version, ['client', call], ['server', rpc.result(7, result)]);

const AUDIO = { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' };
const LINK = { type: 'resource_link', uri: 'file:///notes.txt', name: 'notes.txt' };

describe('a tools/call result judged by the negotiated revision', () => {
  it('audio content is flagged in 2024-11-05 (it came in 2025-03-26), with the revision and the pointer', () => {
    const violations = answer('2024-11-05', { content: [AUDIO] });
    expect(rules(violations)).toEqual(['invalid-result']);
    const [v] = violations;
    expect(v?.message).toMatch(/^\/result\/content\/0: /);
    expect(v?.message).toContain('MCP 2024-11-05');
    expect(v?.messageZh).toMatch(/^\/result\/content\/0：/);
    expect(v?.messageZh).toContain('MCP 2024-11-05');
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      expect(rules(answer(version, { content: [AUDIO] })), version).toEqual([]);
    }
  });

  it('resource_link content is flagged in 2025-03-26 and 2024-11-05 (it came in 2025-06-18)', () => {
    for (const version of ['2024-11-05', '2025-03-26']) {
      const violations = answer(version, { content: [{ type: 'text', text: 'see' }, LINK] });
      expect(rules(violations), version).toEqual(['invalid-result']);
      expect(violations[0]?.message).toMatch(/^\/result\/content\/1: .*MCP 20/);
      expect(violations[0]?.message).toContain(version);
    }
    for (const version of ['2025-06-18', '2025-11-25']) {
      expect(rules(answer(version, { content: [LINK] })), version).toEqual([]);
    }
  });

  it('structuredContent without content is flagged in every revision: content is required', () => {
    for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
      const violations = answer(version, { structuredContent: {} });
      expect(rules(violations), version).toEqual(['invalid-result']);
      expect(violations[0]?.message).toMatch(/^\/result\/content: /);
      expect(violations[0]?.message).toContain(`MCP ${version}`);
      expect(violations[0]?.messageZh).toContain(`MCP ${version}`);
    }
    // 2025-11-25 is judged with the SDK's zod schema, which fills in content: []: the spec wins.
    const [latest] = answer('2025-11-25', { structuredContent: {} });
    expect(latest?.message).toContain('SDK v1');
    expect(latest?.messageZh).toContain('SDK v1');
    for (const version of ['2025-06-18', '2025-11-25']) {
      // With a text block: structured-content-without-text has nothing to say either.
      const text = [{ type: 'text', text: '{}' }];
      expect(rules(answer(version, { content: text, structuredContent: {} })), version).toEqual([]);
    }
  });

  it('a CreateTaskResult answers tools/call in 2025-11-25, not in 2025-06-18 (tasks came in 2025-11-25)', () => {
    const task = {
      taskId: 't1',
      status: 'working',
      createdAt: '2025-11-25T10:00:00Z',
      lastUpdatedAt: '2025-11-25T10:00:00Z',
      ttl: 60000,
    };
    const old = answer('2025-06-18', { task });
    expect(rules(old)).toEqual(['invalid-result']);
    expect(old[0]?.message).toMatch(/^\/result\/content: .*MCP 2025-06-18/);
    const taskCall = rpc.request(7, 'tools/call', { name: 'speak', arguments: {}, task: {} });
    const latest = session()
      .handshake({
        client: CLIENT,
        server: { ...SERVER, tasks: { requests: { tools: { call: {} } } } },
      })
      .client(taskCall)
      .server(rpc.result(7, { task }))
      .run().last.violations;
    expect(rules(latest).filter((r) => r === 'invalid-result')).toEqual([]);
  });
});

describe('a request judged by the negotiated revision', () => {
  const urlElicitation = rpc.request(3, 'elicitation/create', {
    mode: 'url',
    message: 'Sign in, please',
    url: 'https://example.com/sign-in',
    elicitationId: 'e1',
  });
  const clientWithUrl = { ...CLIENT, elicitation: { form: {}, url: {} } };

  it('URL-mode elicitation without requestedSchema is flagged in 2025-06-18 (URL mode came in 2025-11-25)', () => {
    const violations = session()
      .handshake({ version: '2025-06-18', client: clientWithUrl, server: SERVER })
      .server(urlElicitation)
      .run().last.violations;
    expect(rules(violations)).toContain('invalid-params');
    const v = violations.find((x) => x.rule === 'invalid-params');
    expect(v?.message).toMatch(/^\/params\/requestedSchema: .*MCP 2025-06-18/);
    expect(v?.messageZh).toMatch(/^\/params\/requestedSchema：.*MCP 2025-06-18/);
    const latest = session()
      .handshake({ client: clientWithUrl, server: SERVER })
      .server(urlElicitation)
      .run().last.violations;
    expect(rules(latest)).not.toContain('invalid-params');
  });

  it('an initialize is judged by the revision it requests, before anything is negotiated', () => {
    // 2024-11-05's Implementation has no title; extra fields are allowed: a valid initialize.
    const run = session().initialize({ version: '2024-11-05' }).run();
    expect(rules(run.last.violations)).toEqual([]);
    const bad = session()
      .client(
        rpc.request(0, 'initialize', {
          protocolVersion: '2024-11-05',
          capabilities: {},
          clientInfo: { name: 'c' },
        }),
      )
      .run().last.violations;
    expect(bad.find((v) => v.rule === 'invalid-params')?.message).toMatch(
      /^\/params\/clientInfo\/version: .*MCP 2024-11-05/,
    );
  });
});

describe('a schema finding cites where its revision states the method’s types', () => {
  it('the schema page’s section for the method from 2025-06-18 on, that revision’s schema.ts before', () => {
    const [old] = answer('2024-11-05', { content: [AUDIO] });
    expect(old?.spec).toMatch(/^2024-11-05\/schema\.ts \(the method’s Result type/);
    const [later] = answer('2025-11-25', { structuredContent: {} });
    expect(later?.rule).toBe('invalid-result');
    expect(later?.spec).toMatch(/^2025-11-25\/schema › tools\/call \(the method’s Result type/);
    expect(later?.specZh).toMatch(
      /^2025-11-25\/schema › tools\/call（会话所用修订版中该方法的 Result 类型）$/,
    );
  });
});
