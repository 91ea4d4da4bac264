import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { SessionSnapshot, StepReport } from '../machine/index.js';
import type { Direction, JsonObject } from '../protocol/index.js';
import type { ServerConfig } from '../sim/server/sim-server.js';
import { header, jsonError, localChecks, readBody } from './http-checks.js';
import { LiveServer } from './live-server.js';

export type HttpServeOptions = {
  readonly config: ServerConfig;
  readonly port: number;
  /** The address to listen on (default 127.0.0.1: only this machine can connect). */
  readonly host?: string;
  readonly log: (line: string) => void;
  /** Told about every session: its start, each envelope with the referee's verdict, its end. */
  readonly observe?: SessionObserver;
  /** The largest request body accepted (default 16 MiB). */
  readonly maxBodyBytes?: number;
};

export type HttpServing = {
  readonly url: string;
  readonly port: number;
  /** Sessions currently open, by Mcp-Session-Id. */
  readonly sessions: () => number;
  readonly close: () => Promise<void>;
};

/**
 * What happens in each session, in wire order, for --trace-file and the live UI. `snapshot` is the
 * referee's state right after the envelope (or the close); `closedBy` says whether the client ended
 * the session (DELETE) or the server did (shutting down).
 */
export type SessionObserver = {
  readonly opened?: (session: string) => void;
  readonly envelope?: (
    session: string,
    direction: Direction,
    message: JsonObject,
    report: StepReport,
    snapshot: SessionSnapshot,
  ) => void;
  readonly closed?: (
    session: string,
    closedBy: 'client' | 'server',
    snapshot: SessionSnapshot,
  ) => void;
};

type Session = { readonly transport: StreamableHTTPServerTransport; readonly live: LiveServer };

/**
 * Serves the simulated server over Streamable HTTP at `/mcp`. The SDK's
 * StreamableHTTPServerTransport does the framing (SSE streams, 202s, session ids, DELETE); the
 * simulated server answers, one per session, and the referee watches each session. Checked here,
 * before the SDK sees a request: Host and Origin (DNS rebinding: 403), a batch body (-32600),
 * an unknown session (404), a missing session id (400), and an `MCP-Protocol-Version` header that
 * is not the version this session negotiated (400).
 */
export async function serveHttp(options: HttpServeOptions): Promise<HttpServing> {
  const { log } = options;
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const sessions = new Map<string, Session>();
  let port = options.port;
  const { hostAllowed, originAllowed } = localChecks(host, () => port);

  const observe = options.observe;
  let shuttingDown = false;
  const newSession = (): Session => {
    let id = '?';
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        id = sessionId;
        sessions.set(sessionId, session);
        log(`session ${sessionId} opened`);
        observe?.opened?.(sessionId);
      },
    });
    const live: LiveServer = new LiveServer({
      config: options.config,
      send: (item) => {
        const about = item.about;
        transport
          .send(
            item.message as JSONRPCMessage,
            about === undefined ? undefined : { relatedRequestId: about },
          )
          .catch((error: unknown) =>
            log(`session ${id}: could not send: ${error instanceof Error ? error.message : error}`),
          );
      },
      onViolation: (line) => log(`session ${id}: ${line}`),
      ...(observe?.envelope
        ? {
            record: (direction: Direction, message: JsonObject, report: StepReport) =>
              observe.envelope?.(id, direction, message, report, live.referee.snapshot()),
          }
        : {}),
    });
    const session: Session = { transport, live };
    transport.onmessage = (message) => live.receive(message);
    transport.onerror = (error) => log(`session ${id}: ${error.message}`);
    transport.onclose = () => {
      live.close();
      if (sessions.delete(id)) {
        log(`session ${id} closed`);
        observe?.closed?.(id, shuttingDown ? 'server' : 'client', live.referee.snapshot());
      }
    };
    return session;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Every refusal is logged: in the live UI it is the one trace a refused request leaves.
    const refuse = (status: number, code: number, message: string) => {
      log(`transport: ${req.method ?? '?'} ${url.pathname}: ${status} ${message}`);
      jsonError(res, status, code, message);
    };
    if (url.pathname !== '/mcp') return refuse(404, -32000, 'Not found: the MCP endpoint is /mcp');
    if (!hostAllowed(req)) return refuse(403, -32000, 'Forbidden: invalid Host header');
    if (!originAllowed(req)) return refuse(403, -32000, 'Forbidden: invalid Origin header');
    const sessionId = header(req, 'mcp-session-id');
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && !session) {
      // Session management: an ended or unknown session gets 404; the client starts afresh.
      return refuse(404, -32001, 'Session not found');
    }
    if (session) {
      const version = header(req, 'mcp-protocol-version');
      const negotiated = session.live.server.negotiatedVersion;
      if (version !== undefined && negotiated !== null && version !== negotiated) {
        return refuse(
          400,
          -32000,
          `Bad Request: MCP-Protocol-Version ${version} is not the negotiated version ${negotiated}`,
        );
      }
    }
    if (req.method !== 'POST') {
      if (!session) return refuse(400, -32000, 'Bad Request: Mcp-Session-Id header required');
      return session.transport.handleRequest(req, res);
    }
    const body = await readBody(req, maxBody);
    if (body === null) return refuse(413, -32000, 'Request body too large');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      log('transport: client->server: a body that is not JSON; answered -32700');
      return jsonError(res, 400, -32700, 'Parse error');
    }
    if (Array.isArray(parsed)) {
      log('transport: client->server: a JSON-RPC batch; batches were removed in 2025-06-18');
      return jsonError(
        res,
        400,
        -32600,
        'Invalid Request: batches are not supported (removed in 2025-06-18)',
      );
    }
    if (session) return session.transport.handleRequest(req, res, parsed);
    const isInitialize =
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as JsonObject).method === 'initialize';
    if (!isInitialize) {
      return refuse(400, -32000, 'Bad Request: Mcp-Session-Id header required (initialize first)');
    }
    const fresh = newSession();
    await fresh.transport.start();
    return fresh.transport.handleRequest(req, res, parsed);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`transport: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) jsonError(res, 500, -32603, 'Internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/mcp`,
    port,
    sessions: () => sessions.size,
    close: async () => {
      shuttingDown = true;
      await Promise.all([...sessions.values()].map((s) => s.transport.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
