import { isObject, type JsonObject } from '../protocol/json.js';
import { visible } from '../protocol/visible.js';
import type { Step } from '../session/index.js';
import { type ScreenStep, screenStep } from './screen-step.js';

/** One session as the live view shows it. `steps` only grows. */
export type LiveSession = {
  readonly id: string;
  /** 1 for the first session the server saw, 2 for the next… (the --trace-file numbering). */
  readonly number: number;
  readonly steps: readonly ScreenStep[];
  /** `name version` from the client's initialize, once it has arrived. */
  readonly client: string | null;
  readonly closed: boolean;
};

type Entry = {
  id: string;
  number: number;
  steps: ScreenStep[];
  client: string | null;
  closed: boolean;
};

/** How many log lines are kept for printing after the UI ends. */
const LOG_KEEP = 1000;

/**
 * The sessions of a running server, step by step, for the live UI: each session log's steps as
 * they cross the wire (the server's own log, so the UI and the server's verdicts cannot differ),
 * and, on a channel of their own, the server's notices. Listeners hear about every change; the
 * view decides how often to draw.
 */
export class LiveStore {
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

  /** The newest notice of the server (verdicts show on their step instead). */
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
    };
    this.#sessions.push(entry);
    this.#byId.set(id, entry);
    this.#changed();
  }

  /**
   * A step of session `id`'s log: a message (with its verdict), a body the server could not take
   * as a message (a step of its own with trace's words, as play shows it: screenSteps), or the
   * close.
   */
  step(id: string, step: Step): void {
    if (step.kind === 'close') {
      const entry = this.#byId.get(id);
      if (!entry || entry.closed) return;
      entry.closed = true;
      entry.steps.push(screenStep(step, entry.steps.length, false, 'bodies'));
      this.#changed();
      return;
    }
    if (!this.#byId.has(id)) this.open(id);
    const entry = this.#byId.get(id) as Entry;
    const report = step.verdict;
    if (entry.client === null && report?.method === 'initialize' && report.kind === 'request') {
      entry.client = clientName(step.message as JsonObject);
    }
    entry.steps.push(screenStep(step, entry.steps.length, false, 'bodies'));
    this.#changed();
  }

  /** A line of the server's log that is kept for later (a referee verdict: it shows on its step). */
  log(text: string): void {
    // Log lines quote the client (methods, names): drawn as text, never as control characters.
    const line = visible(text);
    this.#log.push(line);
    if (this.#log.length > LOG_KEEP) {
      this.#log.shift();
      this.#dropped += 1;
    }
  }

  /** A notice of the server's own (a session opened, a request refused): kept, and shown. */
  announce(text: string): void {
    const line = visible(text);
    this.log(line);
    this.#notice = line;
    this.#changed();
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
  return visible(typeof info.version === 'string' ? `${info.name} ${info.version}` : info.name);
}
