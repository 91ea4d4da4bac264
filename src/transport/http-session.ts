import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type Bilingual, filled } from '../i18n/lang.js';
import { SERVE_STRINGS } from '../i18n/serve-strings.js';
import { classify, isRequestId, type RequestId } from '../protocol/index.js';
import { isObject, jsonText } from '../protocol/json.js';
import type { HttpHeaders, Step } from '../session/index.js';
import { isBatchAnswer, type ServerConfig } from '../sim/server/sim-server.js';
import { jsonError, mcpHeadersOf } from './http-checks.js';
import { LiveServer, type LiveServerOptions, violationLines } from './live-server.js';
import { SdkIds } from './sdk-ids.js';

/**
 * What happens in each session, in wire order, for --trace-file and the live UI: its opening, then
 * every step of its session log — each envelope with the referee's verdict, and the close (whose
 * `closedBy` says whether the client ended the session with DELETE or the server did: shutting
 * down, or the session was idle too long).
 */
export type SessionObserver = {
  readonly opened?: (session: string) => void;
  readonly step?: (session: string, step: Step) => void;
};

/**
 * The session log of the bodies POSTed outside any session that the server cannot take as a
 * message (see `alone` in serveHttp): one per server run, its transcript numbered like a session's.
 */
export const UNREAD_SESSION = 'unread';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a session of `serve --http`, or the log outside any session, needs of the server. */
export type HttpSessionHost = {
  readonly config: ServerConfig;
  /** One line of the server's log, in both languages. */
  readonly log: (line: Bilingual) => void;
  /** A referee verdict on an envelope, one line each. */
  readonly verdict: (line: Bilingual) => void;
  readonly observe?: SessionObserver | undefined;
};

/** What a legacy session also needs: to be filed under its id once it has one, and forgotten. */
export type HttpSessionFiling = {
  /** The transport gave the session its id (its initialize was answered). */
  readonly opened: (id: string, session: HttpSession) => void;
  /** The transport closed: the server forgets the session; false when it no longer knew it. */
  readonly forget: (id: string) => boolean;
};

export type HttpSession = {
  readonly transport: StreamableHTTPServerTransport;
  readonly live: LiveServer;
  /** Ids past 2^53 − 1 as the SDK's transport carries them (see SdkIds). */
  readonly ids: SdkIds;
  /** A notification POSTed to the session (answered 202 already), with its MCP headers. */
  readonly notify: (message: Record<string, unknown>, headers: HttpHeaders) => void;
  /** A request POSTed in this session: its response stream is watched for an early close. */
  readonly watch: (res: ServerResponse, id: RequestId, method: string) => void;
  /**
   * A batch POSTed in this session, which it can read (2025-03-26): logged as one, each request's
   * stream watched; the transport then hands its messages over one by one.
   */
  readonly batch: (res: ServerResponse, items: readonly unknown[]) => void;
  /**
   * A batch POSTed in this session that it reads (2025-03-26) but the SDK's transport would refuse
   * whole, since a member is no JSON-RPC message: the session's server takes it as stdio's takes
   * the line, and its answers go out on this POST as one JSON array (see serveHttp).
   */
  readonly ownBatch: (res: ServerResponse, text: string, items: readonly unknown[]) => void;
  /**
   * A POST whose body the server cannot take as a message (see Unread): into the session log as
   * stdio's line would go, and the server's answer is this POST's, with 400.
   */
  readonly unread: (res: ServerResponse, take: Unread) => void;
  /** A GET for the session's transport: the stream it opens is counted while it is open. */
  readonly listen: (res: ServerResponse) => void;
  /** The server ends the session (it stops, or the session was idle too long). */
  readonly end: () => Promise<void>;
  /**
   * What the SDK's transport refused before the session existed (an initialize POST without the
   * Accept or Content-Type it asks for: 406, 415), once: not a session's error but a refused
   * POST, which serveHttp logs as it logs its own refusals, with the status sent.
   */
  readonly takeRefusal: () => string | null;
};

/**
 * How a body that is no message the server can take (not UTF-8, not JSON, nested too deep, no
 * JSON-RPC message, a batch the session cannot read) reaches a session's server: the way the
 * stdio server hands it such a line, so the session log keeps it as the same step, the referee
 * judges it once, and the server answers it as on stdio (-32700 Parse error for what is no JSON
 * text, -32600 Invalid Request with the reason for JSON that is no request: JSON-RPC 2.0 › Error
 * object). The SDK's transport would answer some of these itself, out of the log's sight.
 */
export type Unread = (live: LiveServer) => void;

/**
 * What a session's server and referee say, each line under the session's name (read as each line
 * is written: a legacy session learns its id only when its initialize is answered), and each step
 * told to the observer.
 */
function sessionVoice(
  host: HttpSessionHost,
  id: () => string,
): Pick<LiveServerOptions, 'notice' | 'onStep'> {
  const { log, verdict, observe } = host;
  return {
    notice: (line) => log(filled(SERVE_STRINGS.sessionSays, { id: id(), line })),
    onStep: (step) => {
      for (const line of violationLines(step))
        verdict(filled(SERVE_STRINGS.sessionSays, { id: id(), line }));
      observe?.step?.(id(), step);
    },
  };
}

