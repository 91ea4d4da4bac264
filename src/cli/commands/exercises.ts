import { randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import {
  checkJson,
  classroomJson,
  commandHandles,
  type ExerciseMeta,
  type ExerciseResult,
  exercismJson,
  findExercise,
  findWorkspace,
  gradeAll,
  loadExercises,
  loadHints,
  packageExercisesDir,
  rubricFor,
  textReport,
  type Workspace,
} from '../../grader/index.js';
import { type Bilingual, type Lang, tr } from '../../i18n/lang.js';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { suggestCommand } from '../../invocation.js';
import { reasonOf } from '../fs-reason.js';
import { loadProgress, PROGRESS_FILE, type Progress, saveProgress } from '../progress.js';
import { colourWanted, createStyle } from '../style.js';
import { UsageError } from '../usage.js';

const say = (text: Bilingual, lang: Lang) => process.stdout.write(`${tr(text, lang)}\n`);

function pick(id: string, exercises: readonly ExerciseMeta[]): ExerciseMeta {
  const found = findExercise(exercises, id);
  if (!found) throw new UsageError(USAGE_STRINGS.unknownExercise, { word: id });
  return found;
}

/**
 * The learner's workspace (the nearest folder up from here with an `exercises/` folder), or a
 * one-line usage error saying how to make one.
 */
export function requireWorkspace(): Workspace {
  const found = findWorkspace();
  if (found) return found;
  throw new UsageError(USAGE_STRINGS.noExercisesHere);
}

/** Progress and hint positions live next to `exercises/`, wherever in it the command runs. */
const progressFile = (workspace: Workspace | null) =>
  workspace ? join(workspace.root, PROGRESS_FILE) : PROGRESS_FILE;

/**
 * What `check` last recorded for an exercise, when it can be what `check` records: points within
 * the exercise's own, a pass only with all of them. A hand-edited entry (999/12) is not shown as a
 * result: only `check` grades.
 */
function recordOf(progress: Progress, id: string, maxPoints: number) {
  const record = progress.exercises[id];
  if (record === undefined) return undefined;
  const { points, passed } = record;
  const fits =
    Number.isInteger(points) &&
    points >= 0 &&
    points <= maxPoints &&
    record.maxPoints === maxPoints &&
    (!passed || points === maxPoints);
  return fits ? record : undefined;
}

function statusOf(record: { readonly passed: boolean } | undefined): 'new' | 'passed' | 'failed' {
  return record === undefined ? 'new' : record.passed ? 'passed' : 'failed';
}

/** `mcp-sim exercises [--json] [--init]`. */
export async function exercisesCommand(options: {
  json: boolean;
  init: boolean;
  lang: Lang;
}): Promise<number> {
  if (options.init) return initWorkspace(options.lang, options.json);
  const workspace = findWorkspace();
  const progress = await loadProgress(progressFile(workspace), undefined, options.lang);
  const exercises = loadExercises();
  const rows = exercises.map((e) => {
    const record = recordOf(progress, e.id, e.points);
    return {
      id: e.id,
      number: e.number,
      title: tr(e.title, options.lang),
      status: statusOf(record),
      points: record?.points ?? 0,
      maxPoints: e.points,
      files: e.files.map((f) =>
        workspace
          ? relative(process.cwd(), join(workspace.exercises, e.id, f)) || f
          : join('exercises', e.id, f),
      ),
    };
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ exercises: rows }, null, 2)}\n`);
    return 0;
  }
  const width = Math.max(...rows.map((r) => r.id.length));
  const words = {
    new: { en: 'new', zh: '未开始' },
    passed: { en: 'passed', zh: '已通过' },
    failed: { en: 'not yet', zh: '未通过' },
  } as const;
  for (const row of rows) {
    process.stdout.write(
      `${String(row.number).padStart(2)}. ${row.id.padEnd(width)}  ${row.title}  [${words[row.status][options.lang]} ${row.points}/${row.maxPoints}]\n`,
    );
  }
  if (!workspace) {
    say(
      {
        en: `\nNo exercises here yet: ${suggestCommand('exercises --init')} copies them into ./exercises`,
        zh: `\n这里还没有练习：${suggestCommand('exercises --init')} 会把它们复制到 ./exercises`,
      },
      options.lang,
    );
    return 0;
  }
  const folder = relative(process.cwd(), workspace.exercises) || '.';
  const check = suggestCommand('check <id>');
  const hint = suggestCommand('hint <id>');
  say(
    {
      en: `\nEdit the files in ${folder}/<id>/, then: ${check}  (hints: ${hint})`,
      zh: `\n编辑 ${folder}/<id>/ 中的文件，然后运行：${check}（提示：${hint}）`,
    },
    options.lang,
  );
  return 0;
}

/**
 * Copies the starters into ./exercises, leaving anything already there untouched. With `--json`
 * it prints `{folder, created, kept}`: the folder, then the entries copied and those left as they
 * were (all of them in mcp-sim's own checkout, where the exercises already are).
 */
function initWorkspace(lang: Lang, json: boolean): number {
  const source = packageExercisesDir();
  const target = join(process.cwd(), 'exercises');
  const created: string[] = [];
  const kept: string[] = [];
  const here = source === target;
  // Something other than a folder in the way is said in one line, not as Node's ENOTDIR.
  if (existsSync(target) && !statSync(target).isDirectory()) {
    throw new UsageError(USAGE_STRINGS.exercisesNotFolder, { file: target });
  }
  for (const entry of readdirSync(source).sort()) {
    if (here || existsSync(join(target, entry))) {
      kept.push(entry);
      continue;
    }
    try {
      cpSync(join(source, entry), join(target, entry), { recursive: true });
    } catch (error) {
      throw new UsageError(USAGE_STRINGS.cannotCopyExercises, {
        folder: target,
        reason: reasonOf(error),
      });
    }
    created.push(entry);
  }
  if (json) {
    process.stdout.write(`${JSON.stringify({ folder: target, created, kept }, null, 2)}\n`);
    return 0;
  }
  if (here) {
    say({ en: 'The exercises are already here.', zh: '练习已经在这里了。' }, lang);
    return 0;
  }
  say(
    {
      en: `Copied ${created.length === 1 ? '1 item' : `${created.length} items`} into ${target}. Start with: ${suggestCommand('exercises')}`,
      zh: `已复制 ${created.length} 项到 ${target}。从这里开始：${suggestCommand('exercises')}`,
    },
    lang,
  );
  return 0;
}

export type CheckOptions = {
  readonly id: string | undefined;
  readonly json: boolean;
  readonly format: 'classroom' | 'exercism' | undefined;
  /** The report (in the chosen format) goes to this file too, written once grading is over. */
  readonly output?: string | undefined;
  readonly watch: boolean;
  readonly lang: Lang;
  /** The seed of the generated inputs; random when absent, and shown in the report either way. */
  readonly seed?: number | undefined;
};

/**
 * An exercise whose folder is missing: every check fails with why, and the exercise is `error`,
 * so the report still has all of them (an autograder records a full grade, not nothing).
 */
function missingResult(meta: ExerciseMeta, dir: string): ExerciseResult {
  const where = relative(process.cwd(), dir) || dir;
  const message = {
    en: `${where}: no such exercise folder (copy the exercises: ${suggestCommand('exercises --init')})`,
    zh: `${where}：没有这个练习文件夹（复制练习：${suggestCommand('exercises --init')}）`,
  };
  const checks = rubricFor(meta.id).checks.map((spec) => ({
    name: spec.name,
    passed: false,
    points: 0,
    maxPoints: spec.points,
    message,
    about: spec.about,
  }));
  const maxPoints = checks.reduce((sum, c) => sum + c.maxPoints, 0);
  return {
    id: meta.id,
    title: meta.title,
    points: 0,
    maxPoints,
    status: 'error',
    checks,
    display: [],
    output: '',
    durationMs: 0,
  };
}

function reportOf(
  results: readonly ExerciseResult[],
  all: readonly ExerciseMeta[],
  options: CheckOptions,
  seed: number,
  colour: boolean,
): string {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  if (options.format === 'classroom') return json(classroomJson(results, all, options.lang));
  if (options.format === 'exercism') return json(exercismJson(results, all, options.lang));
  if (options.json) return json({ seed, ...checkJson(results, options.lang) });
  const again = suggestCommand(
    `check${options.id === undefined ? '' : ` ${options.id}`} --seed ${seed}`,
  );
  const reproduces = {
    en: `seed ${seed} (${again} reproduces this run)`,
    zh: `种子 ${seed}（${again} 可以重现这次运行）`,
  };
  const plain = suggestCommand(`check${options.id === undefined ? '' : ` ${options.id}`}`);
  const seedLine = tr(
    options.seed === undefined
      ? reproduces
      : {
          en: `${reproduces.en}; a seed chosen with --seed records no points (${plain} records them)`,
          zh: `${reproduces.zh}；用 --seed 指定种子的运行不记录分数（记录分数请运行 ${plain}）`,
        },
    options.lang,
  );
  return `${textReport(results, options.lang, createStyle(colour))}${seedLine}\n`;
}

/** Whether the path names something that exists and is no regular file (followed through links). */
function isSpecialFile(file: string): boolean {
  try {
    return !statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Writes the report next to its final name and renames it there: whoever reads the file sees the
 * whole report or none, never a half-written one. `wx` refuses a temp name that already exists
 * (a link planted there is not followed).
 */
function writeReport(file: string, text: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomUUID()}.tmp`);
  try {
    // A device or a pipe (/dev/null, /dev/stdout, a FIFO a grader reads) is written in place:
    // renaming a file over it would put a plain file where the device was.
    if (isSpecialFile(file)) writeFileSync(file, text);
    else {
      writeFileSync(temp, text, { flag: 'wx' });
      renameSync(temp, file);
    }
  } catch (error) {
    rmSync(temp, { force: true });
    throw reportError(file, temp, error);
  }
}

