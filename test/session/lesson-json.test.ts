import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import { jsonText } from '../../src/protocol/json.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { jsonSteps, lessonJson } from '../../src/ui/handout.js';
import { ROOT } from '../helpers/cli.js';

const DIR = join(ROOT, 'test', 'fixtures', 'lesson-json');
const ids = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

describe('every lesson prints the same --json through the session log (en and zh)', () => {
  it('has every lesson recorded', () => {
    expect([...ids].sort()).toEqual(
      loadLessons()
        .lessons.map((l) => l.id)
        .sort(),
    );
  });

  it.each(ids)('%s', async (id) => {
    const before = JSON.parse(readFileSync(join(DIR, `${id}.json`), 'utf8')) as Record<
      'en' | 'zh',
      unknown
    >;
    const { lesson, timeline } = await playLesson(id);
    const steps = { steps: jsonSteps(timeline.steps) };
    for (const lang of ['en', 'zh'] as const) {
      // As `lesson --json` prints it: an exact big integer (lesson 19's progress token) as digits.
      expect(JSON.parse(jsonText(lessonJson(lesson, steps, lang)))).toEqual(before[lang]);
    }
  });
});
