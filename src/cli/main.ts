#!/usr/bin/env node
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { detectLang, isLang, type Lang } from '../i18n/lang.js';
import { s as str } from '../i18n/strings.js';
import { closest } from '../sim/scenario/find-lesson.js';
import { LessonError, lessonProblem } from './lesson-error.js';
import { loadProgress, saveProgress } from './progress.js';
import { COMMAND_HELP, HELP, UsageError } from './usage.js';

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args,
      options,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed['values'], positionals };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const unknown = /^Unknown option '(-{1,2}[^']+)'/.exec(message ?? '');
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown?.[1]) {
      // Node's text goes on about positionals after `--`; a learner needs the option they meant.
      const flags = Object.keys(options).map((name) => `--${name}`);
      const near = closest(unknown[1], flags);
      throw new UsageError(
        `unknown option ${unknown[1]}${near ? ` (did you mean ${near}?)` : ''} (see: mcp-sim help)`,
      );
    }
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function unknownCommand(command: string): UsageError {
  const near = closest(command, Object.keys(COMMAND_HELP));
  return new UsageError(
    `unknown command "${command}" (${near ? `did you mean ${near}? ` : ''}try: mcp-sim help)`,
  );
}

function langOption(value: string | boolean | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !isLang(value)) {
    throw new UsageError(`--lang must be en or zh, not "${String(value)}"`);
  }
  return value;
}

/** The terminal UI (Ink, React and the views), loaded only for an interactive view. */
function importUi(): Promise<typeof import('../ui/run.js')> {
  return import('../ui/run.js');
}

/**
 * Interactive views need a terminal that can send keys; otherwise exit 2 with a line that points
 * at what the command offers without one (the menu: `lessons`; a lesson: --plain or --json).
 */
