import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Bilingual, filled } from '../i18n/lang.js';
import { SERVE_STRINGS } from '../i18n/serve-strings.js';
import { isRequestId, type JsonObject, type RequestId } from '../protocol/index.js';
import { isObject, jsonText } from '../protocol/json.js';
import {
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  carriesEnvelope,
  PROTOCOL_VERSION_META,
} from '../protocol/meta-keys.js';
import { SessionLog, type Step } from '../session/index.js';
import { randomStateKey } from '../sim/server/request-state.js';
import type { ToolName } from '../sim/server/session-tools.js';
import { isBatchAnswer, type ServerConfig, type SimServer } from '../sim/server/sim-server.js';
import { type HeaderProblem, mcpHeaders, modernHeaderProblem } from './http-checks.js';
import { LiveServer, violationLines } from './live-server.js';

/**
 * The name the observers (--trace-file, the live view) know the 2026-07-28 traffic by. It has no
 * session, so it cannot have a session id; no Mcp-Session-Id (a UUID) can be this word.
 */
export const MODERN_SESSION = 'modern';

/**
 * A POST body that is a request of the 2026-07-28 era: `server/discover`, or a request carrying
 * the `_meta` envelope (either required key makes it one; a missing other key is the server's to
 * answer, -32602). Dual-era, this is what decides: `initialize` and envelope-less requests are the
 * legacy era's (basic/versioning › Backward Compatibility with Initialization-Based Versions).
 */
export function isModernRequest(body: JsonObject): boolean {
  if (typeof body.method !== 'string' || !('id' in body)) return false;
  if (body.method === 'server/discover') return true;
  return carriesEnvelope(isObject(body.params) ? body.params : undefined);
}

/** Does the body carry both keys the envelope requires? (A request without them is malformed.) */
function envelopeComplete(body: JsonObject): boolean {
  const meta = isObject(body.params) ? body.params._meta : undefined;
  return (
    isObject(meta) &&
    typeof meta[PROTOCOL_VERSION_META] === 'string' &&
    isObject(meta[CLIENT_CAPABILITIES_META])
  );
}

/**
 * The HTTP status of a JSON answer (2026-07-28): an unknown method is 404 (streamable-http ›
 * Protocol Version Header); a request missing an envelope key (basic/index › _meta), a header
 * mismatch (-32020), a capability the client did not declare (-32021) and an unsupported version
 * (-32022) are 400; so are a body that is not JSON-RPC at all. Any other error is an answer like
 * a result: 200.
 */
function statusOf(message: Record<string, unknown>, body: JsonObject): number {
  const error = message.error;
  if (!isObject(error)) return 200;
  switch (error.code) {
    case -32601:
      return 404;
    case -32700:
    case -32600:
    case -32020:
    case -32021:
    case -32022:
      return 400;
    case -32602:
      return envelopeComplete(body) ? 200 : 400;
    default:
      return 200;
  }
}

/**
 * Who sent a modern POST, as far as the server can tell: the address it came from and the
 * clientInfo its envelope names (basic/index › _meta: SHOULD be on every request). With no
 * session this is all there is; two copies of one client on one host read as one client.
 */
function clientKey(req: IncomingMessage, body: JsonObject): string {
  const meta = isObject(body.params) ? body.params._meta : undefined;
  const info = isObject(meta) ? meta[CLIENT_INFO_META] : undefined;
  const named = isObject(info) ? [info.name, info.version] : [];
  return JSON.stringify([req.socket.remoteAddress ?? '', ...named]);
}

/** One client's traffic: the log its requests are judged in, and what the observers call it. */
type Client = { readonly log: SessionLog; readonly session: string };

/**
 * An input_required answer (basic/patterns/mrtr) and the request it answered, as judged in the
 * log of `client`: the retry that echoes its requestState is judged there, or begins with them.
 */
type Round = { readonly client: Client; readonly request: Step; readonly answer: Step };

