import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences
const ESCAPES = /\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>78])/g;

type Waiting = {
  readonly pattern: RegExp;
  readonly resolve: (at: number) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
};

/**
 * A command in a real pseudo-terminal (util-linux `script`), timed as a learner sees it: `waitFor`
 * gives the moment a text arrives on the terminal. Unlike test/helpers/script-pty.ts it looks only
 * at what came after the last `mark`, so a long run of keys costs the same per key: a check that
 * grew with the run would slow the figure it measures.
 */
export class TimedPty {
  /** performance.now() just before the command was started. */
  readonly startedAt: number;
  private readonly child: ChildProcessWithoutNullStreams;
  private raw = '';
  private from = 0;
  private waiting: Waiting | undefined;
  private readonly exited: Promise<number | null>;

  constructor(
    command: readonly string[],
    options: { readonly cwd: string; readonly cols: number; readonly rows: number },
  ) {
    const quoted = command.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
    const line = `stty cols ${options.cols} rows ${options.rows}; exec ${quoted}`;
    this.startedAt = performance.now();
    this.child = spawn('script', ['-qec', line, '/dev/null'], { cwd: options.cwd });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const at = performance.now();
      this.raw += chunk;
      const waiting = this.waiting;
      if (waiting && this.shows(waiting.pattern)) this.settle(waiting, at);
    });
    this.exited = new Promise((resolve) => {
      this.child.on('close', (code) => {
        const waiting = this.waiting;
        if (waiting) {
          this.waiting = undefined;
          clearTimeout(waiting.timer);
          waiting.reject(new Error(`ended (${code}) before showing ${waiting.pattern}`));
        }
        resolve(code);
      });
    });
  }

  private shows(pattern: RegExp): boolean {
    return pattern.test(this.raw.slice(this.from).replace(ESCAPES, ''));
  }

  private settle(waiting: Waiting, at: number): void {
    this.waiting = undefined;
    clearTimeout(waiting.timer);
    waiting.resolve(at);
  }

  /** From now on, `waitFor` looks only at what arrives after this. */
  mark(): void {
    this.from = this.raw.length;
  }

  /** Resolves with the moment (performance.now()) the text since the last mark shows `pattern`. */
  waitFor(pattern: RegExp, ms = 30_000): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.shows(pattern)) {
        resolve(performance.now());
        return;
      }
      const timer = setTimeout(() => {
        this.waiting = undefined;
        const seen = this.raw.slice(this.from).replace(ESCAPES, '');
        reject(new Error(`the terminal never showed ${pattern}; it showed:\n${seen.slice(-1500)}`));
      }, ms);
      this.waiting = { pattern, resolve, reject, timer };
    });
  }

  press(keys: string): void {
    this.child.stdin.write(keys);
  }

  /** Presses `q` and waits for the command to end; kills it if it has not after a while. */
  async quit(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.press('q');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}
