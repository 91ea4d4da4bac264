/**
 * Keys typed while an interactive command starts. Until its first frame the terminal is still in
 * its normal (cooked) mode, and starting takes seconds on a loaded machine: every key typed
 * meanwhile (`nnn` to step ahead) was echoed onto the screen, above or into the frame.
 *
 * `holdKeys` puts the terminal in raw mode (no echo) as soon as the command knows it will draw,
 * and keeps what is typed; `handKeysOver`, just before the screen renders, gives those keys to it
 * (Ink reads them first); `releaseKeys`, on every other way out (a usage error, a lesson that does
 * not open, a thrown error), puts the terminal back as it was and drops them. Node also restores
 * the terminal when the process exits or is ended by SIGINT or SIGTERM.
 *
 * Ctrl+C typed while the keys are held does what it does in a normal terminal: the terminal is put
 * back, and SIGINT goes to the foreground process group (the command and any process it started).
 */
type Held = {
  readonly stdin: NodeJS.ReadStream;
  readonly chunks: Buffer[];
  readonly onData: (chunk: Buffer) => void;
  readonly onSignal: (signal: NodeJS.Signals) => void;
};

/** The signals that end a command (Ctrl+C sent with `kill`, `kill`, the terminal closed). */
const ENDING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Where the keys go: the terminal (process.stdin) unless a test gives its own. */
export type KeySource = {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: { readonly isTTY?: boolean };
  /** Ctrl+C: what the terminal would have done had it not been in raw mode. */
  readonly interrupt: () => void;
};

const CTRL_C = 0x03;
let held: Held | null = null;

/** The terminal's keys, and SIGINT to the process group (`kill(0, …)`, as the terminal sends it). */
const terminal = (): KeySource => ({
  stdin: process.stdin,
  stdout: process.stdout,
  interrupt: () => {
    try {
      process.kill(0, 'SIGINT');
    } catch {
      // No process group to signal (Windows): the command alone.
      process.kill(process.pid, 'SIGINT');
    }
  },
});

/** Stops the echo and keeps the keys typed from now on; nothing without a terminal on both ends. */
export function holdKeys(source: KeySource = terminal()): void {
  const { stdin, stdout, interrupt } = source;
  if (held || stdin.isTTY !== true || stdout.isTTY !== true) return;
  const chunks: Buffer[] = [];
  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (bytes.includes(CTRL_C)) {
      releaseKeys();
      interrupt();
      return;
    }
    chunks.push(bytes);
  };
  // A signal that ends the command while the keys are held puts the terminal back first. Node does
  // so itself only for a signal nobody listens to: once a spinner has been drawn (Ink listens, and
  // raises the signal again after its own listener is gone, as confine.ts does), it ended the
  // command with the terminal raw, the shell's echo and line editing off. The listener comes
  // first, so the others see none of it: one left alone (Ink's) raises the signal again as
  // before; with none left, it is raised again here, and ends the command as it would have.
  const onSignal = (signal: NodeJS.Signals) => {
    releaseKeys();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const signal of ENDING) process.prependListener(signal, onSignal);
  stdin.setRawMode(true);
  stdin.on('data', onData);
  // Reading the keys must not keep a command alive that has nothing else left to do.
  stdin.unref();
  held = { stdin, chunks, onData, onSignal };
}

/** Whether keys are held now (a screen has not taken them yet). */
export function holdingKeys(): boolean {
  return held !== null;
}

/**
 * The screen is about to draw: the keys typed so far go back into stdin, read first by the screen;
 * the terminal stays raw (the screen keeps it so), so what is typed next is not echoed either.
 * Resolves once stdin has stopped reading: process.stdin stops one tick after `pause()`, and would
 * stop the screen's reading too had the screen started it within that tick (the command then
 * ended after its first frame).
 */
export async function handKeysOver(): Promise<void> {
  if (!held) return;
  const { stdin, chunks, onData, onSignal } = held;
  held = null;
  for (const signal of ENDING) process.off(signal, onSignal);
  stdin.off('data', onData);
  stdin.pause();
  if (chunks.length > 0) stdin.unshift(Buffer.concat(chunks));
  await new Promise((resolve) => setImmediate(resolve));
}

/** No screen will draw: the terminal back as it was, the keys held dropped. */
export function releaseKeys(): void {
  if (!held) return;
  const { stdin, onData, onSignal } = held;
  held = null;
  for (const signal of ENDING) process.off(signal, onSignal);
  stdin.off('data', onData);
  stdin.pause();
  stdin.setRawMode(false);
}
