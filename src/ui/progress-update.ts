export type LessonEntry = { readonly finished: boolean; readonly lastStep: number };

/**
 * The part of `.mcp-sim/progress.json` the UI reads and writes (src/cli/progress.ts owns the
 * file). Functions keep every other field (exercises…) as they found it.
 */
export type ProgressData = {
  readonly lessons: Readonly<Record<string, LessonEntry>>;
  /** The lesson the learner last stepped in (the menu marks it while it is unfinished). */
  readonly current?: unknown;
};

export type LessonStatus = 'new' | 'started' | 'done';

/**
 * The learner is on step `index` of `count`; reaching the last step by stepping (`stepped`: not
 * by `G` or a jump) finishes the lesson for good.
 */
export function recordStep<P extends ProgressData>(
  progress: P,
  id: string,
  index: number,
  count: number,
  stepped = true,
): P {
  const finished = (progress.lessons[id]?.finished ?? false) || (stepped && index >= count - 1);
  return {
    ...progress,
    current: id,
    // The entry's other fields (a newer version's) are kept: progress.json keeps unknown keys.
    lessons: { ...progress.lessons, [id]: { ...progress.lessons[id], finished, lastStep: index } },
  };
}

export function statusOf(progress: ProgressData, id: string): LessonStatus {
  const entry = progress.lessons[id];
  if (!entry) return 'new';
  return entry.finished ? 'done' : 'started';
}

/** Where to open a lesson: where the learner left it, or the start once it was finished. */
export function resumeAt(progress: ProgressData, id: string, count: number): number {
  const entry = progress.lessons[id];
  if (!entry || entry.finished) return 0;
  return Math.max(0, Math.min(entry.lastStep, count - 1));
}

/**
 * The lesson in progress: the one the learner last stepped in, while it is unfinished; else the
 * first of `ids` (the course, in order) that was started and not finished, so that finishing one
 * lesson does not hide another left half-way.
 */
export function inProgress(progress: ProgressData, ids: readonly string[]): string | null {
  const id = progress.current;
  if (typeof id === 'string' && statusOf(progress, id) === 'started') return id;
  return ids.find((other) => statusOf(progress, other) === 'started') ?? null;
}

/** How many of the lessons `ids` are done. */
export function doneCount(progress: ProgressData, ids: readonly string[]): number {
  return ids.filter((id) => statusOf(progress, id) === 'done').length;
}
