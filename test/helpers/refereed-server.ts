import { type ServerConfig, SimServer } from '../../src/sim/server/sim-server.js';
import { serveConfig } from '../../src/transport/serve-config.js';
import { createReferee } from './referee.js';

export type Msg = Record<string, unknown>;

/** The server `mcp-sim serve` runs, of one era, with what a test changes. */
export function servedConfig(extra: Partial<ServerConfig> = {}): ServerConfig {
  const config = serveConfig({});
  if ('problem' in config) throw new Error(config.problem.en);
  return { ...config, era: 'dual', ...extra };
}

/**
 * A SimServer with a client that a test writes by hand, every envelope both ways refereed on one
 * stream: the violations each side committed are collected, and the clock follows what the
 * server schedules. `replace` puts another server process in place of the first, on the same
 * connection as the referee sees it (a modern client's next request may reach any process).
 */
export function refereedServer(extra: Partial<ServerConfig> = {}) {
  let server = new SimServer(servedConfig(extra));
  const referee = createReferee();
  const serverViolations: string[] = [];
  const clientViolations: string[] = [];
  let nextId = 1;
  const clock = { now: 0 };
  /** Everything the server has scheduled, in order. */
  const drain = (): Msg[] => {
    const out: Msg[] = [];
    for (let item = server.next(); item; item = server.next()) {
      clock.now = Math.max(clock.now, item.at);
      const report = referee.feed('server->client', item.message);
      serverViolations.push(...report.violations.map((v) => v.rule));
      out.push(item.message as Msg);
    }
    return out;
  };
  const deliver = (message: Msg): Msg[] => {
    clientViolations.push(...referee.feed('client->server', message).violations.map((v) => v.rule));
    server.receive(message, clock.now);
    return drain();
  };
  return {
    get server() {
      return server;
    },
    replace(config: Partial<ServerConfig>) {
      server = new SimServer(servedConfig(config));
    },
    send: (method: string, params?: Msg) =>
      deliver({ jsonrpc: '2.0', id: nextId++, method, ...(params ? { params } : {}) }),
    notify: (method: string, params: Msg) => deliver({ jsonrpc: '2.0', method, params }),
    deliver,
    drain,
    clock,
    serverViolations,
    clientViolations,
  };
}
