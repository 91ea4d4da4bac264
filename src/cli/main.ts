#!/usr/bin/env node
import { chosenLang, detectLang, filled, isLang, type Lang } from '../i18n/lang.js';
import { USAGE_STRINGS } from '../i18n/usage-strings.js';
import { holdKeys, releaseKeys } from '../ui/held-keys.js';
import { noHelpFor, parseCommand, splitCommand } from './args.js';
import { remembered } from './lang-choice.js';
import { LessonError, lessonProblem } from './lesson-error.js';
import { installPrecompiledSchemas } from './precompiled-schemas.js';
import { loadProgress, PROGRESS_FILE, type Progress, saveProgress } from './progress.js';
import { type COMMANDS, type CommandName, isCommandName } from './table/index.js';
import type { ParsedCommand } from './table/types.js';
import { importUi, requireTty } from './terminal.js';
import { errorLine, UsageError } from './usage.js';
import { packageVersion } from './version.js';

/** What a command does with its command line read. */
type Run<N extends CommandName> = (parsed: ParsedCommand<(typeof COMMANDS)[N]>) => Promise<number>;

/**
 * The progress file read, and the run's language: the command's --lang, else the one chosen
 * before (saved in that file), else the locale's. What is wrong with the file is said in it too.
 */
async function start(option: string | undefined): Promise<{ progress: Progress; lang: Lang }> {
  const langOfRun = (saved: Progress) => detectLang(option, chosenLang(saved));
  const progress = await loadProgress(PROGRESS_FILE, undefined, langOfRun);
  return { progress, lang: langOfRun(progress) };
}

/** The learner's language: the command's --lang, else the one chosen before, else the locale's. */
const langOf = async (value: string | undefined): Promise<Lang> => (await start(value)).lang;

/** Saves the learner's progress, saying a failure in the run's language. */
const saverIn =
  (lang: Lang) =>
  (progress: Progress): Promise<void> =>
    saveProgress(progress, PROGRESS_FILE, undefined, lang);

async function showHelp(topic: CommandName | undefined, lang: Lang): Promise<number> {
  const { commandHelpText, overviewText } = await import('./help-text.js');
  process.stdout.write(`${topic ? commandHelpText(topic, lang) : overviewText(lang)}\n`);
  return 0;
}

/** The teachers' folders: MCP_SIM_LESSONS's and --lessons's; a --lessons that is no folder is a usage error. */
async function foldersOf(option: string | undefined): Promise<string[]> {
  const { teacherFolders } = await import('../sim/scenario/lesson-sources.js');
  if (option !== undefined) {
    const { existsSync, statSync } = await import('node:fs');
    if (existsSync(option) && statSync(option).isFile()) {
      throw new UsageError(USAGE_STRINGS.fileNotFolder, { file: option });
    }
    if (!existsSync(option) || !statSync(option).isDirectory()) {
      throw new UsageError(USAGE_STRINGS.noLessonFolder, { file: option });
    }
  }
  return teacherFolders(option);
}