/**
 * A legacy session of `serve --http` (see serveHttp): the SDK's transport does the framing, one
 * simulated server answers, and its session log judges every envelope. Until its initialize is
 * answered it has no id and is filed nowhere.
 */
export function openHttpSession(host: HttpSessionHost & HttpSessionFiling): HttpSession {
  const { log } = host;
  let id = '?';
  let closedBy: 'client' | 'server' = 'client';
  /** The session is ending: its streams close with it, which no client chose. */
  let closing = false;
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sessionId) => {
      id = sessionId;
      host.opened(sessionId, session);
    },
  });
  /** Requests whose response stream is open and has not carried their answer yet. */
  const streaming = new Map<RequestId, string>();
  /**
   * Requests whose response stream the client closed before their answer (2025-11-25
   * transports › Sending Messages to the Server: a disconnection SHOULD NOT be taken as a
   * cancellation, so the work goes on). This server keeps no events to resume a stream with,
   * so what it sends for them goes nowhere: it is not on the wire, and not in the log.
   */
  const abandoned = new Map<RequestId, string>();
  const ids = new SdkIds();
  /** POSTs whose body the server could not take as a message, waiting for its answer (Session.unread). */
  const unanswered: ServerResponse[] = [];
  /** POSTs of batches the session's server answers itself, waiting for it (Session.ownBatch). */
  const ownBatches: ServerResponse[] = [];
  /** The requests of those batches not answered yet: the SDK's transport knows nothing of them. */
  const ownRequests = new Set<RequestId>();
  /** GET responses handed to the transport and still open: a stream for unrelated messages. */
  let listening = 0;
  const live: LiveServer = new LiveServer({
    // What belongs to no request goes out only on a GET stream (see send, below).
    config: { ...host.config, asideCarried: () => listening > 0 },
    bodies: true,
    send: (item) => {
      // The SDK's transport takes a batch's messages one by one (Session.batch), so the server
      // gathers a batch answer only for a batch it took whole (Session.ownBatch): that POST's.
      if (isBatchAnswer(item)) {
        const waiting = ownBatches.shift();
        for (const answered of item.message) ownRequests.delete(answered.id as RequestId);
        if (!waiting || waiting.writableEnded) return false;
        // Accepted, when it held a request the server took; else nothing of it was taken.
        const took = item.message.some((answered) => isRequestId(answered.id));
        waiting.writeHead(took ? 200 : 400, { 'Content-Type': 'application/json' });
        waiting.end(jsonText(item.message));
        return;
      }
      const about = item.about;
      const message = item.message;
      const answer = 'result' in message || 'error' in message;
      if (about !== undefined && ownRequests.has(about)) {
        // About a request of such a batch, whose POST gets one JSON body: the SDK's transport
        // has no stream for it, so it goes on the session's GET stream (2025-03-26
        // streamable-http › Listening for Messages from the Server), as unrelated traffic does;
        // with none open it goes nowhere, and the log keeps only what was on the wire.
        if (listening === 0) {
          const method = typeof message.method === 'string' ? message.method : '?';
          // A request of the server's (sampling, elicitation, roots): LiveServer then tells the
          // server it went nowhere, and the call that needed it is answered at once.
          const asks = isRequestId(message.id);
          log(
            filled(asks ? SERVE_STRINGS.batchAskLost : SERVE_STRINGS.batchAsideLost, {
              id,
              what: method,
              request: String(about),
            }),
          );
          return false;
        }
        transport
          .send(ids.messageToSdk(message) as JSONRPCMessage)
          .catch((error: unknown) =>
            log(filled(SERVE_STRINGS.couldNotSend, { id, error: errorText(error) })),
          );
        return;
      }
      if (answer && about === undefined) {
        // An answer about no request of the client's is to a body the server could not take
        // (its answers come in the order the bodies came): that POST's, as a JSON body.
        const waiting = unanswered.shift();
        if (!waiting || waiting.writableEnded) return false;
        waiting.writeHead(400, { 'Content-Type': 'application/json' });
        // An id past 2^53 − 1 (a bigint) as the digits the client sent.
        waiting.end(jsonText(message));
        return;
      }
      if (about !== undefined && abandoned.has(about)) {
        if (answer) {
          const request = `${abandoned.get(about)} #${String(about)}`;
          abandoned.delete(about);
          log(filled(SERVE_STRINGS.answerLost, { id, request }));
        }
        return false;
      }
      if (about === undefined && listening === 0) {
        // What belongs to no request goes on the session's GET stream (2025-11-25
        // basic/transports › Listening for Messages from the Server); the SDK's transport drops
        // it when none is open, so it is not on the wire and the log does not keep it either.
        const method = typeof message.method === 'string' ? message.method : '?';
        log(filled(SERVE_STRINGS.asideLost, { id, what: method }));
        return false;
      }
      if (answer && about !== undefined) streaming.delete(about);
      transport
        .send(
          // An id past 2^53 − 1 as the SDK knows it: its stand-in (see SdkIds).
          ids.messageToSdk(message) as JSONRPCMessage,
          about === undefined ? undefined : { relatedRequestId: ids.toSdk(about) },
        )
        .catch((error: unknown) =>
          log(filled(SERVE_STRINGS.couldNotSend, { id, error: errorText(error) })),
        );
    },
    ...sessionVoice(host, () => id),
  });
  let refusal: string | null = null;
  const session: HttpSession = {
    transport,
    takeRefusal: () => {
      const why = refusal;
      refusal = null;
      return why;
    },
    live,
    ids,
    notify: (message, headers) => {
      live.receive(message, headers);
      // The cancellation the client SHOULD send: the work stopped, nothing is left to lose.
      const params = message.params;
      const named = isObject(params) ? params.requestId : undefined;
      if (message.method === 'notifications/cancelled' && named !== undefined) {
        abandoned.delete(named as RequestId);
      }
    },
    watch: (res, request, method) => {
      streaming.set(request, method);
      res.once('close', () => {
        // Ended by the server (its answer, or an error the SDK gave itself): the stream is done.
        if (!streaming.delete(request) || res.writableFinished || closing) return;
        // A step of the session all the same: the referee says whether the request still waits.
        const step = live.abandon(request);
        const named = `${method} #${String(request)}`;
        if (step?.abandoned?.method === null) {
          // Not in flight any more: the client had cancelled it (notifications/cancelled).
          log(filled(SERVE_STRINGS.streamClosedAfterCancel, { id, request: named }));
          return;
        }
        abandoned.set(request, method);
        log(filled(SERVE_STRINGS.streamAbandoned, { id, request: named }));
      });
    },
    batch: (res, items) => {
      for (const item of items) {
        const envelope = classify(item);
        if (envelope.kind === 'request') session.watch(res, envelope.id, envelope.method);
      }
      live.logBatch(items);
      logged += items.length;
    },
    unread: (res, take) => {
      unanswered.push(res);
      take(live);
    },
    listen: (res) => {
      listening += 1;
      res.once('close', () => {
        listening -= 1;
      });
    },
    ownBatch: (res, text, items) => {
      ownBatches.push(res);
      for (const item of items) {
        const envelope = classify(item);
        if (envelope.kind === 'request') ownRequests.add(envelope.id);
      }
      live.receiveLine(text);
    },
    end: () => {
      closedBy = 'server';
      closing = true;
      return transport.close();
    },
  };
  // The messages of a batch are in the session log already (Session.batch): the server takes them.
  let logged = 0;
  // Each message with the MCP headers of its POST (2025-06-18 on the client names the
  // protocol version in one: the referee judges it, the transcript keeps it).
  transport.onmessage = (message, extra) => {
    // An id past 2^53 − 1 comes back from its stand-in: the exact one the client sent.
    const exact = ids.fromSdk(message);
    if (logged > 0) {
      logged -= 1;
      live.receiveLogged(exact);
    } else {
      const headers = extra?.requestInfo?.headers;
      live.receive(exact, headers ? mcpHeadersOf(headers) : undefined);
    }
  };
  transport.onerror = (error) => {
    if (id === '?') refusal = error.message;
    else log(filled(SERVE_STRINGS.sessionSays, { id, line: error.message }));
  };
  transport.onclose = () => {
    closing = true;
    if (host.forget(id)) log(filled(SERVE_STRINGS.sessionClosed, { id }));
    live.close(closedBy);
    // Ended before the server answered them: the session they were sent to is gone.
    for (const waiting of [...unanswered.splice(0), ...ownBatches.splice(0)]) {
      if (!waiting.headersSent) jsonError(waiting, 404, -32600, SERVE_STRINGS.noSession.en);
    }
  };
  return session;
}

