import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/sim/scenario/find-lesson.js';
import { runCli } from '../helpers/cli.js';

describe('did you mean: two swapped letters are one edit', () => {
  it('optimal string alignment distance', () => {
    expect(editDistance('tarce', 'trace')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(closest('tarce', ['trace', 'play', 'diagram'])).toBe('trace');
  });

  it('mcp-sim tarce x suggests trace', async () => {
    const result = await runCli(['tarce', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mcp-sim: unknown command "tarce" (did you mean trace? try: mcp-sim help)\n',
    );
  });
});

describe('diagram --format given twice', () => {
  it('two different values are a usage error, as check does; the same one twice is fine', async () => {
    const result = await runCli(['diagram', '--format', 'mermaid', '--format', 'json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'mcp-sim: --format given twice ("mermaid", then "json"): choose one\n',
    );
    const same = await runCli(['diagram', '--format', 'json', '--format', 'json']);
    expect(same.code).toBe(0);
    expect(JSON.parse(same.stdout)).toHaveProperty('id', 'session');
  });
});

describe('diagram --lang', () => {
  it('is taken after the command or before it, as every command takes it: help and errors follow it', async () => {
    const before = await runCli(['--lang', 'en', 'diagram']);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/^stateDiagram-v2\n/);
    const help = await runCli(['diagram', '--help', '--lang', 'zh']);
    expect(help.stdout).toMatch(/^用法：mcp-sim diagram/);
    const wrong = await runCli(['diagram', '--lang', 'zh', '--format', 'xml']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--format 只能是 mermaid 或 json');
    // The JSON's descriptions stay English whatever the language, as every --json output's do.
    const json = await runCli(['diagram', '--lang', 'zh', '--format', 'json']);
    expect(JSON.parse(json.stdout).description).toMatch(/^The session referee/);
  });
});

describe('connect --plain to a command that cannot start', () => {
  it('the recap ends the failure sentence before the next one', async () => {
    const en = await runCli(['connect', '--plain', '--', '/nonexistent/bin']);
    expect(en.stdout).toContain(
      'Could not start "/nonexistent/bin": spawn /nonexistent/bin ENOENT. No session:',
    );
    const zh = await runCli(['connect', '--plain', '--lang', 'zh', '--', '/nonexistent/bin']);
    expect(zh.stdout).toContain('spawn /nonexistent/bin ENOENT。没有建立会话');
  });
});
