import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import type { SessionBuilder } from './session-builder.js';

const tool = (name: string): JsonObject => ({ name, inputSchema: { type: 'object' } });
const list = (id: number, cursor?: string) =>
  modernRequest(id, 'tools/list', cursor === undefined ? {} : { cursor });
const page = (id: number, scope: string, next?: string) =>
  modernResult(id, {
    tools: [tool(`t${id}`)],
    ttlMs: 60000,
    cacheScope: scope,
    ...(next === undefined ? {} : { nextCursor: next }),
  });
const rulesOf = (b: SessionBuilder) =>
  b.run().reports.flatMap((r) => r.violations.map((v) => v.rule));

describe('cache-scope-changed (2026-07-28 server/utilities/caching › Interaction with Pagination)', () => {
  it('keeps the first page’s cacheScope on every page of the list', () => {
    const same = discovered()
      .client(list(1))
      .server(page(1, 'private', 'c2'))
      .client(list(2, 'c2'))
      .server(page(2, 'private', 'c3'))
      .client(list(3, 'c3'))
      .server(page(3, 'private'));
    expect(rulesOf(same)).toEqual([]);
  });

  it('flags a page whose scope differs from the first page’s, naming both', () => {
    const changed = discovered()
      .client(list(1))
      .server(page(1, 'private', 'c2'))
      .client(list(2, 'c2'))
      .server(page(2, 'public'));
    const v = changed.run().last.violations;
    expect(v.map((x) => [x.rule, x.severity])).toEqual([['cache-scope-changed', 'error']]);
    expect(v[0]?.message).toContain('"public"');
    expect(v[0]?.message).toContain('"private"');
    expect(v[0]?.spec).toContain(
      '2026-07-28/server/utilities/caching › Interaction with Pagination',
    );
    expect(englishPhrases(v[0]?.messageZh ?? '')).toEqual([]);
    // Three pages: the third is judged against the first, not against a second that was wrong.
    const third = discovered()
      .client(list(1))
      .server(page(1, 'private', 'c2'))
      .client(list(2, 'c2'))
      .server(page(2, 'public', 'c3'))
      .client(list(3, 'c3'))
      .server(page(3, 'private'));
    expect(rulesOf(third)).toEqual(['cache-scope-changed']);
  });

  it('leaves separate lists and other methods alone', () => {
    // A fresh fetch from the beginning (no cursor) is a new list.
    const fresh = discovered()
      .client(list(1))
      .server(page(1, 'private'))
      .client(list(2))
      .server(page(2, 'public'));
    expect(rulesOf(fresh)).toEqual([]);
    // The same cursor string of another list method is not this list's page.
    const other = discovered()
      .client(list(1))
      .server(page(1, 'private', 'c2'))
      .client(modernRequest(2, 'prompts/list', { cursor: 'c2' }))
      .server(modernResult(2, { prompts: [], ttlMs: 0, cacheScope: 'public' }));
    expect(rulesOf(other)).toEqual([]);
  });
});
