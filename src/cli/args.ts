import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Bilingual, filled, isLang, type Lang, tr } from '../i18n/lang.js';
import { nearWord, USAGE_STRINGS } from '../i18n/usage-strings.js';
import { ownTable } from '../protocol/json.js';
import { closest } from '../sim/scenario/find-lesson.js';
import { COMMANDS, type CommandName, DEFAULT_COMMAND, isCommandName } from './table/index.js';
import type { CommandSpec, HelpRequest, OptionSpec, ParsedCommand } from './table/types.js';
import { UsageError } from './usage.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** `--help` / `-h` belongs to every command; the table does not repeat it. */
const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const satisfies Options;

/** Does `--name` take a value in any command's table (so the next word is that value)? */
function takesValue(word: string): boolean {
  if (!word.startsWith('--') || word.includes('=')) return false;
  const name = word.slice(2);
  return Object.values(COMMANDS).some((spec: CommandSpec) => {
    const option = spec.options[name];
    return option !== undefined && option.kind !== 'boolean';
  });
}

/**
 * The command a command line names, and the words that follow it. Options may come before the
 * command too (`mcp-sim --lang zh lessons`): they are that command's, read before its own words.
 */
export function splitCommand(argv: readonly string[]): { name: CommandName; words: string[] } {
  let at = 0;
  while (at < argv.length && (argv[at] as string).startsWith('-') && argv[at] !== '--') {
    at += takesValue(argv[at] as string) ? 2 : 1;
  }
  const first = argv[at];
  // No command, or options only: the menu (the options are the menu's).
  if (first === undefined || first === '--') return { name: DEFAULT_COMMAND, words: [...argv] };
  if (!isCommandName(first)) {
    // After options, a word that is no command is the menu's mistake to report.
    if (at > 0) return { name: DEFAULT_COMMAND, words: [...argv] };
    throw unknownCommand(first, argv.slice(at + 1));
  }
  return { name: first, words: [...argv.slice(0, at), ...argv.slice(at + 1)] };
}

/** The commands "did you mean" chooses from: every one shown in the overview. */
export const commandNames = (): string[] =>
  Object.keys(COMMANDS).filter((name) => name !== DEFAULT_COMMAND);

/**
 * Words a learner tries for what a command does under another name, and the command line to
 * suggest instead: the handout is `lesson <id> --plain`.
 */
const OTHER_NAMES: Readonly<Record<string, (rest: readonly string[]) => string>> = ownTable({
  handout: (rest) => `lesson ${firstWord(rest) ?? '<id>'} --plain`,
});

/** The first word that is neither an option nor an option's value. */
function firstWord(words: readonly string[]): string | undefined {
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at] as string;
    if (!word.startsWith('-')) return word;
    if (takesValue(word)) at += 1;
  }
  return undefined;
}

export function unknownCommand(command: string, rest: readonly string[] = []): UsageError {
  const other = Object.hasOwn(OTHER_NAMES, command) ? OTHER_NAMES[command] : undefined;
  return new UsageError(USAGE_STRINGS.unknownCommand, {
    word: command,
    near: nearWord(other ? other(rest) : closest(command, commandNames())),
  });
}

/** `mcp-sim help <topic>` for a topic that is not a command. */
export function noHelpFor(topic: string): UsageError {
  return new UsageError(USAGE_STRINGS.noHelpFor, {
    word: topic,
    near: nearWord(closest(topic, commandNames())),
  });
}

/**
 * Reads a command's words against its table. parseArgs, non-strict and in token mode, only splits
 * them (`--x=v`, `-h`, `--`); every decision is taken here, from the table, so that each mistake is
 * one line in the CLI's own words. `--help` anywhere among mcp-sim's own options wins over any
 * mistake; after `--`, or where a command to run starts, nothing is mcp-sim's any more.
 */
