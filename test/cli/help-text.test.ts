import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { optionLabel } from '../../src/cli/args.js';
import { commandHelpText, HELP_WIDTH, overviewText, wrap } from '../../src/cli/help-text.js';
import { COMMANDS, type CommandName } from '../../src/cli/table/index.js';
import { LANGS } from '../../src/i18n/lang.js';
import { SESSION_TOOLS } from '../../src/sim/server/session-tools.js';
import { serveConfig } from '../../src/transport/serve-config.js';

const names = Object.keys(COMMANDS) as CommandName[];

describe('help made from the table', () => {
  it.each(LANGS)('fits %s help in the width, for the overview and every command', (lang) => {
    for (const text of [overviewText(lang), ...names.map((n) => commandHelpText(n, lang))]) {
      for (const line of text.split('\n')) {
        expect(stringWidth(line), line).toBeLessThanOrEqual(HELP_WIDTH);
        expect(line, JSON.stringify(line)).not.toMatch(/\s$/);
      }
    }
  });

  it('lists every command in the overview and every option and word in its help', () => {
    const overview = overviewText('en');
    for (const name of names.filter((n) => n !== 'menu')) {
      expect(overview).toContain(`mcp-sim ${name}`);
      const help = commandHelpText(name, 'en');
      for (const [key, option] of Object.entries(COMMANDS[name].options)) {
        expect(help, `${name} --${key}`).toContain(optionLabel(key, option));
      }
      for (const p of COMMANDS[name].positionals) expect(help).toContain(`<${p.name}>`);
    }
    expect(overview).toContain('mcp-sim --version');
    expect(commandHelpText('menu', 'en')).toBe(overview);
  });

  it.each(LANGS)(
    'names in serve’s %s help every tool serve lists, failAtStep, and that none runs as a task',
    (lang) => {
      const config = serveConfig({});
      if ('problem' in config) throw new Error('serve’s default configuration is refused');
      // Joined again where the help wrapped a line.
      const help = commandHelpText('serve', lang).replace(/\n\s*/g, ' ');
      for (const tool of [...config.tools, ...(config.serveTools ?? [])])
        expect(help).toContain(tool);
      expect(Object.keys(SESSION_TOOLS.long_running_task.inputSchema.properties)).toContain(
        'failAtStep',
      );
      expect(help).toContain('failAtStep');
      // serve declares no tasks capability: its tools carry no execution.taskSupport.
      expect(Object.keys(config.capabilities)).not.toContain('tasks');
      expect(help).toContain(lang === 'en' ? 'no tasks capability' : '不声明 tasks 能力');
    },
  );

  it('serve’s instructions (what a real client shows of the server) name every tool it offers, and failAtStep', () => {
    const config = serveConfig({});
    if ('problem' in config) throw new Error('serve’s default configuration is refused');
    for (const tool of [...config.tools, ...(config.serveTools ?? [])])
      expect(config.instructions).toContain(tool);
    expect(config.instructions).toContain('failAtStep');
  });

  it('marks optional words and repeatable options in usage lines', () => {
    expect(commandHelpText('check', 'en')).toMatch(/^Usage: mcp-sim check \[<id>\] \[--json\]/);
    expect(commandHelpText('serve', 'en')).toContain('[--without <path>]...');
    expect(commandHelpText('connect', 'en')).toContain('[--call <tool> [<json>]]...');
    // One of the two: a URL (Streamable HTTP) or a command to start (stdio).
    expect(commandHelpText('connect', 'en')).toMatch(
      /\(--url <url> \| -- <command> \[args\.\.\.\]\)\n/,
    );
    expect(commandHelpText('connect', 'en')).not.toContain('[--url <url>]');
  });
});

describe('wrap', () => {
  it('breaks English at spaces and keeps words whole', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('first\nsecond line', 20)).toEqual(['first', 'second line']);
  });

  it('breaks Chinese between characters, never before a closing mark or after an opening one', () => {
    expect(wrap('语言（默认：你上次选择的语言），其次是 LC_ALL', 12)).toEqual([
      '语言（默认：',
      '你上次选择的',
      '语言），其次',
      '是 LC_ALL',
    ]);
  });
});