/** Said of the file asked for: the temp name is ours, and a missing folder is what to fix. */
function reportError(file: string, temp: string, error: unknown): UsageError {
  const { code, message } = error as NodeJS.ErrnoException;
  return new UsageError(USAGE_STRINGS.cannotWriteReport, {
    file,
    error:
      code === 'ENOENT'
        ? `ENOENT: no folder ${dirname(file)}`
        : code === 'EISDIR'
          ? 'EISDIR: it is a folder'
          : message.split(temp).join(file),
  });
}

/**
 * `--output` checked before grading, as serve and connect check `--trace-file`: a path found
 * unwritable only once every exercise was graded would cost the whole run its report for a typo.
 * Its folder takes a temp file as writeReport's does (removed again); a pipe or a device is not
 * opened (a FIFO's reader would see the probe close it and stop reading).
 */
function checkReportWritable(file: string): void {
  if (file === '') throw new UsageError(USAGE_STRINGS.needsValue, { option: '--output' });
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomUUID()}.tmp`);
  try {
    if (existsSync(file) && statSync(file).isDirectory()) {
      throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    }
    if (isSpecialFile(file)) return;
    writeFileSync(temp, '', { flag: 'wx' });
    rmSync(temp);
  } catch (error) {
    rmSync(temp, { force: true });
    throw reportError(file, temp, error);
  }
}

async function checkOnce(
  workspace: Workspace,
  selected: readonly ExerciseMeta[],
  all: readonly ExerciseMeta[],
  options: CheckOptions,
): Promise<ExerciseResult[]>;
/**
 * With `stopped` (check --watch): a check that Ctrl+C stopped while it ran says nothing and
 * saves nothing (null). Its learner processes were killed by the signal, not by their code.
 */
async function checkOnce(
  workspace: Workspace,
  selected: readonly ExerciseMeta[],
  all: readonly ExerciseMeta[],
  options: CheckOptions,
  stopped: () => boolean,
): Promise<ExerciseResult[] | null>;
async function checkOnce(
  workspace: Workspace,
  selected: readonly ExerciseMeta[],
  all: readonly ExerciseMeta[],
  options: CheckOptions,
  stopped: () => boolean = () => false,
): Promise<ExerciseResult[] | null> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const items = selected.map((meta) => ({ meta, dir: join(workspace.exercises, meta.id) }));
  const present = items.filter((item) => existsSync(item.dir));
  const graded = await gradeAll(present, { seed });
  if (stopped()) return null;
  const results = items.map(
    (item) => graded[present.indexOf(item)] ?? missingResult(item.meta, item.dir),
  );
  // A seed chosen with --seed makes the inputs generated at check time known in advance: the
  // report of each run shows what the first wrong one expected, so a table of canned answers
  // keyed on those inputs, filled in run by run, passed every check on that seed (exercise 5's
  // 9/9, saved as passed). Such a run reproduces a report; only a run on a fresh seed records points.
  if (options.seed === undefined) {
    const progress = await loadProgress(progressFile(workspace), undefined, options.lang);
    for (const r of results) {
      progress.exercises[r.id] = {
        passed: r.status === 'passed',
        points: r.points,
        maxPoints: r.maxPoints,
      };
    }
    await saveProgress(progress, progressFile(workspace), undefined, options.lang);
  }
  // Every learner process has been stopped by now (gradeAll closes each runner before it
  // returns), so nothing the learner's code did can reach the file: only this process writes it.
  if (options.output !== undefined) {
    writeReport(options.output, reportOf(results, all, options, seed, false));
    process.stdout.write(
      reportOf(results, all, { ...options, format: undefined, json: false }, seed, colourWanted()),
    );
  } else {
    process.stdout.write(reportOf(results, all, options, seed, colourWanted()));
  }
  return results;
}

/** `mcp-sim check [<id>] [--json] [--format classroom|exercism] [--output <file>] [--watch]`. */
export async function checkCommand(options: CheckOptions): Promise<number> {
  if (options.watch && (options.json || options.format || options.output !== undefined))
    throw new UsageError(USAGE_STRINGS.watchPrintsText);
  if (options.output !== undefined) checkReportWritable(options.output);
  const all = loadExercises();
  const selected = options.id === undefined ? all : [pick(options.id, all)];
  // For an autograder (--output) a repository without exercises/ still gets a full report, every
  // exercise `error`, rather than no report at all.
  const cwd = process.cwd();
  const workspace =
    options.output !== undefined
      ? (findWorkspace() ?? { root: cwd, exercises: join(cwd, 'exercises') })
      : requireWorkspace();
  const results = await checkOnce(workspace, selected, all, options);
  if (!options.watch) return results.every((r) => r.status === 'passed') ? 0 : 1;
  return watchExercises(workspace, selected, all, options, results);
}

/**
 * Whether saving `file` (a path relative to the exercise's folder) calls for a new check: one of
 * the exercise's own files, or any module its code may import (a helper the learner wrote beside
 * it or in a folder under it; the grader bundles those too). Not an editor's lock or backup file
 * (`.#versions.ts`, `versions.ts~`), nothing in a hidden folder or in `node_modules`.
 */
