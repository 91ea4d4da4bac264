import { describe, expect, it } from 'vitest';
import { MODERN_RULES } from '../../src/machine/rule-sets.js';
import { ruleSpecText } from '../../src/machine/rules.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import type { SessionBuilder } from './session-builder.js';

// rules.md: "Every citation starts with the revision whose text it quotes: 2025-11-25 for the
// handshake era, 2026-07-28 for the stateless one." A finding in a 2026-07-28 session sends the
// learner to 2026-07-28's own page, which says the same, not to the handshake era's.
const call = (id: number) => modernRequest(id, 'tools/call', { name: 'greet', arguments: {} });
const found = (b: SessionBuilder) =>
  b.run().last.violations.map((v) => ({ rule: v.rule, spec: v.spec, specZh: v.specZh }));

describe('a finding in a 2026-07-28 session cites 2026-07-28', () => {
  it.each([
    [
      'an answer to a request already answered',
      discovered()
        .client(call(1))
        .server(modernResult(1, { content: [] }))
        .server(modernResult(1, { content: [] })),
      'duplicate-response',
      '2026-07-28/basic/index › Responses',
    ],
    [
      'a method the protocol does not have',
      discovered().client(modernRequest(2, 'foo/bar')),
      'unknown-method',
      '2026-07-28/basic/index › Messages',
    ],
    [
      'an id past 2^53 − 1',
      discovered().client(modernRequest(2 ** 60, 'tools/list')),
      'id-beyond-safe-integer',
      '2026-07-28/basic/index › Requests',
    ],
  ])('%s', (_what, session, rule, section) => {
    const [violation] = found(session);
    expect(violation?.rule).toBe(rule);
    expect(violation?.spec.startsWith(`${section} (`)).toBe(true);
    expect(violation?.specZh.startsWith(`${section}（`)).toBe(true);
  });

  // Rules whose 2026-07-28 findings each carry their own citation (the schema's section for the
  // method, logging › Per-request log level), which the cases in their own tests check.
  const citedPerFinding = [
    'invalid-params',
    'invalid-result',
    'wrong-direction',
    'log-below-level',
  ];

  it('every other rule of the 2026-07-28 rule set names a 2026-07-28 section, or the tasks extension’s (versioned apart)', () => {
    const rows = new Map(
      Object.values(MODERN_RULES.judges)
        .flat()
        .map((row) => [row?.id, row]),
    );
    const stale = [...rows.values()]
      .filter((row) => row !== undefined && !citedPerFinding.includes(row.id))
      .filter((row) => {
        const spec = row ? ruleSpecText(row, 'en', 'modern') : '';
        return !spec.startsWith('2026-07-28/') && !spec.startsWith('ext-tasks-e434597/');
      })
      .map((row) => row?.id);
    expect(stale).toEqual([]);
  });
});
