import stringWidth from 'string-width';
import { type Lang, tr } from '../i18n/lang.js';
import { optionLabel } from './args.js';
import { COMMANDS, type CommandName, DEFAULT_COMMAND, OVERVIEW } from './table/index.js';
import type { CommandSpec } from './table/types.js';

/** Help is set for this many columns, whatever the terminal (it is often piped or pasted). */
export const HELP_WIDTH = 100;
/** Where a command's summary starts in the overview. */
const SUMMARY_COLUMN = 45;
/** The widest option label that still has its help beside it. */
const LABEL_MAX = 28;

/** The overview: every command's usage line and summary (`mcp-sim help`, `mcp-sim --help`). */
export function overviewText(lang: Lang): string {
  const out = [tr(OVERVIEW.title, lang), '', tr(OVERVIEW.usage, lang)];
  for (const [name, spec] of Object.entries(COMMANDS) as Array<[CommandName, CommandSpec]>) {
    entry(out, synopsis(name, spec, 2), tr(spec.summary, lang));
    for (const [key, option] of Object.entries(spec.options)) {
      if (option.standalone) entry(out, [`  mcp-sim --${key}`], tr(option.help, lang));
    }
  }
  out.push('', ...wrap(tr(OVERVIEW.notes, lang), HELP_WIDTH));
  return out.join('\n');
}

/** One command's help (`mcp-sim help <command>`, `mcp-sim <command> --help`). */
export function commandHelpText(name: CommandName, lang: Lang): string {
  if (name === DEFAULT_COMMAND) return overviewText(lang);
  const spec: CommandSpec = COMMANDS[name];
  const prefix = tr(OVERVIEW.usageOf, lang);
  const out = synopsis(name, spec, stringWidth(prefix));
  out[0] = `${prefix}${(out[0] ?? '').trimStart()}`;
  if (spec.about) out.push('', ...wrap(tr(spec.about, lang), HELP_WIDTH));
  const rows: Array<[string, string]> = [
    ...spec.positionals.map((p): [string, string] => [
      p.rest ? `<${p.name}> [args...]` : `<${p.name}>`,
      tr(p.help, lang),
    ]),
    ...Object.entries(spec.options)
      .filter(([, option]) => !option.standalone)
      .map(([key, option]): [string, string] => [
        optionLabel(key, option),
        `${tr(option.help, lang)}${option.kind === 'repeatable' ? tr(OVERVIEW.repeatable, lang) : ''}`,
      ]),
  ];
  if (rows.length > 0) out.push('', ...table(rows));
  if (spec.notes) out.push('', ...wrap(tr(spec.notes, lang), HELP_WIDTH));
  return out.join('\n');
}

/** `mcp-sim trace <file> [--json] [--strict]`, broken between its parts to fit, `indent` in. */
function synopsis(name: CommandName, spec: CommandSpec, indent: number): string[] {
  const head = name === DEFAULT_COMMAND ? 'mcp-sim' : `mcp-sim ${name}`;
  const parts: string[] = [];
  for (const p of spec.positionals)
    if (!p.rest) parts.push(p.missing ? `<${p.name}>` : `[<${p.name}>]`);
  const alternatives = new Set(spec.positionals.flatMap((p) => (p.or ? [p.or] : [])));
  for (const [key, option] of Object.entries(spec.options)) {
    if (option.standalone || alternatives.has(key)) continue;
    const label = `[${optionLabel(key, option)}]`;
    parts.push(option.kind === 'repeatable' ? `${label}...` : label);
  }
  for (const p of spec.positionals) {
    if (!p.rest) continue;
    const or = p.or === undefined ? undefined : spec.options[p.or];
    // `(--url <url> | -- <command> [args...])`: one of the two.
    parts.push(
      or && p.or
        ? `(${optionLabel(p.or, or)} | -- <${p.name}> [args...])`
        : `-- <${p.name}> [args...]`,
    );
  }
  const lines = [`${' '.repeat(indent)}${head}`];
  const under = ' '.repeat(indent + head.length + 1);
  for (const part of parts) {
    const last = lines[lines.length - 1] ?? '';
    if (stringWidth(`${last} ${part}`) <= HELP_WIDTH || last.trim() === '') {
      lines[lines.length - 1] = `${last} ${part}`;
    } else lines.push(`${under}${part}`);
  }
  return lines;
}

/** An overview entry: the usage lines, the summary beside the last one when it fits, else below. */
function entry(out: string[], usage: readonly string[], summary: string): void {
  const text = wrap(summary, HELP_WIDTH - SUMMARY_COLUMN);
  const last = usage[usage.length - 1] ?? '';
  const beside = usage.length === 1 && stringWidth(last) <= SUMMARY_COLUMN - 2;
  out.push(...(beside ? usage.slice(0, -1) : usage));
  const pad = ' '.repeat(SUMMARY_COLUMN);
  text.forEach((line, i) => {
    out.push(i === 0 && beside ? `${last.padEnd(SUMMARY_COLUMN)}${line}` : `${pad}${line}`);
  });
}

/** Labels and their help in two columns; a label too wide for the column has its help below. */
function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const widths = rows.map(([label]) => stringWidth(label)).filter((w) => w <= LABEL_MAX);
  const column = 2 + Math.max(0, ...widths) + 2;
  const pad = ' '.repeat(column);
  const out: string[] = [];
  for (const [label, help] of rows) {
    const lines = wrap(help, HELP_WIDTH - column);
    const beside = stringWidth(label) <= LABEL_MAX;
    if (!beside) out.push(`  ${label}`);
    lines.forEach((line, i) => {
      out.push(i === 0 && beside ? `  ${label.padEnd(column - 2)}${line}` : `${pad}${line}`);
    });
  }
  return out;
}

/** Han, kana, hangul, CJK punctuation and full-width forms: a line may break next to any. */
const CJK = '\\u2e80-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uffef';
const PARTS = new RegExp(`[${CJK}]|[^${CJK}]+`, 'g');
/** Never first on a line: they stay with what they follow. */
const CLOSING = /^[，。、；：！？）」』】》…,.;:!?)\]}]/;
/** Never last on a line: it goes with what follows. */
const OPENING = /[（「『【《“‘([{]$/;

/**
 * A text in lines of at most `width` columns: English breaks at spaces, Chinese also between any
 * two characters, never before a closing mark or after an opening one. `\n` starts a new line.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let space = '';
    for (const piece of paragraph.match(/ +|[^ ]+/g) ?? []) {
      if (piece.startsWith(' ')) {
        space = line === '' ? '' : piece;
        continue;
      }
      for (const [i, unit] of units(piece).entries()) {
        const gap = i === 0 ? space : '';
        if (line === '' || stringWidth(`${line}${gap}${unit}`) <= width) line += `${gap}${unit}`;
        else {
          lines.push(line);
          line = unit;
        }
      }
      space = '';
    }
    lines.push(line);
  }
  return lines;
}

/** A word split where a line may break inside it: around each CJK character. */
function units(word: string): string[] {
  const out: string[] = [];
  for (const part of word.match(PARTS) ?? []) {
    const last = out[out.length - 1];
    if (last !== undefined && (CLOSING.test(part) || OPENING.test(last))) {
      out[out.length - 1] = `${last}${part}`;
    } else out.push(part);
  }
  return out;
}
