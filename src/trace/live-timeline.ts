import type { SessionSnapshot, StepReport } from '../machine/index.js';
import type { Direction, JsonObject } from '../protocol/index.js';
import { isObject } from '../protocol/json.js';
import type { TimelineStep } from '../sim/scenario/engine.js';
import { closeStep, listedTools, recordedStep } from './play-timeline.js';

/** One session as the live view shows it. `steps` only grows. */
export type LiveSession = {
  readonly id: string;
  /** 1 for the first session the server saw, 2 for the next… (the --trace-file numbering). */
  readonly number: number;
  readonly steps: readonly TimelineStep[];
  /** `name version` from the client's initialize, once it has arrived. */
  readonly client: string | null;
  readonly closed: boolean;
};

type Entry = {
  id: string;
  number: number;
  steps: TimelineStep[];
  client: string | null;
  closed: boolean;
  tools: string[] | null;
};

/** How many log lines are kept for printing after the UI ends. */
const LOG_KEEP = 1000;

/**
 * The sessions of a running server, step by step, for the live UI: the same steps `play` builds
 * from a transcript, but appended as envelopes cross the wire, each with the snapshot of the
 * referee that judged it (the server's own, so the UI and the server's verdicts cannot differ).
 * Listeners hear about every change; the view decides how often to draw.
 */
export class LiveTimeline {
  readonly #sessions: Entry[] = [];
  readonly #byId = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  readonly #log: string[] = [];
  #dropped = 0;
  #notice: string | null = null;
  #version = 0;

  /** Grows by one with every change: a cheap way for a view to tell whether to draw again. */
  get version(): number {
    return this.#version;
  }

  /** Every session so far, oldest first. */
  sessions(): readonly LiveSession[] {
    return this.#sessions;
  }

  /** The newest server log line that is not a referee verdict (those show on their step). */
  get notice(): string | null {
    return this.#notice;
  }

  open(id: string): void {
    if (this.#byId.has(id)) return;
    const entry: Entry = {
      id,
      number: this.#sessions.length + 1,
      steps: [],
      client: null,
      closed: false,
      tools: null,
    };
    this.#sessions.push(entry);
    this.#byId.set(id, entry);
    this.#changed();
  }

  envelope(id: string, direction: Direction, message: JsonObject, snapshot: SessionSnapshot): void {
    if (!this.#byId.has(id)) this.open(id);
    const entry = this.#byId.get(id) as Entry;
    const report = snapshot.context.last as StepReport;
    entry.tools = listedTools(report, message) ?? entry.tools;
    if (entry.client === null && report.method === 'initialize' && report.kind === 'request') {
      entry.client = clientName(message);
    }
    entry.steps.push(recordedStep(entry.steps.length, direction, message, snapshot, entry.tools));
    this.#changed();
  }

  close(id: string, closedBy: 'client' | 'server', snapshot: SessionSnapshot): void {
    const entry = this.#byId.get(id);
    if (!entry || entry.closed) return;
    entry.closed = true;
    entry.steps.push(closeStep(entry.steps.length, closedBy, snapshot, entry.tools));
    this.#changed();
  }

  /** A line the server would have written to stderr. */
  log(line: string): void {
    this.#log.push(line);
    if (this.#log.length > LOG_KEEP) {
      this.#log.shift();
      this.#dropped += 1;
    }
    if (!/: referee: /.test(line)) {
      this.#notice = line;
      this.#changed();
    }
  }

  /** The log kept so far, oldest first. */
  logLines(): string[] {
    return [...this.#log];
  }

  /** How many lines, older than those kept, were let go. */
  get droppedLogLines(): number {
    return this.#dropped;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #changed(): void {
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }
}

function clientName(message: JsonObject): string | null {
  const params = isObject(message.params) ? message.params : {};
  const info = isObject(params.clientInfo) ? params.clientInfo : null;
  if (!info || typeof info.name !== 'string') return null;
  return typeof info.version === 'string' ? `${info.name} ${info.version}` : info.name;
}
