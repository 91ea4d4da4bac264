import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

// A teacher's lesson that `lessons --check` rejects for how it plays (a fault the referee allows, an
// ordinary step that breaks a rule) is refused when opened and listed as a problem, one located
// line, as a file that does not load is: on screen the class would see a bug as "✓ allowed".
const DIR = join(ROOT, 'test', 'fixtures', 'misplayed-lessons');
const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('a teacher’s lesson that plays wrongly', () => {
  it('lesson <path> refuses a fault that breaks no rule, in one located line, exit 1', async () => {
    const r = await runCli(['lesson', join(DIR, '01-fault-allowed'), '--plain', '--lang', 'en']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(
        /^mcp-sim: .*01-fault-allowed\/lesson\.yaml:44: .*fault undeclared-notification breaks no rule here/,
      ),
    ]);
    const zh = await runCli(['lesson', join(DIR, '01-fault-allowed'), '--plain', '--lang', 'zh']);
    expect(lines(zh.stderr)).toEqual([
      expect.stringMatching(
        /lesson\.yaml:44: .*故障 undeclared-notification 在这里没有违反任何规则/,
      ),
    ]);
  });

  it('lesson <path> refuses an ordinary step that breaks a rule (a wrong method name)', async () => {
    const r = await runCli(['lesson', join(DIR, '02-wrong-method'), '--json', '--lang', 'en']);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(
        /02-wrong-method\/lesson\.yaml:30: .*breaks unknown-method; only a fault step may break a rule; did you mean `tools\/call`\?$/,
      ),
    ]);
    const zh = await runCli(['lesson', join(DIR, '02-wrong-method'), '--json', '--lang', 'zh']);
    expect(zh.stderr).toMatch(
      /违反了 unknown-method；只有 fault 步骤可以违反规则；是不是想写 `tools\/call`？\n$/,
    );
  });

  it('lessons --lessons lists the good lesson and one located line for each wrong one', async () => {
    const r = await runCli(['lessons', '--lessons', DIR, '--lang', 'en']);
    expect(r.code).toBe(1);
    const ids = lines(r.stdout).map((l) => /^\s*\d+\.\s+(\S+)/.exec(l)?.[1]);
    expect(ids.at(-1)).toBe('hello-tools');
    expect(ids).not.toContain('fault-allowed');
    expect(ids).not.toContain('wrong-method');
    const errors = lines(r.stderr);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/01-fault-allowed\/lesson\.yaml:44: /);
    expect(errors[1]).toMatch(/02-wrong-method\/lesson\.yaml:30: /);
    const good = await runCli(['lesson', join(DIR, '03-hello-tools'), '--json']);
    expect(good.code).toBe(0);
  });

  it('lessons --check and lesson <path> name the same step, counted from 1 as the screen counts', async () => {
    const check = await runCli([
      'lessons',
      '--check',
      join(DIR, '01-fault-allowed'),
      '--lang',
      'en',
    ]);
    const open = await runCli(['lesson', join(DIR, '01-fault-allowed'), '--plain', '--lang', 'en']);
    expect(check.stdout).toMatch(/lesson\.yaml:44: step 6: fault undeclared-notification/);
    expect(open.stderr).toMatch(/lesson\.yaml:44: step 6: fault undeclared-notification/);
    const zh = await runCli(['lessons', '--check', join(DIR, '01-fault-allowed'), '--lang', 'zh']);
    expect(zh.stdout).toMatch(/lesson\.yaml:44: 第 6 步：故障 undeclared-notification/);
  });
});
