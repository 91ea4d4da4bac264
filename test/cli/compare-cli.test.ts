import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../helpers/cli.js';

beforeAll(async () => {
  await ensureBuilt();
});

describe('mcp-sim compare, through the built CLI (no terminal)', () => {
  it('without a topic lists the topics, one per line, id first', async () => {
    const r = await runCli(['compare', '--lang', 'en']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual([
      'two-eras',
      'versions',
      'capabilities',
      'server-questions',
      'notifications',
      'cancellation',
    ]);
    expect(lines[0]).toMatch(/^two-eras\s+The same task in both eras$/);
  });

  it('without a topic, --json lists the topics as an object, as lessons --json and exercises --json do', async () => {
    const r = await runCli(['compare', '--json', '--lang', 'zh']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const data = JSON.parse(r.stdout) as {
      topics: { id: string; title: string; lessons: string[] }[];
    };
    expect(data.topics.map((t) => t.id)).toEqual([
      'two-eras',
      'versions',
      'capabilities',
      'server-questions',
      'notifications',
      'cancellation',
    ]);
    expect(data.topics[0]).toMatchObject({ id: 'two-eras', title: '同一个任务，两个时代' });
    // Each topic names the lessons that teach it, as its last row does.
    expect(data.topics.every((t) => Array.isArray(t.lessons))).toBe(true);
    expect(data.topics.some((t) => t.lessons.length > 0)).toBe(true);
  });

  it('an unknown topic is a one-line usage error naming the topics (exit 2)', async () => {
    const r = await runCli(['compare', 'handshakes', '--lang', 'en']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'mcp-sim: no compare topic "handshakes"; the topics are: two-eras, versions, capabilities, server-questions, notifications, cancellation',
    ]);
  });

  it('the view needs a terminal: without one it points at --plain (exit 2)', async () => {
    const r = await runCli(['compare', 'two-eras', '--lang', 'en']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcp-sim: .*--plain/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('--plain prints the two-column handout, in Chinese with --lang zh', async () => {
    const en = await runCli(['compare', 'two-eras', '--plain', '--lang', 'en']);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('# The same task in both eras');
    expect(en.stdout).toContain('| 2025-11-25 · handshake era | 2026-07-28 · stateless |');
    expect(en.stdout).toContain('"method":"elicitation/create"');
    expect(en.stdout).toContain('"resultType":"input_required"');
    const zh = await runCli(['compare', 'two-eras', '--plain', '--lang', 'zh']);
    expect(zh.code).toBe(0);
    expect(zh.stdout).toContain('# 同一个任务，两个时代');
    expect(zh.stdout).toContain('> **区别**：');
  });

  it('--json gives the rows as data; --plain with --json is a usage error', async () => {
    const r = await runCli(['compare', 'versions', '--json']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as {
      id: string;
      rows: Array<{
        modern: { message: { error?: { code: number; data: { supported: string[] } } } } | null;
      }>;
    };
    expect(data.id).toBe('versions');
    expect(data.rows[1]?.modern?.message.error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'] },
    });
    const both = await runCli(['compare', 'versions', '--json', '--plain']);
    expect(both.code).toBe(2);
  });

  it('mcp-sim help compare explains it', async () => {
    const r = await runCli(['help', 'compare', '--lang', 'en']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('mcp-sim compare');
    expect(r.stdout).toContain('--plain');
  });
});
