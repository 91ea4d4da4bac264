import { type Bilingual, filled } from '../i18n/lang.js';
import { SERVE_STRINGS } from '../i18n/serve-strings.js';
import { STRINGS } from '../i18n/strings.js';
import { withExactIds } from '../protocol/exact-ids.js';
import { isRequestId, type RequestId, type Side } from '../protocol/index.js';
import {
  type HttpHeaders,
  MAX_DEPTH,
  notJson,
  SessionLog,
  type Step,
  stepName,
} from '../session/index.js';
import {
  isBatchAnswer,
  type Outgoing,
  type ServerConfig,
  SimServer,
} from '../sim/server/sim-server.js';

export type LiveServerOptions = {
  readonly config: ServerConfig;
  /**
   * Puts one message on the wire (stdio line, HTTP response or SSE event). `false`: it could not
   * go anywhere (the stream it belongs to is closed), so the session log does not record it as
   * sent; the transport says why in its own log.
   */
  readonly send: (item: Outgoing) => unknown;
  /**
   * Every step of the session log, in wire order: each envelope both ways with its verdict, each
   * line the server could not take as a message, the close (for --trace-file, the verdict lines
   * and the live UI).
   */
  readonly onStep?: (step: Step) => void;
  /** One line for each line the server could not take as a message (the server's own notice). */
  readonly notice?: (line: Bilingual) => void;
  /** Milliseconds since some fixed start (default: a monotonic clock). */
  readonly clock?: () => number;
  /** The client's messages come one per HTTP body, not one per line (the notices say which). */
  readonly bodies?: boolean;
  /**
   * The session log to push to, when it is not this server's alone: 2026-07-28 over HTTP, where
   * each POST has a server of its own but all of them are one stream of traffic for one referee
   * (a retry must be judged knowing its round). A shared log outlives this server: closing the
   * server does not close it, and `onStep` hears only the steps this server pushed.
   */
  readonly log?: SessionLog | undefined;
  /** False: its own session log reads no batch as messages (SessionLogOptions.readsBatches). */
  readonly readsBatches?: boolean;
};

/** The referee's verdicts on one step, one line each (none for a step that broke no rule). */
export function violationLines(step: Step): Bilingual[] {
  const report = step.verdict;
  if (!report || report.violations.length === 0) return [];
  const what = stepName(step);
  return report.violations.map((v) =>
    filled(SERVE_STRINGS.verdict, {
      direction: report.direction,
      what,
      rule: v.rule,
      severity: STRINGS[`severity_${v.severity}`],
      message: { en: v.message, zh: v.messageZh },
    }),
  );
}

/**
 * The simulated server on a real clock. The server schedules what it sends on a virtual clock;
 * here the virtual time is milliseconds since start, and each message goes out when it is due
 * (a progress step every 250 ms really takes 250 ms). What is not yet due stays in the server's
 * outbox, so a cancellation still removes it. The referee sees every envelope both ways.
 *
 * A timer that fires late (a busy machine) does not send everything overdue at once: the virtual
 * clock is held back to the item just sent, so the next one is due its scheduled gap after this
 * one really went out. Bunched, a progress notification and the result reach the client in one
 * chunk, and a client that drops such a progress (TypeScript SDK issue #2580) never sees it.
 */
export class LiveServer {
  readonly server: SimServer;
  /** The session as the referee sees it: every source of this session pushes here. */
  readonly log: SessionLog;
  readonly #options: LiveServerOptions;
  readonly #clock: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  /**
   * How far the virtual clock runs behind the real one (ms): what late timers added up to while
   * something was scheduled. Back to 0 when the outbox empties (nothing left whose gaps to keep).
   */
  #lag = 0;
  #idle: Array<() => void> = [];
  #closed = false;
  /** Is the session log shared with other servers (see LiveServerOptions.log)? */
  readonly #shared: boolean;

