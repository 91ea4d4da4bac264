import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const progressSchema = z.object({
  lang: z.enum(['en', 'zh']).optional(),
  lessons: z
    .record(z.string(), z.object({ finished: z.boolean(), lastStep: z.number().int().min(0) }))
    .default({}),
  exercises: z
    .record(
      z.string(),
      z.object({ passed: z.boolean(), points: z.number(), maxPoints: z.number() }),
    )
    .default({}),
});

export type Progress = z.output<typeof progressSchema>;

export const PROGRESS_FILE = join('.mcp-sim', 'progress.json');

/**
 * The learner's progress in the working directory. A missing file is a fresh start; a corrupt one
 * is reported in one line and replaced on the next save, never fatal.
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
  try {
    const parsed = progressSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    warn(
      `mcp-sim: ${file}: /${issue?.path.join('/') ?? ''} ${issue?.message ?? 'invalid'}; starting fresh`,
    );
  } catch (error) {
    warn(`mcp-sim: ${file}: not valid JSON (${(error as Error).message}); starting fresh`);
  }
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
