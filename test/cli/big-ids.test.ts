import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceLabel } from '../../src/trace/index.js';
import { ROOT, runCli } from '../helpers/cli.js';

// Integers past 2^53 − 1 in every place a peer matches on: a request's id and its progress token
// (line 4), a progress notification's token (5), a cancellation's requestId (6), a response's id
// (10); 2^53 − 1 itself (lines 7 and 8) is exact and is not flagged.
const BIG = join(ROOT, 'test', 'fixtures', 'samples', 'big-ids.jsonl');
const RULE = 'id-beyond-safe-integer';

describe('ids beyond 2^53 − 1 are reported, not silently rounded', () => {
  it('trace: one located warning per id, naming the value JavaScript read', async () => {
    const r = await runCli(['trace', BIG]);
    expect(r.code).toBe(0); // a warning: JSON-RPC does not bound ids
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n').filter((l) => l.includes(`warning ${RULE}`));
    expect(lines.map((l) => l.match(/line (\d+):/)?.[1])).toEqual(['4', '4', '5', '6', '9', '10']);
    expect(lines[0]).toContain('id 9007199254740992 (as JSON numbers in JavaScript read it)');
    expect(lines[1]).toContain('progress token 9007199254740996 ');
    expect(lines[2]).toContain('progressToken 9007199254740996 ');
    expect(lines[3]).toContain('requestId 9007199254740992 ');
    expect(lines[4]).toContain('id 12345678901234567000 ');
    for (const line of lines) expect(line).toMatch(/beyond 2\^53 − 1 .*misroute/);
  });

  it('trace --json: the rule id on exactly those messages', async () => {
    const r = await runCli(['trace', '--json', BIG]);
    const { messages } = JSON.parse(r.stdout) as { messages: TraceLabel[] };
    const flagged = messages.map((m) => m.violations.filter((v) => v === RULE).length);
    expect(flagged).toEqual([0, 0, 0, 2, 1, 1, 0, 0, 1, 1]);
  });
});
