/**
 * An append-only record of facts that grow with a session (every request id ever used, every
 * progress token, every subscription), indexed by the step at which each fact was written. A
 * snapshot taken after step k reads only facts written before k, so snapshots stay valid without
 * copying these sets at every step, and stepping back costs nothing. Writing at step k forgets what
 * was written at k or later: replaying from an earlier snapshot starts a new branch of history.
 */
export class Ledger {
  readonly #entries = new Map<string, Array<readonly [number, unknown]>>();
  #latestStep = -1;

  write(key: string, step: number, value: unknown): void {
    if (step < this.#latestStep) this.#forgetFrom(step);
    this.#latestStep = step;
    let history = this.#entries.get(key);
    if (!history) {
      history = [];
      this.#entries.set(key, history);
    }
    while (history.length > 0 && (history.at(-1)?.[0] ?? -1) >= step) history.pop();
    history.push([step, value]);
  }

  /** The latest value written strictly before `step`. */
  read<T>(key: string, step: number): T | undefined {
    const history = this.#entries.get(key);
    if (!history) return undefined;
    for (let i = history.length - 1; i >= 0; i--) {
      const entry = history[i];
      if (entry && entry[0] < step) return entry[1] as T;
    }
    return undefined;
  }

  /** A new branch of history starts at `step`: drop everything the old branch wrote from there on. */
  #forgetFrom(step: number): void {
    for (const [key, history] of this.#entries) {
      while (history.length > 0 && (history.at(-1)?.[0] ?? -1) >= step) history.pop();
      if (history.length === 0) this.#entries.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
