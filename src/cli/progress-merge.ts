import { isDeepStrictEqual } from 'node:util';
import type { Lang } from '../i18n/lang.js';

// Every record keeps the fields it does not know (`[key: string]: unknown`): a newer mcp-sim's
// fields survive an older one's save.
export type LessonRecord = { finished: boolean; lastStep: number; [key: string]: unknown };
export type ExerciseRecord = {
  passed: boolean;
  points: number;
  maxPoints: number;
  [key: string]: unknown;
};

export type Progress = {
  /** A language shown; a choice only with `langChosen: true` (see chosenLang in src/i18n). */
  lang?: Lang;
  /** True when `lang` was chosen with `--lang`; files without it hold no choice. */
  langChosen?: boolean;
  lessons: Record<string, LessonRecord>;
  exercises: Record<string, ExerciseRecord>;
  [key: string]: unknown;
};

/** No progress yet: a first start, or a file that could not be used. */
export const emptyProgress = (): Progress => ({ lessons: {}, exercises: {} });

type Records<R> = Readonly<Record<string, R>>;

/**
 * One kind of record merged entry by entry. An entry this session did not change since it read
 * the file (`ours` equals `base`) is taken from disk as it is now; one it changed is combined
 * with the disk's: `both` when another session changed (or added) it too, else ours over the
 * disk's (which keeps the fields only the disk's version has).
 */
function mergeRecords<R extends object>(
  base: Records<R>,
  ours: Records<R>,
  disk: Records<R>,
  both: (ours: R, disk: R) => R,
  over: (ours: R, disk: R) => R = (mine, theirs) => ({ ...theirs, ...mine }),
): Record<string, R> {
  const merged: Record<string, R> = { ...disk };
  for (const [id, mine] of Object.entries(ours)) {
    const was = base[id];
    const theirs = disk[id];
    if (isDeepStrictEqual(mine, was)) continue;
    if (theirs === undefined) merged[id] = mine;
    else if (was === undefined || !isDeepStrictEqual(theirs, was)) merged[id] = both(mine, theirs);
    else merged[id] = over(mine, theirs);
  }
  return merged;
}

/** A lesson finished anywhere stays finished; the furthest step reached is where to resume. */
function bothLessons(ours: LessonRecord, disk: LessonRecord): LessonRecord {
  return {
    ...disk,
    ...ours,
    finished: ours.finished || disk.finished,
    lastStep: Math.max(ours.lastStep, disk.lastStep),
  };
}

/**
 * This session's lesson over the disk's: its step is where it now is (going back is recorded), but
 * no save makes a finished lesson unfinished — the rule holds whichever session changed what.
 */
function overLesson(ours: LessonRecord, disk: LessonRecord): LessonRecord {
  return { ...disk, ...ours, finished: ours.finished || disk.finished };
}

/** Two checks of one exercise at once: the better result stays (a pass, then more points). */
function bothExercises(ours: ExerciseRecord, disk: ExerciseRecord): ExerciseRecord {
  const oursBetter = ours.passed !== disk.passed ? ours.passed : ours.points >= disk.points;
  return oursBetter ? { ...disk, ...ours } : { ...ours, ...disk };
}

/**
 * What to write when this session saves `ours`, having read `base`, and the file now holds `disk`
 * (another session in the same folder may have saved since). Nothing either session recorded is
 * lost: lessons and exercises merge entry by entry (above); a top-level field (`lang`, or one this
 * version does not know) is ours if this session changed it, else the disk's — so the latest
 * explicit language choice wins.
 */
export function mergeProgress(base: Progress, ours: Progress, disk: Progress): Progress {
  const merged: Progress = { ...disk, lessons: {}, exercises: {} };
  for (const key of Object.keys(ours)) {
    if (key === 'lessons' || key === 'exercises') continue;
    if (!isDeepStrictEqual(ours[key], base[key])) merged[key] = ours[key];
  }
  if (merged.lang === undefined) delete merged.lang;
  merged.lessons = mergeRecords(base.lessons, ours.lessons, disk.lessons, bothLessons, overLesson);
  merged.exercises = mergeRecords(base.exercises, ours.exercises, disk.exercises, bothExercises);
  return merged;
}
