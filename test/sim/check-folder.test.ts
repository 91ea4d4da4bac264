import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLessonFolder } from '../../src/sim/scenario/check-folder.js';
import { LESSONS_DIR } from '../../src/sim/scenario/lesson-index.js';

/** A teacher's folder holding a copy of the course's lesson 17, changed by `edit`. */
function folderWith(edit: (yaml: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-check-'));
  const source = join(LESSONS_DIR, '17-capability-removal', 'lesson.yaml');
  const target = join(dir, '01-my-removal');
  cpSync(join(LESSONS_DIR, '17-capability-removal'), target, { recursive: true });
  writeFileSync(join(target, 'lesson.yaml'), edit(readFileSync(source, 'utf8')));
  return dir;
}

describe('lessons --check: a fault must break a rule', () => {
  it('the course lesson copied as it is has no problem', async () => {
    const check = await checkLessonFolder(folderWith((y) => y));
    expect(check.problems).toEqual([]);
  });

  it('a fault the session allows (the notification was declared) is a located problem', async () => {
    // Declaring tools.listChanged makes the fault's notifications/tools/list_changed legal.
    const dir = folderWith((y) =>
      y.replace('    tools: {}\n', '    tools: { listChanged: true }\n'),
    );
    const check = await checkLessonFolder(dir);
    const yaml = readFileSync(join(dir, '01-my-removal', 'lesson.yaml'), 'utf8').split('\n');
    const faultLine = yaml.findIndex((l) => l.includes('fault: undeclared-notification')) + 1;
    expect(check.problems).toEqual([
      expect.objectContaining({
        line: faultLine,
        message: expect.stringMatching(/fault undeclared-notification breaks no rule here/),
      }),
    ]);
  });
});

describe('lessons --check: the revision a lesson names', () => {
  it('must be a revision of the specification', async () => {
    const check = await checkLessonFolder(
      folderWith((y) => y.replace("revision: '2025-11-25'", "revision: '2025-13-01'")),
    );
    expect(check.problems).toEqual([
      expect.objectContaining({
        line: 1,
        message: expect.stringMatching(/a revision of the specification: 2024-11-05, .*2026-07-28/),
      }),
    ]);
  });

  it('must be of the era the lesson’s session is in', async () => {
    const check = await checkLessonFolder(
      folderWith((y) => y.replace("revision: '2025-11-25'", "revision: '2026-07-28'")),
    );
    // The lesson's spec: citations (of the handshake era's pages) are not 2026-07-28's either.
    expect(check.problems).toEqual([
      expect.objectContaining({
        message:
          'spec[0]: basic/lifecycle › Operation: revision 2026-07-28 has no page basic/lifecycle',
      }),
      expect.objectContaining({
        line: 1,
        message:
          "revision: 2026-07-28 is a revision of the 2026-07-28 era (no handshake), but the lesson's session is in the handshake era",
      }),
    ]);
  });
});

describe('lessons --check: field notes', () => {
  it('a note on a field the envelope does not have is a located problem', async () => {
    const dir = folderWith((y) =>
      y.replace(
        '      zh: 与第一课相同的开场。\n',
        '      zh: 与第一课相同的开场。\n    annotations:\n      /params/nope:\n        en: Nothing.\n        zh: 没有。\n      /params/clientInfo/name:\n        en: Its name.\n        zh: 它的名字。\n',
      ),
    );
    const check = await checkLessonFolder(dir);
    expect(check.problems).toEqual([
      expect.objectContaining({
        line: 19,
        message: "step 1: annotations: /params/nope names no field of this step's envelope",
      }),
    ]);
  });
});

describe('lessons --check of one lesson’s own folder', () => {
  it('checks that lesson (no advice to move its file)', async () => {
    const dir = folderWith((y) =>
      y.replace('    tools: {}\n', '    tools: { listChanged: true }\n'),
    );
    const check = await checkLessonFolder(join(dir, '01-my-removal'));
    expect(check.lessons).toBe(1);
    expect(check.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/fault undeclared-notification breaks no rule here/),
    ]);
    const course = await checkLessonFolder(join(LESSONS_DIR, '17-capability-removal'));
    expect(course).toMatchObject({ lessons: 1, problems: [] });
  });
});
