import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, run, runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-command-line-'));
/** A "server" that only writes down the arguments it was started with, then exits. */
const RECORDER = join(dir, 'record-argv.mjs');
writeFileSync(
  RECORDER,
  "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv[2], JSON.stringify(process.argv.slice(3)));\n",
);

/** What the recorder was started with, or null when it never ran. */
function recorded(file: string): string[] | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : null;
}

const usageError = (r: { code: number | null; stdout: string; stderr: string }) => {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^mcp-sim: [^\n]+\n$/);
};

describe('-- ends mcp-sim’s own options', () => {
  it('connect -- <server> -h passes -h to the server instead of showing connect’s help', async () => {
    const out = join(dir, 'after-dashes.json');
    const r = await runCli(['connect', '--json', '--', process.execPath, RECORDER, out, '-h']);
    expect(r.stdout).not.toContain('Usage: mcp-sim connect');
    expect(recorded(out)).toEqual(['-h']);
    // The recorder is no MCP server: connect says so, and the run has found a problem.
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('exited early');
    // No session was found, but the probe crossed the pipe: the era is trace's for it (modern).
    expect(JSON.parse(r.stdout).era).toBe('modern');
  });

  it('without --, the server command starts at the first word that is not an option', async () => {
    const out = join(dir, 'no-dashes.json');
    const r = await runCli(['connect', '--json', process.execPath, RECORDER, out, '--help', '-v']);
    expect(r.stdout).not.toContain('Usage: mcp-sim connect');
    expect(recorded(out)).toEqual(['--help', '-v']);
  });

  it('before --, --help is still mcp-sim’s, and -h after -- is a word for other commands', async () => {
    const help = await runCli(['connect', '--help', '--', 'node', 'server.js']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcp-sim connect /);
    const trace = await runCli(['trace', '--', '-h']);
    usageError(trace);
    expect(trace.stderr).toContain('-h: no such file');
  });
});

describe('mcp-sim --version', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

  it('prints the version of package.json', async () => {
    for (const flag of ['--version', '-v']) {
      const r = await runCli([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${pkg.version}\n`);
    }
  });

  it('follows package.json: the same build beside another package.json says its version', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'mcp-sim-version-'));
    cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    const version = `${pkg.version}-test.${process.pid}`;
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...pkg, version }));
    const r = await run(process.execPath, [join(copy, 'dist', 'cli', 'main.js'), '--version']);
    expect(r.stdout).toBe(`${version}\n`);
    expect(CLI.startsWith(join(ROOT, 'dist'))).toBe(true);
  });
});

describe('help made from the command table', () => {
  beforeAll(() => {
    // The CLI under test is the repo's build (test/global-setup.ts builds it once).
    expect(existsSync(CLI)).toBe(true);
  });

  it('help <command>, <command> --help and <command> -h print the same text', async () => {
    for (const command of ['trace', 'connect', 'check', 'help']) {
      const texts = await Promise.all(
        [
          ['help', command, '--lang', 'en'],
          [command, '--help', '--lang', 'en'],
          [command, '-h', '--lang', 'en'],
        ].map(async (args) => {
          const r = await runCli(args, { env: { LANG: 'C', LC_ALL: undefined } });
          expect(r.code, args.join(' ')).toBe(0);
          return r.stdout;
        }),
      );
      expect(texts[0]).toMatch(new RegExp(`^Usage: mcp-sim ${command} `));
      expect(texts[1]).toBe(texts[0]);
      expect(texts[2]).toBe(texts[0]);
    }
  });

  it('mcp-sim help, --help and -h print the overview; --lang zh says it in Chinese', async () => {
    const [help, long, short] = await Promise.all(
      [['help'], ['--help'], ['-h']].map((args) => runCli([...args, '--lang', 'en'])),
    );
    expect(help?.stdout).toMatch(/^mcp-sim — learn the Model Context Protocol/);
    expect(long?.stdout).toBe(help?.stdout);
    expect(short?.stdout).toBe(help?.stdout);
    const zh = await runCli(['help', '--lang', 'zh']);
    expect(zh.stdout).toContain('用法：');
    expect((await runCli(['trace', '--help', '--bogus'])).code).toBe(0); // help wins
  });

  it('a mistyped option of any command gets the nearest one, in one line', async () => {
    for (const [args, near] of [
      [['serve', '--withot', 'logging'], '--without'],
      [['connect', '--jsn', '--', 'x'], '--json'],
      [['check', '--wach'], '--watch'],
      [['--verison'], '--version'],
    ] as const) {
      const r = await runCli([...args]);
      usageError(r);
      expect(r.stderr).toContain(`(did you mean ${near}?)`);
    }
    const helpTopic = await runCli(['help', 'trce']);
    usageError(helpTopic);
    expect(helpTopic.stderr).toContain('did you mean trace?');
  });

  it('an option without its value is one line, whatever follows it', async () => {
    for (const args of [
      ['serve', '--http'],
      ['serve', '--http', '--ui'],
      ['lesson', 'handshake', '--autoplay', '--plain'],
      ['connect', '--timeout', '--', 'x'],
    ]) {
      const r = await runCli(args);
      usageError(r);
      expect(r.stderr, args.join(' ')).toMatch(/needs a value/);
    }
  });
});
