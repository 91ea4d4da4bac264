/**
 * The command line of mcp-sim, declared once as data: every command with its words and options,
 * each said in English and Chinese. Parsing (src/cli/args.ts), "did you mean" for a mistyped
 * command or option, `mcp-sim help [<command>]` / `mcp-sim <command> --help` and the overview
 * (src/cli/help-text.ts) are all made from this table, so none of them can drift from another.
 *
 * Why Node's `util.parseArgs` and not commander: parseArgs is built in (no dependency, nothing more
 * to load before the menu's first frame, which docs/benchmarks.md counts in milliseconds), and in
 * its `tokens` mode it does only the tokenizing (`--x=v`, `-h`, `--` ending the options), leaving
 * every decision to this table. Commander decides much of that itself: its own wording for errors
 * and suggestions (the CLI's one-line usage errors are part of its contract), its own help layout
 * (ours is bilingual and aligned for CJK text), and it cannot express the two shapes `connect`
 * needs, an option taking an optional second word (`--call <tool> [<json>]`) and a server command
 * that starts at the first word that is not an option.
 */
import type { Bilingual } from '../../i18n/lang.js';
import { compare } from './compare.js';
import { check, exercises, hint, solution } from './exercises.js';
import { diagram, lesson, lessons, menu, play, trace } from './lessons.js';
import { connect, serve } from './peers.js';
import { sandbox } from './sandbox.js';
import { type CommandSpec, LANG_OPTION } from './types.js';

const help = {
  summary: {
    en: 'this help, or one command’s (the same as mcp-sim <command> --help)',
    zh: '显示本帮助，或某个命令的帮助（同 mcp-sim <command> --help）',
  },
  about: {
    en: 'Shows the overview of the commands, or the help of one command.',
    zh: '显示命令概览，或某个命令的帮助。',
  },
  positionals: [
    {
      name: 'command',
      help: { en: 'the command to explain', zh: '要说明的命令' },
    },
  ],
  options: { lang: LANG_OPTION },
} as const satisfies CommandSpec;

/** Every command, in the order the overview lists them. */
export const COMMANDS = {
  menu,
  lessons,
  lesson,
  play,
  trace,
  diagram,
  serve,
  connect,
  sandbox,
  compare,
  exercises,
  check,
  hint,
  solution,
  help,
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

/** What `mcp-sim` runs without a command (or with options only); its name is accepted but not shown. */
export const DEFAULT_COMMAND = 'menu' satisfies CommandName;

export function isCommandName(word: string): word is CommandName {
  return Object.hasOwn(COMMANDS, word);
}

/** The overview's words around the list of commands. */
export const OVERVIEW = {
  title: {
    en: 'mcp-sim — learn the Model Context Protocol one JSON-RPC envelope at a time',
    zh: 'mcp-sim — 一条一条 JSON-RPC 消息地学习 Model Context Protocol',
  },
  usage: { en: 'Usage:', zh: '用法：' },
  /** Before a command's own usage line: `Usage: mcp-sim trace …`. */
  usageOf: { en: 'Usage: ', zh: '用法：' },
  notes: {
    en: 'Transcript lines may be wrapped ({"direction": "client->server", "message": {...}}), bare JSON-RPC messages (direction inferred), or host log lines ("... Message from client: {...}").\n\nExit codes: 0 success · 1 problems found (bad lines; violations with --strict) · 2 usage error.\n\nProgress through the lessons (and a language chosen with --lang) is kept in .mcp-sim/progress.json in the current folder; an exercise’s, in .mcp-sim/ of the folder that holds exercises/.',
    zh: '会话记录的每一行可以是包装过的消息（{"direction": "client->server", "message": {...}}）、裸 JSON-RPC 消息（自动推断方向），或宿主程序的日志行（"... Message from client: {...}"）。\n\n退出码：0 成功 · 1 发现问题（无法读取的行；加 --strict 时的违规）· 2 用法错误。\n\n课程进度（以及用 --lang 选定的语言）保存在当前文件夹的 .mcp-sim/progress.json 中；练习的进度保存在存放 exercises/ 的文件夹的 .mcp-sim/ 中。',
  },
  /** After a repeatable option's help. */
  repeatable: { en: ' (repeatable)', zh: '（可重复）' },
} as const satisfies Record<string, Bilingual>;
