import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { eraseLines } from 'ansi-escapes';
import { type FrameInputs, frameFile } from './frame-key.js';
import { OffscreenIn, OffscreenOut } from './offscreen-tty.js';

/**
 * The first frame of an interactive view, remembered from the last start with the same inputs and
 * shown at once while Ink loads (Ink, React and the layout engine take a few hundred milliseconds
 * to load and draw a first frame on a small machine; see docs/benchmarks.md). When Ink's own first
 * frame comes, it is compared with what is on screen: the same text is not written again, a
 * different one replaces it the way Ink replaces any frame, and it is remembered for next time.
 * Keys pressed meanwhile wait in the terminal (raw mode is on, so they are not echoed) and reach
 * Ink when it starts reading.
 *
 * What the frame depends on is the key: the command line, the terminal's size, the environment
 * that picks colour, the language and the learner's progress the view opens with, the build and
 * the lesson files. When a session changes the progress, the frame the next start will open on is
 * drawn off screen as the session ends (rememberNextStart). Frames live in
 * $XDG_CACHE_HOME/mcp-sim/frames (or ~/.cache/…), at most MAX_FRAMES of them;
 * MCP_SIM_FRAME_CACHE=0 turns this off.
 */

const MAX_FRAMES = 32;
// A frame is a screenful of styled text; anything far larger is not one.
const MAX_BYTES = 256 * 1024;

/** Lines a frame takes, counted as Ink's log-update counts what it erases (with eraseLines). */
function lineCount(frame: string): number {
  return frame.split('\n').length;
}

type Writable = { write: NodeJS.WriteStream['write'] };

type State = { readonly file: string; readonly shown: string | undefined };

let state: State | undefined;
/** This start's inputs, to name the next start's frame when the view changes. */
let started: FrameInputs | undefined;

/**
 * Shows the frame remembered for these inputs, if there is one, and gets ready to remember the
 * next. Call once, as early as possible, for a command that may open an interactive view.
 */
export function showRememberedFrame(
  inputs: FrameInputs,
  out: Writable = process.stdout,
  input: { setRawMode?: (raw: boolean) => unknown } = process.stdin,
): boolean {
  const file = frameFile(inputs);
  if (file === undefined) return false;
  started = inputs;
  let shown: string | undefined;
  try {
    shown = readFileSync(file, 'utf8');
  } catch {
    shown = undefined;
  }
  state = { file, shown };
  if (shown === undefined) return false;
  // Keys pressed before Ink starts are kept for it, not echoed over the frame.
  input.setRawMode?.(true);
  process.once('exit', () => {
    input.setRawMode?.(false);
    // The frame hid the cursor as Ink does; if Ink never started (an error), show it again.
    if (state?.shown !== undefined) out.write('\u001B[?25h');
  });
  out.write(shown);
  return true;
}

function remember(file: string, frame: string): void {
  if (frame.length === 0 || frame.length > MAX_BYTES) return;
  try {
    const folder = join(file, '..');
    mkdirSync(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, frame);
    renameSync(temporary, file);
    const frames = readdirSync(folder)
      .filter((name) => name.endsWith('.frame'))
      .map((name) => ({ name, at: statSync(join(folder, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of frames.slice(MAX_FRAMES)) unlinkSync(join(folder, old.name));
  } catch {
    // A cache that cannot be written is only slower next time.
  }
}

/**
 * Runs Ink's first render (`render`, which draws the first frame before it returns) with what it
 * writes held back, then puts it on screen: nothing when the remembered frame already shows it,
 * otherwise in place of the remembered frame. The frame is remembered for the next start.
 */
export function drawFirstFrame<T>(render: () => T, out: Writable = process.stdout): T {
  const current = state;
  state = undefined;
  if (current === undefined) return render();
  const original = out.write;
  const held: string[] = [];
  out.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    held.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') queueMicrotask(() => done());
    return true;
  }) as NodeJS.WriteStream['write'];
  try {
    return render();
  } finally {
    out.write = original;
    const drawn = held.join('');
    if (current.shown === undefined) out.write(drawn);
    else if (drawn !== current.shown) out.write(eraseLines(lineCount(current.shown)) + drawn);
    if (drawn !== current.shown) remember(current.file, drawn);
  }
}

export type Offscreen = {
  readonly stdout: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
};

/**
 * When a view ends with the learner's progress changed, the next start (the same command) opens
 * a different first frame: `draw` renders it off screen, in a terminal of this one's size, and it
 * is remembered, so that the next start can show it at once too. Nothing happens when this start
 * kept no frames or that frame is already remembered.
 */
export function rememberNextStart(
  view: unknown,
  draw: (terminal: Offscreen) => { unmount(): void },
  size: { readonly columns?: number; readonly rows?: number } = process.stdout,
): void {
  if (started === undefined) return;
  const next: FrameInputs = {
    ...started,
    view,
    stdout: { isTTY: true, columns: size.columns, rows: size.rows },
  };
  const file = frameFile(next);
  if (file === undefined || existsSync(file)) return;
  const stdout = new OffscreenOut(size.columns ?? 80, size.rows ?? 24);
  try {
    // Ink writes the first frame before render returns; what comes after (unmounting) is not it.
    const instance = draw({
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new OffscreenIn() as unknown as NodeJS.ReadStream,
    });
    const frame = stdout.written;
    instance.unmount();
    remember(file, frame);
  } catch {
    // Only the next start is slower.
  }
}
