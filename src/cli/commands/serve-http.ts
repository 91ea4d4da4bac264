import type { Direction, JsonObject } from '../../protocol/index.js';
import type { ServerConfig } from '../../sim/server/sim-server.js';
import { serveHttp } from '../../transport/http-server.js';

/** `mcp-sim serve --http <port>`: runs until SIGINT or SIGTERM, then exits 0. */
export async function serveHttpCommand(options: {
  config: ServerConfig;
  port: number;
  host: string;
  ui: boolean;
  log: (line: string) => void;
  record?: (direction: Direction, message: JsonObject) => void;
}): Promise<number> {
  const { log } = options;
  if (options.ui) log('--ui is not available yet: the session is logged here instead');
  let serving: Awaited<ReturnType<typeof serveHttp>>;
  try {
    serving = await serveHttp({
      config: options.config,
      port: options.port,
      host: options.host,
      log,
      ...(options.record ? { record: options.record } : {}),
    });
  } catch (error) {
    log(
      `cannot listen on ${options.host}:${options.port}: ${error instanceof Error ? error.message : error}`,
    );
    return 1;
  }
  log(`listening on ${serving.url} (Streamable HTTP; Ctrl+C stops)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await serving.close();
  return 0;
}
