import { execFileSync, spawnSync } from 'node:child_process';

/** tmux gives the built CLI a real pseudo-terminal; machines without it skip the tests that need it. */
export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * A detached tmux session of a given size running one command. After the command ends the pane
 * stays open showing `EXITED rc=<status>`, so a test can read how it ended.
 */
export class TmuxScreen {
  readonly name: string;

  constructor(prefix: string) {
    this.name = `${prefix}-${process.pid}`;
  }

  start(command: string, options: { cwd: string; columns?: number; rows?: number }): void {
    const { cwd, columns = 80, rows = 24 } = options;
    tmux(
      'new-session',
      '-d',
      '-x',
      String(columns),
      '-y',
      String(rows),
      '-s',
      this.name,
      '-c',
      cwd,
      `${command}; echo "EXITED rc=$?"; sleep 30`,
    );
  }

  alive(): boolean {
    return spawnSync('tmux', ['has-session', '-t', this.name]).status === 0;
  }

  /** What the pane shows now ('' once the session is gone). */
  pane(): string {
    return this.alive() ? tmux('capture-pane', '-p', '-t', this.name) : '';
  }

  keys(...keys: string[]): void {
    tmux('send-keys', '-t', this.name, ...keys);
  }

  /** Polls the pane until `pattern` shows, up to a deadline (tmux has no event to wait on). */
  async waitFor(pattern: RegExp, ms = 15_000): Promise<string> {
    const deadline = Date.now() + ms;
    let last = '';
    while (Date.now() < deadline) {
      last = this.alive() ? this.pane() : last;
      if (pattern.test(last)) return last;
      await pause();
    }
    throw new Error(`the pane never showed ${pattern}; last screen:\n${last}`);
  }

  /** Ends the session and waits until tmux no longer knows it. */
  async kill(ms = 10_000): Promise<void> {
    if (this.alive()) spawnSync('tmux', ['kill-session', '-t', this.name]);
    const deadline = Date.now() + ms;
    while (this.alive() && Date.now() < deadline) await pause();
  }
}
