import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  type Bilingual,
  chosenLang,
  detectLang,
  filled,
  isLang,
  type Lang,
  tr,
} from '../i18n/lang.js';
import { PROGRESS_STRINGS as S } from '../i18n/progress-strings.js';
import { reasonOf } from './fs-reason.js';
import type { Aside } from './progress-file.js';
import { emptyProgress, mergeProgress, type Progress } from './progress-merge.js';

export type { ExerciseRecord, LessonRecord, Progress } from './progress-merge.js';

export const PROGRESS_FILE = join('.mcp-sim', 'progress.json');

type Warn = (line: string) => void;
const toStderr: Warn = (line) => process.stderr.write(`${line}\n`);

/**
 * The language the file's problems are told in: the run's. Either known already, or decided from
 * what the file holds (`(saved) => detectLang(option, chosenLang(saved))`: the run's `--lang`,
 * else the choice saved in this very file, else the locale), so a warning said while reading it is
 * in the language the rest of the run uses.
 */
export type LangOf = Lang | ((saved: Progress) => Lang);

/** Without a `--lang`: the choice the progress holds, else the locale. */
const savedOrLocale = (saved: Progress): Lang => detectLang(undefined, chosenLang(saved));

const langFor = (lang: LangOf, saved: Progress): Lang =>
  typeof lang === 'function' ? lang(saved) : lang;

/**
 * What this process last read from each file, or last asked to save there: a save counts as this
 * session's changes only what differs from it, and takes everything else as the file has it now.
 */
const bases = new Map<string, Progress>();
/**
 * What this process last wrote to each file, and the file's identity right after (its inode, size
 * and time): while the file is still that one, it holds exactly that progress, so a save needs
 * neither to read it back nor to validate it again. Any other writer replaces the inode (every
 * save is a rename).
 */
const written = new Map<string, { readonly id: string; readonly progress: Progress }>();

