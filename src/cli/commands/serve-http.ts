import { type Bilingual, type Lang, tr } from '../../i18n/lang.js';
import { SERVE_STRINGS } from '../../i18n/serve-strings.js';
import type { ServerConfig } from '../../sim/server/sim-server.js';
import { type HttpServing, type SessionObserver, serveHttp } from '../../transport/http-server.js';
import { SessionTraces } from '../../transport/session-traces.js';
import type { LiveStore } from '../../ui/live-store.js';

export type ServeHttpOptions = {
  readonly config: ServerConfig;
  readonly port: number;
  readonly host: string;
  /** A session with no request for this long is ended (default: serveHttp's, 30 minutes). */
  readonly idleMs?: number;
  /** Show the live session in the terminal UI (stdout is free: the protocol is on HTTP). */
  readonly ui: boolean;
  readonly lang: Lang;
  /** Writes one line to stderr (already in `lang`). */
  readonly log: (line: string) => void;
  /** --trace-file: one transcript per session (see SessionTraces). */
  readonly traceFile?: string;
};

/**
 * `mcp-sim serve --http <port>`: runs until SIGINT or SIGTERM (or `q` in the UI), then closes every
 * session and exits 0 (1 when a transcript could not be written). With the UI, the log lines that
 * would corrupt the screen are kept instead, the newest shown in the header, and all of them
 * written to stderr once the UI has ended.
 */
export async function serveHttpCommand(options: ServeHttpOptions): Promise<number> {
  let store: LiveStore | null = null;
  if (options.ui) {
    const { LiveStore } = await import('../../ui/live-store.js');
    store = new LiveStore();
  }
  const live = store;
  const { lang } = options;
  // With the UI, the server's notices show in its header; verdicts show on their steps instead.
  const write = (text: string) => (live ? live.announce(text) : options.log(text));
  const log = (line: Bilingual) => write(tr(line, lang));
  const verdict = (line: Bilingual) =>
    live ? live.log(tr(line, lang)) : options.log(tr(line, lang));
  const traces = options.traceFile ? new SessionTraces(options.traceFile, log) : null;
  const observe: SessionObserver = {
    opened: (session) => {
      traces?.open(session);
      live?.open(session);
    },
    step: (session, step) => {
      if (step.kind === 'close') traces?.end(session);
      else traces?.write(session, step);
      live?.step(session, step);
    },
  };
  let serving: HttpServing;
  try {
    serving = await serveHttp({
      config: options.config,
      port: options.port,
      host: options.host,
      log,
      verdict,
      observe,
      ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    options.log(
      tr(SERVE_STRINGS.cannotListen, lang, { host: options.host, port: options.port, error: why }),
    );
    return 1;
  }
  write(tr(SERVE_STRINGS.listening, lang, { url: serving.url, stop: live ? 'q' : 'Ctrl+C' }));
  if (traces) log(traces.describe());
  try {
    if (live) {
      const { runLive } = await import('../../ui/live-run.js');
      await runLive({ store: live, url: serving.url, lang });
    } else {
      await new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
    }
  } finally {
    // Even when the UI fails, the server stops (a listening socket would keep the process alive).
    await serving.close();
    if (live) {
      const dropped = live.droppedLogLines;
      if (dropped > 0) options.log(tr(SERVE_STRINGS.logDropped, lang, { n: dropped }));
      for (const line of live.logLines()) options.log(line);
    }
  }
  const failed = (await traces?.close()) ?? [];
  // After the UI has ended: straight to stderr.
  for (const error of failed)
    options.log(tr(SERVE_STRINGS.transcriptFailed, lang, { error: error.message }));
  return failed.length > 0 ? 1 : 0;
}
