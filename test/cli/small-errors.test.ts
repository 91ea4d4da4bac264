import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/sim/scenario/find-lesson.js';
import { ROOT, runCli, WORK } from '../helpers/cli.js';

const SCRIPTED = join(ROOT, 'test', 'fixtures', 'connect', 'scripted-server.mjs');

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
      'Could not start "/nonexistent/bin": there is no such file (ENOENT; for a script, the interpreter its #! line names may be what is missing). No session:',
    );
    const zh = await runCli(['connect', '--plain', '--lang', 'zh', '--', '/nonexistent/bin']);
    expect(zh.stdout).toContain('解释器）。没有建立会话');
  });

  // It said Node's words (`spawn nosuchcmd ENOENT`), in both languages.
  it('says in plain words, in both languages, why: no such command on PATH, or not allowed to run', async () => {
    const cases = [
      {
        command: 'no-such-mcp-server-xyz',
        en: 'could not start "no-such-mcp-server-xyz": there is no command of that name on the PATH (ENOENT). Check its spelling, install it, or give its full path',
        zh: '无法启动 "no-such-mcp-server-xyz"：PATH 里找不到叫这个名字的命令（ENOENT）。请检查拼写、先安装它，或者写出它的完整路径',
      },
      {
        // A folder cannot be run (execve: EACCES), as a file without execute permission cannot.
        command: WORK,
        en: `could not start "${WORK}": it is not allowed to run (EACCES). The file lacks execute permission (chmod +x adds it), or it is a folder, or a folder on its path may not be entered`,
        zh: `无法启动 "${WORK}"：不允许运行它（EACCES）。这个文件没有执行权限（可用 chmod +x 加上），或者它是一个文件夹，或者路径上有一个文件夹无权进入`,
      },
    ];
    for (const { command, en, zh } of cases) {
      const inEnglish = await runCli(['connect', '--plain', '--', command]);
      expect(inEnglish.code).toBe(1);
      expect(inEnglish.stderr).toBe(`mcp-sim connect: ${en}\n`);
      expect(inEnglish.stdout).toContain(
        `${en.charAt(0).toUpperCase()}${en.slice(1)}. No session:`,
      );
      const inChinese = await runCli(['connect', '--plain', '--lang', 'zh', '--', command]);
      expect(inChinese.stderr).toBe(`mcp-sim connect: ${zh}\n`);
      expect(inChinese.stdout).toContain(`${zh}。没有建立会话`);
      expect(`${inChinese.stdout}${inChinese.stderr}`).not.toMatch(/spawn /);
    }
  });

  // It said "0 rule violation(s)".
  it('counts rule violations in words: none, one, more', async () => {
    const none = await runCli(['connect', '--plain', '--', '/nonexistent/bin']);
    expect(none.stdout).toContain('; no rule violations.');
    const noneZh = await runCli(['connect', '--plain', '--lang', 'zh', '--', '/nonexistent/bin']);
    expect(noneZh.stdout).toContain('；没有发现违规。');
    // A tools/call answered 600 ms after the client cancelled it: one warning. (--timeout also
    // bounds the start: long enough for a cold start on a loaded machine.)
    const late = [
      '--era',
      'legacy',
      '--timeout',
      '2000',
      '--call',
      'ask',
      '{}',
      '--',
      process.execPath,
      SCRIPTED,
      'late',
      '2600',
    ];
    const one = await runCli(['connect', '--plain', ...late]);
    expect(one.stdout).toContain('; 1 rule violation.');
    const oneZh = await runCli(['connect', '--plain', '--lang', 'zh', ...late]);
    expect(oneZh.stdout).toContain('；1 处违规。');
    // An empty result ({}) to the server/discover probe, and what follows from it: several.
    const many = await runCli([
      'connect',
      '--plain',
      '--era',
      'auto',
      '--',
      process.execPath,
      SCRIPTED,
      'legacy-empty',
    ]);
    expect(many.stdout).toMatch(/; [2-9] rule violations\./);
  }, 40_000);
});