const identity = (file: string): string | null => {
  try {
    const stat = statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
};

/**
 * The file's validation (zod/mini), loaded the first time there is a file to validate: a first
 * start, with no file yet, draws its first frame without it.
 */
let validator: Promise<typeof import('./progress-file.js')> | undefined;
const validation = () => {
  validator ??= import('./progress-file.js');
  return validator;
};

/** Files there but unreadable (permission denied, a folder): saving would replace what they hold. */
const unreadable = new Set<string>();

/** Problems already reported (a read-only folder is reported once, not on every step's save). */
const reported = new Set<string>();

function once(key: string, warn: Warn, line: string): void {
  if (reported.has(key)) return;
  reported.add(key);
  warn(line);
}

/**
 * Why a save failed, in plain words: Node's own ("EEXIST: file already exists, mkdir …", "EISDIR:
 * … rename '….tmp' -> …") names a step of the save, not what the learner can mend.
 */
function saveFailure(file: string, error: unknown): Bilingual {
  const code = (error as NodeJS.ErrnoException).code;
  const folder = dirname(file);
  if (code === 'EEXIST' || code === 'ENOTDIR') return filled(S.folderIsFile, { folder });
  if (code === 'EISDIR') return S.isFolder;
  if (code === 'EACCES' || code === 'EPERM') return filled(S.permissionDeniedIn, { folder });
  if (code === 'EROFS') return S.readOnly;
  if (code === 'ENOSPC') return S.diskFull;
  const reason = reasonOf(error);
  return { en: reason, zh: reason };
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
function setAside(
  file: string,
  asides: readonly Aside[],
  warn: Warn,
  lang: Lang,
  writeAside: (file: string, text: string) => { name: string } | { error: Bilingual },
): boolean {
  // The set-aside file says why in English, whichever language the run is in: it is data.
  const entries = Object.fromEntries(
    asides.map((a) => [a.pointer, { why: a.why.en, value: a.value }]),
  );
  const text = `${JSON.stringify({ file, setAside: new Date().toISOString(), entries }, null, 2)}\n`;
  const kept = writeAside(file, text);
  const more = asides.length > 1 ? filled(S.moreEntries, { n: asides.length - 1 }) : '';
  const first = asides[0]?.why ?? { en: '', zh: '' };
  if ('name' in kept) {
    warn(tr(S.setAside, lang, { file, first, more, name: kept.name }));
    return true;
  }
  once(
    `aside ${resolve(file)} ${first.en}`,
    warn,
    tr(S.notSetAside, lang, { file, first, more, error: kept.error }),
  );
  return false;
}

/**
 * The file as it is now, made usable: a file that is not a progress file at all is moved to a new
 * `.bad` name (starting fresh); entries that do not validate go to a new `.bad` file of their own
 * and the rest is used. With `rewrite`, the file is written back without them at once, so they
 * are set aside once and not again on every later read.
 */
async function settle(file: string, warn: Warn, lang: LangOf, rewrite: boolean): Promise<Progress> {
  unreadable.delete(resolve(file));
  if (!existsSync(file)) return emptyProgress();
  const { moveAside, readProgress, writeAside } = await validation();
  const disk = readProgress(file);
  if (disk.kind === 'missing') return emptyProgress();
  // A file that cannot be used holds no choice of language: the run's is its --lang or the locale.
  if (disk.kind === 'unreadable') {
    unreadable.add(resolve(file));
    const line = tr(S.unreadable, langFor(lang, emptyProgress()), { file, why: disk.why });
    once(`unreadable ${resolve(file)}`, warn, line);
    return emptyProgress();
  }
  if (disk.kind === 'broken') {
    const moved = moveAside(file);
    const kept = 'name' in moved ? filled(S.keptAs, { name: moved.name }) : '';
    const line = tr(S.broken, langFor(lang, emptyProgress()), { file, why: disk.why, kept });
    once(`broken ${resolve(file)}`, warn, line);
    return emptyProgress();
  }
  const said = langFor(lang, disk.progress);
  if (disk.asides.length > 0 && setAside(file, disk.asides, warn, said, writeAside) && rewrite) {
    try {
      writeWhole(file, disk.progress);
    } catch {
      // The set-aside copy is kept; the next save that works writes the file without them.
    }
  }
  return disk.progress;
}

/**
 * The language the progress file says the learner chose, read without validating or touching the
 * file (a usage error is said in it; a broken file is reported by the commands that use it).
 */
export function chosenLangOnDisk(file: string = PROGRESS_FILE): Lang | undefined {
  try {
    const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof saved !== 'object' || saved === null) return undefined;
    const { lang, langChosen } = saved as { lang?: unknown; langChosen?: unknown };
    return isLang(lang) ? chosenLang({ lang, langChosen }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The learner's progress in the working directory. A missing file is a fresh start; a broken one
 * or a broken entry is reported in one line and set aside, never overwriting an earlier set-aside
 * file (nothing the learner could still mend by hand is lost). Never fatal.
 */
export async function loadProgress(
  file: string = PROGRESS_FILE,
  warn: Warn = toStderr,
  lang: LangOf = savedOrLocale,
): Promise<Progress> {
  const progress = await settle(file, warn, lang, true);
  bases.set(resolve(file), structuredClone(progress));
  return progress;
}

/**
 * Saves `progress` merged with what the file holds at this moment (another session in the same
 * folder may have saved since this one read it; see mergeProgress), so both keep their progress.
 * A folder that cannot be written is reported once, in `lang` (the run's; by default the choice
 * the progress holds, else the locale); the session goes on.
 */
export async function saveProgress(
  progress: Progress,
  file: string = PROGRESS_FILE,
  warn: Warn = toStderr,
  lang: Lang = savedOrLocale(progress),
): Promise<void> {
  const key = resolve(file);
  const ours = written.get(key);
  const disk =
    ours !== undefined && ours.id === identity(file)
      ? ours.progress
      : await settle(file, warn, lang, false);
  if (unreadable.has(key)) return; // said once when it was read: writing it would lose its content
  const merged = mergeProgress(bases.get(key) ?? emptyProgress(), progress, disk);
  try {
    writeWhole(file, merged);
    bases.set(key, structuredClone(progress));
    const id = identity(file);
    if (id === null) written.delete(key);
    else written.set(key, { id, progress: structuredClone(merged) });
  } catch (error) {
    written.delete(key);
    once(`save ${key}`, warn, tr(S.notSaved, lang, { file, why: saveFailure(file, error) }));
  }
}
