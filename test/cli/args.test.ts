import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCommand, splitCommand } from '../../src/cli/args.js';
import { COMMANDS } from '../../src/cli/table/index.js';
import { UsageError } from '../../src/cli/usage.js';
import { packageVersion } from '../../src/cli/version.js';

/** The one-line message of the usage error `run` throws. */
function mistake(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error('no usage error');
}

describe('reading a command line against the table', () => {
  it('gives every option a value: flags false, repeatable ones empty, the rest undefined', () => {
    expect(parseCommand('serve', [])).toEqual({
      help: false,
      values: {
        without: [],
        versions: undefined,
        'trace-file': undefined,
        http: undefined,
        host: undefined,
        idle: undefined,
        ui: false,
        lang: undefined,
      },
      args: {},
    });
  });

  it('keeps repeatable values in order, --x=v included, and the last of a single one', () => {
    const parsed = parseCommand('serve', [
      '--without',
      'logging',
      '--without=tools.listChanged',
      '--lang',
      'en',
      '--lang',
      'zh',
    ]);
    expect(parsed.help).toBe(false);
    if (parsed.help) return;
    expect(parsed.values.without).toEqual(['logging', 'tools.listChanged']);
    expect(parsed.values.lang).toBe('zh');
  });

  it('--call takes its tool and, when it is not an option, the word after it', () => {
    const parsed = parseCommand('connect', [
      '--call',
      'add',
      '{"a":1}',
      '--call',
      'ping',
      '--json',
      '--call',
      'last',
      '--',
      'node',
      'server.js',
    ]);
    if (parsed.help) throw new Error('help');
    expect(parsed.values.call).toEqual([
      ['add', '{"a":1}'],
      ['ping', undefined],
      ['last', undefined],
    ]);
    expect(parsed.values.json).toBe(true);
    expect(parsed.args.command).toEqual(['node', 'server.js']);
  });

  it('passes every word after -- on untouched, options and -h included', () => {
    const parsed = parseCommand('connect', [
      '--plain',
      '--',
      'node',
      'server.js',
      '-h',
      '--',
      '-v',
    ]);
    if (parsed.help) throw new Error('help');
    expect(parsed.values.plain).toBe(true);
    expect(parsed.args.command).toEqual(['node', 'server.js', '-h', '--', '-v']);
  });

  it('without --, passes everything from the first word that is not an option', () => {
    const parsed = parseCommand('connect', ['--json', 'npx', '-y', 'server', '--help']);
    if (parsed.help) throw new Error('help');
    expect(parsed.args.command).toEqual(['npx', '-y', 'server', '--help']);
    expect(mistake(() => parseCommand('connect', ['node', 'a', '--', 'b']))).toBe(
      'unexpected argument "node" before --',
    );
  });

  it('after --, a word that looks like an option is a positional of the other commands', () => {
    const parsed = parseCommand('trace', ['--json', '--', '--strict']);
    if (parsed.help) throw new Error('help');
    expect(parsed.args.file).toBe('--strict');
    expect(parsed.values.strict).toBe(false);
  });

  it('--help or -h wins over any mistake before it or after it, and carries a valid --lang', () => {
    expect(parseCommand('lesson', ['--bogus', '-h'])).toEqual({ help: true, lang: undefined });
    expect(parseCommand('lesson', ['--help', '--lang', 'zh'])).toEqual({ help: true, lang: 'zh' });
    expect(parseCommand('lesson', ['--help', '--lang', 'fr'])).toEqual({
      help: true,
      lang: undefined,
    });
    expect(parseCommand('trace', ['-h'])).toEqual({ help: true, lang: undefined });
  });

  it('says each mistake in one line of its own words', () => {
    const cases: Array<[() => unknown, string]> = [
      [
        () => parseCommand('lesson', ['x', '--jsn']),
        'unknown option --jsn (did you mean --json?) (see: mcp-sim help lesson)',
      ],
      [() => parseCommand('menu', ['--jsn']), 'unknown option --jsn (see: mcp-sim help)'],
      [() => parseCommand('lessons', ['--json=yes']), '--json does not take a value'],
      [() => parseCommand('serve', ['--http']), '--http needs a value'],
      [() => parseCommand('serve', ['--trace-file', '--ui']), '--trace-file needs a value'],
      [() => parseCommand('serve', ['extra']), 'unexpected argument "extra"'],
      [() => parseCommand('trace', []), 'trace needs a file: mcp-sim trace <file> [--json]'],
      [() => parseCommand('trace', ['a', 'b']), 'unexpected argument "b"'],
      [() => parseCommand('lesson', ['x', '--lang', 'fr']), '--lang must be en or zh, not "fr"'],
      [
        () => parseCommand('check', ['--format', 'tap']),
        '--format must be classroom or exercism, not "tap"',
      ],
      [
        () => parseCommand('diagram', ['--format', 'svg']),
        '--format must be mermaid or json, not "svg"',
      ],
    ];
    for (const [run, message] of cases) expect(mistake(run)).toBe(message);
    // A missing word is said before a value outside its choices (as before the table).
    expect(mistake(() => parseCommand('lesson', ['--lang', 'fr']))).toMatch(/^lesson needs an id/);
  });

  it('a value that is - (standard input) or given inline is a value', () => {
    const parsed = parseCommand('serve', ['--trace-file', '-', '--versions=-x']);
    if (parsed.help) throw new Error('help');
    expect(parsed.values['trace-file']).toBe('-');
    expect(parsed.values.versions).toBe('-x');
  });

  it('a negative number is a value, for its command to judge, not a forgotten one', () => {
    const parsed = parseCommand('connect', ['--timeout', '-5', '--', 'x']);
    if (parsed.help) throw new Error('help');
    expect(parsed.values.timeout).toBe('-5');
    expect(mistake(() => parseCommand('connect', ['--timeout', '-x', '--', 'x']))).toBe(
      '--timeout needs a value',
    );
  });
});