export type ModernHttpOptions = {
  readonly config: ServerConfig;
  readonly log: (line: Bilingual) => void;
  readonly verdict: (line: Bilingual) => void;
  readonly observe?:
    | {
        readonly opened?: (session: string) => void;
        readonly step?: (session: string, step: Step) => void;
      }
    | undefined;
  /** Milliseconds since some fixed start, for every request's server (default: a monotonic clock). */
  readonly clock?: (() => number) | undefined;
  /**
   * Refuses the request before the server sees it (logged, answered with a JSON-RPC error), and
   * returns the error it sent.
   */
  readonly refuse: (
    res: ServerResponse,
    req: IncomingMessage,
    problem: HeaderProblem,
    id: RequestId | undefined,
  ) => JsonObject;
};

/**
 * Streamable HTTP in the 2026-07-28 era (basic/transports/streamable-http): each POST stands
 * alone. No session is issued or needed, so each request gets a simulated server of its own,
 * fresh, with no memory of any other request (basic/index › Statelessness: a server MUST NOT rely
 * on prior requests). A referee watches each client's requests (as far as the server can tell
 * clients apart: `clientKey`) in arrival order, as one stream of traffic (the observers know the
 * first client's as `modern`). The answer is one JSON object when the answer is the first thing the server sends,
 * or an SSE stream scoped to the request when notifications (progress, logs) come first, ended
 * by the answer. The client closing that stream is the cancellation (› Cancellation): the server
 * sends nothing more for it.
 *
 * What is the server's own, not a client's, is shared by every POST: the tools it offers (so a
 * `toggle_tool` in one request changes the list the next one gets, and every open
 * subscriptions/listen stream that asked is told) and the key that seals `requestState` (so a
 * retry, which arrives in a POST of its own, verifies: the round lives only in the state the
 * client echoes, basic/patterns/mrtr).
 */
export class ModernHttp {
  readonly #options: ModernHttpOptions;
  /**
   * The requests being answered, each with its id, the client whose log judges it, and how to end
   * its HTTP response early.
   */
  readonly #open = new Map<
    LiveServer,
    { readonly id: unknown; readonly n: number; readonly client: Client; readonly stop: () => void }
  >();
  readonly #key: string | Uint8Array;
  /**
   * The server's one clock, shared like the key: a requestState sealed in one POST says when it
   * expires, and the retry's POST must read that on the same clock (a server's own clock starts
   * at its request, so on it every state looked young: none ever expired).
   */
  readonly #clock: () => number;
  /**
   * Each client's session log (by `clientKey`): one referee judges a client's POSTs in order, so
   * a request is judged by what that client saw (its own server/discover, or none: architecture ›
   * Capability Negotiation) and a retry knowing the round its state came from, as the
   * transcript's reader will judge it. The first client's is `modern`, a later one's
   * `modern-<n>` (n: its first POST); each has its own transcript.
   */
  readonly #clients = new Map<string, Client>();
  /** The input_required rounds given, by their requestState: where each retry is judged. */
  readonly #rounds = new Map<string, Round>();
  /** The client whose request last had each id: a cancellation naming it is judged there. */
  readonly #byId = new Map<unknown, Client>();
  /** The tools the server offers now (toggle_tool changes it). */
  #tools: ToolName[];
  /** The lines clients added to the notes resource (add_note). */
  #notes: string[] = [];
  #count = 0;

  constructor(options: ModernHttpOptions) {
    this.#options = options;
    this.#key = options.config.requestStateKey ?? randomStateKey();
    const start = performance.now();
    this.#clock = options.clock ?? (() => performance.now() - start);
    this.#tools = [...options.config.tools];
  }

