import { describe, expect, it } from 'vitest';
import { discovered, modernRequest, modernResult } from './modern-builder.js';

const rules = (run: { last: { violations: readonly { rule: string }[] } }) =>
  run.last.violations.map((v) => v.rule);

describe('the 2026-07-28 schema judges modern messages (official JSON Schema, Ajv)', () => {
  it('a modern tools/call without its name breaks CallToolRequest', () => {
    const run = discovered()
      .client(modernRequest(1, 'tools/call', { arguments: {} }))
      .run();
    expect(rules(run)).toEqual(['invalid-params']);
    expect(run.last.violations[0]?.message).toMatch(/^\/params\/name: /);
  });

  it('the same call with its name is valid', () => {
    const run = discovered()
      .client(modernRequest(1, 'tools/call', { name: 'add', arguments: {} }))
      .run();
    expect(rules(run)).toEqual([]);
  });

  it('a tools/list result without tools breaks ListToolsResult; with them it is valid', () => {
    const bad = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { ttlMs: 0, cacheScope: 'private' }))
      .run();
    expect(rules(bad)).toEqual(['invalid-result']);
    const good = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' }))
      .run();
    expect(rules(good)).toEqual([]);
  });
});
