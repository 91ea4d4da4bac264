import { type Bilingual, filled } from '../i18n/lang.js';
import { SERVE_STRINGS } from '../i18n/serve-strings.js';
import { jsonText } from '../protocol/json.js';
import { LineReader, type Step } from '../session/index.js';
import type { ServerConfig } from '../sim/server/sim-server.js';
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
        input.resume();
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
  const take = (lines: ReturnType<LineReader['push']>) => {
    for (const line of lines) {
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
    }
  };
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });
  const stop = (code = 0) => {
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
    take(reader.end());
    // Lifecycle › Shutdown: the client closed stdin. Finish what is in flight, then exit; open
    // listen streams are ended gracefully first (nothing in the legacy era).
    live.endStreams();
    void live.whenIdle().then(() => stop());
  });
  input.on('error', (error: Error) => {
    log(filled(SERVE_STRINGS.transportError, { error: `stdin: ${error.message}` }));
    stop(1);
  });
  return { done, live, stop };
}
