import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-trace-lang-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = join(dir, 'mixed.jsonl');
writeFileSync(
  file,
  [
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
    'not json',
    '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
  ].join('\n'),
);

describe('trace in Chinese', () => {
  it('--lang zh: the summary, the violations and the unreadable lines; --json stays as it is', async () => {
    const zh = await runCli(['trace', file, '--lang', 'zh']);
    expect(zh.code).toBe(1);
    expect(zh.stdout).toContain('汇总');
    expect(zh.stdout).toMatch(
      /第 4 行：错误 capability-not-negotiated — "tools\/list" 需要 server\.tools/,
    );
    expect(zh.stdout).toMatch(/无法读取的行（1）\n {2}第 2 行：不是有效的 JSON（/);
    const json = JSON.parse((await runCli(['trace', file, '--json', '--lang', 'zh'])).stdout);
    expect(json.problems).toEqual([
      { line: 2, message: expect.stringMatching(/^not valid JSON \(/) },
    ]);
  });

  it('follows LANG when --lang is not given, as every other command does', async () => {
    const zh = await runCli(['trace', file], {
      cwd: dir,
      env: { LANG: 'zh_CN.UTF-8', LC_ALL: undefined },
    });
    expect(zh.stdout).toContain('汇总');
    const en = await runCli(['trace', file], {
      cwd: dir,
      env: { LANG: 'en_US.UTF-8', LC_ALL: undefined },
    });
    expect(en.stdout).toContain('Summary');
  });
});
