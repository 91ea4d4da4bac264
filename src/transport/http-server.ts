import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Bilingual, type Fill, filled } from '../i18n/lang.js';
import {
  durationText,
  SERVE_STRINGS,
  type ServeStringKey,
  sdkRefusal,
} from '../i18n/serve-strings.js';
import { withExactIds } from '../protocol/exact-ids.js';
import { unservedVersionHeader } from '../protocol/http-headers.js';
import { classify, isRequestId } from '../protocol/index.js';
import { isObject } from '../protocol/json.js';
import { NOT_UTF8, NOT_UTF8_ZH, tooDeep } from '../session/index.js';
import type { ServerConfig } from '../sim/server/sim-server.js';
import { prepareToolsFor, toolsNamedIn } from '../sim/tools/index.js';
import {
  acceptsBoth,
  header,
  jsonError,
  localChecks,
  mcpHeaders,
  readBody,
} from './http-checks.js';
import { isModernRequest, ModernHttp } from './http-modern.js';
import {
  type HttpSession,
  openHttpSession,
  openOutsideLog,
  type SessionObserver,
  type Unread,
} from './http-session.js';
import { type IdleClock, IdleSessions } from './idle-sessions.js';
import type { LiveServer } from './live-server.js';

export { type SessionObserver, UNREAD_SESSION } from './http-session.js';

export type HttpServeOptions = {
  readonly config: ServerConfig;
  readonly port: number;
  /** The address to listen on (default 127.0.0.1: only this machine can connect). */
  readonly host?: string;
  /** One line of the server's log, in both languages (the CLI writes the learner's). */
  readonly log: (line: Bilingual) => void;
  /** A referee verdict on an envelope, one line each (default: `log`). */
  readonly verdict?: (line: Bilingual) => void;
  /** Told about every session: its start, each envelope with the referee's verdict, its end. */
  readonly observe?: SessionObserver;
  /** The largest request body accepted (default 16 MiB). */
  readonly maxBodyBytes?: number;
  /** A session with no request for this long is closed and forgotten (default 30 minutes). */
  readonly idleMs?: number;
  /** The clock that idle time is measured on (tests pass their own). */
  readonly idleClock?: IdleClock;
};

export const DEFAULT_IDLE_MS = 30 * 60_000;

export type HttpServing = {
  readonly url: string;
  readonly port: number;
  /** Sessions currently open, by Mcp-Session-Id. */
  readonly sessions: () => number;
  readonly close: () => Promise<void>;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Serves the simulated server over Streamable HTTP at `/mcp`, in the eras `config.era` names
 * (default legacy; `serve` says dual). The body of each POST decides its era: a modern request
 * (server/discover, or the `_meta` envelope) stands alone (see ModernHttp); `initialize` opens a
 * legacy session, where the SDK's StreamableHTTPServerTransport does the framing (SSE streams,
 * 202s, session ids, GET, DELETE), one simulated server per session answers, and the referee
 * watches each session. Checked here, before the SDK sees a request: Host and Origin (DNS
 * rebinding: 403), an unknown session (404), a missing session id (400), an unsupported
 * `MCP-Protocol-Version` (400), and a body that is no message the server can take (not UTF-8, not
 * JSON, nested too deep, no JSON-RPC message, a batch the session cannot read): that one goes into
 * its session's log, or outside a session the one log of such traffic (UNREAD_SESSION), and the
 * simulated server answers it as on stdio, with 400 (see Unread). Refusals carry -32600 and the
 * reason. Notifications get 202 whatever they hold (outside a session only where the modern era is
 * spoken: a legacy-only server asks for the session id). A session with no request for `idleMs` is
 * ended by the server, and its id gets 404 from then on. Each legacy session, and the log outside
 * any session, is made in http-session.ts.
 */