function watchedFile(meta: ExerciseMeta, file: string): boolean {
  if (meta.files.includes(file)) return true;
  const parts = file.split(/[\\/]/);
  if (parts.some((part) => /^[.#]/.test(part) || part === 'node_modules')) return false;
  return /\.(?:[cm]?[jt]sx?|json)$/.test(file);
}

/**
 * Re-checks an exercise whenever one of its learner files is saved, until Ctrl-C; the exit code
 * is that of the latest check of every exercise watched (0 only when all of them pass).
 */
function watchExercises(
  workspace: Workspace,
  selected: readonly ExerciseMeta[],
  all: readonly ExerciseMeta[],
  options: CheckOptions,
  first: readonly ExerciseResult[],
): Promise<number> {
  const passed = new Map(first.map((r) => [r.id, r.status === 'passed']));
  const code = () => ([...passed.values()].every(Boolean) ? 0 : 1);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let checking = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const note = () =>
    say(
      { en: '\nWatching for changes… (Ctrl-C to stop)', zh: '\n正在等待文件改动……（Ctrl-C 退出）' },
      options.lang,
    );
  // The watchers and the Ctrl-C handler exist before the notice goes out: whoever reads
  // "Watching…" and at once saves or stops must not land in the gap before they begin.
  const watchers = selected.map((meta) =>
    watch(join(workspace.exercises, meta.id), { recursive: true }, (_event, file) => {
      if (file && !watchedFile(meta, String(file))) return;
      clearTimeout(timers.get(meta.id));
      timers.set(
        meta.id,
        setTimeout(() => {
          running = running.then(async () => {
            if (stopped) return;
            checking = true;
            process.stdout.write('\n');
            const results = await checkOnce(workspace, [meta], all, options, () => stopped);
            checking = false;
            if (!results) return;
            for (const r of results) passed.set(r.id, r.status === 'passed');
            note();
          });
        }, 150),
      );
    }),
  );
  commandHandles('SIGINT');
  return new Promise((resolve) => {
    process.once('SIGINT', () => {
      // A check running now was stopped by Ctrl+C (its processes killed): it reports nothing.
      stopped = true;
      for (const w of watchers) w.close();
      for (const t of timers.values()) clearTimeout(t);
      resolve(code());
      // The grader would go on through the stopped check's cases for seconds, each process it
      // starts killed at once: the command ends now, once what it printed is written.
      if (checking) process.stdout.write('', () => process.exit(code()));
    });
    note();
  });
}

const hintsFile = (workspace: Workspace | null) =>
  join(workspace?.root ?? '', '.mcp-sim', 'hints.json');

function readHintState(file: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** `mcp-sim hint <id> [--all]`: the next hint each time, each more help than the one before. */
export function hintCommand(options: { id: string; all: boolean; lang: Lang }): number {
  const meta = pick(options.id, loadExercises());
  const hints = loadHints(meta.id);
  const file = hintsFile(findWorkspace());
  const state = readHintState(file);
  // A position this command wrote is a whole number from 0; anything else (a hand-edited file)
  // starts the hints over rather than showing none.
  const saved = state[meta.id];
  const shown = Math.min(
    typeof saved === 'number' && Number.isInteger(saved) && saved >= 0 ? saved : 0,
    hints.length - 1,
  );
  const range = options.all ? hints.map((_, i) => i) : [shown];
  for (const i of range) {
    const hint = hints[i];
    if (!hint) continue;
    const head =
      options.lang === 'zh' ? `提示 ${i + 1}/${hints.length}` : `Hint ${i + 1}/${hints.length}`;
    process.stdout.write(`${head}\n${tr(hint, options.lang).trimEnd()}\n\n`);
  }
  if (!options.all) {
    if (shown + 1 < hints.length) {
      state[meta.id] = shown + 1;
      try {
        mkdirSync(dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
        renameSync(temp, file);
      } catch {
        // Not being able to remember the next hint is no reason to fail.
      }
      say(
        { en: `(run it again for the next hint)`, zh: '（再运行一次可看下一条提示）' },
        options.lang,
      );
    } else {
      say({ en: '(that was the last hint)', zh: '（这是最后一条提示）' }, options.lang);
    }
  }
  return 0;
}
