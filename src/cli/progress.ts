import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod/mini';
// zod/mini, not the full zod: every command reads this file first, and the full build of zod costs
// about 70 ms of start-up (docs/benchmarks.md) that the menu's first frame cannot afford.
import en from 'zod/v4/locales/en.js';

// The mini build carries no messages of its own; the English ones say what was expected.
z.config(en());

const progressSchema = z.object({
  lang: z.optional(z.enum(['en', 'zh'])),
  lessons: z._default(
    z.record(
      z.string(),
      z.object({ finished: z.boolean(), lastStep: z.number().check(z.int(), z.minimum(0)) }),
    ),
    {},
  ),
  exercises: z._default(
    z.record(
      z.string(),
      z.object({ passed: z.boolean(), points: z.number(), maxPoints: z.number() }),
    ),
    {},
  ),
});

export type Progress = z.output<typeof progressSchema>;

export const PROGRESS_FILE = join('.mcp-sim', 'progress.json');

/**
 * The learner's progress in the working directory. A missing file is a fresh start; a corrupt one
 * is reported in one line and moved aside to `progress.json.bad` (nothing the learner could still
 * mend by hand is lost), so it is reported once and the next save writes a fresh file. Never fatal.
 */
export function loadProgress(
  file: string = PROGRESS_FILE,
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Progress {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return progressSchema.parse({});
  }
  let problem: string;
  try {
    const parsed = progressSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    problem = `/${issue?.path.join('/') ?? ''} ${issue?.message ?? 'invalid'}`;
  } catch (error) {
    problem = `not valid JSON (${(error as Error).message})`;
  }
  const aside = `${file}.bad`;
  let kept = '';
  try {
    renameSync(file, aside);
    kept = ` (kept as ${aside})`;
  } catch {
    // A read-only folder: the file stays, and is replaced on the next save that works.
  }
  warn(`mcp-sim: ${file}: ${problem}; starting fresh${kept}`);
  return progressSchema.parse({});
}

/** Writes atomically (temp file, then rename), so an interrupted save never corrupts the file. */
export function saveProgress(progress: Progress, file: string = PROGRESS_FILE): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(progress, null, 2)}\n`);
    renameSync(temp, file);
  } catch (error) {
    process.stderr.write(`mcp-sim: could not save ${file}: ${(error as Error).message}\n`);
  }
}
