import { Map as ImmutableMap } from 'immutable';

/**
 * The facts that grow with a session: every request id ever used, every progress token, every
 * subscription. A snapshot's ledger never changes: a step writes into a draft and commits a new
 * ledger that shares structure with the old one (a persistent map), so every earlier snapshot stays
 * valid, stepping back costs nothing, and two branches from one snapshot never see each other.
 *
 * A one-pass reader such as `trace` keeps no snapshots; its flat ledger is one mutable map, which
 * keeps a 100,000-message transcript fast and its memory flat.
 */
export class Ledger {
  readonly #persistent: ImmutableMap<string, unknown> | null;
  readonly #flat: Map<string, unknown> | null;

  private constructor(
    persistent: ImmutableMap<string, unknown> | null,
    flat: Map<string, unknown> | null,
  ) {
    this.#persistent = persistent;
    this.#flat = flat;
  }

  static persistent(): Ledger {
    return new Ledger(ImmutableMap<string, unknown>(), null);
  }

  static flat(): Ledger {
    return new Ledger(null, new Map());
  }

  read<T>(key: string): T | undefined {
    return (this.#flat ? this.#flat.get(key) : this.#persistent?.get(key)) as T | undefined;
  }

  get size(): number {
    return this.#flat ? this.#flat.size : (this.#persistent?.size ?? 0);
  }

  /** Starts the writes of one step. */
  draft(): LedgerDraft {
    return new LedgerDraft(this, this.#flat, (writes) =>
      writes.size === 0 || !this.#persistent
        ? this
        : new Ledger(
            this.#persistent.withMutations((map) => {
              for (const [key, value] of writes) map.set(key, value);
            }),
            null,
          ),
    );
  }
}

/** The writes of one step, visible to that step's own reads, committed into a new ledger. */
export class LedgerDraft {
  readonly #base: Ledger;
  readonly #flat: Map<string, unknown> | null;
  readonly #writes = new Map<string, unknown>();
  readonly #commit: (writes: ReadonlyMap<string, unknown>) => Ledger;

  constructor(
    base: Ledger,
    flat: Map<string, unknown> | null,
    commit: (writes: ReadonlyMap<string, unknown>) => Ledger,
  ) {
    this.#base = base;
    this.#flat = flat;
    this.#commit = commit;
  }

  read<T>(key: string): T | undefined {
    if (this.#flat) return this.#flat.get(key) as T | undefined;
    return (this.#writes.has(key) ? this.#writes.get(key) : this.#base.read(key)) as T | undefined;
  }

  write(key: string, value: unknown): void {
    if (this.#flat) this.#flat.set(key, value);
    else this.#writes.set(key, value);
  }

  commit(): Ledger {
    return this.#commit(this.#writes);
  }
}
