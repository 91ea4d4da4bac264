import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import { jsonSteps, lessonJson } from '../../src/ui/handout.js';
import { ROOT } from '../helpers/cli.js';

const DIR = join(ROOT, 'test', 'fixtures', 'lesson-json');
const ids = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

describe('every lesson prints the same --json through the session log (en and zh)', () => {
  it('has every lesson recorded', () => {
    expect(ids.length).toBe(25);
  });

  it.each(ids)('%s', async (id) => {
    const before = JSON.parse(readFileSync(join(DIR, `${id}.json`), 'utf8')) as Record<
      'en' | 'zh',
      unknown
    >;
    const { lesson, timeline } = await playLesson(id);
    const steps = { steps: jsonSteps(timeline.steps) };
    for (const lang of ['en', 'zh'] as const) {
      expect(JSON.parse(JSON.stringify(lessonJson(lesson, steps, lang)))).toEqual(before[lang]);
    }
  });
});
