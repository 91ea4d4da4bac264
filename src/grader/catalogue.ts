import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod';
import { packageRoot } from '../package-root.js';
import { ownTable } from '../protocol/json.js';
import type { ExerciseMeta, Hint } from './types.js';

const bilingual = z.object({ en: z.string().min(1), zh: z.string().min(1) });

const metaSchema = z.object({
  title: bilingual,
  points: z.number().int().positive(),
  files: z.array(z.string().min(1)).min(1),
  module: z.string().min(1).optional(),
});

/**
 * The module each exercise's checks load, from the grader's own code: never from `exercise.json`,
 * which in a checkout is the learner's to edit (pointing it at the reference solution graded that).
 * An exercise not listed has no module (the quiz reads answers.yaml).
 */
export const MODULES: Readonly<Record<string, string>> = ownTable({
  '01-progress': 'long-task.ts',
  '02-server-without-list-changed': 'server.ts',
  '03-client-without-sampling': 'summarize.ts',
  '04-version-negotiation': 'versions.ts',
  '05-session-stats': 'stats.ts',
  '06-handshake-tracer': 'labels.ts',
  '08-dual-era-server': 'server.ts',
  '09-multi-round-trip': 'deploy.ts',
  '10-era-detection': 'era.ts',
});

/**
 * Every graded exercise, from the grader's own code. In a checkout of mcp-sim the package's
 * `exercises/` is the learner's folder, so listing it would let a deleted folder (or a deleted
 * `exercise.json`) take its exercise out of the report and out of the maximum score.
 */
export const EXERCISE_IDS: readonly string[] = [
  '01-progress',
  '02-server-without-list-changed',
  '03-client-without-sampling',
  '04-version-negotiation',
  '05-session-stats',
  '06-handshake-tracer',
  '07-capability-quiz',
  '08-dual-era-server',
  '09-multi-round-trip',
  '10-era-detection',
];

const hintsSchema = z.array(bilingual).min(2);

/** The exercises shipped with mcp-sim: the pristine starters, the recordings, the hints. */
export function packageExercisesDir(): string {
  return join(packageRoot(), 'exercises');
}

/** Where the learner works: `root` holds `exercises/` (the learner's copies) and `.mcp-sim/`. */
export type Workspace = { readonly root: string; readonly exercises: string };

/**
 * The learner's workspace: the nearest folder, from `cwd` up to the file system's root (as git
 * looks for `.git`), that has an `exercises/` folder with exercises in it (made by
 * `mcp-sim exercises --init`, a classroom repository, or a checkout of mcp-sim). So `check` works
 * from inside an exercise's folder too. Null when there is none: the package's own starters are
 * never graded instead.
 */
export function findWorkspace(cwd: string = process.cwd()): Workspace | null {
  let dir = resolve(cwd);
  for (;;) {
    const exercises = join(dir, 'exercises');
    if (existsSync(exercises) && listIds(exercises).length > 0) return { root: dir, exercises };
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The exercise folders in `dir`: each one the grader knows, or any with an exercise.json. */
function listIds(dir: string): string[] {
  const known = new Set(EXERCISE_IDS);
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() &&
          (known.has(entry.name) || existsSync(join(dir, entry.name, 'exercise.json'))),
      )
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * Every graded exercise (`EXERCISE_IDS`), in order; its number is its id's numeric prefix. Title,
 * points and files come from the package's `exercise.json`; where that is gone or broken (in a
 * checkout the learner can edit it) the exercise stays, titled by its id, with the module the grader loads:
 * its checks still run, or fail as a missing folder does.
 */
export function loadExercises(dir: string = packageExercisesDir()): ExerciseMeta[] {
  return EXERCISE_IDS.map((id) => {
    const number = Number.parseInt(id, 10);
    const module = MODULES[id];
    const meta = readMeta(join(dir, id, 'exercise.json'));
    if (meta === null) {
      const title = { en: id, zh: id };
      return { id, number, title, points: 0, files: [module ?? 'answers.yaml'], module };
    }
    return { id, number, ...meta, module };
  });
}

/** An exercise.json's title, points and files, or null when it is missing or not one. */
function readMeta(file: string): Omit<z.infer<typeof metaSchema>, 'module'> | null {
  try {
    const parsed = metaSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) return null;
    const { module: _ignored, ...meta } = parsed.data;
    return meta;
  } catch {
    return null;
  }
}

/** "Progress notifications" → "progress-notifications": a title as a learner might type it. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** An id, or its number ("1", "01"), a unique prefix, or its English title as a slug, to its exercise. */
export function findExercise(
  exercises: readonly ExerciseMeta[],
  query: string,
): ExerciseMeta | undefined {
  const exact = exercises.find((e) => e.id === query);
  if (exact) return exact;
  if (/^\d+$/.test(query)) return exercises.find((e) => e.number === Number(query));
  const matches = exercises.filter((e) => e.id.startsWith(query) || e.id.slice(3) === query);
  if (matches.length === 1) return matches[0];
  return matches.length === 0 ? exercises.find((e) => slug(e.title.en) === query) : undefined;
}

export function loadHints(id: string, dir: string = packageExercisesDir()): Hint[] {
  const text = readFileSync(join(dir, id, 'hints.yaml'), 'utf8');
  return hintsSchema.parse(parseYaml(text));
}

/** The reference solution's files, or null when this installation does not have them. */
export function solutionDir(id: string): string | null {
  const dir = join(packageRoot(), 'test', 'solutions', id);
  return existsSync(dir) ? dir : null;
}