function requireTty(
  lang: Lang,
  instead: 'needsTty' | 'needsTtyMenu' | 'needsTtyPlayFile' = 'needsTty',
): void {
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError(str(instead, lang));
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    const topic = command === 'help' ? rest[0] : undefined;
    if (topic !== undefined && !COMMAND_HELP[topic]) {
      throw new UsageError(`no help for "${topic}": unknown command (try: mcp-sim help)`);
    }
    process.stdout.write(`${(topic && COMMAND_HELP[topic]) || HELP}\n`);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write('0.1.0\n');
    return 0;
  }
  if (command !== undefined && (rest.includes('--help') || rest.includes('-h'))) {
    const help = COMMAND_HELP[command];
    if (!help) throw unknownCommand(command);
    process.stdout.write(`${help}\n`);
    return 0;
  }
  if (command === undefined || command === 'menu' || command.startsWith('--')) {
    const { values } = parse(command === undefined || command === 'menu' ? rest : argv, {
      lang: { type: 'string' },
    });
    const progress = loadProgress();
    const lang = detectLang(langOption(values.lang), progress.lang);
    requireTty(lang, 'needsTtyMenu');
    const { runMenu } = await importUi();
    return runMenu({ lang, progress, save: saveProgress });
  }
  switch (command) {
    case 'trace': {
      const { values, positionals } = parse(rest, {
        json: { type: 'boolean' },
        strict: { type: 'boolean' },
      });
      const file = positionals[0];
      if (!file) throw new UsageError('trace needs a file: mcp-sim trace <file> [--json]');
      if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
      const { traceCommand } = await import('./commands/trace.js');
      return traceCommand({ file, json: values.json === true, strict: values.strict === true });
    }
    case 'diagram': {
      const { values, positionals } = parse(rest, { format: { type: 'string' } });
      if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
      const { diagramCommand } = await import('./commands/diagram.js');
      return diagramCommand(typeof values.format === 'string' ? values.format : 'mermaid');
    }
    case 'lessons': {
      const { values, positionals } = parse(rest, {
        json: { type: 'boolean' },
        lang: { type: 'string' },
      });
      if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
      const progress = loadProgress();
      const lang = detectLang(langOption(values.lang), progress.lang);
      const { lessonsCommand } = await import('./commands/lessons.js');
      return lessonsCommand({ json: values.json === true, lang, progress });
    }
    case 'lesson': {
      const { values, positionals } = parse(rest, {
        json: { type: 'boolean' },
        plain: { type: 'boolean' },
        lang: { type: 'string' },
        autoplay: { type: 'string' },
      });
      const id = positionals[0];
      if (!id)
        throw new UsageError('lesson needs an id: mcp-sim lesson <id> (see: mcp-sim lessons)');
      if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
      const progress = loadProgress();
      const lang = detectLang(langOption(values.lang), progress.lang);
      if (values.json === true && values.plain === true) {
        throw new UsageError('choose one of --plain (a Markdown handout) and --json');
      }
      if (values.json === true || values.plain === true) {
        const { lessonPrintCommand } = await import('./commands/lessons.js');
        return lessonPrintCommand({ id, format: values.json === true ? 'json' : 'plain', lang });
      }
      let autoplay: number | undefined;
      if (values.autoplay !== undefined) {
        autoplay = Number(values.autoplay);
        if (!Number.isFinite(autoplay) || autoplay <= 0) {
          throw new UsageError(
            `--autoplay needs a number of seconds, not "${String(values.autoplay)}"`,
          );
        }
      }
      // An unknown or broken lesson is reported before asking for a terminal. The screen's timeline
      // comes from the build when the lesson file is unchanged, so the first frame needs no engine.
      const { openLesson } = await import('../ui/lesson-source.js');
      const opened = await openLesson(id);
      if (!opened.ok) throw lessonProblem(opened.error);
      requireTty(lang);
      const { runLesson } = await importUi();
      return runLesson({
        lesson: opened.value,
        lang,
        progress,
        save: saveProgress,
        ...(autoplay !== undefined ? { autoplay } : {}),
      });
    }
    case 'play': {
      const { values, positionals } = parse(rest, {
        plain: { type: 'boolean' },
        lang: { type: 'string' },
      });
      const file = positionals[0];
      if (!file)
        throw new UsageError('play needs a transcript file: mcp-sim play <file> [--plain]');
      if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
      const lang = detectLang(langOption(values.lang), loadProgress().lang);
      const { loadTranscript, playPlainCommand } = await import('./commands/play.js');
      if (values.plain === true) return playPlainCommand(file, lang);
      const { checkReadable } = await import('./commands/trace.js');
      await checkReadable(file); // a missing file is reported as such, terminal or not
      requireTty(lang, 'needsTtyPlayFile');
      const lesson = await loadTranscript(file);
      if (lesson.steps.length === 0) throw new UsageError(`${file}: no messages to play`);
      const { runPlay } = await importUi();
      return runPlay({ lesson, lang, mode: 'recording' });
    }
    case 'serve': {
      const { serveCommand } = await import('./commands/serve.js');
      return serveCommand(rest, {
        lang: (value) => detectLang(langOption(value), loadProgress().lang),
      });
    }
    case 'connect': {
      const { connectCommand } = await import('./commands/connect.js');
      return connectCommand(rest, {
        lang: (value) => detectLang(langOption(value), loadProgress().lang),
        requireTty,
      });
    }
    case 'exercises': {
      const { values, positionals } = parse(rest, {
        json: { type: 'boolean' },
        init: { type: 'boolean' },
        lang: { type: 'string' },
      });
      if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
      const lang = detectLang(langOption(values.lang), loadProgress().lang);
      const { exercisesCommand } = await import('./commands/exercises.js');
      return exercisesCommand({ json: values.json === true, init: values.init === true, lang });
    }
    case 'check': {
      const { values, positionals } = parse(rest, {
        json: { type: 'boolean' },
        format: { type: 'string' },
        watch: { type: 'boolean' },
        lang: { type: 'string' },
        play: { type: 'boolean' },
        plain: { type: 'boolean' },
      });
      if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
      if (values.play === true) {
        const id = positionals[0];
        if (!id) throw new UsageError('--play needs an exercise: mcp-sim check <id> --play');
        if (values.json === true || values.format !== undefined || values.watch === true) {
          throw new UsageError('--play shows a session; leave out --json, --format and --watch');
        }
        const lang = detectLang(langOption(values.lang), loadProgress().lang);
        const { checkPlayCommand } = await import('./commands/check-play.js');
        return checkPlayCommand({
          id,
          plain: values.plain === true,
          lang,
          show: async (lesson) => (await importUi()).runPlay({ lesson, lang, mode: 'exercise' }),
          busy: async (text) => (await importUi()).showBusy(text),
        });
      }
      if (values.plain === true) {
        throw new UsageError('--plain goes with --play: mcp-sim check <id> --play --plain');
      }
      const format = values.format;
      if (format !== undefined && format !== 'classroom' && format !== 'exercism') {
        throw new UsageError(`--format must be classroom or exercism, not "${String(format)}"`);
      }
      const lang = detectLang(langOption(values.lang), loadProgress().lang);
      const { checkCommand } = await import('./commands/exercises.js');
      return checkCommand({
        id: positionals[0],
        json: values.json === true,
        format,
        watch: values.watch === true,
        lang,
      });
    }
    case 'hint':
    case 'solution': {
      const { values, positionals } = parse(rest, {
        lang: { type: 'string' },
        ...(command === 'hint' ? { all: { type: 'boolean' as const } } : {}),
      });
      const id = positionals[0];
      if (!id) throw new UsageError(`${command} needs an exercise id: mcp-sim ${command} <id>`);
      if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
      const lang = detectLang(langOption(values.lang), loadProgress().lang);
      const { hintCommand, solutionCommand } = await import('./commands/exercises.js');
      return command === 'hint'
        ? hintCommand({ id, all: values.all === true, lang })
        : solutionCommand({ id, lang });
    }
    default:
      throw unknownCommand(command);
  }
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A closed pipe (`mcp-sim trace big.jsonl | head`) is not a failure.
  if (error.code === 'EPIPE') process.exit(0);
});

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`mcp-sim: ${error.message}\n`);
      process.exitCode = 2;
    } else if (error instanceof LessonError) {
      process.stderr.write(`mcp-sim: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`mcp-sim: internal error: ${message}\n`);
      process.exitCode = 1;
    }
  },
);