  /** One POST whose body is a modern request (it has a method and an id). */
  handle(req: IncomingMessage, res: ServerResponse, body: JsonObject): void {
    const options = this.#options;
    const rawId = body.id;
    const id = isRequestId(rawId) ? rawId : undefined;
    const headers = mcpHeaders(req);
    this.#count += 1;
    const n = this.#count;
    const say = (line: Bilingual) => filled(SERVE_STRINGS.modernSays, { n, line });
    // A legacy client's initialize is no part of the modern traffic: over HTTP each POST stands
    // alone and the client sending it is, as far as anyone can tell, another one (a handshake-era
    // client probing). Judged in the one modern log, it read as a dual-era client falling back
    // after a modern answer (era-mixed), a fault of a client that was never there. It gets a log
    // of its own, a session of one exchange (`initialize-<n>`), with its own transcript.
    const initialize = body.method === 'initialize';
    // An id that a request of the same client (as far as clientKey tells) still being answered
    // has (basic/index › Requests: an id MUST NOT match one of the sender's own requests in
    // flight). Two copies of one client on one host read as one: each numbering from 0 (SDK v2
    // does: `0`, `listen:0`) they share ids all the time, and judged in one log the second read
    // as a duplicate id and a shared progress token, and its progress and answer as the first's,
    // sent after that one's stream closed. Each such request is judged on its own, in a log (and
    // transcript) of its own.
    // Clients told apart (clientKey) are judged apart; the id check is within one client's log.
    // A retry of an input_required round (it echoes the round's requestState) is the round's
    // client's, judged where the round was (basic/patterns/mrtr: the retry repeats the request):
    // judged anywhere else it had no round, and read as retry-without-round.
    const round = initialize ? undefined : this.#roundOf(body);
    const key = initialize ? undefined : clientKey(req, body);
    const known = round?.client ?? (key === undefined ? undefined : this.#clients.get(key));
    const shared =
      known === undefined || id === undefined
        ? undefined
        : [...this.#open.values()].find((open) => open.client === known && open.id === id);
    const client: Client =
      initialize || shared !== undefined
        ? // A retry whose id is in flight there is judged on its own, with its round before it.
          this.#alone(initialize ? `initialize-${n}` : `${MODERN_SESSION}-${n}`, round)
        : (known ?? this.#newClient(key as string, n));
    const { log, session } = client;
    if (shared)
      options.log(
        say(filled(SERVE_STRINGS.idShared, { id: JSON.stringify(id), m: shared.n, session })),
      );
    if (!initialize && id !== undefined) {
      // Most recent last; the oldest go first (a long-lived server hears ids without end).
      this.#byId.delete(id);
      this.#byId.set(id, client);
      if (this.#byId.size > 1024) this.#byId.delete(this.#byId.keys().next().value);
    }
    // A legacy client's initialize lacks every header the era asks for, but the answer it needs is
    // the versions this server speaks (basic/versioning › Backward Compatibility: a modern-only
    // server SHOULD name them in any error to initialize, on any transport): the server's -32022
    // does, with HTTP 400, where a -32020 would only name a missing header.
    const problem = body.method === 'initialize' ? null : modernHeaderProblem(req, body);
    if (problem) {
      // Refused before any server sees it, but on the wire all the same: the request with its
      // headers and the -32020 answer go into the one session log, where the referee judges the
      // mismatch (header-mismatch) and the transcript keeps both for its reader.
      const onStep = this.#onStep(say, session);
      const t = this.#clock();
      onStep(
        log.push({
          type: 'message',
          direction: 'client->server',
          message: body,
          headers,
          t,
          timed: true,
        }),
      );
      const error = options.refuse(res, req, problem, id);
      onStep(
        log.push({
          type: 'message',
          direction: 'server->client',
          message: error,
          t: this.#clock(),
          timed: true,
        }),
      );
      return;
    }
    let done = false;
    let streaming = false;
    // The tool list and the notes are the server's: a change made by this request reaches the
    // others' streams. How many streams were told.
    const tellOthers = (take: (server: SimServer, at: number) => number): number => {
      let told = 0;
      for (const other of this.#open.keys()) {
        if (other !== live) other.act((server, at) => (told += take(server, at)));
      }
      return told;
    };
    const toolsChanged = (tools: readonly ToolName[]): number => {
      this.#tools = [...tools];
      return tellOthers((server, at) => server.takeTools(at, tools));
    };
    const notesChanged = (notes: readonly string[]): number => {
      this.#notes = [...notes];
      return tellOthers((server, at) => server.takeNotes(at, notes));
    };
    const live: LiveServer = new LiveServer({
      config: {
        ...options.config,
        tools: this.#tools,
        notes: this.#notes,
        requestStateKey: this.#key,
        toolsChanged,
        notesChanged,
      },
      log,
      clock: this.#clock,
      send: (item) => {
        // A batch answer is of 2025-03-26 only, never of a modern request.
        if (done || isBatchAnswer(item)) return false;
        const message = item.message;
        const answer = !('method' in message) && ('result' in message || 'error' in message);
        if (answer && !streaming) {
          done = true;
          res.writeHead(statusOf(message, body), { 'Content-Type': 'application/json' });
          // An id past 2^53 − 1 (a bigint) as the digits the client sent.
          res.end(jsonText(message));
          queueMicrotask(() => this.#end(live, 'server'));
          return;
        }
        if (!streaming) {
          streaming = true;
          res.writeHead(200, {
            'Content-Type': 'text/event-stream',
            'Cache-Control': 'no-cache',
            // › Receiving Messages: SHOULD, so that a proxy does not hold the events back.
            'X-Accel-Buffering': 'no',
          });
        }
        res.write(`event: message\ndata: ${jsonText(message)}\n\n`);
        if (answer) {
          // › Receiving Messages: the final response SHOULD terminate the stream.
          done = true;
          res.end();
          queueMicrotask(() => this.#end(live, 'server'));
        }
      },
      notice: (line) => options.log(say(line)),
      onStep: (() => {
        const onStep = this.#onStep(say, session);
        let asked: Step | undefined;
        return (step: Step) => {
          onStep(step);
          if (step.kind !== 'message') return;
          if (step.direction === 'client->server') asked ??= step;
          else if (asked) this.#noteRound(client, asked, step);
        };
      })(),
    });
    this.#open.set(live, {
      id: body.id,
      n,
      client,
      // Cancelled while being answered: the stream ends with nothing more (› Cancellation); an
      // answer not yet begun is no content.
      stop: () => {
        if (done) return;
        done = true;
        if (streaming) res.end();
        else res.writeHead(204).end();
        queueMicrotask(() => this.#end(live, 'server'));
      },
    });
    res.once('close', () => {
      // Ended by the server (an answer, a cancellation it was sent, serve stopping): not the client.
      if (done || !this.#open.has(live)) return;
      // › Cancellation: closing the response stream cancels the request.
      done = true;
      const request = `${String(body.method)} #${String(rawId)}`;
      options.log(say(filled(SERVE_STRINGS.streamCancelled, { request })));
      // A step of the log: the referee cancels the request, and a --trace-file keeps it.
      if (id !== undefined) live.abandon(id);
      this.#end(live, 'client');
    });
    live.receive(body, headers);
  }

  /**
   * A log of its own for one request (an initialize, an id another open request has). A retry's
   * begins with its round, the request and its input_required answer as they were on the wire, so
   * the referee, and the transcript's reader, judge the retry knowing them.
   */
  #alone(session: string, round?: Round): Client {
    this.#options.observe?.opened?.(session);
    const log = new SessionLog({ keep: false });
    for (const step of round ? [round.request, round.answer] : []) {
      const seeded = log.push({
        type: 'message',
        direction: step.direction,
        message: step.message,
        ...(step.headers ? { headers: step.headers } : {}),
        t: step.t,
        timed: true,
      });
      // Judged (and said) once already: only the observers hear it again.
      this.#options.observe?.step?.(session, seeded);
    }
    return { log, session };
  }

  /** The round a request retries, by the requestState it echoes, if this server gave it. */
  #roundOf(body: JsonObject): Round | undefined {
    const state = isObject(body.params) ? body.params.requestState : undefined;
    return typeof state === 'string' ? this.#rounds.get(state) : undefined;
  }

  /** A request's answer, judged in `client`'s log: an input_required round is kept by its state. */
  #noteRound(client: Client, request: Step, answer: Step): void {
    const message = answer.message;
    if (!isObject(message) || !isObject(message.result)) return;
    const { resultType, requestState } = message.result;
    if (resultType !== 'input_required' || typeof requestState !== 'string') return;
    this.#rounds.set(requestState, { client, request, answer });
    // The oldest go first: a long-lived server gives rounds without end, most retried at once.
    if (this.#rounds.size > 256) this.#rounds.delete(this.#rounds.keys().next().value as string);
  }

  /** A client not heard from before, first heard in POST `n`: a log and a transcript of its own. */
  #newClient(key: string, n: number): Client {
    const session = this.#clients.size === 0 ? MODERN_SESSION : `${MODERN_SESSION}-${n}`;
    const client = { log: new SessionLog({ keep: false }), session };
    this.#clients.set(key, client);
    this.#options.observe?.opened?.(session);
    return client;
  }

  /** Each step the referee judged: its verdict lines, and to the observers (--trace-file…). */
  #onStep(say: (line: Bilingual) => Bilingual, session = MODERN_SESSION): (step: Step) => void {
    return (step) => {
      for (const line of violationLines(step)) this.#options.verdict(say(line));
      this.#options.observe?.step?.(session, step);
    };
  }

  /** Has a modern request come yet? (Before one, there is no modern traffic to cancel in.) */
  get opened(): boolean {
    return this.#clients.size > 0;
  }

  /**
   * A `notifications/cancelled` POSTed on its own, outside any session. Over HTTP, closing the
   * request's stream is the cancellation and no notification is expected (2026-07-28
   * basic/patterns/cancellation › Transport-Specific Cancellation), but clients send one (SDK v2
   * does, after closing the stream): it is on the wire, so the referee hears it, in the one
   * stream of modern traffic, and the transcript keeps it, so its reader hears it too. A request
   * it names that is still being answered stops: no answer follows. Answered 202.
   */
  cancel(res: ServerResponse, body: JsonObject): void {
    this.#count += 1;
    const n = this.#count;
    const say = (line: Bilingual) => filled(SERVE_STRINGS.modernSays, { n, line });
    const requestId = isObject(body.params) ? body.params.requestId : undefined;
    const named = [...this.#open].filter(([, open]) => open.id === requestId);
    // With no session, a POSTed cancellation names an id and nothing else: when requests of two
    // clients share it, it cannot say which it means, so it stops none (each client's closed
    // stream is the cancellation that counts) rather than another client's call.
    const [only] = named;
    if (named.length > 1) {
      this.#options.log(
        say(filled(SERVE_STRINGS.cancelAmbiguous, { id: jsonText(requestId), n: named.length })),
      );
    } else if (only) {
      const [live, open] = only;
      live.receive(body);
      open.stop();
    } else {
      // Named by no request being answered (a cancellation that crossed the answer, or of an id
      // never sent): judged in the log of the client whose request last had that id (a
      // notification names no clientInfo), else the first client's.
      const client = this.#byId.get(requestId) ?? (this.#clients.values().next().value as Client);
      const live = new LiveServer({
        config: { ...this.#options.config, tools: this.#tools, requestStateKey: this.#key },
        log: client.log,
        clock: this.#clock,
        send: () => {},
        notice: (line) => this.#options.log(say(line)),
        onStep: this.#onStep(say, client.session),
      });
      live.receive(body);
      live.close('server');
    }
    res.writeHead(202).end();
  }

  #end(live: LiveServer, by: 'client' | 'server'): void {
    this.#open.delete(live);
    live.close(by);
  }

  /**
   * The server stops: each open listen stream gets its graceful end first (subscriptions ›
   * Graceful Closure), then every request still being answered ends with it.
   */
  close(): void {
    for (const live of [...this.#open.keys()]) live.endStreams();
    for (const live of [...this.#open.keys()]) this.#end(live, 'server');
  }
}
