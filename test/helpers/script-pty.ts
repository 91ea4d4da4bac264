import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ensureBuilt } from './cli.js';

/** util-linux `script` is on every Debian machine (bsdutils), so CI has a real pty even without tmux. */
export const hasScript = spawnSync('script', ['--version']).status === 0;

/** The CLI's environment in a terminal: CI=0 (with CI set, Ink shows nothing until exit); no locale, so English is shown. */
export const TERMINAL_ENV = ['env', '-u', 'NO_COLOR', '-u', 'LANG', '-u', 'LC_ALL', 'CI=0'];

/**
 * A scratch folder for one test file's terminal sessions: the CLI is built before its tests and
 * the folder removed after them.
 */
export function terminalWorkdir(prefix: string): string {
  const work = mkdtempSync(join(tmpdir(), prefix));
  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });
  return work;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences
const ESCAPES = /\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>78])/g;

/**
 * A command in a pseudo-terminal of a given size, fed keys through `script`'s stdin. What it
 * writes is kept as text without escape sequences, so a test can wait for what a learner reads.
 */
export class ScriptPty {
  private readonly child: ChildProcessWithoutNullStreams;
  private raw = '';
  private readonly exited: Promise<number | null>;
  private closed = false;

  constructor(command: readonly string[], options: { cwd: string; cols: number; rows: number }) {
    const quoted = command.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
    const line = `stty cols ${options.cols} rows ${options.rows}; exec ${quoted}`;
    this.child = spawn('script', ['-qec', line, '/dev/null'], { cwd: options.cwd });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.raw += chunk;
    });
    this.exited = new Promise((resolve) =>
      this.child.on('close', (code) => {
        this.closed = true;
        resolve(code);
      }),
    );
  }

  /** Everything shown so far, escape sequences removed. */
  text(): string {
    return this.raw.replace(ESCAPES, '');
  }

  /** How much has been shown so far: pass it to `waitFor` to look only at what comes after. */
  mark(): number {
    return this.text().length;
  }

  /**
   * Resolves with the text after `from` as soon as it matches `pattern` (checked as output
   * arrives, so the moment is exact enough to time a first frame); rejects at the deadline or
   * when the command ends without showing it.
   */
  waitFor(pattern: RegExp, from = 0, ms = 15_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const shown = () => {
        const seen = this.text().slice(from);
        if (!pattern.test(seen)) return false;
        stop();
        resolve(seen);
        return true;
      };
      const fail = () => {
        stop();
        const seen = this.text().slice(from);
        reject(new Error(`the terminal never showed ${pattern}; it showed:\n${seen.slice(-2000)}`));
      };
      const onData = () => void shown();
      const onClose = () => void (shown() || fail());
      const timer = setTimeout(fail, ms);
      const stop = () => {
        clearTimeout(timer);
        this.child.stdout.off('data', onData);
        this.child.off('close', onClose);
      };
      if (shown()) return;
      if (this.closed) return fail();
      // Registered after the constructor's listener, so the chunk is already in `raw`.
      this.child.stdout.on('data', onData);
      this.child.on('close', onClose);
    });
  }

  press(keys: string): void {
    this.child.stdin.write(keys);
  }

  /** The command's exit code (`script -e` passes it on). */
  exit(): Promise<number | null> {
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
