import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TraceSummary } from '../../src/trace/index.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-empty-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const EMPTY = join(dir, 'empty.jsonl');
writeFileSync(EMPTY, '');
const BLANK = join(dir, 'blank.jsonl');
writeFileSync(BLANK, '\n  \n');
const BROKEN = join(dir, 'broken.jsonl');
writeFileSync(BROKEN, '{"jsonrpc":\n');

// DESIGN.md: summary.era is `legacy`, `modern`, or `dual`; null is not among them.
const ERAS = ['legacy', 'modern', 'dual'];

describe('trace of a transcript with no message', () => {
  for (const [name, file, code] of [
    ['an empty file', EMPTY, 0],
    ['blank lines only', BLANK, 0],
    ['an unreadable line only', BROKEN, 1],
  ] as const) {
    it(`${name}: --json summary.era is one the contract names (legacy, the referee's rules before any message)`, async () => {
      const r = await runCli(['trace', file, '--json', '--lang', 'en']);
      expect(r.code).toBe(code);
      const { messages, summary } = JSON.parse(r.stdout) as {
        messages: unknown[];
        summary: TraceSummary;
      };
      expect(messages).toEqual([]);
      expect(ERAS).toContain(summary.era);
      expect(summary.era).toBe('legacy');
      expect(summary.lifecycleToOperationRatio).toBeNull();
    });

    it(`${name}: the text report says there are no messages`, async () => {
      const r = await runCli(['trace', file, '--lang', 'en']);
      expect(r.code).toBe(code);
      expect(r.stdout).toContain(
        'messages       no messages: the transcript holds no JSON-RPC message',
      );
      expect(r.stdout).toContain('era            legacy — no message decided the era');
      expect(r.stdout).not.toContain('phases');
      const zh = await runCli(['trace', file, '--lang', 'zh']);
      expect(zh.stdout).toContain('消息：没有消息');
    });
  }
});

describe('an envelope broken before any message decided the era', () => {
  const FIRST = join(dir, 'broken-first.jsonl');
  writeFileSync(FIRST, '{"jsonrpc":"1.0","id":1,"method":"ping"}\n');
  const LATER = join(dir, 'broken-later.jsonl');
  writeFileSync(
    LATER,
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })}\n{"jsonrpc":"1.0","id":2,"method":"ping"}\n`,
  );

  it('cites the rule in both revisions, since neither era is the session’s yet', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const r = await runCli(['trace', FIRST, '--lang', lang]);
      expect(r.stdout).toContain('invalid-envelope — ');
      expect(r.stdout).toContain(
        '[2025-11-25/basic/index › Messages; 2026-07-28/basic/index › Messages]',
      );
    }
  });

  it('cites the session’s own revision once a message decided the era', async () => {
    const r = await runCli(['trace', LATER, '--lang', 'en']);
    expect(r.stdout).toContain('invalid-envelope — ');
    expect(r.stdout).toContain('[2025-11-25/basic/index › Messages]');
    expect(r.stdout).not.toContain('2026-07-28/basic/index › Messages');
  });
});