/**
 * The session log of the bodies POSTed outside any session that the server cannot take
 * (UNREAD_SESSION; see `alone` in serveHttp), and the POSTs waiting for its server's answer, in
 * the order the bodies came.
 */
export function openOutsideLog(host: HttpSessionHost): {
  readonly live: LiveServer;
  readonly waiting: ServerResponse[];
} {
  const { observe } = host;
  const id = UNREAD_SESSION;
  observe?.opened?.(id);
  const waiting: ServerResponse[] = [];
  const live = new LiveServer({
    config: host.config,
    bodies: true,
    // No session opens here, so no revision is agreed: a batch is one body it cannot take,
    // whatever an initialize inside it offers (that initialize never opens a session).
    readsBatches: false,
    send: (item) => {
      const message = item.message;
      if (isBatchAnswer(item) || !('result' in message || 'error' in message)) return false;
      // Its answers come in the order the bodies came: the oldest waiting POST's.
      const answered = waiting.shift();
      if (!answered || answered.writableEnded) return false;
      answered.writeHead(400, { 'Content-Type': 'application/json' });
      // An id past 2^53 − 1 (a bigint) as the digits the client sent.
      answered.end(jsonText(message));
    },
    ...sessionVoice(host, () => id),
  });
  return { live, waiting };
}
