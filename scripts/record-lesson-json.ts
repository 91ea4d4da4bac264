/**
 * Records `lesson <id> --json` (en and zh) of the named lessons into test/fixtures/lesson-json,
 * which test/session/lesson-json.test.ts holds every lesson to. Run only when a lesson is meant to
 * change, and say why in the commit:  npx tsx scripts/record-lesson-json.ts <id>...
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { playLesson } from '../src/cli/commands/lessons.js';
import { jsonText } from '../src/protocol/json.js';
import { jsonSteps, lessonJson } from '../src/ui/handout.js';

const DIR = join(import.meta.dirname, '..', 'test', 'fixtures', 'lesson-json');
const ids = process.argv.slice(2);
if (ids.length === 0) {
  process.stderr.write('usage: npx tsx scripts/record-lesson-json.ts <lesson id>...\n');
  process.exit(2);
}
for (const asked of ids) {
  // A lesson opens by its number or folder name too (25, 25-multi-round-trip); the fixture is named
  // for its id, as the test looks it up.
  const { lesson, timeline } = await playLesson(asked);
  const id = lesson.id;
  const steps = { steps: jsonSteps(timeline.steps) };
  const both = { en: lessonJson(lesson, steps, 'en'), zh: lessonJson(lesson, steps, 'zh') };
  // An id or token past 2^53 − 1 (a bigint) as its digits, as `lesson --json` prints it.
  writeFileSync(join(DIR, `${id}.json`), jsonText(both));
  process.stdout.write(`${id}: ${timeline.steps.length} steps recorded\n`);
}