describe('which command a command line names', () => {
  it('no command or options only: the menu; its name works too', () => {
    expect(splitCommand([])).toEqual({ name: 'menu', words: [] });
    expect(splitCommand(['--lang', 'zh'])).toEqual({ name: 'menu', words: ['--lang', 'zh'] });
    expect(splitCommand(['menu', '--lang', 'zh'])).toEqual({
      name: 'menu',
      words: ['--lang', 'zh'],
    });
    expect(splitCommand(['trace', 'f'])).toEqual({ name: 'trace', words: ['f'] });
  });

  it('options before the command are that command’s (values taken with them)', () => {
    expect(splitCommand(['--lang', 'zh', 'lessons', '--json'])).toEqual({
      name: 'lessons',
      words: ['--lang', 'zh', '--json'],
    });
    expect(splitCommand(['--lang=zh', 'check', '1'])).toEqual({
      name: 'check',
      words: ['--lang=zh', '1'],
    });
    expect(splitCommand(['--lang', 'zh', 'connect', '--', 'node', 's.js'])).toEqual({
      name: 'connect',
      words: ['--lang', 'zh', '--', 'node', 's.js'],
    });
    // The command still judges them: an option it does not have is its mistake.
    expect(
      mistake(() => parseCommand('lessons', splitCommand(['--seed', '3', 'lessons']).words)),
    ).toMatch(/^unknown option --seed/);
    // `--` first: nothing after it is a command.
    expect(splitCommand(['--', 'lessons'])).toEqual({ name: 'menu', words: ['--', 'lessons'] });
  });

  it('a single-dash word is one option, not a cluster that happens to hold -h', () => {
    expect(mistake(() => parseCommand('trace', ['-dash.jsonl']))).toBe(
      'unknown option -dash.jsonl (see: mcp-sim help trace)',
    );
    expect(mistake(() => parseCommand('check', ['-json']))).toBe(
      'unknown option -json (did you mean --json?) (see: mcp-sim help check)',
    );
    expect(parseCommand('trace', ['-h'])).toMatchObject({ help: true });
  });

  it('an unknown command gets the nearest one, never the menu’s name', () => {
    expect(mistake(() => splitCommand(['lesons']))).toBe(
      'unknown command "lesons" (did you mean lessons? try: mcp-sim help)',
    );
    expect(mistake(() => splitCommand(['men']))).toBe('unknown command "men" (try: mcp-sim help)');
  });

  it('handout, which is no command, points at the handout: lesson <id> --plain', () => {
    expect(mistake(() => splitCommand(['handout', '25']))).toBe(
      'unknown command "handout" (did you mean lesson 25 --plain? try: mcp-sim help)',
    );
    expect(mistake(() => splitCommand(['handout', '--lang', 'zh', 'tasks']))).toBe(
      'unknown command "handout" (did you mean lesson tasks --plain? try: mcp-sim help)',
    );
    expect(mistake(() => splitCommand(['handout']))).toBe(
      'unknown command "handout" (did you mean lesson <id> --plain? try: mcp-sim help)',
    );
  });
});

describe('the table itself', () => {
  it('says every command, option and word in both languages; --help is nobody’s own', () => {
    for (const [name, spec] of Object.entries(COMMANDS)) {
      const texts = [
        spec.summary,
        ...('about' in spec ? [spec.about] : []),
        ...Object.values(spec.options).map((o) => o.help),
        ...spec.positionals.map((p) => p.help),
      ];
      for (const text of texts) {
        expect(text.en, name).not.toBe('');
        expect(text.zh, name).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(Object.keys(spec.options), name).not.toContain('help');
      for (const key of Object.keys(spec.options)) expect(key).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    }
  });
});

describe('packageVersion', () => {
  it('reads the version of the package.json it is given', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcp-sim-pkg-')), 'package.json');
    writeFileSync(file, JSON.stringify({ name: 'mcp-sim', version: '3.2.1-rc.1' }));
    expect(packageVersion(pathToFileURL(file))).toBe('3.2.1-rc.1');
  });
});
