import { type Bilingual, filled } from '../i18n/lang.js';
import { SERVE_STRINGS } from '../i18n/serve-strings.js';
import { jsonText } from '../protocol/json.js';
import { LineReader, type Step } from '../session/index.js';
import type { ServerConfig } from '../sim/server/sim-server.js';
import { LOADED_ON_USE, prepareToolsFor, toolsNamedIn } from '../sim/tools/index.js';
import { LiveServer, violationLines } from './live-server.js';

export type StdioServeOptions = {
  readonly config: ServerConfig;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /** Logs and referee verdicts, one line each in both languages (never stdout: it carries only protocol). */
  readonly log: (line: Bilingual) => void;
  /** Every step of the session log, in wire order (for --trace-file). */
  readonly onStep?: (step: Step) => void;
  /** Lines longer than this are answered -32700 without being kept (default 64 MiB). */
  readonly maxLineBytes?: number;
};

/**
 * Serves the simulated server over stdio: one JSON-RPC message per line in, one per line out.
 * Lines are read here, not by the SDK's ReadBuffer, because that one drops a line it cannot parse,
 * and the spec wants -32700 for it. Reading pauses while stdout is full (flat memory however many
 * requests arrive at once). Resolves with exit code 0 when the input ends and the work in flight
 * is done (or a signal stops it), and with 1 when stdout fails: the client stopped reading (EPIPE)
 * while the server still had something to say, which is said on the log in one line.
 */
export function serveStdio(options: StdioServeOptions): {
  readonly done: Promise<number>;
  readonly live: LiveServer;
  /** Ends the session now (a signal): nothing more is sent; `done` resolves with `code` (0). */
  readonly stop: (code?: number) => void;
} {
  const { input, output, log } = options;
  let outputGone = false;
  let paused = false;
  /** Reading waits while a tool a line names is loading (see `drain`). */
  let loading = false;
  /**
   * One line out; when the client reads slower than it writes, stop reading until it drains. An
   * id past 2^53 − 1 (a bigint, read exactly) is written as the digits the client sent.
   */
  const write = (message: unknown) => {
    if (outputGone) return;
    if (!output.write(`${jsonText(message)}\n`) && !paused) {
      paused = true;
      input.pause();
      output.once('drain', () => {
        paused = false;
        if (!loading) input.resume();
      });
    }
  };
  const live = new LiveServer({
    config: options.config,
    // One message, or a batch's answers as one array: one line either way.
    send: (item) => write(item.message),
    notice: log,
    onStep: (step) => {
      for (const line of violationLines(step)) log(line);
      options.onStep?.(step);
    },
  });
  const reader = new LineReader(options.maxLineBytes);
  type Line = ReturnType<LineReader['push']>[number];
  const handle = (line: Line) => {
    if ('problem' in line) {
      log(
        line.tooLong === undefined
          ? filled(SERVE_STRINGS.lineNotUtf8)
          : filled(SERVE_STRINGS.lineTooLong, { bytes: line.tooLong }),
      );
      live.receiveUnreadable(line.problem, line.problemZh, line.text);
    } else if (line.text.trim() !== '') {
      live.receiveLine(line.text);
    }
  };
  /**
   * The calculator's mathjs and db_query's sql.js take about a third of a second to load, so they
   * load when a line first names one of those tools, not at start: a session that never calls them
   * (most) is answered at once and never pays for them. Until the load is done, that line and every
   * line after it wait, in order, and reading pauses. The test is on the line's text: a tool's name
   * in a JSON string is its letters, or escapes (`\u0061`), so a line with any `\u` escape loads
   * them all; a line that only mentions a name loads it too, which costs nothing but the load. A
   * failed load is not retried here: the tool then answers that it is not ready, with isError.
   */
  const unloaded = new Set<string>(LOADED_ON_USE);
  const queue: Line[] = [];
  let next = 0;
  let ended = false;
  let stopped = false;
  const drain = () => {
    for (; !loading && !stopped && next < queue.length; next++) {
      const line = queue[next] as Line;
      const names =
        'problem' in line || unloaded.size === 0
          ? []
          : toolsNamedIn(line.text).filter((name) => unloaded.has(name));
      if (names.length > 0) {
        loading = true;
        input.pause();
        void prepareToolsFor(names)
          .catch(() => {})
          .then(() => {
            for (const name of names) unloaded.delete(name);
            loading = false;
            if (!paused && !stopped) input.resume();
            drain();
          });
        return;
      }
      handle(line);
    }
    if (next === queue.length) {
      queue.length = 0;
      next = 0;
    }
    if (ended && !loading && !stopped && queue.length === 0) {
      // Lifecycle › Shutdown: the client closed stdin. Finish what is in flight, then exit; open
      // listen streams are ended gracefully first (nothing in the legacy era).
      ended = false;
      live.endStreams();
      void live.whenIdle().then(() => stop());
    }
  };
  const take = (lines: ReturnType<LineReader['push']>) => {
    for (const line of lines) queue.push(line);
    drain();
  };
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });
  const stop = (code = 0) => {
    stopped = true;
    live.close();
    finish(code);
  };
  output.on('error', (error: NodeJS.ErrnoException) => {
    if (outputGone) return;
    // Nobody reads any more: what the server wrote, and anything it would write, is lost.
    outputGone = true;
    log(
      error.code === 'EPIPE'
        ? filled(SERVE_STRINGS.clientStoppedReading)
        : filled(SERVE_STRINGS.transportError, { error: `stdout: ${error.message}` }),
    );
    stop(1);
  });
  input.on('data', (chunk: Buffer | string) =>
    take(reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)),
  );
  input.on('end', () => {
    ended = true;
    take(reader.end());
  });
  input.on('error', (error: Error) => {
    log(filled(SERVE_STRINGS.transportError, { error: `stdin: ${error.message}` }));
    stop(1);
  });
  return { done, live, stop };
}
