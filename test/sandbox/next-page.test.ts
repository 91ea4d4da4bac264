import { describe, expect, it } from 'vitest';
import { sandboxAtLesson } from '../../src/sim/sandbox/from-lesson.js';
import { SANDBOX_CLIENT, SANDBOX_SERVER, sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { SandboxSession } from '../../src/sim/sandbox/session.js';
import { openLesson } from '../../src/sim/scenario/open-lesson.js';
import { agrees, pick } from './helpers.js';

const resultOf = (m: unknown) => (m as { result?: Record<string, unknown> }).result ?? {};

// server/utilities/pagination (2025-11-25 and 2026-07-28): a page with nextCursor says more
// follow, and the client asks for them with that cursor. The sandbox offered no such request: a
// learner had to find the cursor in the field tree and type it into the JSON editor.
describe('the sandbox offers the next page of a list', () => {
  it('2026-07-28, at the end of result-type-and-caching (pageSize 2): resources/list, page by page', async () => {
    const opened = await openLesson('result-type-and-caching');
    if (!opened.ok) throw new Error(opened.error.message);
    const s = sandboxAtLesson(opened.value, 'client');
    expect(s.offers().some((o) => o.key === 'page:resources/list')).toBe(false);
    const first = s.send(pick(s, 'request:resources/list').envelope).at(-1)?.message;
    const cursor = resultOf(first).nextCursor;
    expect(typeof cursor).toBe('string');
    const next = pick(s, 'page:resources/list');
    // What is next: first in the list (the cursor goes to the first row when a new move appears).
    expect(s.offers()[0]?.key).toBe('page:resources/list');
    expect(next.blocks).toEqual([]);
    expect(next.envelope.params).toMatchObject({ cursor });
    expect((next.envelope.params as Record<string, unknown>)._meta).toBeDefined();
    agrees(s);
    const steps = s.send(next.envelope);
    expect(steps.flatMap((st) => st.verdict?.violations ?? [])).toEqual([]);
    expect(resultOf(steps.at(-1)?.message).nextCursor).toBeUndefined();
    expect(s.offers().some((o) => o.key === 'page:resources/list')).toBe(false);
  });

  it('2025-11-25, a server that pages its tools', () => {
    const s = new SandboxSession({
      era: 'legacy',
      side: 'client',
      server: { ...SANDBOX_SERVER, pageSize: 3 },
      client: SANDBOX_CLIENT,
    });
    s.open();
    s.send(pick(s, 'request:initialize').envelope);
    s.send(pick(s, 'notification:notifications/initialized').envelope);
    const first = s.send(pick(s, 'request:tools/list').envelope).at(-1)?.message;
    expect((resultOf(first).tools as unknown[]).length).toBe(3);
    const next = pick(s, 'page:tools/list');
    expect(next.label.en).toBe('tools/list: the next page');
    expect(next.envelope.params).toEqual({ cursor: resultOf(first).nextCursor });
    agrees(s);
    const last = s.send(next.envelope).at(-1);
    expect(last?.verdict?.violations).toEqual([]);
    expect((resultOf(last?.message).tools as unknown[]).length).toBe(2);
    expect(s.offers().some((o) => o.key === 'page:tools/list')).toBe(false);
  });

  // The default server pages its lists too (three items a page): a learner meets "next page"
  // without opening a lesson whose server pages.
  it.each(['legacy', 'modern'] as const)('%s: the default server pages its five tools', (era) => {
    const s = sandboxDefaults(era, 'client');
    if (era === 'legacy') {
      s.send(pick(s, 'request:initialize').envelope);
      s.send(pick(s, 'notification:notifications/initialized').envelope);
    }
    const first = s.send(pick(s, 'request:tools/list').envelope).at(-1);
    expect(first?.verdict?.violations).toEqual([]);
    expect((resultOf(first?.message).tools as unknown[]).length).toBe(3);
    const next = pick(s, 'page:tools/list');
    expect(next.envelope.params).toMatchObject({ cursor: resultOf(first?.message).nextCursor });
    agrees(s);
    const last = s.send(next.envelope).at(-1);
    expect(last?.verdict?.violations).toEqual([]);
    expect((resultOf(last?.message).tools as unknown[]).length).toBe(2);
    expect(s.offers().some((o) => o.key === 'page:tools/list')).toBe(false);
  });
});
