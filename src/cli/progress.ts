import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  type Aside,
  emptyProgress,
  moveAside,
  readProgress,
  reasonOf,
  writeAside,
} from './progress-file.js';
import { mergeProgress, type Progress } from './progress-merge.js';

export type { ExerciseRecord, LessonRecord, Progress } from './progress-merge.js';

export const PROGRESS_FILE = join('.mcp-sim', 'progress.json');

type Warn = (line: string) => void;
const toStderr: Warn = (line) => process.stderr.write(`${line}\n`);

/**
 * What this process last read from each file, or last asked to save there: a save counts as this
 * session's changes only what differs from it, and takes everything else as the file has it now.
 */
const bases = new Map<string, Progress>();
/** Problems already reported (a read-only folder is reported once, not on every step's save). */
const reported = new Set<string>();

function once(key: string, warn: Warn, line: string): void {
  if (reported.has(key)) return;
  reported.add(key);
  warn(line);
}

/** Writes atomically (a temp file, then a rename), so an interrupted save never corrupts the file. */
function writeWhole(file: string, progress: Progress): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(progress, null, 2)}\n`);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Keeps the entries that did not validate in a new set-aside file, with why, and says so once. */
function setAside(file: string, asides: readonly Aside[], warn: Warn): boolean {
  const entries = Object.fromEntries(
    asides.map((a) => [a.pointer, { why: a.why, value: a.value }]),
  );
  const text = `${JSON.stringify({ file, setAside: new Date().toISOString(), entries }, null, 2)}\n`;
  const kept = writeAside(file, text);
  const more = asides.length > 1 ? ` (and ${asides.length - 1} more entries)` : '';
  const first = asides[0]?.why ?? '';
  if ('name' in kept) {
    warn(`mcp-sim: ${file}: ${first}${more}; set aside (kept as ${kept.name}), the rest is used`);
    return true;
  }
  once(
    `aside ${resolve(file)} ${first}`,
    warn,
    `mcp-sim: ${file}: ${first}${more}; ignored, the rest is used (could not set it aside: ${kept.error})`,
  );
  return false;
}

/**
 * The file as it is now, made usable: a file that is not a progress file at all is moved to a new
 * `.bad` name (starting fresh); entries that do not validate go to a new `.bad` file of their own
 * and the rest is used. With `rewrite`, the file is written back without them at once, so they
 * are set aside once and not again on every later read.
 */
function settle(file: string, warn: Warn, rewrite: boolean): Progress {
  const disk = readProgress(file);
  if (disk.kind === 'missing') return emptyProgress();
  if (disk.kind === 'broken') {
    const moved = moveAside(file);
    const kept = 'name' in moved ? ` (kept as ${moved.name})` : '';
    once(`broken ${resolve(file)}`, warn, `mcp-sim: ${file}: ${disk.why}; starting fresh${kept}`);
    return emptyProgress();
  }
  if (disk.asides.length > 0 && setAside(file, disk.asides, warn) && rewrite) {
    try {
      writeWhole(file, disk.progress);
    } catch {
      // The set-aside copy is kept; the next save that works writes the file without them.
    }
  }
  return disk.progress;
}

/**
 * The learner's progress in the working directory. A missing file is a fresh start; a broken one
 * or a broken entry is reported in one line and set aside, never overwriting an earlier set-aside
 * file (nothing the learner could still mend by hand is lost). Never fatal.
 */
export function loadProgress(file: string = PROGRESS_FILE, warn: Warn = toStderr): Progress {
  const progress = settle(file, warn, true);
  bases.set(resolve(file), structuredClone(progress));
  return progress;
}

/**
 * Saves `progress` merged with what the file holds at this moment (another session in the same
 * folder may have saved since this one read it; see mergeProgress), so both keep their progress.
 * A folder that cannot be written is reported once; the session goes on.
 */
export function saveProgress(
  progress: Progress,
  file: string = PROGRESS_FILE,
  warn: Warn = toStderr,
): void {
  const key = resolve(file);
  const merged = mergeProgress(
    bases.get(key) ?? emptyProgress(),
    progress,
    settle(file, warn, false),
  );
  try {
    writeWhole(file, merged);
    bases.set(key, structuredClone(progress));
  } catch (error) {
    once(`save ${key}`, warn, `mcp-sim: could not save ${file}: ${reasonOf(error)}`);
  }
}
