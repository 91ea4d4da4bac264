// Prints src/grader/starters.ts's STARTERS from the starters in exercises/: run it after changing
// a starter (test/grader/starters.test.ts fails until the table matches), and paste its output.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadExercises, packageExercisesDir } from '../src/grader/catalogue.js';
import { starterHash } from '../src/grader/starters.js';

const lines = loadExercises().map((e) => {
  const files = e.files.map(
    (f) => `'${f}': '${starterHash(readFileSync(join(packageExercisesDir(), e.id, f), 'utf8'))}'`,
  );
  return `  '${e.id}': { ${files.join(', ')} },`;
});
process.stdout.write(`${lines.join('\n')}\n`);