export async function serveHttp(options: HttpServeOptions): Promise<HttpServing> {
  const { log } = options;
  const verdict = options.verdict ?? log;
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const sessions = new Map<string, HttpSession>();
  let port = options.port;
  const { hostAllowed, originAllowed } = localChecks(host, () => port);

  const observe = options.observe;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  // Session management: a server MAY terminate a session at any time; its id then gets 404.
  const idle = new IdleSessions(
    idleMs,
    (id) => {
      const session = sessions.get(id);
      if (!session) return;
      log(filled(SERVE_STRINGS.sessionExpired, { id, idle: durationText(idleMs) }));
      void session.end();
    },
    options.idleClock,
  );
  const sessionHost = { config: options.config, log, verdict, observe };
  const newSession = () =>
    openHttpSession({
      ...sessionHost,
      opened: (sessionId, session) => {
        sessions.set(sessionId, session);
        idle.begin(sessionId)();
        log(filled(SERVE_STRINGS.sessionOpened, { id: sessionId }));
        observe?.opened?.(sessionId);
      },
      forget: (sessionId) => {
        const known = sessions.delete(sessionId);
        idle.forget(sessionId);
        return known;
      },
    });

  const era = options.config.era ?? 'legacy';
  /** 2025-11-25 transports › Protocol Version Header: an invalid or unsupported version is 400. */
  const versionRefused = (req: IncomingMessage) =>
    unservedVersionHeader(header(req, 'mcp-protocol-version'), options.config.versions);
  const modern = new ModernHttp({
    config: options.config,
    log,
    verdict,
    observe,
    refuse: (res, req, problem, id) => {
      const reason = filled(SERVE_STRINGS[problem.why], problem.values);
      log(
        filled(SERVE_STRINGS.refused, {
          method: req.method ?? '?',
          path: '/mcp',
          status: 400,
          reason,
        }),
      );
      // streamable-http › Server Validation: 400 with HeaderMismatch, the request's id kept.
      return jsonError(res, 400, -32020, reason.en, id);
    },
  });

  /**
   * The session log of the traffic outside any session (see `alone`), opened with its first body
   * and kept until the server stops, with the POSTs waiting for its server's answer.
   */
  let outside: { readonly live: LiveServer; readonly waiting: ServerResponse[] } | null = null;
  /**
   * A body outside any session that is no message the server can take: into the one session log
   * of such traffic (UNREAD_SESSION), in arrival order, as the stdio server's log keeps such lines
   * before initialize: the body, the referee's verdict, the answer. One server answers them all,
   * and none of them opens a session, so its state stays that of a server before initialize; one
   * log (and one --trace-file transcript) for the run, not one per body a fuzzer sends.
   */
  const alone = (res: ServerResponse, take: Unread) => {
    outside ??= openOutsideLog(sessionHost);
    outside.waiting.push(res);
    take(outside.live);
    // The server answers such a body at once; were it not answered, the client still hears why.
    const left = outside.waiting.indexOf(res);
    if (left >= 0) {
      outside.waiting.splice(left, 1);
      jsonError(res, 500, -32603, 'Internal error');
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Every refusal is logged: in the live UI it is the one trace a refused request leaves.
    // The reason's English is the error message on the wire, under -32600 (Invalid Request): the
    // HTTP status says what went wrong, and 2026-07-28 basic/index › Error Codes asks a new
    // implementation not to use the legacy range -32000 to -32019, where such refusals used to sit.
    const refuse = (
      status: number,
      why: ServeStringKey,
      values: Readonly<Record<string, Fill>> = {},
    ) => {
      const reason = filled(SERVE_STRINGS[why], values);
      log(
        filled(SERVE_STRINGS.refused, {
          method: req.method ?? '?',
          path: url.pathname,
          status,
          reason,
        }),
      );
      jsonError(res, status, -32600, reason.en);
    };
    if (url.pathname !== '/mcp') return refuse(404, 'notFound');
    if (!hostAllowed(req)) return refuse(403, 'badHost');
    if (!originAllowed(req)) return refuse(403, 'badOrigin');
    const sessionId = header(req, 'mcp-session-id');
    if (req.method !== 'POST') {
      // 2026-07-28 streamable-http › Backward Compatibility: GET and DELETE are not part of the
      // modern transport (no stream to open, no session to end): 405. Dual-era, a legacy session
      // still has both.
      // A GET for an event stream with no session id is how a client of the deprecated HTTP+SSE
      // transport (2024-11-05) starts (2025-11-25 basic/transports › Backwards Compatibility);
      // serve does not host that transport, and the refusal says so.
      const oldSse =
        req.method === 'GET' &&
        sessionId === undefined &&
        (header(req, 'accept') ?? '').includes('text/event-stream');
      if (era === 'modern' || (era === 'dual' && sessionId === undefined)) {
        res.setHeader('Allow', 'POST');
        return refuse(405, oldSse ? 'noStreamsOldSse' : 'noStreams');
      }
      const session = sessionId === undefined ? undefined : sessions.get(sessionId);
      if (sessionId !== undefined && !session) return refuse(404, 'noSession');
      if (!session || sessionId === undefined) {
        return refuse(400, oldSse ? 'needsSessionIdOldSse' : 'needsSessionId');
      }
      res.once('close', idle.begin(sessionId));
      const refused = versionRefused(req);
      if (refused) return refuse(400, 'unsupportedVersionHeader', refused);
      if (req.method === 'GET') session.listen(res);
      return session.transport.handleRequest(req, res);
    }
    const body = await readBody(req, maxBody);
    if ('problem' in body && body.problem === 'tooLarge') return refuse(413, 'tooLarge');
    // The calculator's mathjs and db_query's sql.js load when a body first names one of those
    // tools, as over stdio: a server that is never asked for them never pays for them, and listens
    // at once. A failed load is not retried here: the tool then answers, with isError, that it is
    // not ready.
    if (!('problem' in body)) {
      const named = toolsNamedIn(body.text);
      if (named.length > 0) await prepareToolsFor(named).catch(() => {});
    }
    // A body that is no message the server can take goes into a session log, as stdio's line
    // does: its session's, or (outside one) the one log of such traffic.
    const inSession = sessionId !== undefined && era !== 'modern';
    const unread = (take: Unread) => {
      if (!inSession || sessionId === undefined) return alone(res, take);
      const session = sessions.get(sessionId);
      if (!session) return refuse(404, 'noSession');
      res.once('close', idle.begin(sessionId));
      const refused = versionRefused(req);
      if (refused) return refuse(400, 'unsupportedVersionHeader', refused);
      session.unread(res, take);
    };
    if ('problem' in body) {
      // JSON-RPC 2.0: text that is not valid JSON is a parse error, and broken UTF-8 is not JSON text.
      log(filled(SERVE_STRINGS.bodyNotUtf8));
      return unread((live) => live.receiveUnreadable(NOT_UTF8, NOT_UTF8_ZH, body.lossy));
    }
    let parsed: unknown;
    try {
      // An id past 2^53 − 1 keeps the digits the client wrote (JSON.parse would round them): the
      // referee matches on it, and the answer carries it (JSON-RPC 2.0 › Response object).
      parsed = withExactIds(body.text, JSON.parse(body.text));
    } catch {
      return unread((live) => live.receiveLine(body.text));
    }
    // Past the session log's depth limit (src/session/depth.ts) nothing reads a body, and JSON
    // that is no JSON-RPC message is no request (JSON-RPC 2.0 › Error object: -32600, not the
    // -32700 the SDK's transport answers): the session log takes either as it takes stdio's line.
    const value = parsed;
    if (tooDeep(value) !== null || (!Array.isArray(value) && classify(value).kind === 'invalid')) {
      const headers = mcpHeaders(req);
      return unread((live) => live.receive(value, headers));
    }
    if (Array.isArray(parsed)) {
      // 2025-03-26 streamable-http › Sending Messages to the Server: the body may be a batch in a
      // session of that revision; in any other, or outside a session (no revision agreed), it is
      // a body the server cannot take: its session's log, or the one outside any session, reads
      // it as such, as stdio's log reads such a line, and the server answers -32600 as on stdio.
      const session = inSession ? sessions.get(sessionId ?? '') : undefined;
      if (inSession && !session) return refuse(404, 'noSession');
      if (!session || sessionId === undefined || session.live.log.batchProblem(parsed) !== null) {
        return unread((live) => live.receiveLine(body.text));
      }
      res.once('close', idle.begin(sessionId));
      const refused = versionRefused(req);
      if (refused) return refuse(400, 'unsupportedVersionHeader', refused);
      // JSON-RPC 2.0 › Batch: each member is answered on its own, one that is no valid Request
      // object with its own -32600. The SDK's transport refuses the whole body when a member fails
      // its schema, and takes no body in part, so such a batch is not handed to it: the session's
      // server takes it as stdio's takes the line (each member a step of the log) and answers it
      // as one JSON array, which 2025-03-26 streamable-http › Sending Messages to the Server lets
      // a server send instead of an SSE stream.
      if (parsed.some((item) => classify(item).kind === 'invalid')) {
        return session.ownBatch(res, body.text, parsed);
      }
      session.batch(res, parsed);
      return handOver(session, req, res, parsed);
    }
    const message = isObject(parsed) ? parsed : null;
    const method = typeof message?.method === 'string' ? message.method : null;
    // A message without an id is a notification by definition (JSON-RPC 2.0 › Notification): it
    // gets no JSON-RPC response, whatever its method.
    const notification = message !== null && method !== null && !('id' in message);
    // The body decides the era (basic/versioning › Backward Compatibility with Initialization-Based
    // Versions): a modern request stands alone, and any Mcp-Session-Id it carries is ignored
    // (streamable-http › Backward Compatibility).
    if (message !== null && method !== null && !notification && era !== 'legacy') {
      if (era === 'modern' || isModernRequest(message)) {
        // streamable-http › Sending Messages: the client MUST accept both answers a request can
        // get (one JSON object or an SSE stream). A legacy session's transport (the SDK's) asks
        // the same with 406; the modern path asks it here.
        if (!acceptsBoth(req)) return refuse(406, 'notAcceptable');
        return modern.handle(req, res, message);
      }
    }
    if (notification && sessionId === undefined && era === 'legacy') {
      // 2025-11-25 transports › Session Management: a server that issues sessions SHOULD answer a
      // message without Mcp-Session-Id (other than initialize) with 400; a legacy-only server has
      // no other era a notification without one could belong to.
      return refuse(400, 'needsSessionId');
    }
    if (notification && (sessionId === undefined || era === 'modern')) {
      // A cancellation after modern requests: the referee hears it (ModernHttp.cancel).
      if (method === 'notifications/cancelled' && era !== 'legacy' && modern.opened) {
        return modern.cancel(res, message);
      }
      // No session to take it: accepted and ignored (2026-07-28 defines no client notification
      // over HTTP; its cancellation is closing the response stream).
      log(filled(SERVE_STRINGS.notificationOutside, { method: String(method) }));
      res.writeHead(202).end();
      return;
    }
    if (era === 'modern') {
      // streamable-http › Sending Messages: the body is a request or a notification, never a response.
      log(filled(SERVE_STRINGS.bodyNotRequest));
      return jsonError(
        res,
        400,
        -32600,
        'Invalid Request: POST a JSON-RPC request or notification',
      );
    }
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && !session) {
      // Session management: an ended or unknown session gets 404; the client starts afresh.
      return refuse(404, 'noSession');
    }
    if (session && sessionId !== undefined) {
      // In use until its response ends (an open GET stream keeps it in use).
      res.once('close', idle.begin(sessionId));
      const refused = versionRefused(req);
      if (refused) return refuse(400, 'unsupportedVersionHeader', refused);
      if (notification) {
        // Transports › Sending Messages: a notification accepted gets 202 and no body. Taken here,
        // not by the SDK, which answers one its schema rejects with a JSON-RPC error.
        res.writeHead(202).end();
        session.notify(message, mcpHeaders(req));
        return;
      }
      if (method !== null && message !== null) {
        const request = message.id;
        if (isRequestId(request)) session.watch(res, request, method);
      }
      return handOver(session, req, res, parsed);
    }
    const isInitialize = message !== null && message.method === 'initialize';
    if (!isInitialize) {
      return refuse(400, 'initializeFirst');
    }
    const fresh = newSession();
    await fresh.transport.start();
    return handOver(fresh, req, res, parsed);
  };
  /**
   * A POST for the session's transport (the SDK's), parsed already. A body holding an id past
   * 2^53 − 1 goes with a stand-in for it, restored on the response's way out (see SdkIds).
   */
  const handOver = async (
    session: HttpSession,
    req: IncomingMessage,
    res: ServerResponse,
    parsed: unknown,
  ) => {
    const standIns = session.ids.body(parsed);
    if (standIns === null) await session.transport.handleRequest(req, res, parsed);
    else {
      session.ids.restoreOnWire(res);
      await session.transport.handleRequest(req, res, standIns);
    }
    // Refused by the SDK's transport before any session existed: a refused POST, logged as such.
    const why = session.takeRefusal();
    if (why !== null) {
      log(
        filled(SERVE_STRINGS.refused, {
          method: req.method ?? '?',
          path: '/mcp',
          status: res.statusCode,
          reason: sdkRefusal(why),
        }),
      );
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(filled(SERVE_STRINGS.transportError, { error: errorText(error) }));
      if (!res.headersSent) jsonError(res, 500, -32603, 'Internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  }).catch((error: unknown) => {
    idle.stop();
    throw error;
  });
  port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/mcp`,
    port,
    sessions: () => sessions.size,
    close: async () => {
      idle.stop();
      modern.close();
      // The log of the traffic outside any session ends with the server (its transcript too).
      outside?.live.close('server');
      await Promise.all([...sessions.values()].map((s) => s.end()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
