/** Time as the idle check sees it; tests pass their own, so no test waits for real minutes. */
export type IdleClock = {
  /** Milliseconds on a clock that only moves forward. */
  readonly now: () => number;
  /** Calls `check` every `ms` milliseconds until the function it gives back is called. */
  readonly every: (ms: number, check: () => void) => () => void;
};

export const REAL_CLOCK: IdleClock = {
  now: () => performance.now(),
  every: (ms, check) => {
    const timer = setInterval(check, ms);
    // The check alone does not keep the process alive: the listening socket does.
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** How often idle sessions are looked for: often enough that none outlives its time by much. */
const CHECK_EVERY_MS = 60_000;

type Seen = { last: number; open: number };

/**
 * The HTTP sessions no client is using any more. A session is idle when no request of it is in
 * flight (an open GET stream, a call still streaming its answer) and none has come for `idleMs`;
 * `expire` is then told, once. Clients that never send DELETE (the MCP Inspector) would otherwise
 * keep their sessions in memory until the server stops.
 */
export class IdleSessions {
  readonly #seen = new Map<string, Seen>();
  readonly #idleMs: number;
  readonly #clock: IdleClock;
  readonly #expire: (id: string) => void;
  readonly #stop: () => void;

  constructor(idleMs: number, expire: (id: string) => void, clock: IdleClock = REAL_CLOCK) {
    this.#idleMs = idleMs;
    this.#clock = clock;
    this.#expire = expire;
    this.#stop = clock.every(Math.min(idleMs, CHECK_EVERY_MS), () => this.sweep());
  }

  /** A request of the session arrived; the function it gives back says its response has ended. */
  begin(id: string): () => void {
    const seen = this.#seen.get(id) ?? { last: 0, open: 0 };
    seen.last = this.#clock.now();
    seen.open += 1;
    this.#seen.set(id, seen);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      seen.open -= 1;
      seen.last = this.#clock.now();
    };
  }

  /** The session ended some other way (DELETE, the server stopping). */
  forget(id: string): void {
    this.#seen.delete(id);
  }

  /** Expires every session idle for `idleMs` or more. */
  sweep(): void {
    const now = this.#clock.now();
    for (const [id, seen] of this.#seen) {
      if (seen.open > 0 || now - seen.last < this.#idleMs) continue;
      this.#seen.delete(id);
      this.#expire(id);
    }
  }

  stop(): void {
    this.#stop();
  }
}
