import type { Bilingual } from '../i18n/lang.js';
import { sb } from '../i18n/serve-strings.js';
import { STRINGS } from '../i18n/strings.js';
import { createReferee, type Referee, type StepReport } from '../machine/index.js';
import type { Direction, JsonObject } from '../protocol/index.js';
import type { Scheduled } from '../sim/server/outbox.js';
import { type ServerConfig, SimServer } from '../sim/server/sim-server.js';

export type LiveServerOptions = {
  readonly config: ServerConfig;
  /** Puts one message on the wire (stdio line, HTTP response or SSE event). */
  readonly send: (item: Scheduled) => void;
  /** Every envelope both ways, in wire order (for --trace-file and the live UI). */
  readonly record?: (direction: Direction, message: JsonObject, report: StepReport) => void;
  /**
   * A line the server could not take as a message (not JSON: its text; a batch: the array), which
   * the referee never sees (as in `trace`), for a transcript that keeps every line the client sent.
   */
  readonly unreadable?: (value: unknown) => void;
  /** One line per rule the referee saw broken, and one per message it could not take. */
  readonly onViolation?: (line: Bilingual) => void;
  /** Milliseconds since some fixed start (default: a monotonic clock). */
  readonly clock?: () => number;
};

/** The referee's verdicts on one envelope, one line each. */
export function violationLines(report: StepReport): Bilingual[] {
  if (report.violations.length === 0) return [];
  const what = `${report.method ?? report.kind}${report.id !== null ? ` #${String(report.id)}` : ''}`;
  return report.violations.map((v) =>
    sb('verdict', {
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
 */
export class LiveServer {
  readonly server: SimServer;
  readonly referee: Referee;
  readonly #options: LiveServerOptions;
  readonly #clock: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #idle: Array<() => void> = [];
  #closed = false;

  constructor(options: LiveServerOptions) {
    this.#options = options;
    this.server = new SimServer(options.config);
    // history off: a long session keeps flat memory (no earlier snapshots are needed here).
    this.referee = createReferee({ history: false });
    const start = performance.now();
    this.#clock = options.clock ?? (() => performance.now() - start);
  }

  /**
   * One line of text as it came off stdio: JSON-RPC parse errors (-32700) and batches (-32600)
   * are the simulated server's to answer; everything else is refereed first.
   */
  receiveLine(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.#options.onViolation?.(sb('lineNotJson', { preview: preview(text) }));
      this.#options.unreadable?.(text);
      this.server.receiveRaw(text, this.#clock());
      this.pump();
      return;
    }
    if (Array.isArray(value)) {
      this.#options.onViolation?.(sb('lineBatch'));
      this.#options.unreadable?.(value);
      this.server.receiveRaw(text, this.#clock());
      this.pump();
      return;
    }
    this.receive(value);
  }

  /** One parsed message from the client. */
  receive(message: unknown): void {
    if (this.#closed) return;
    this.#observe('client->server', message);
    this.server.receive(message, this.#clock());
    this.pump();
  }

  /** Sends everything that is due now and sets a timer for the rest. */
  pump(): void {
    if (this.#closed) return;
    const now = this.#clock();
    const outbox = this.server.outbox;
    for (let item = outbox.peek(); item && item.at <= now; item = outbox.peek()) {
      this.server.next(); // the item, taken the server's way (a call answered is no longer worked on)
      this.#observe('server->client', item.message);
      this.#options.send(item);
    }
    const next = outbox.peek();
    if (!next) {
      const waiting = this.#idle;
      this.#idle = [];
      for (const resolve of waiting) resolve();
      return;
    }
    if (next.at < this.#timerAt) {
      if (this.#timer) clearTimeout(this.#timer);
      this.#timerAt = next.at;
      this.#timer = setTimeout(
        () => {
          this.#timer = undefined;
          this.#timerAt = Number.POSITIVE_INFINITY;
          this.pump();
        },
        Math.max(0, next.at - now),
      );
    }
  }

  /** Resolves when nothing is scheduled any more (in-flight work finished or cancelled). */
  whenIdle(): Promise<void> {
    if (this.server.outbox.size === 0 || this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** The transport closed: no more sending; the referee marks the shutdown. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.referee.close();
    const waiting = this.#idle;
    this.#idle = [];
    for (const resolve of waiting) resolve();
  }

  #observe(direction: Direction, message: unknown): void {
    const report = this.referee.feed(direction, message);
    this.#options.record?.(direction, message as JsonObject, report);
    const onViolation = this.#options.onViolation;
    if (onViolation) for (const line of violationLines(report)) onViolation(line);
  }
}

function preview(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(short);
}