export function parseCommand<N extends CommandName>(
  name: N,
  words: readonly string[],
): ParsedCommand<(typeof COMMANDS)[N]> | HelpRequest {
  const spec: CommandSpec = COMMANDS[name];
  const config: Options = { ...HELP_OPTION };
  for (const [key, option] of Object.entries(spec.options)) {
    config[key] = {
      type: option.kind === 'boolean' ? 'boolean' : 'string',
      ...(option.short ? { short: option.short } : {}),
    };
  }
  const { tokens } = parseArgs({
    args: [...words],
    options: config,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const rest = spec.positionals.find((p) => p.rest);
  const values: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(spec.options)) {
    values[key] = option.kind === 'boolean' ? false : option.kind === 'repeatable' ? [] : undefined;
  }
  const positionals: string[] = [];
  let passed: string[] = [];
  let help = false;
  let mistake: Bilingual | undefined; // the first one; shown unless --help was asked for
  let badChoice: Bilingual | undefined; // shown after a missing or extra word
  const hasTerminator = tokens.some((t) => t.kind === 'option-terminator');

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind === 'option-terminator') {
      if (rest) {
        passed = words.slice(token.index + 1);
        break;
      }
      continue; // parseArgs gives every later word as a positional
    }
    if (token.kind === 'positional') {
      if (!rest) {
        positionals.push(token.value);
        continue;
      }
      if (hasTerminator) {
        mistake ??= filled(USAGE_STRINGS.unexpectedBeforeDashes, { word: token.value });
        continue;
      }
      passed = words.slice(token.index);
      break;
    }
    // The word the token came from: `-dash.jsonl` splits into -d -a -s -h…, which is not a
    // request for help but a word that is no option (a file name after a forgotten --?).
    const word = words[token.index] ?? token.rawName;
    const clustered = !word.startsWith('--') && word.length > 2;
    if (token.name === 'help' && !clustered) {
      help = true;
      continue;
    }
    const option = spec.options[token.name];
    if (!option || clustered) {
      // A whole single-dash word (`-json`) is named as written, and `--json` suggested for it.
      mistake ??= unknownOption(name, spec, clustered ? word : token.rawName);
      continue;
    }
    if (option.kind === 'boolean') {
      if (token.value !== undefined) {
        mistake ??= filled(USAGE_STRINGS.noValueTaken, { option: token.rawName });
      } else values[token.name] = true;
      continue;
    }
    const value = token.value;
    // A value that looks like an option is an option the value was forgotten before; a negative
    // number (`--timeout -5`) is no option, so its command says what the value must be.
    const looksLikeOption = value !== undefined && value.length > 1 && /^-(?!\d)/.test(value);
    if (value === undefined || (!token.inlineValue && looksLikeOption)) {
      mistake ??= filled(USAGE_STRINGS.needsValue, { option: token.rawName });
      continue;
    }
    if (option.choices && !option.choices.includes(value)) {
      badChoice ??= filled(USAGE_STRINGS.badChoice, {
        option: token.rawName,
        choices: orList(option.choices),
        value,
      });
    }
    if (option.kind === 'string') {
      // Otherwise the last one wins (an alias's option overridden on the command line).
      const first = values[token.name];
      if (option.once && typeof first === 'string' && first !== value) {
        mistake ??= filled(USAGE_STRINGS.givenTwice, { option: `--${token.name}`, first, value });
      }
      values[token.name] = value;
    } else if (option.second === undefined) (values[token.name] as string[]).push(value);
    else {
      const next = tokens[i + 1];
      const second = next?.kind === 'positional' ? next.value : undefined;
      if (second !== undefined) i += 1;
      (values[token.name] as Array<readonly [string, string | undefined]>).push([value, second]);
    }
  }

  if (help) return { help: true, lang: isLang(values.lang) ? values.lang : undefined };
  if (mistake) throw new UsageError(mistake);
  const args: Record<string, string | readonly string[] | undefined> = {};
  const single = spec.positionals.filter((p) => !p.rest);
  single.forEach((p, i) => {
    if (positionals[i] === undefined && p.missing) throw new UsageError(p.missing);
    args[p.name] = positionals[i];
  });
  const extra = positionals[single.length];
  if (extra !== undefined) throw new UsageError(USAGE_STRINGS.unexpectedArgument, { word: extra });
  if (rest) {
    if (passed.length === 0 && rest.missing) throw new UsageError(rest.missing);
    args[rest.name] = passed;
  }
  if (badChoice) throw new UsageError(badChoice);
  return { help: false, values, args } as unknown as ParsedCommand<(typeof COMMANDS)[N]>;
}

function unknownOption(name: CommandName, spec: CommandSpec, raw: string): Bilingual {
  const near = closest(
    raw.startsWith('--') ? raw : `-${raw}`,
    [...Object.keys(spec.options), 'help'].map((key) => `--${key}`),
  );
  return filled(USAGE_STRINGS.unknownOption, {
    word: raw,
    near: near ? filled(USAGE_STRINGS.nearOption, { near }) : '',
    help: name === DEFAULT_COMMAND ? 'mcp-sim help' : `mcp-sim help ${name}`,
  });
}

/** `en or zh`, `a, b or c` (`a、b 或 c`). */
function orList(choices: readonly string[]): Bilingual {
  const last = choices[choices.length - 1] ?? '';
  if (choices.length < 2) return { en: last, zh: last };
  const join = (lang: Lang) =>
    `${choices.slice(0, -1).join(tr(USAGE_STRINGS.listComma, lang))}${tr(USAGE_STRINGS.or, lang)}${last}`;
  return { en: join('en'), zh: join('zh') };
}

/** How an option is written in usage lines, value included: `--http <port>`, `--lang en|zh`. */
export function optionLabel(key: string, option: OptionSpec): string {
  if (option.kind === 'boolean') return `--${key}`;
  const value = option.choices ? option.choices.join('|') : (option.value ?? '<value>');
  return `--${key} ${value}${option.second ? ` ${option.second}` : ''}`;
}
