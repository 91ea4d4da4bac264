// Built by scripts/build.mjs and run once: compiles the lessons into dist/lessons-index.json.
import { writeFileSync } from 'node:fs';
import { buildLessonIndex, LESSON_INDEX_FILE } from '../src/sim/scenario/load-lessons.js';

writeFileSync(LESSON_INDEX_FILE, JSON.stringify(buildLessonIndex()));
