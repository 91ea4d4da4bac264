import type { Bilingual, Lang } from '../../i18n/lang.js';

/**
 * One option of a command. `kind`: `boolean` (a flag), `string` (one value; the last one given
 * wins) or `repeatable` (a value each time it is given, kept in order).
 */
export type OptionSpec = {
  readonly kind: 'boolean' | 'string' | 'repeatable';
  /** One letter after a single dash (`-h`). */
  readonly short?: string;
  /** How the value is shown in usage lines: `<port>`, `v1,v2` (not for choices or flags). */
  readonly value?: string;
  /** The only values accepted, shown as `en|zh`; anything else is a usage error. */
  readonly choices?: readonly string[];
  /**
   * A repeatable option whose value may be followed by one more word that belongs to it (when that
   * word is not an option): `--call <tool> [<json>]`. Shown as written here.
   */
  readonly second?: string;
  /**
   * Given twice with different values, a usage error rather than the last one winning: the two
   * values ask for different things (`--format classroom --format exercism`).
   */
  readonly once?: true;
  /** Usage lines of the overview show it on a line of its own (`mcp-sim --version`). */
  readonly standalone?: true;
  readonly help: Bilingual;
};

/** A word that is not an option. */
export type PositionalSpec = {
  readonly name: string;
  /** Required: the usage error when it is missing (each command says it its own way). */
  readonly missing?: Bilingual;
  /**
   * This word and every word after it are passed on untouched (a command to start): mcp-sim's own
   * options end at `--` or, without `--`, at the first word that is not an option.
   */
  readonly rest?: true;
  /**
   * An option that stands in for this word (`connect --url <url>` instead of `-- <command>`): the
   * usage line shows the two as alternatives, and the command checks that exactly one is given.
   */
  readonly or?: string;
  readonly help: Bilingual;
};

export type CommandSpec = {
  /** One line in the overview (`mcp-sim help`). */
  readonly summary: Bilingual;
  /** What `mcp-sim help <command>` says above the options (`\n` starts a new line). */
  readonly about?: Bilingual;
  readonly positionals: readonly PositionalSpec[];
  readonly options: { readonly [name: string]: OptionSpec };
  /** What `mcp-sim help <command>` says below the options. */
  readonly notes?: Bilingual;
};

type OptionValue<O extends OptionSpec> = O extends { readonly kind: 'boolean' }
  ? boolean
  : O extends { readonly kind: 'repeatable'; readonly second: string }
    ? ReadonlyArray<readonly [string, string | undefined]>
    : O extends { readonly kind: 'repeatable' }
      ? readonly string[]
      : O extends { readonly choices: ReadonlyArray<infer C> }
        ? C | undefined
        : string | undefined;

type PositionalValue<P extends PositionalSpec> = P extends { readonly rest: true }
  ? readonly string[]
  : P extends { readonly missing: Bilingual }
    ? string
    : string | undefined;

/** The options of a command as parsed: a flag is false when absent, a repeatable one empty. */
export type OptionValues<C extends CommandSpec> = {
  readonly [K in keyof C['options']]: OptionValue<C['options'][K]>;
};

/** The words of a command that are not options, by name; a rest word holds the words passed on. */
export type PositionalValues<C extends CommandSpec> = {
  readonly [P in C['positionals'][number] as P['name']]: PositionalValue<P>;
};

/** A command line read against its command's table: what the command runs with. */
export type ParsedCommand<C extends CommandSpec> = {
  readonly help: false;
  readonly values: OptionValues<C>;
  readonly args: PositionalValues<C>;
};

/** `--help` or `-h` among mcp-sim's own options: the command's help is shown instead. */
export type HelpRequest = {
  readonly help: true;
  /** The command's own `--lang`, when it has one and it was given a valid value. */
  readonly lang: Lang | undefined;
};

/** The language option most commands take, the same everywhere. */
export const LANG_OPTION = {
  kind: 'string',
  choices: ['en', 'zh'],
  help: {
    en: 'language (default: the one last chosen with --lang for the menu or a lesson, then LC_ALL / LANG)',
    zh: '语言（默认：上次为菜单或课程用 --lang 选择的语言，其次是 LC_ALL / LANG）',
  },
} as const satisfies OptionSpec;

/**
 * A teacher's folder of lessons, added after the course's (the same as MCP_SIM_LESSONS): one option
 * for every command that opens lessons by id, so a teacher's lesson opens wherever a course's does.
 */
export const LESSONS_OPTION = {
  kind: 'string',
  value: '<folder>',
  help: {
    en: 'add a folder of your own lessons (<number>-<id>/lesson.yaml) after the course’s; MCP_SIM_LESSONS=<folder> does the same',
    zh: '在课程之后加入一个你自己的课程文件夹（<编号>-<id>/lesson.yaml）；MCP_SIM_LESSONS=<文件夹> 作用相同',
  },
} as const satisfies OptionSpec;
