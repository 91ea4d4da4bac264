import { type Bilingual, type Lang, tr } from '../../i18n/lang.js';
import { LIVE_STRINGS } from '../../i18n/live-strings.js';
import { SERVE_STRINGS } from '../../i18n/serve-strings.js';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { visible } from '../../protocol/visible.js';
import type { Step } from '../../session/index.js';
import type { ServerConfig } from '../../sim/server/sim-server.js';
import { ProcessTrace } from '../../transport/process-trace.js';
import { serveConfig } from '../../transport/serve-config.js';
import { serveStdio } from '../../transport/stdio-server.js';
import type { serve } from '../table/peers.js';
import type { OptionValues } from '../table/types.js';
import { UsageError } from '../usage.js';
import { cannotWrite } from '../writable-file.js';

/** One line on stderr, already in the learner's language. */
// A log line can quote the client (a method, a name): its control characters are shown, not obeyed.
const write = (line: string) => process.stderr.write(`mcp-sim serve: ${visible(line)}\n`);

type ServeArgs = {
  readonly config: ServerConfig;
  readonly traceFile: string | undefined;
  readonly http: number | undefined;
  readonly host: string;
  /** --idle: minutes without a request before an HTTP session is ended. */
  readonly idleMinutes: number | undefined;
  readonly ui: boolean;
  readonly lang: string | undefined;
};

/** The options as read against the table (src/cli/table/peers.ts), checked for what they mean. */
function parseServeArgs(values: OptionValues<typeof serve>): ServeArgs {
  const versions = values.versions
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const config = serveConfig({
    ...(values.without.length > 0 ? { without: values.without } : {}),
    ...(versions ? { versions } : {}),
  });
  if ('problem' in config) throw new UsageError(config.problem);
  let http: number | undefined;
  if (values.http !== undefined) {
    http = Number(values.http);
    if (!Number.isInteger(http) || http < 0 || http > 65535) {
      throw new UsageError(USAGE_STRINGS.httpPort, { value: values.http });
    }
  }
  if (values.host !== undefined && http === undefined)
    throw new UsageError(USAGE_STRINGS.hostNeedsHttp);
  let idleMinutes: number | undefined;
  if (values.idle !== undefined) {
    if (http === undefined) throw new UsageError(USAGE_STRINGS.idleNeedsHttp);
    idleMinutes = Number(values.idle);
    if (!Number.isFinite(idleMinutes) || idleMinutes <= 0) {
      throw new UsageError(USAGE_STRINGS.idleMinutes, { value: values.idle });
    }
  }
  if (values.ui === true && http === undefined) {
    throw new UsageError(USAGE_STRINGS.uiNeedsHttp);
  }
  return {
    config: { ...config, era: values.era ?? 'dual' },
    traceFile: values['trace-file'],
    http,
    host: values.host ?? '127.0.0.1',
    idleMinutes,
    ui: values.ui,
    lang: values.lang,
  };
}

/** `mcp-sim serve`: the simulated server as a real MCP server (stdio, or Streamable HTTP). */
export async function serveCommand(
  values: OptionValues<typeof serve>,
  env: { readonly lang: (value: string | undefined) => Promise<Lang> },
): Promise<number> {
  const args = parseServeArgs(values);
  const lang = await env.lang(args.lang);
  // Checked before listening: a UI that cannot take keys would leave a server nobody can stop.
  if (args.ui && (!process.stdin.isTTY || !process.stdout.isTTY)) {
    throw new UsageError(LIVE_STRINGS.needsTty);
  }
  // Checked before serving, as connect checks it: a path found unwritable only once the client
  // has spoken would cost the session its transcript for a typo.
  if (args.traceFile) {
    const reason = cannotWrite(args.traceFile);
    if (reason) {
      throw new UsageError(USAGE_STRINGS.traceFileUnwritable, { file: args.traceFile, reason });
    }
  }
  if (args.http !== undefined) {
    const { serveHttpCommand } = await import('./serve-http.js');
    return serveHttpCommand({
      config: args.config,
      port: args.http,
      host: args.host,
      ...(args.idleMinutes !== undefined ? { idleMs: args.idleMinutes * 60_000 } : {}),
      ui: args.ui,
      lang,
      log: write,
      ...(args.traceFile ? { traceFile: args.traceFile } : {}),
    });
  }
  const log = (line: Bilingual) => write(tr(line, lang));
  const trace = args.traceFile ? new ProcessTrace(args.traceFile, log) : null;
  const session = serveStdio({
    config: args.config,
    input: process.stdin,
    output: process.stdout,
    log,
    ...(trace ? { onStep: (step: Step) => trace.writeStep(step) } : {}),
  });
  let signalled = false;
  const onSignal = () => {
    signalled = true;
    session.stop();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  const code = await session.done;
  process.off('SIGTERM', onSignal);
  process.off('SIGINT', onSignal);
  process.stdin.destroy();
  if (trace) {
    try {
      await trace.close();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      write(tr(SERVE_STRINGS.traceWriteFailed, lang, { error: why }));
      return 1;
    }
  }
  // A client that stopped reading leaves answers queued on the stdout pipe, and Node stays alive
  // until they are written: a signal would never end the server. They can never be read now.
  const unsent = process.stdout.writableLength;
  if (signalled && unsent > 0) {
    write(tr(SERVE_STRINGS.unsentOnSignal, lang, { bytes: unsent }));
    process.exit(code);
  }
  return code;
}
