// Built by scripts/build.mjs and run once: compiles the lessons into dist/lessons-index.json, and
// plays each one to dist/timelines/<id>.json, so the menu and a lesson's first frame need neither
// YAML, zod, the SDK's schemas nor the engine (docs/benchmarks.md). The engine stays the source of
// truth: a lesson file changed after the build is played afresh, and a test compares both.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runScenario } from '../src/sim/scenario/engine.js';
import type { CompiledTimeline } from '../src/sim/scenario/lesson-index.js';
import { TIMELINES_DIR, timelineText } from '../src/sim/scenario/lesson-index.js';
import {
  buildLessonIndex,
  LESSON_INDEX_FILE,
  loadLessons,
} from '../src/sim/scenario/load-lessons.js';

writeFileSync(LESSON_INDEX_FILE, JSON.stringify(buildLessonIndex()));
mkdirSync(TIMELINES_DIR, { recursive: true });
for (const lesson of loadLessons().lessons) {
  const played = await runScenario(lesson.scenario);
  if (!played.ok) continue; // reported when the lesson is opened, with its file and line
  const { size, mtimeMs } = statSync(lesson.file);
  const compiled: CompiledTimeline = {
    file: lesson.file,
    size,
    mtimeMs,
    steps: played.value.steps,
  };
  writeFileSync(join(TIMELINES_DIR, `${lesson.id}.json`), timelineText(compiled));
}