  constructor(options: LiveServerOptions) {
    this.#options = options;
    this.server = new SimServer(options.config);
    // Steps are handed on as they come, not kept: a long session keeps flat memory.
    this.#shared = options.log !== undefined;
    this.log =
      options.log ??
      new SessionLog({
        keep: false,
        ...(options.readsBatches === false ? { readsBatches: false } : {}),
      });
    if (options.onStep && !this.#shared) this.log.subscribe(options.onStep);
    const start = performance.now();
    this.#clock = options.clock ?? (() => performance.now() - start);
  }

  /**
   * One line of text as it came off stdio (or an HTTP body): JSON-RPC parse errors (-32700) and batches a session
   * cannot read (-32600) are the simulated server's to answer; everything else is refereed first.
   */
  receiveLine(text: string): void {
    let value: unknown;
    try {
      // An id past 2^53 − 1 keeps the digits the client wrote (JSON.parse would round them): the
      // referee matches on it and the server answers with it, as JSON-RPC 2.0 › Response object
      // asks ("the same as the value of the id member in the Request Object").
      value = withExactIds(text, JSON.parse(text));
    } catch (error) {
      this.#options.notice?.(
        this.#options.bodies
          ? filled(SERVE_STRINGS.bodyNotJson)
          : filled(SERVE_STRINGS.lineNotJson, { preview: preview(text) }),
      );
      const problem = notJson((error as Error).message);
      this.#unreadable(problem.en, text, problem.zh);
      this.server.receiveRaw(text, this.#virtual());
      this.pump();
      return;
    }
    if (Array.isArray(value)) this.#receiveBatch(value);
    else this.receive(value);
  }

  /**
   * A JSON-RPC batch. The session log decides whether this session can read it (2025-03-26 only:
   * its servers MUST accept batches, basic/index › Batching). Read, the server takes each message
   * in turn and answers the batch's requests in one array once all are answered (JSON-RPC 2.0 ›
   * Batch; progress and the server's own requests still go out on their own as they happen);
   * unread, it is one line the server cannot take, answered -32600 like any invalid request.
   */
  #receiveBatch(items: readonly unknown[]): void {
    if (this.#closed) return;
    const steps = this.logBatch(items);
    const unread = steps[0];
    if (steps.length === 1 && unread?.kind === 'unreadable') {
      const problem = { en: unread.problem ?? '', zh: unread.problemZh ?? unread.problem ?? '' };
      this.#options.notice?.(filled(SERVE_STRINGS.lineBatch, { problem }));
      // The log decided (outside any HTTP session it reads no batch): the server refuses it.
      this.server.refuseBatch(items, this.#virtual());
      this.pump();
      return;
    }
    this.server.receiveBatch(items, this.#virtual());
    this.pump();
  }

  /**
   * A batch from the client into the session log, which reads it as its messages or as one
   * unreadable line (`log.batchProblem`); its steps. Over Streamable HTTP the transport then hands
   * each message to `receiveLogged`, and answers them on the POST's stream.
   */
  logBatch(items: readonly unknown[]): readonly Step[] {
    if (this.#closed) return [];
    return this.#pushAll({
      type: 'message',
      direction: 'client->server',
      message: items,
      t: this.#clock(),
    });
  }

  /** A message already in the session log (one of a batch `logBatch` took): the server takes it. */
  receiveLogged(message: unknown): void {
    if (this.#closed) return;
    this.server.receive(message, this.#virtual());
    this.pump();
  }

  /**
   * A line the transport could not read as text: not UTF-8, or over the length limit (`problem`
   * says which, as the line reader put it); `text` is what was read of it (the lossy text of one
   * that is not UTF-8), if anything. MCP messages are UTF-8 text, so neither is JSON text: a parse
   * error (-32700), however well the lossy text would parse; the line is kept in the log as
   * unreadable, with the reason.
   */
  receiveUnreadable(problem: string, problemZh: string, text?: string): void {
    this.#unreadable(problem, text, problemZh);
    this.server.parseError(this.#virtual());
    this.pump();
  }

  /**
   * One parsed message from the client, with the HTTP request headers it came with (the ones of
   * Streamable HTTP, lower-case) when it came over HTTP: the referee judges them against the body.
   */
  receive(message: unknown, headers?: HttpHeaders): void {
    if (this.#closed) return;
    const step = this.#push({
      type: 'message',
      direction: 'client->server',
      message,
      ...(headers ? { headers } : {}),
      t: this.#clock(),
    });
    // The session log refused it as too deep (src/session/depth.ts): the server did not read it
    // either, so it answers as to any text its parser gave up on (RFC 8259 § 9 lets a parser
    // limit the depth), never as to the request inside, whose id nobody has read.
    if (step.kind === 'unreadable') {
      this.#options.notice?.(
        filled(this.#options.bodies ? SERVE_STRINGS.bodyTooDeep : SERVE_STRINGS.lineTooDeep, {
          max: MAX_DEPTH,
        }),
      );
      this.server.parseError(this.#virtual());
    } else {
      this.server.receive(message, this.#virtual());
    }
    this.pump();
  }

  /**
   * Sends what is due now and sets a timer for the rest. Due is on the virtual clock: after an
   * item goes out late, the clock is set back to that item's time, so only what was scheduled for
   * the same instant follows it now, and the rest keep their gaps.
   */
  pump(): void {
    if (this.#closed) return;
    let now = this.#virtual();
    for (let at = this.server.nextAt(); at !== undefined && at <= now; at = this.server.nextAt()) {
      // Taken the server's way: a call answered is no longer worked on, a batch's answer is kept
      // until the batch's last one (null: nothing to send yet).
      const item = this.server.take();
      if (!item) continue;
      // The session log is the wire: a message that went nowhere is not in it.
      if (this.#options.send(item) !== false) {
        this.#push({
          type: 'message',
          direction: 'server->client',
          message: item.message,
          t: this.#clock(),
        });
      } else if (!isBatchAnswer(item)) {
        // A request of the server's that went nowhere is never answered: it stops waiting (a
        // call that needed it is answered now, on this same tick).
        const { id, method } = item.message;
        if (isRequestId(id) && typeof method === 'string') this.server.notSent(id, now);
      }
      if (item.at < now) {
        this.#lag += now - item.at;
        now = item.at;
      }
    }
    const nextAt = this.server.nextAt();
    if (nextAt === undefined) {
      this.#lag = 0;
      const waiting = this.#idle;
      this.#idle = [];
      for (const resolve of waiting) resolve();
      return;
    }
    const dueAt = nextAt + this.#lag; // on the real clock
    if (dueAt < this.#timerAt) {
      if (this.#timer) clearTimeout(this.#timer);
      this.#timerAt = dueAt;
      this.#timer = setTimeout(
        () => {
          this.#timer = undefined;
          this.#timerAt = Number.POSITIVE_INFINITY;
          this.pump();
        },
        Math.max(0, dueAt - this.#clock()),
      );
    }
  }

  /** Something happens on the server's side now (a change another request made): then send it. */
  act(what: (server: SimServer, now: number) => void): void {
    if (this.#closed) return;
    what(this.server, this.#virtual());
    this.pump();
  }

  /**
   * The server ends what it would otherwise keep open (end of input): each subscriptions/listen
   * stream gets its graceful result (2026-07-28 basic/patterns/subscriptions › Graceful Closure).
   */
  endStreams(): void {
    if (this.#closed) return;
    if (this.server.endListens(this.#virtual()) > 0) this.pump();
  }

  /** Resolves when nothing is scheduled any more (in-flight work finished or cancelled). */
  whenIdle(): Promise<void> {
    if (this.server.outbox.size === 0 || this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /**
   * The client closed the HTTP response stream of its request `id` before the answer: a step of
   * the session log, where the referee decides what it means in the session's era (its
   * `abandoned`); null when the server is closed.
   */
  abandon(id: RequestId): Step | null {
    if (this.#closed) return null;
    return this.#push({ type: 'abandon', id, t: this.#clock() });
  }

  /** The transport closed (by `by`): no more sending; the session log marks the shutdown. */
  close(by: Side = 'client'): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (!this.#shared) this.log.push({ type: 'close', by, t: this.#clock(), timed: true });
    const waiting = this.#idle;
    this.#idle = [];
    for (const resolve of waiting) resolve();
  }

  /** The server's clock: the real one less what late timers held the schedule back. */
  #virtual(): number {
    return this.#clock() - this.#lag;
  }

  /** One event into the session log; with a shared log, this server's observer hears its step. */
  #push(event: Parameters<SessionLog['push']>[0]): Step {
    const steps = this.#pushAll(event);
    return steps[steps.length - 1] as Step;
  }

  /** As `#push`, with every step the event made (a batch read makes one per message). */
  #pushAll(event: Parameters<SessionLog['push']>[0]): readonly Step[] {
    const steps = this.log.pushAll({ ...event, timed: true });
    if (this.#shared) for (const step of steps) this.#options.onStep?.(step);
    return steps;
  }

  /** A client line that is not a message: a step of its own, kept for the transcript. */
  #unreadable(problem: string, raw: unknown, problemZh?: string): void {
    this.#push({
      type: 'unreadable',
      direction: 'client->server',
      problem,
      problemZh,
      raw,
      t: this.#clock(),
    });
  }
}

function preview(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(short);
}
