import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLessonFolder } from '../../src/sim/scenario/check-folder.js';
import { formatProblemIn } from '../../src/sim/scenario/load-lessons.js';
import { ROOT } from '../helpers/cli.js';

// What `lessons --check` finds in a teacher's lesson that loads but says something the
// specification does not have; each is one located line, in English and Chinese.
const DIR = join(ROOT, 'test', 'fixtures', 'lesson-checks');

async function problemsOf(name: string) {
  const check = await checkLessonFolder(join(DIR, name));
  return {
    en: check.problems.map((p) => formatProblemIn(p, 'en').slice(DIR.length + 1)),
    zh: check.problems.map((p) => formatProblemIn(p, 'zh').slice(DIR.length + 1)),
  };
}

describe('lessons --check: what the specification does not have', () => {
  it('a version no revision has, at its line, with the known revisions', async () => {
    const { en, zh } = await problemsOf('01-unknown-version');
    const known = '2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28';
    const said = `a revision of the specification (${known}), or a date after the last one for a revision yet to come`;
    expect(en).toEqual([
      `01-unknown-version/lesson.yaml:10:14: server.versions[0]: ${said}`,
      `01-unknown-version/lesson.yaml:15:14: client.versions[0]: ${said}`,
    ]);
    expect(zh[0]).toBe(
      `01-unknown-version/lesson.yaml:10:14: server.versions[0]：应是规范已有的版本之一（${known}），或是晚于最新版本的日期，表示尚未发布的版本`,
    );
  });
});
