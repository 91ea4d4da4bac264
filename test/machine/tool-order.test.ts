import { describe, expect, it } from 'vitest';
import { toolNames } from '../../src/machine/rules/tool-order.js';
import type { JsonObject } from '../../src/protocol/index.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, session } from './session-builder.js';

const HINTS = { ttlMs: 0, cacheScope: 'private' } as const;
const tools = (names: readonly string[]) =>
  names.map((name) => ({ name, inputSchema: { type: 'object' } }));
const rulesOf = (run: { reports: readonly { violations: readonly { rule: string }[] }[] }) =>
  run.reports.flatMap((r) => r.violations.map((v) => v.rule));

/** Modern tools/list requests, each answered with `results[i]` (ids 1, 2, …). */
function lists(...results: readonly JsonObject[]) {
  let s = discovered();
  results.forEach((result, i) => {
    s = s.client(modernRequest(i + 1, 'tools/list')).server(modernResult(i + 1, result));
  });
  return s;
}

// 2026-07-28 server/tools › Capabilities: servers SHOULD return tools in a deterministic order.
describe('tool-order-changed', () => {
  it('names where the orders first differ, in both languages, as a warning', () => {
    const [hit] = lists(
      { tools: tools(['a', 'b', 'c']), ...HINTS },
      { tools: tools(['a', 'c', 'b']), ...HINTS },
    ).run().last.violations;
    expect(hit?.rule).toBe('tool-order-changed');
    expect(hit?.severity).toBe('warning');
    expect(hit?.message).toContain('/result/tools/1 is "c" where that list had "b"');
    expect(hit?.messageZh).toContain('/result/tools/1 是 "c"，而上一次那里是 "b"');
  });

  it('a reordered list does not become the order: back in the old one is clean, kept is told again', () => {
    const back = lists(
      { tools: tools(['a', 'b']), ...HINTS },
      { tools: tools(['b', 'a']), ...HINTS },
      { tools: tools(['a', 'b']), ...HINTS },
    ).run();
    expect(rulesOf(back)).toEqual(['tool-order-changed']);
    const kept = lists(
      { tools: tools(['a', 'b']), ...HINTS },
      { tools: tools(['b', 'a']), ...HINTS },
      { tools: tools(['b', 'a']), ...HINTS },
    ).run();
    expect(rulesOf(kept)).toEqual(['tool-order-changed', 'tool-order-changed']);
  });

  it('a list whose set changed becomes the order of record', () => {
    const run = lists(
      { tools: tools(['a', 'b']), ...HINTS },
      { tools: tools(['c', 'b', 'a']), ...HINTS },
      { tools: tools(['c', 'b', 'a']), ...HINTS },
    ).run();
    expect(rulesOf(run)).toEqual([]);
  });

  it('does not compare lists whose set changed, paged lists, or the handshake era', () => {
    const changed = lists(
      { tools: tools(['a', 'b']), ...HINTS },
      { tools: tools(['b', 'a', 'c']), ...HINTS },
      { tools: tools(['c', 'b']), ...HINTS },
    ).run();
    expect(rulesOf(changed)).toEqual([]);
    const paged = lists(
      { tools: tools(['a', 'b']), ...HINTS },
      { tools: tools(['b', 'a']), nextCursor: 'p2', ...HINTS },
    ).run();
    expect(rulesOf(paged)).toEqual([]);
    const legacy = session()
      .handshake({ server: { tools: {} } })
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: tools(['a', 'b']) }))
      .client(rpc.request(2, 'tools/list'))
      .server(rpc.result(2, { tools: tools(['b', 'a']) }))
      .run();
    expect(rulesOf(legacy)).toEqual([]);
  });

  it('a page fetched with a cursor is no whole list, and does not replace the order', () => {
    const run = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: tools(['a', 'b']), ...HINTS }))
      .client(modernRequest(2, 'tools/list', { cursor: 'p2' }))
      .server(modernResult(2, { tools: tools(['b', 'a']), ...HINTS }))
      .client(modernRequest(3, 'tools/list'))
      .server(modernResult(3, { tools: tools(['a', 'b']), ...HINTS }))
      .run();
    expect(rulesOf(run)).not.toContain('tool-order-changed');
  });
});

describe('a tools/list result’s names', () => {
  it('are read once, though the rule and the record that keeps the order both ask', () => {
    let reads = 0;
    const counted = (name: string) => ({
      get name() {
        reads += 1;
        return name;
      },
    });
    const result: JsonObject = { tools: [counted('a'), counted('b')] };
    const first = toolNames(result);
    expect(first).toEqual(['a', 'b']);
    expect(toolNames(result)).toBe(first);
    expect(reads).toBe(2);
    expect(toolNames({ tools: [{ name: 'a' }, { name: 'a' }] })).toBeNull();
    expect(toolNames({ tools: [{ title: 'no name' }] })).toBeNull();
  });
});