const RUN: { readonly [N in CommandName]: Run<N> } = {
  async menu({ values }) {
    if (values.version) {
      process.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    holdKeys();
    const { progress: loaded, lang } = await start(values.lang);
    requireTty('needsTtyMenu');
    const progress = await remembered(loaded, values.lang);
    const [{ runMenu }, { listing, open }] = await Promise.all([
      importUi(),
      import('./lesson-source.js').then(async ({ listLessons, openLesson }) => {
        const listing = await listLessons(await foldersOf(values.lessons));
        return { listing, open: (id: string) => openLesson(id, listing) };
      }),
    ]);
    return runMenu({ lang, progress, save: saverIn(lang), listing, open });
  },
  async help({ values, args }) {
    const topic = args.command;
    if (topic !== undefined && !isCommandName(topic)) throw noHelpFor(topic);
    return showHelp(topic, await langOf(values.lang));
  },
  async trace({ values, args }) {
    const { traceCommand } = await import('./commands/trace.js');
    // --json is the same in every language: only the text report asks which one.
    const lang = values.json ? 'en' : await langOf(values.lang);
    return traceCommand({ file: args.file, json: values.json, strict: values.strict, lang });
  },
  async diagram({ values }) {
    const { diagramCommand } = await import('./commands/diagram.js');
    return diagramCommand(values.format ?? 'mermaid');
  },
  async lessons({ values }) {
    const { progress, lang } = await start(values.lang);
    const { checkLessonsCommand, lessonsCommand } = await import('./commands/lessons.js');
    if (values.check !== undefined) {
      if (values.lessons !== undefined) throw new UsageError(USAGE_STRINGS.checkTakesFolder);
      // One lesson's file is checked as its folder is (`--check my-lessons/01-hammer/lesson.yaml`).
      const { basename, dirname } = await import('node:path');
      const dir = basename(values.check) === 'lesson.yaml' ? dirname(values.check) : values.check;
      await foldersOf(dir); // a missing folder is a usage error
      return checkLessonsCommand({ dir, json: values.json, lang });
    }
    const folders = await foldersOf(values.lessons);
    return lessonsCommand({ json: values.json, lang, progress, folders });
  },
  async lesson({ values, args }) {
    const { id } = args;
    const { progress: loaded, lang } = await start(values.lang);
    if (values.json && values.plain) {
      throw new UsageError(USAGE_STRINGS.plainOrJson);
    }
    if (values.json || values.plain) {
      const { lessonPrintCommand } = await import('./commands/lessons.js');
      const folders = await foldersOf(values.lessons);
      return lessonPrintCommand({ id, format: values.json ? 'json' : 'plain', lang, folders });
    }
    const autoplay = autoplayOf(values.autoplay);
    holdKeys();
    // An unknown or broken lesson is reported before asking for a terminal. The screen's timeline
    // comes from the build when the lesson file is unchanged, so the first frame needs no engine.
    const { lessonTarget, openLesson } = await import('./lesson-source.js');
    const target = await lessonTarget(id, await foldersOf(values.lessons));
    if (!target.ok) throw lessonProblem(target.error);
    const opened = await openLesson(target.id, target.listing);
    if (!opened.ok) throw lessonProblem(opened.error);
    requireTty();
    const progress = await remembered(loaded, values.lang);
    const { runLesson } = await importUi();
    return runLesson({
      lesson: opened.value,
      lang,
      progress,
      save: saverIn(lang),
      ...(autoplay !== undefined ? { autoplay } : {}),
      course: { listing: target.listing, open: (next) => openLesson(next, target.listing) },
    });
  },
  async play({ values, args }) {
    const { file } = args;
    if (!values.plain) holdKeys();
    const lang = await langOf(values.lang);
    const autoplay = autoplayOf(values.autoplay);
    const { readTranscriptFile, playPlainCommand } = await import('./commands/play.js');
    if (values.plain) return playPlainCommand(file, lang);
    const { checkReadable } = await import('./commands/trace.js');
    await checkReadable(file); // a missing file is reported as such, terminal or not
    requireTty('needsTtyPlayFile');
    const { lesson, problems } = await readTranscriptFile(file, lang);
    // Unreadable lines are steps too, each with trace's explanation, also in a file of nothing
    // else (as --plain prints them); only a file without a line has nothing to play.
    if (lesson.steps.length === 0) throw new UsageError(USAGE_STRINGS.noMessagesToPlay, { file });
    const { runPlay } = await importUi();
    const code = await runPlay({
      lesson,
      lang,
      mode: 'recording',
      ...(autoplay !== undefined ? { autoplay } : {}),
    });
    // Bad transcript lines are problems the run found (exit 1), as `play --plain` and `trace` say.
    return code === 0 && problems > 0 ? 1 : code;
  },
  async serve({ values }) {
    if (values.ui) holdKeys();
    const { serveCommand } = await import('./commands/serve.js');
    return serveCommand(values, { lang: langOf });
  },
  async connect({ values, args }) {
    if (!values.plain && !values.json) holdKeys();
    const { connectCommand } = await import('./commands/connect.js');
    return connectCommand({ ...values, command: args.command }, { lang: langOf, requireTty });
  },
  async sandbox({ values }) {
    holdKeys();
    const { sandboxCommand } = await import('./commands/sandbox.js');
    return sandboxCommand({
      era: values.era,
      side: values.as ?? 'client',
      lesson: values.lesson,
      lang: await langOf(values.lang),
      folders: await foldersOf(values.lessons),
    });
  },
  async compare({ values, args }) {
    if (args.topic !== undefined && !values.plain && !values.json) holdKeys();
    const { compareCommand } = await import('./commands/compare.js');
    return compareCommand({
      topic: args.topic,
      plain: values.plain,
      json: values.json,
      lang: await langOf(values.lang),
    });
  },
  async exercises({ values }) {
    const lang = await langOf(values.lang);
    const { exercisesCommand } = await import('./commands/exercises.js');
    return exercisesCommand({ json: values.json, init: values.init, lang });
  },
  async check({ values, args }) {
    const { id } = args;
    if (values.play) {
      if (!values.plain) holdKeys();
      if (!id) throw new UsageError(USAGE_STRINGS.playNeedsExercise);
      if (
        values.json ||
        values.format !== undefined ||
        values.output !== undefined ||
        values.watch
      ) {
        throw new UsageError(USAGE_STRINGS.playShowsSession);
      }
      const lang = await langOf(values.lang);
      const { checkPlayCommand } = await import('./commands/check-play.js');
      const seed = seedOf(values.seed);
      return checkPlayCommand({
        id,
        plain: values.plain,
        lang,
        ...(seed !== undefined ? { seed } : {}),
        show: async (lesson) => (await importUi()).runPlay({ lesson, lang, mode: 'exercise' }),
        busy: async (text) => (await importUi()).showBusy(text),
      });
    }
    if (values.plain) {
      throw new UsageError(USAGE_STRINGS.plainWithPlay);
    }
    if (values.json && values.format !== undefined) {
      throw new UsageError(USAGE_STRINGS.jsonOrFormat, { format: values.format });
    }
    const lang = await langOf(values.lang);
    const seed = seedOf(values.seed);
    const { checkCommand } = await import('./commands/exercises.js');
    return checkCommand({
      id,
      seed,
      json: values.json,
      format: values.format,
      output: values.output,
      watch: values.watch,
      lang,
    });
  },
  async hint({ values, args }) {
    const lang = await langOf(values.lang);
    const { hintCommand } = await import('./commands/exercises.js');
    return hintCommand({ id: args.id, all: values.all, lang });
  },
  async solution({ values, args }) {
    const lang = await langOf(values.lang);
    const { solutionCommand } = await import('./commands/solution.js');
    return solutionCommand({ id: args.id, lang });
  },
};

/** Reads the command line against the command's table; `--help` shows the help instead. */
async function runCommand<N extends CommandName>(
  name: N,
  words: readonly string[],
): Promise<number> {
  const parsed = parseCommand(name, words);
  if (parsed.help) return showHelp(name, await langOf(parsed.lang));
  return RUN[name](parsed);
}

async function run(argv: readonly string[]): Promise<number> {
  const { name, words } = splitCommand(argv);
  return runCommand(name, words);
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A closed pipe (`mcp-sim trace big.jsonl | head`) is not a failure. Unless the command listens
  // itself: stdout is serve's transport, whose client stopping to read ends a session that has its
  // own words for it, and a transcript to finish before it exits.
  if (error.code === 'EPIPE' && process.stdout.listenerCount('error') === 1) process.exit(0);
});

