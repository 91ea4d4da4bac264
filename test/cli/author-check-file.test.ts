import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

// A teacher points --check (or --lessons) at a file rather than a folder.
const BROKEN = join(ROOT, 'test', 'fixtures', 'broken-lessons');

describe('lessons --check <file>', () => {
  it('a lesson.yaml is checked as its folder is, not called "no such folder"', async () => {
    const file = join(BROKEN, '07-missing-field', 'lesson.yaml');
    const r = await runCli(['lessons', '--check', file, '--lang', 'en']);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(
      `${file}:7:11: step 2, note.zh: missing Chinese (zh) text`,
    );
  });

  it('another file, to --check or --lessons, is said to be a file, in the learner’s language', async () => {
    const file = join(BROKEN, '17-loose.yaml');
    const check = await runCli(['lessons', '--check', file, '--lang', 'en']);
    expect(check).toMatchObject({
      code: 2,
      stderr: `mcp-sim: ${file} is a file, not a folder of lessons: give the folder that holds <number>-<id>/lesson.yaml\n`,
    });
    const list = await runCli(['lessons', '--lessons', file, '--lang', 'zh']);
    expect(list.code).toBe(2);
    expect(list.stderr).toBe(
      `mcp-sim: ${file} 是一个文件，不是课程文件夹：请给出包含 <编号>-<id>/lesson.yaml 的文件夹\n`,
    );
  });
});
