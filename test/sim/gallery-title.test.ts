// Lesson 19's title and goal count its faults in words ("one session, twenty-two bugs"): a fault
// appended to the gallery must change them too (they said twenty-one after the 22nd was added).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { LESSONS_DIR } from '../../src/sim/scenario/load-lessons.js';

const WORDS = ['twenty', 'twenty-one', 'twenty-two', 'twenty-three', 'twenty-four', 'twenty-five'];
const ZH = ['二十', '二十一', '二十二', '二十三', '二十四', '二十五'];

describe('the faults gallery (lesson 19)', () => {
  const lesson = parse(
    readFileSync(join(LESSONS_DIR, '19-faults-gallery', 'lesson.yaml'), 'utf8'),
  ) as {
    title: { en: string; zh: string };
    goal: { en: string; zh: string };
    steps: object[];
  };
  const faults = lesson.steps.filter((step) => 'fault' in step).length;

  it('names in its title and goal as many faults as it plays, in both languages', () => {
    const at = faults - 20;
    expect(WORDS[at], `${faults} faults`).toBeDefined();
    expect(lesson.title.en).toContain(`${WORDS[at]} bugs`);
    expect(lesson.goal.en).toContain(`Meet ${WORDS[at]} faults`);
    expect(lesson.title.zh).toContain(`${ZH[at]}个缺陷`);
    expect(lesson.goal.zh).toContain(`${ZH[at]}种错误`);
  });
});