/**
 * The language a usage error is said in: the one the run would have used (its `--lang`, else the
 * saved choice, else the locale). The command line may be the very thing that is wrong, so its
 * `--lang` is looked for word by word, up to `--`; a value that is no language is passed over.
 */
async function usageLang(argv: readonly string[]): Promise<Lang> {
  let given: Lang | undefined;
  for (let i = 0; i < argv.length && argv[i] !== '--'; i++) {
    const word = argv[i] as string;
    const value = word === '--lang' ? argv[i + 1] : word.startsWith('--lang=') ? word.slice(7) : '';
    if (isLang(value)) given = value;
  }
  if (given) return given;
  const { chosenLangOnDisk } = await import('./progress.js');
  return detectLang(undefined, chosenLangOnDisk());
}

// The bundle judges with the validators the build generated (dist/validators/), not by compiling
// the official schemas at run time.
installPrecompiledSchemas();
const argv = process.argv.slice(2);
run(argv).then(
  (code) => {
    releaseKeys();
    process.exitCode = code;
  },
  async (error: unknown) => {
    releaseKeys();
    if (error instanceof UsageError) {
      process.exitCode = 2;
      const lang = await usageLang(argv).catch((): Lang => 'en');
      process.stderr.write(errorLine(error.text, lang));
    } else if (error instanceof LessonError) {
      const lang = await usageLang(argv).catch((): Lang => 'en');
      process.stderr.write(errorLine(error.text, lang));
      process.exitCode = 1;
    } else {
      const message = error instanceof Error ? error.message : String(error);
      const lang = await usageLang(argv).catch((): Lang => 'en');
      process.stderr.write(errorLine(filled(USAGE_STRINGS.internalError, { message }), lang));
      process.exitCode = 1;
    }
  },
);

/** `--autoplay <seconds>`: a positive number of seconds, or a usage error. */
function autoplayOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new UsageError(USAGE_STRINGS.autoplaySeconds, { value });
  }
  return seconds;
}

/** `--seed <n>`: a whole number below 2^32, or a one-line usage error. */
function seedOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seed = Number(value);
  if (!/^\d+$/.test(value) || seed >= 2 ** 32) {
    throw new UsageError(USAGE_STRINGS.seedRange, { max: 2 ** 32 - 1, value });
  }
  return seed;
}
